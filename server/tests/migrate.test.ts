import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openPostgres } from '../db/sql';
import { BACKENDS } from './harness';

// Several instances on one PostgreSQL start together; only there can migrations race.
describe.each(BACKENDS.filter((b) => b.databaseUrl))('migrations ($name)', (backend) => {
  it('run each once when several instances start together on an empty database', async () => {
    const url = backend.databaseUrl ?? '';
    // An empty schema of this test's own stands for an empty database.
    const schema = `migrate_test_${process.pid}_${Date.now()}`;
    const admin = await openPostgres(url, 1);
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const inSchema = new URL(url);
    inSchema.searchParams.set('options', `-c search_path=${schema}`);
    const instances = await Promise.all([1, 2, 3].map(() => openPostgres(inSchema.toString(), 2)));
    try {
      const applied = await Promise.all(instances.map((db) => migrate(db)));
      const files = (await readdir(join(import.meta.dirname, '../db/migrations'))).filter((f) => f.endsWith('.sql')).sort();
      expect(applied.flat().sort()).toEqual(files);
      const [row] = await instances[0]!.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations');
      expect(Number(row?.n)).toBe(files.length);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  }, 60_000);
});
