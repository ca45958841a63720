import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sql } from './sql';

const DIR = join(import.meta.dirname, 'migrations');

/**
 * Applies migrations/NNN_name.sql in order, each in its own transaction, recording them in schema_migrations.
 * The same files run on PGlite and PostgreSQL. An advisory lock keeps two instances from migrating at once.
 */
export async function migrate(sql: Sql): Promise<string[]> {
  const files = (await readdir(DIR)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await sql.transaction(async (tx) => {
    if (sql.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(727001)');
    // Under the lock too: on an empty database, instances starting together would all create it at once, and all
    // but one fail ("IF NOT EXISTS" does not hold against a concurrent CREATE).
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    for (const file of files) {
      const version = file.slice(0, 3);
      if (done.has(version)) continue;
      await tx.exec(await readFile(join(DIR, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied.push(file);
    }
  });
  return applied;
}
