import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { createMiddleware } from 'hono/factory';
import type { Sql } from './db/sql';
import type { Logger } from './log';
import { BadRequest, createStudy, getStudy, issueCodes, join, listStudies, ownerOfToken, type TokenOwner } from './studies';
import { ingest, MAX_BATCH_EVENTS } from './ingest';
import { jsonBody, MAX_SMALL_BODY_BYTES } from './body';
import { RateLimiter } from './rate-limit';
import { Lifecycle } from './lifecycle';
import { EXPORT_FILES, EXPORT_FORMATS, exportBody, exportChunks, type ExportFormat } from './export';

export interface AppDeps {
  sql: Sql;
  /** Where study exports read: a read replica (DATABASE_READ_URL), or `sql` itself. */
  exportSql?: Sql;
  log: Logger;
  adminToken: string;
  /** Allowed extension origins; empty allows any chrome-extension:// or moz-extension:// origin. */
  extensionOrigins: string[];
  ingestRatePerMinute: number;
  /** Shutdown state and requests in flight (the server's; a fresh one when the app is used on its own). */
  lifecycle?: Lifecycle;
}

type Env = { Variables: { owner: TokenOwner } };

const EXTENSION_ORIGIN = /^(chrome|moz)-extension:\/\/[a-z0-9-]+$/i;
/** Methods that change nothing; any other method is a write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The pages' Content-Security-Policy: script and style only from this server's files (no inline script or style,
 * no eval), pictures from anywhere (a product shared from a shop shows that shop's picture) and data:image (the
 * catalog's), connections only back here (the room's WebSocket), forms post only here, no plugins, no <base>, and
 * no framing by any site. The extension's overlay on the Seller page lives in a shadow root its content script
 * styles, which a page's policy does not govern.
 */
export const PAGE_CSP = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:', 'http:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * The HTTP API (versioned under /v1) and health checks. Routes are chained so `typeof app` gives the typed
 * client (hono/client) used by the CLI and the tests.
 */
export function createApp(deps: AppDeps) {
  const { sql, log } = deps;
  const rate = new RateLimiter(deps.ingestRatePerMinute);
  const lifecycle = deps.lifecycle ?? new Lifecycle();

  /**
   * The browser origins that may use the API: this server's own pages and the extension (EXTENSION_ORIGINS, or any
   * extension when that is empty). The one rule for CORS and for refusing writes from other sites. "This server"
   * is matched by host, so pages still qualify behind a TLS proxy, and on a WebSocket upgrade (which the app sees
   * at a placeholder address).
   */
  const allowedOrigin = (origin: string, c: Context): boolean => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // "null" (a sandboxed frame, a file) or junk
    }
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host === (c.req.header('Host') ?? new URL(c.req.url).host))
      return true;
    if (deps.extensionOrigins.length) return deps.extensionOrigins.includes(origin);
    return EXTENSION_ORIGIN.test(origin);
  };

  /**
   * A write (or a WebSocket, which writes to rooms) from a page of another site is refused before anything is read:
   * CORS only keeps that page from reading the answer, not the write from happening. A request without Origin does
   * not come from a web page (the CLI, curl, the simulated Buyer) and goes on; so does one the browser marks
   * same-origin (Sec-Fetch-Site, which no page can set), whatever address a proxy gave the server. hono's csrf
   * middleware is not used: it looks only at form and text/plain bodies, and refuses those when no Origin is sent.
   */
  const sameSiteWrites = createMiddleware<Env>(async (c, next) => {
    const upgrade = c.req.header('Upgrade')?.toLowerCase() === 'websocket';
    if (SAFE_METHODS.has(c.req.method) && !upgrade) return next();
    const origin = c.req.header('Origin');
    if (origin === undefined || c.req.header('Sec-Fetch-Site') === 'same-origin' || allowedOrigin(origin, c)) return next();
    throw new BadRequest(
      `Requests from ${origin.slice(0, 100)} may not change anything here: only this server's pages and the Floorwalker extension may`,
      403,
    );
  });

  const adminOnly = createMiddleware<Env>(async (c, next) => {
    const given = bearer(c);
    if (!given || !sameSecret(given, deps.adminToken))
      throw new BadRequest('Admin token missing or wrong (Authorization: Bearer <ADMIN_TOKEN>)', 401);
    await next();
  });

  const app = new Hono<Env>()
    .use('*', async (c, next) => {
      const t0 = performance.now();
      await next();
      log.info('request', {
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        ms: Math.round(performance.now() - t0),
      });
    })
    .use(
      '*',
      secureHeaders({
        contentSecurityPolicy: PAGE_CSP,
        xFrameOptions: 'DENY',
        // HSTS belongs to whoever terminates TLS (this server speaks plain HTTP): sent from here, it would bind every
        // subdomain of a deployment's host to HTTPS for half a year.
        strictTransportSecurity: false,
      }),
    )
    .use('*', lifecycle.middleware)
    .use(
      '/v1/*',
      cors({
        origin: (origin, c) => (origin && allowedOrigin(origin, c) ? origin : null),
        allowHeaders: ['Authorization', 'Content-Type', 'Content-Encoding'],
        allowMethods: ['GET', 'POST', 'OPTIONS'],
        maxAge: 600,
      }),
    )
    .use('/v1/*', sameSiteWrites)
    .onError((err, c) => {
      if (err instanceof BadRequest) return c.json({ error: err.message }, err.status, err.headers);
      log.error('unhandled', { path: new URL(c.req.url).pathname, error: err instanceof Error ? err.message : String(err) });
      return c.json({ error: 'Internal error' }, 500);
    })
    .notFound((c) => c.json({ error: `No route ${c.req.method} ${new URL(c.req.url).pathname}` }, 404))

    .get('/healthz', (c) => c.json({ ok: true }))
    .get('/readyz', async (c) => {
      if (lifecycle.shuttingDown) return c.json({ ready: false, reason: 'shutting down' }, 503);
      try {
        await sql.query('SELECT 1');
        return c.json({ ready: true, database: sql.kind });
      } catch (e) {
        return c.json({ ready: false, reason: e instanceof Error ? e.message : String(e) }, 503);
      }
    })

    .post('/v1/studies', adminOnly, async (c) => c.json(await createStudy(sql, await jsonBody(c)), 201))
    .get('/v1/studies', adminOnly, async (c) => c.json(await listStudies(sql)))
    .get('/v1/studies/:id', adminOnly, async (c) => {
      const study = await getStudy(sql, c.req.param('id'));
      if (!study) throw new BadRequest(`No study "${c.req.param('id')}"`, 404);
      return c.json(study);
    })
    .post('/v1/studies/:id/participants', adminOnly, async (c) =>
      c.json({ codes: await issueCodes(sql, c.req.param('id'), await jsonBody(c, { optional: true })) }, 201),
    )
    .get('/v1/studies/:id/export', adminOnly, async (c) => {
      const format = (c.req.query('format') ?? 'jsonl') as ExportFormat;
      if (!EXPORT_FORMATS.includes(format)) throw new BadRequest(`format must be one of ${EXPORT_FORMATS.join(', ')}`);
      const id = c.req.param('id');
      if (!(await getStudy(sql, id))) throw new BadRequest(`No study "${id}"`, 404);
      const { type, ext } = EXPORT_FILES[format];
      c.header('Content-Type', type);
      c.header('Content-Disposition', `attachment; filename="${id}.${ext}"`);
      // Chunked from the first byte: without it @hono/node-server reads the first chunks ahead to set a
      // Content-Length, and a failure among them would end the response cleanly, short but looking complete.
      c.header('Transfer-Encoding', 'chunked');
      const body = exportBody(exportChunks(deps.exportSql ?? sql, id, format), (error, bytes) =>
        log.error('export failed', { study: id, format, bytes, reason: error instanceof Error ? error.message : String(error) }),
      );
      return c.body(body);
    })

    .post('/v1/join', async (c) => {
      const joined = await join(sql, await jsonBody(c, { limit: MAX_SMALL_BODY_BYTES }));
      return c.json({ ...joined, ingestUrl: new URL('/v1/events', c.req.url).toString() });
    })

    .post(
      '/v1/events',
      async (c, next) => {
        const token = bearer(c);
        if (!token) throw new BadRequest('Ingest token missing (Authorization: Bearer <ingestToken> from /v1/join)', 401);
        const owner = await ownerOfToken(sql, token);
        if (!owner) throw new BadRequest('Ingest token not recognised: join the study again', 401);
        const allowed = rate.take(token);
        if (!allowed.ok) {
          c.header('Retry-After', String(allowed.retryAfterSeconds));
          throw new BadRequest(`Too many requests: at most ${deps.ingestRatePerMinute} batches a minute`, 429);
        }
        c.set('owner', owner);
        await next();
      },
      async (c) => {
        const body = (await jsonBody(c)) as { events?: unknown };
        if (!body || typeof body !== 'object' || !Array.isArray(body.events)) throw new BadRequest('Body must be {"events": [...]}');
        if (body.events.length > MAX_BATCH_EVENTS)
          throw new BadRequest(`At most ${MAX_BATCH_EVENTS} events per batch (got ${body.events.length})`, 413);
        const result = await ingest(sql, c.get('owner'), body.events);
        return c.json(result, result.accepted.length + result.duplicates.length > 0 || result.rejected.length === 0 ? 200 : 422);
      },
    );

  return app;
}

export type AppType = ReturnType<typeof createApp>;

function bearer(c: Context): string | null {
  const h = c.req.header('Authorization');
  const m = h ? /^Bearer\s+(.+)$/i.exec(h.trim()) : null;
  return m?.[1] ?? null;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
