import { beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { loadEnv } from '../env';
import { migrate } from '../db/migrate';
import { openPostgres, type Sql } from '../db/sql';
import { makeEvent } from '../../lib/events/build';
import { BACKENDS, post, useServer } from './harness';

describe('DATABASE_READ_URL', () => {
  it('is refused without the DATABASE_URL it is a replica of', () => {
    expect(() => loadEnv({ DATABASE_READ_URL: 'postgres://u:p@127.0.0.1/replica' })).toThrow(/DATABASE_READ_URL/);
    expect(() => loadEnv({ DATABASE_URL: 'postgres://u:p@127.0.0.1/db', DATABASE_READ_URL: 'mysql://x' })).toThrow(/postgres/);
  });
});

/** A second database on the same PostgreSQL, standing in for a replica: what an export reads shows which one it asked. */
function replicaOf(url: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname.replace(/^\//, '')}_export_replica`;
  return u.toString();
}

async function insertEvent(sql: Sql, study: string, text: string): Promise<string> {
  const e = makeEvent(
    { study, participant: 'P-1', conversation: 'c-1', role: 'seller', condition: 'B.IIc', url: null },
    'Seller',
    'utter',
    { text, acts: [] },
  );
  await sql.query(
    'INSERT INTO events (id, study_id, participant, conversation, time, agent, action, event) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [e.id, study, e.participant, e.conversation, e.time, e.agent, e.action, JSON.stringify(e)],
  );
  return e.id;
}

describe.each(BACKENDS.filter((b) => b.databaseUrl))('study exports from a read replica ($name)', (backend) => {
  const primaryUrl = backend.databaseUrl as string;
  const replicaUrl = replicaOf(primaryUrl);
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: primaryUrl });
    await admin.connect();
    const name = new URL(replicaUrl).pathname.slice(1);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const replica = await openPostgres(replicaUrl, 1);
    await migrate(replica);
    await replica.close();
  }, 60_000);
  const harness = useServer(backend, { DATABASE_READ_URL: replicaUrl });

  it('reads the events from DATABASE_READ_URL, and everything else from DATABASE_URL', async () => {
    const h = harness();
    const study = (await post(`${h.url}/v1/studies`, { name: 'Replica study' }, h.admin)).json as { id: string };
    // The study as replication would bring it, with an event the primary does not have yet (and the other way round).
    const replica = await openPostgres(replicaUrl, 1);
    try {
      await replica.query('INSERT INTO studies (id, config) SELECT $1, $2::jsonb', [study.id, JSON.stringify({ name: 'Replica study' })]);
      const fromReplica = await insertEvent(replica, study.id, 'stored on the replica');
      const onPrimaryOnly = await insertEvent(h.server.sql, study.id, 'not replicated yet');
      const res = await fetch(`${h.url}/v1/studies/${study.id}/export?format=jsonl`, { headers: h.admin });
      expect(res.status).toBe(200);
      const ids = (await res.text())
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { id: string }).id);
      expect(ids).toEqual([fromReplica]);
      expect(ids).not.toContain(onPrimaryOnly);
      // A study the replica has not seen yet is still found (the study is looked up on the primary): an empty export.
      const fresh = (await post(`${h.url}/v1/studies`, { name: 'Too new' }, h.admin)).json as { id: string };
      const empty = await fetch(`${h.url}/v1/studies/${fresh.id}/export?format=jsonl`, { headers: h.admin });
      expect(empty.status).toBe(200);
      expect((await empty.text()).trim()).toBe('');
    } finally {
      await replica.close();
    }
  });
});
