import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Sql } from '../db/sql';
import { BACKENDS } from './harness';

/** A promise that fails after `ms` instead of hanging, so a deadlock is a failed test rather than a stuck run. */
const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

describe.each(BACKENDS)('the database wrapper ($name)', (backend) => {
  let sql: Sql;
  // A table of this run's own, so parallel runs on a shared PostgreSQL do not see each other's rows.
  const table = `tx_test_${process.pid}_${Date.now()}`;
  beforeAll(async () => {
    sql = backend.databaseUrl ? await openPostgres(backend.databaseUrl, 2) : await openPglite(null);
    await sql.exec(`CREATE TABLE ${table} (n int)`);
  }, 60_000); // opening PGlite (loading its WebAssembly) took over the default 10 s on a loaded machine
  afterAll(async () => {
    await sql.exec(`DROP TABLE IF EXISTS ${table}`);
    await sql.close();
  });

  it('runs a transaction started inside a transaction as part of it, without waiting for itself', async () => {
    const seen = await within(
      2000,
      sql.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} (n) VALUES (1)`);
        // A helper that opens its own transaction, called with the caller's: it sees the caller's row.
        return tx.transaction(async (inner) => {
          await inner.query(`INSERT INTO ${table} (n) VALUES (2)`);
          return (await inner.query<{ n: number }>(`SELECT n FROM ${table} ORDER BY n`)).map((r) => r.n);
        });
      }),
    );
    expect(seen).toEqual([1, 2]);
    expect((await sql.query<{ n: number }>(`SELECT n FROM ${table} ORDER BY n`)).map((r) => r.n)).toEqual([1, 2]);
  });

  it('rolls the inner work back with the outer transaction', async () => {
    await sql.exec(`DELETE FROM ${table}`);
    await expect(
      within(
        2000,
        sql.transaction(async (tx) => {
          await tx.transaction((inner) => inner.query(`INSERT INTO ${table} (n) VALUES (3)`));
          throw new Error('outer fails');
        }),
      ),
    ).rejects.toThrow('outer fails');
    expect(await sql.query(`SELECT n FROM ${table}`)).toEqual([]);
  });
});
