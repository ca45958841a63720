import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The little the server needs from a database, over embedded PGlite (default, a data directory) or a real
 * PostgreSQL (when DATABASE_URL is set). One SQL dialect, one set of migrations.
 */
export interface Sql {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openPglite(dataDir: string | null): Promise<Sql> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Omit<Sql, 'transaction' | 'close'> => ({
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      return (await q.query<T>(text, params)).rows;
    },
    async exec(text: string) {
      await q.exec(text);
    },
  });
  return {
    ...wrap(db),
    transaction: (fn) =>
      db.transaction((tx) => {
        // A transaction opened inside this one joins it, as on PostgreSQL. Handing it the top-level database
        // instead would deadlock: PGlite runs one transaction at a time, and the outer one waits for the inner.
        const inside: Sql = { ...wrap(tx), transaction: (inner) => inner(inside), close: async () => undefined };
        return fn(inside);
      }),
    close: () => db.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Sql> {
  const pool = new pg.Pool({ connectionString: url, max });
  // Fail at start, with the reason, rather than on the first request.
  const client = await pool.connect();
  client.release();
  const over = (c: pg.Pool | pg.PoolClient): Omit<Sql, 'transaction' | 'close'> => ({
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      return (await c.query(text, params)).rows as T[];
    },
    async exec(text: string) {
      await c.query(text);
    },
  });
  return {
    ...over(pool),
    async transaction(fn) {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const inner: Sql = { ...over(c), transaction: (f) => f(inner), close: async () => undefined };
        const result = await fn(inner);
        await c.query('COMMIT');
        return result;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  };
}
