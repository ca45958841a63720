import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { hc } from 'hono/client';
import { loadEnv } from '../env';
import { startServer, type RunningServer } from '../start';
import { openPostgres } from '../db/sql';
import { migrate } from '../db/migrate';
import type { AppType } from '../app';
import type { Logger } from '../log';
import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';
import type { OpenedRoom } from '../../lib/pilot/protocol';

export interface Backend {
  name: string;
  databaseUrl?: string;
  /** Sets the database up before the server starts (made once per test file). */
  prepare?: () => Promise<void>;
}

/** The operator's script that partitions `events` by study (docs/scaling.md). */
const PARTITION_SCRIPT = join(import.meta.dirname, '../db/partition-events-by-study.sql');

/** Backends every server test runs against: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const BACKENDS: Backend[] = [
  { name: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', databaseUrl: process.env.DATABASE_URL }] : []),
];

/**
 * Starting a server bundles the pilot pages and opens a database; on a machine shared with other work that can
 * take longer than vitest's default 10 s for a hook.
 */
const SERVER_HOOK_TIMEOUT_MS = 60_000;

export interface ServerHarness {
  server: RunningServer;
  url: string;
  admin: Record<string, string>;
  client: ReturnType<typeof hc<AppType>>;
}

/**
 * A real server on a free loopback port for the enclosing describe block, over real HTTP; `env` overrides the
 * test defaults (a dedicated instance with a low rate limit, say); `log` hears the server's log (silent otherwise).
 */
export function useServer(
  backend: Omit<Backend, 'name'>,
  env: Record<string, string> = {},
  opts: { log?: Logger } = {},
): () => ServerHarness {
  let h: ServerHarness | undefined;
  beforeAll(async () => {
    await backend.prepare?.();
    const config = loadEnv({
      PORT: '0',
      LOG_LEVEL: 'silent',
      SIM_BUYER_THINK_MS: '0',
      SIM_BUYER_MS_PER_CHAR: '0',
      ...(backend.databaseUrl ? { DATABASE_URL: backend.databaseUrl } : {}),
      INGEST_RATE_PER_MINUTE: '100000',
      ...env,
    });
    const server = await startServer(config, { inMemory: true, ...(opts.log ? { log: opts.log } : {}) });
    h = { server, url: server.url, admin: { Authorization: `Bearer ${server.adminToken}` }, client: hc<AppType>(server.url) };
  }, SERVER_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.server.close();
  }, SERVER_HOOK_TIMEOUT_MS);
  return () => {
    if (!h) throw new Error('server not started');
    return h;
  };
}

export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, json, headers: res.headers };
}

/** Creates a study and one joined Seller; returns what the extension would hold after joining. */
/**
 * A study (from `config`), one Seller code and a room opened with it: the room, the Seller's key and the socket
 * address for each role.
 */
export async function openRoom(h: Pick<ServerHarness, 'url' | 'admin'>, config: Record<string, unknown>) {
  const study = (await post(`${h.url}/v1/studies`, config, h.admin)).json as { id: string };
  const [seller] = (
    (await post(`${h.url}/v1/studies/${study.id}/participants`, {}, h.admin)).json as { codes: { code: string; participant: string }[] }
  ).codes;
  const opened = await post(`${h.url}/v1/rooms`, { code: seller?.code });
  if (opened.status !== 201) throw new Error(`room not opened: ${opened.status} ${JSON.stringify(opened.json)}`);
  const room = opened.json as OpenedRoom;
  const key = new URL(room.sellerUrl).hash.replace('#key=', '');
  const ws = (role: 'seller' | 'buyer', k?: string) =>
    `${h.url.replace('http', 'ws')}/v1/rooms/${room.room}/ws?role=${role}${k ? `&key=${encodeURIComponent(k)}` : ''}`;
  return { study, seller: seller as { code: string; participant: string }, room, key, ws };
}

export async function joinedSeller(h: Pick<ServerHarness, 'url' | 'admin'>, config: Record<string, unknown> = { name: 'Test study' }) {
  const study = (await post(`${h.url}/v1/studies`, config, h.admin)).json as { id: string };
  const codes = ((await post(`${h.url}/v1/studies/${study.id}/participants`, { count: 1 }, h.admin)).json as { codes: { code: string }[] })
    .codes;
  const joined = (await post(`${h.url}/v1/join`, { code: codes[0]?.code })).json as {
    participant: string;
    condition: string;
    ingestToken: string;
    study: { id: string };
  };
  const auth = { Authorization: `Bearer ${joined.ingestToken}` };
  const event = (action: 'click' | 'utter' = 'click', over: Partial<FwEvent> = {}, time = Date.now()): FwEvent => {
    const ctx = {
      study: study.id,
      participant: joined.participant,
      conversation: 'conv-1',
      role: 'seller' as const,
      condition: joined.condition,
      url: 'http://127.0.0.1/chat',
    };
    const e =
      action === 'utter'
        ? makeEvent(ctx, 'Seller', 'utter', { text: 'Hello!', acts: ['greet'] }, time)
        : makeEvent(ctx, 'Page', 'click', { element: { tag: 'button', path: 'main > button' } }, time);
    return { ...e, ...over } as FwEvent;
  };
  return { studyId: study.id, joined, auth, event };
}

/**
 * PostgreSQL (where DATABASE_URL is set) with `events` partitioned by study, as docs/scaling.md sets it up
 * (server/db/partition-events-by-study.sql), in a database of the calling test file's own (`name`): for the tests
 * of what writes and reads events.
 */
export function partitionedEvents(name: string): Backend[] {
  const url = process.env.DATABASE_URL;
  if (!url) return [];
  const db = new URL(url);
  const database = `${db.pathname.slice(1)}_part_${name}`;
  db.pathname = `/${database}`;
  let made: Promise<void> | null = null;
  const prepare = async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${database}"`);
    } finally {
      await admin.end();
    }
    const sql = await openPostgres(db.toString(), 1);
    try {
      await migrate(sql);
      await sql.exec(await readFile(PARTITION_SCRIPT, 'utf8'));
    } finally {
      await sql.close();
    }
  };
  return [{ name: 'postgres, events partitioned by study', databaseUrl: db.toString(), prepare: () => (made ??= prepare()) }];
}
