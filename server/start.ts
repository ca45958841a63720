import { chmod, readFile, writeFile, mkdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createNodeWebSocket } from '@hono/node-ws';
import { createApp, type AppType } from './app';
import { openPglite, openPostgres, type Sql } from './db/sql';
import { migrate } from './db/migrate';
import { createLogger, type Logger } from './log';
import type { Env } from './env';
import { loadServerCatalog } from './catalog';
import { createPilot } from './pilot/routes';
import { Lifecycle } from './lifecycle';

/** Connections to the read replica: exports stream one study at a time, a few at once at most. */
const EXPORT_POOL_SIZE = 4;

/** Where the admin token came from: only one made just now is shown (in the log), never one given. */
export type AdminTokenSource = 'environment' | 'file' | 'created' | 'in-memory';

export interface RunningServer {
  url: string;
  sql: Sql;
  adminToken: string;
  adminTokenSource: AdminTokenSource;
  log: Logger;
  /** Requests being handled now (shutdown waits for them). */
  inFlight(): number;
  close(): Promise<void>;
}

/**
 * Starts the collection endpoint: database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), migrations,
 * HTTP. Closing it stops taking requests, lets requests in flight (batches being committed) finish, then closes
 * the database; connections still open after SHUTDOWN_TIMEOUT_MS are cut.
 */
export async function startServer(
  env: Env,
  opts: { inMemory?: boolean; extend?: (app: AppType, sql: Sql) => void; log?: Logger } = {},
): Promise<RunningServer> {
  const log = opts.log ?? createLogger(env.LOG_LEVEL);
  const sql = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL)
    : await openPglite(opts.inMemory ? null : join(env.DATA_DIR, 'pglite'));
  // Exports read from a replica where there is one (it is migrated by replication, never from here).
  const exportSql = env.DATABASE_READ_URL ? await openPostgres(env.DATABASE_READ_URL, EXPORT_POOL_SIZE) : sql;
  const applied = await migrate(sql);
  if (applied.length) log.info('migrated', { applied, database: sql.kind });
  const { token: adminToken, source: adminTokenSource } = env.ADMIN_TOKEN
    ? { token: env.ADMIN_TOKEN, source: 'environment' as const }
    : opts.inMemory
      ? { token: newAdminToken(), source: 'in-memory' as const }
      : await localAdminToken(env.DATA_DIR, log);
  const lifecycle = new Lifecycle();
  const app = createApp({
    sql,
    exportSql,
    log,
    adminToken,
    extensionOrigins: env.EXTENSION_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    ingestRatePerMinute: env.INGEST_RATE_PER_MINUTE,
    lifecycle,
  });
  const catalog = await loadServerCatalog();
  // Made with the whole app: an upgrade is run through it, so its middleware applies to sockets too (see createPilot).
  const websocket = createNodeWebSocket({ app });
  const pilot = await createPilot({
    sql,
    catalog,
    log,
    buyerPace: { thinkMs: env.SIM_BUYER_THINK_MS, msPerChar: env.SIM_BUYER_MS_PER_CHAR },
    helloTimeoutMs: env.PILOT_HELLO_TIMEOUT_MS,
    websocket,
    leaseMs: env.INSTANCE_LEASE_MS,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  });
  app.route('/', pilot.router);
  opts.extend?.(app, sql);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  websocket.injectWebSocket(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${port}`;
  pilot.listening(env.SIM_BUYER_WS_BASE ?? `ws://127.0.0.1:${port}`);
  log.info('listening', {
    url,
    database: sql.kind,
    instance: pilot.instance,
    adminToken: adminTokenSource === 'file' ? join(env.DATA_DIR, 'admin-token') : adminTokenSource,
  });
  let closing: Promise<void> | null = null;
  const close = async () => {
    lifecycle.beginShutdown();
    pilot.closeAll();
    // close() waits for requests in flight (a batch being committed) to finish. Keep-alive connections are
    // closed as soon as they are idle, including ones that become idle after answering their last request.
    const s = server as ServerType & { closeIdleConnections?: () => void; closeAllConnections?: () => void };
    const sweep = setInterval(() => s.closeIdleConnections?.(), IDLE_SWEEP_MS);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    s.closeIdleConnections?.();
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      closed.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), env.SHUTDOWN_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      // A client that never finishes its upload (or a socket that never answers the close) must not hold the
      // shutdown for ever: what is still open is cut, and its client retries against another instance.
      log.warn('shutdown timeout: closing connections still open', { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, inFlight: lifecycle.inFlight });
      s.closeAllConnections?.();
      pilot.terminateAll();
      await closed;
    }
    clearInterval(sweep);
    await pilot.drain();
    if (exportSql !== sql) await exportSql.close();
    await sql.close();
    log.info('stopped');
  };
  return {
    url,
    sql,
    adminToken,
    adminTokenSource,
    log,
    inFlight: () => lifecycle.inFlight,
    close: () => (closing ??= close()),
  };
}

/** How often idle keep-alive connections are closed while shutting down. */
const IDLE_SWEEP_MS = 50;

/**
 * Without ADMIN_TOKEN, a local install gets one made once and kept in DATA_DIR (readable by the owner only). The
 * token is logged once, when it is made, so whoever started the server can use it; after that it is only in the file.
 */
async function localAdminToken(dataDir: string, log: Logger): Promise<{ token: string; source: 'file' | 'created' }> {
  const file = join(dataDir, 'admin-token');
  try {
    return { token: (await readFile(file, 'utf8')).trim(), source: 'file' };
  } catch {
    await mkdir(dataDir, { recursive: true });
    const token = newAdminToken();
    await writeFile(file, `${token}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    log.info('created admin token', { file, adminToken: token });
    return { token, source: 'created' };
  }
}

/**
 * A fresh admin token. The prefix keeps it from starting with "-" (base64url may), which a command line would read
 * as an option: `npm run study -- list --token -abc…` fails as ambiguous.
 */
export const newAdminToken = () => `fwa_${randomBytes(24).toString('base64url')}`;
