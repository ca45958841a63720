import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { FwEvent } from '../../lib/events/event-schema';
import type { Sql } from '../db/sql';
import { insertEvents, MAX_BATCH_EVENTS } from '../ingest';

/**
 * What export tests need beyond the harness: a database of the test's own that it may break, a storage fault that
 * strikes part-way through an export, and an HTTP client that shows exactly how a response ended on the wire.
 */

/**
 * The backend for a describe block that breaks its database on purpose. PGlite is in memory per server already;
 * on PostgreSQL (shared by the test files running at the same time) the server gets a schema of its own through
 * `search_path`, created before the server starts and dropped after it stops. Call it before `useServer`.
 */
export function isolatedBackend(backend: { name: string; databaseUrl?: string }): { name: string; databaseUrl?: string } {
  const shared = backend.databaseUrl;
  if (!shared) return backend;
  const schema = `export_test_${randomUUID().replaceAll('-', '')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: shared });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeAll(() => run(`CREATE SCHEMA ${schema}`));
  // Registered before the server's hooks, so (hooks running in reverse) this runs after the server has closed.
  afterAll(() => run(`DROP SCHEMA ${schema} CASCADE`));
  const url = new URL(shared);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { name: backend.name, databaseUrl: url.toString() };
}

/**
 * A storage fault: from now on, reading any event stored at `time` or later fails with a database error, as a
 * damaged disk page would. The events table is put behind a view whose `event` column goes through a function
 * that raises for those rows. Declared STABLE and costly, PostgreSQL evaluates it only for the rows a query
 * returns (after sorting and LIMIT), so an export's pages before the first such row read fine and the export
 * fails part-way, at the page holding it.
 */
export async function breakEventsFrom(sql: Sql, time: number): Promise<void> {
  await sql.exec(`
    ALTER TABLE events RENAME TO events_stored;
    CREATE FUNCTION read_event(t bigint, e jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE COST 10000 AS $$
    BEGIN
      IF t >= ${Math.trunc(time)} THEN RAISE EXCEPTION 'could not read the event stored at %: simulated storage fault', t; END IF;
      RETURN e;
    END $$;
    CREATE VIEW events AS SELECT id, study_id, participant, conversation, time, agent, action, read_event(time, event) AS event FROM events_stored;`);
}

/** Undoes breakEventsFrom. */
export async function repairEvents(sql: Sql): Promise<void> {
  await sql.exec('DROP VIEW events; DROP FUNCTION read_event(bigint, jsonb); ALTER TABLE events_stored RENAME TO events;');
}

/** Stores rows straight into the database, past validation, as rows written under an older, looser schema are. */
export async function storeRows(sql: Sql, events: readonly FwEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += MAX_BATCH_EVENTS) await insertEvents(sql, events.slice(i, i + MAX_BATCH_EVENTS));
}

/** Events stored for a fault part-way: three of the export's database pages, over two conversations. */
const FAULT_EVENTS = 3_000;
/** The first event the fault makes unreadable: on the export's third page, after two pages have been sent. */
const FIRST_UNREADABLE = 2_500;

/**
 * Stores FAULT_EVENTS events made by `event` (a participant's, as harness.joinedSeller makes them) a millisecond
 * apart over two conversations, then breaks the storage from the FIRST_UNREADABLE-th on: every export format gets
 * through at least one conversation or page before it fails.
 */
export async function storeEventsAndBreakPartWay(
  sql: Sql,
  event: (action: 'click' | 'utter', over: Partial<FwEvent>, time: number) => FwEvent,
): Promise<void> {
  const t0 = 1_800_000_000_000;
  const events = Array.from({ length: FAULT_EVENTS }, (_, i) =>
    event(i % 2 ? 'utter' : 'click', { conversation: i < FAULT_EVENTS / 2 ? 'conv-a' : 'conv-b' }, t0 + i),
  );
  await storeRows(sql, events);
  await breakEventsFrom(sql, t0 + FIRST_UNREADABLE);
}

export interface WireResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body with the chunked framing taken off: everything the server sent. */
  body: Buffer;
  /** Whether the body ended with chunked encoding's zero-length last chunk: the server's "that was all". */
  complete: boolean;
}

/** The zero-length chunk that ends a chunked body. */
const LAST_CHUNK_SIZE = 0;

/**
 * GET over a raw socket, read until the server closes it, so a test sees how the response really ended:
 * with the last chunk (complete), or cut off without one.
 */
export function wireGet(url: string, headers: Record<string, string> = {}): Promise<WireResponse> {
  const { hostname, port, pathname, search } = new URL(url);
  const request = [
    `GET ${pathname}${search} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (d: Buffer) => received.push(d));
    // A reset after the response began is one way a cut shows; what arrived before it is the response.
    socket.on('error', (e) => (received.length ? undefined : reject(e)));
    socket.on('close', () => {
      try {
        resolve(parseResponse(Buffer.concat(received)));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

function parseResponse(raw: Buffer): WireResponse {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd < 0) throw new Error(`No complete response head in ${raw.length} bytes`);
  const [statusLine = '', ...headerLines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers = Object.fromEntries(
    headerLines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const rest = raw.subarray(headEnd + 4);
  if (headers['transfer-encoding'] !== 'chunked') {
    return { status, headers, body: rest, complete: rest.length === Number(headers['content-length'] ?? rest.length) };
  }
  const chunks: Buffer[] = [];
  for (let at = 0; ;) {
    const lineEnd = rest.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) break;
    if (size === LAST_CHUNK_SIZE) return { status, headers, body: Buffer.concat(chunks), complete: true };
    const start = lineEnd + 2;
    chunks.push(rest.subarray(start, Math.min(start + size, rest.length)));
    if (start + size > rest.length) break;
    at = start + size + 2;
  }
  return { status, headers, body: Buffer.concat(chunks), complete: false };
}
