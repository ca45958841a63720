import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FwEvent } from '../lib/events/event-schema';
import { percentile } from './lib/report';
import { report, round, type Row } from './lib/report';
import { freePort } from './lib/free-port';
import { uploadBatch } from './lib/upload-batch';

// Ingest throughput: 8 concurrent clients sending 500-event batches over HTTP to a server in its own process,
// on embedded PGlite and on PostgreSQL (DATABASE_URL), plus the cost of resending batches already stored.
const ROOT = resolve(import.meta.dirname, '..');
const CLIENTS = 8;
const BATCH = 500;
/** Issue 15: hardening the collection path must not take PostgreSQL ingest below this. */
const POSTGRES_TARGET_EVENTS_PER_S = 20_000;
const BATCHES_PER_CLIENT: Record<string, number> = { pglite: 15, postgres: 40 };

// The server as `npm run server` runs it, in its own process; with request logging off (LOG_LEVEL=warn) it says
// nothing on start, so the bench gives it a port and an admin token and waits for /readyz.
async function startServerProcess(env: Record<string, string>): Promise<{ url: string; token: string; child: ChildProcess }> {
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), ADMIN_TOKEN: token, LOG_LEVEL: 'warn', INGEST_RATE_PER_MINUTE: '1000000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (exited !== undefined) throw new Error(`server exited (${exited}) before it was ready`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, token, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server not ready within 60 s');
}

async function post(url: string, body: unknown, token: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function run(backend: 'pglite' | 'postgres', env: Record<string, string>) {
  const { url, token, child } = await startServerProcess(env);
  try {
    const study = (await post(`${url}/v1/studies`, { name: `bench ${backend} ${Date.now()}` }, token)) as { id: string };
    const { codes } = (await post(`${url}/v1/studies/${study.id}/participants`, { count: CLIENTS }, token)) as {
      codes: { code: string }[];
    };
    const clients = await Promise.all(
      codes.map(async (c) => {
        const j = (await post(`${url}/v1/join`, { code: c.code }, '')) as { participant: string; ingestToken: string; condition: string };
        const batches: FwEvent[][] = Array.from({ length: BATCHES_PER_CLIENT[backend] ?? 10 }, (_, b) =>
          uploadBatch(study.id, j, 'bench', BATCH, 1_750_000_000_000 + b * BATCH),
        );
        return { token: j.ingestToken, batches };
      }),
    );
    const send = async (token: string, events: FwEvent[], latencies: number[]) => {
      const t0 = performance.now();
      const r = (await post(`${url}/v1/events`, { events }, token)) as { accepted: string[]; duplicates: string[]; rejected: unknown[] };
      latencies.push(performance.now() - t0);
      return r;
    };
    // Fresh batches, 8 clients at once.
    const latencies: number[] = [];
    let accepted = 0;
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (c) => {
        for (const b of c.batches) {
          const r = await send(c.token, b, latencies); // not `x += await …`: that reads x before awaiting
          accepted += r.accepted.length;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    // The same batches again: every event a duplicate.
    const retryLatencies: number[] = [];
    let duplicates = 0;
    const t1 = performance.now();
    await Promise.all(
      clients.map(async (c) => {
        for (const b of c.batches.slice(0, 5)) {
          const r = await send(c.token, b, retryLatencies);
          duplicates += r.duplicates.length;
        }
      }),
    );
    const retrySeconds = (performance.now() - t1) / 1000;
    latencies.sort((a, b) => a - b);
    retryLatencies.sort((a, b) => a - b);
    const total = clients.reduce((a, c) => a + c.batches.length * BATCH, 0);
    if (accepted !== total) throw new Error(`${backend}: accepted ${accepted} of ${total}`);
    return {
      events: total,
      eventsPerSecond: total / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      retryEventsPerSecond: duplicates / retrySeconds,
      retryP50: percentile(retryLatencies, 50),
      retryP99: percentile(retryLatencies, 99),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const rows: Row[] = [];
const results: Record<string, unknown> = {};
const dataDir = await mkdtemp(join(tmpdir(), 'fw-ingest-'));
const backends: ['pglite' | 'postgres', Record<string, string>][] = [['pglite', { DATA_DIR: dataDir }]];
if (process.env.DATABASE_URL) backends.push(['postgres', { DATABASE_URL: process.env.DATABASE_URL }]);
else console.warn('DATABASE_URL is not set: measuring PGlite only.');
for (const [name, env] of backends) {
  console.log(`ingest on ${name}…`);
  const r = await run(name, env);
  results[name] = r;
  rows.push(
    { metric: `[${name}] events stored (8 clients × 500-event batches)`, value: r.events, unit: '' },
    {
      metric: `[${name}] throughput`,
      value: round(r.eventsPerSecond, 0),
      unit: 'events/s',
      ...(name === 'postgres'
        ? { target: `≥ ${POSTGRES_TARGET_EVENTS_PER_S.toLocaleString('en')}`, ok: r.eventsPerSecond >= POSTGRES_TARGET_EVENTS_PER_S }
        : {}),
    },
    { metric: `[${name}] batch latency p50 / p99`, value: `${round(r.p50, 1)} / ${round(r.p99, 1)}`, unit: 'ms' },
    {
      metric: `[${name}] retried batch (all duplicates) p50 / p99`,
      value: `${round(r.retryP50, 1)} / ${round(r.retryP99, 1)}`,
      unit: 'ms',
    },
    { metric: `[${name}] retry throughput`, value: round(r.retryEventsPerSecond, 0), unit: 'events/s' },
  );
}
await rm(dataDir, { recursive: true, force: true });
await report('ingest', rows, { results, clients: CLIENTS, batch: BATCH });
