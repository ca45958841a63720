import { chmod, readFile, writeFile, mkdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app';
import { openPglite, openPostgres, type Sql } from './db/sql';
import { migrate } from './db/migrate';
import { createLogger, type Logger } from './log';
import type { Env } from './env';
import { loadServerCatalog } from './catalog';
import { mountPilot } from './pilot/routes';

export interface RunningServer {
  url: string;
  sql: Sql;
  adminToken: string;
  log: Logger;
  close(): Promise<void>;
}

/**
 * Starts the collection endpoint: database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), migrations,
 * HTTP. Closing it stops taking requests, lets requests in flight (batches being committed) finish, then closes
 * the database.
 */
export async function startServer(env: Env, opts: { inMemory?: boolean; extend?: (app: Hono, sql: Sql) => void } = {}): Promise<RunningServer> {
  const log = createLogger(env.LOG_LEVEL);
  const sql = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(opts.inMemory ? null : join(env.DATA_DIR, 'pglite'));
  const applied = await migrate(sql);
  if (applied.length) log.info('migrated', { applied, database: sql.kind });
  const adminToken = env.ADMIN_TOKEN ?? (opts.inMemory ? randomBytes(24).toString('base64url') : await localAdminToken(env.DATA_DIR, log));
  let shuttingDown = false;
  const app = createApp({
    sql,
    log,
    adminToken,
    extensionOrigins: env.EXTENSION_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    ingestRatePerMinute: env.INGEST_RATE_PER_MINUTE,
    isShuttingDown: () => shuttingDown,
  });
  const catalog = await loadServerCatalog();
  const pilot = await mountPilot(app as unknown as Hono, { sql, catalog, log, buyerPace: { thinkMs: env.SIM_BUYER_THINK_MS, msPerChar: env.SIM_BUYER_MS_PER_CHAR } });
  opts.extend?.(app as unknown as Hono, sql);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  pilot.injectWebSocket(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${port}`;
  pilot.listening(`ws://127.0.0.1:${port}`);
  log.info('listening', { url, database: sql.kind });
  return {
    url,
    sql,
    adminToken,
    log,
    async close() {
      shuttingDown = true;
      pilot.closeAll();
      // close() waits for requests in flight (a batch being committed) to finish. Keep-alive connections are
      // closed as soon as they are idle, including ones that become idle after answering their last request.
      const s = server as ServerType & { closeIdleConnections?: () => void };
      await new Promise<void>((resolve) => {
        const sweep = setInterval(() => s.closeIdleConnections?.(), 50);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        s.closeIdleConnections?.();
      });
      await sql.close();
      log.info('stopped');
    },
  };
}

/** Without ADMIN_TOKEN, a local install gets one made once and kept in DATA_DIR (readable by the owner only). */
async function localAdminToken(dataDir: string, log: Logger): Promise<string> {
  const file = join(dataDir, 'admin-token');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const token = randomBytes(24).toString('base64url');
    await writeFile(file, `${token}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    log.info('created admin token', { file });
    return token;
  }
}
