import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import WebSocket from 'ws';
import type { FwEvent } from '../lib/events/event-schema';
import type { OpenedRoom, ServerMessage } from '../lib/pilot/protocol';
import { percentile, report, round, type Row } from './lib/report';
import { freePort } from './lib/free-port';
import { uploadBatch } from './lib/upload-batch';

// The whole server at scale: 1, 2 and 3 instances (separate processes, as `npm run server` runs them) on one
// PostgreSQL. In each run, 1,000 participants upload 500-event batches while 100 pilot rooms with simulated Buyers
// chat. Measured: ingest events/s; chat latency across instances (a Seller's message, from sending it on one
// instance to its arrival at the Seller's second socket on another: the relay through PostgreSQL); and PostgreSQL's
// share of the CPU time used meanwhile. Needs DATABASE_URL (a database of its own: each run adds 500,000 events).
const ROOT = resolve(import.meta.dirname, '..');
/** SCALE_QUICK=1: a small run to try the script (not for results). */
const QUICK = process.env.SCALE_QUICK === '1';
const INSTANCE_COUNTS = QUICK ? [2] : [1, 2, 3];
const PARTICIPANTS = QUICK ? 40 : 1_000;
const BATCH = 500;
/** Uploads in flight at once, over all instances (a participant's extension sends one batch at a time). */
const UPLOADS_IN_FLIGHT = 32;
const ROOMS = QUICK ? 6 : 100;
const MESSAGES_PER_ROOM = 8;
/** Messages per room with no uploads going on, before the loaded part: the relay's own latency. */
const QUIET_MESSAGES_PER_ROOM = 3;
/** Time between one room's Seller messages (with jitter): a brisk typist, so that the rooms talk all through the uploads. */
const MESSAGE_GAP_MS = 1_500;
/** The simulated Buyers' pace: quicker than a person, for more chat in the time the uploads take. */
const SIM_PACE = { SIM_BUYER_THINK_MS: '300', SIM_BUYER_MS_PER_CHAR: '5' };
/** A conversation long enough that no simulated Buyer ends it during the run. */
const MIN_TURNS = 30;
const QUESTIONS: [string, string][] = [
  ['Who is it for?', 'ask_recipient'],
  ['How will it be used?', 'ask_use'],
  ['Did you own one before?', 'ask_owned'],
  ['Which features matter?', 'ask_features'],
  ['How long will you keep it?', 'ask_duration'],
  ['What is your budget?', 'ask_budget'],
  ['Any brand you prefer?', 'ask_brand'],
  ['Which feature matters most?', 'ask_top_feature'],
];
const CATEGORIES = ['headphones', 'books', 'lego', 'vitamins', 'running_shoes', 'smartwatches', 'pet_food'];
const CLK_TCK = 100; // Linux's USER_HZ: /proc times are in these

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench/scale needs DATABASE_URL (PostgreSQL; a database of its own: each run adds 500,000 events).');
  process.exit(2);
}
const ADMIN_TOKEN = randomBytes(24).toString('hex');

interface Instance {
  url: string;
  child: ChildProcess;
}

async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SIM_PACE,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      INGEST_RATE_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  for (let waited = 0; waited < 120_000; waited += 100) {
    if (exited !== undefined) throw new Error(`server exited (${exited}) before it was ready`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server not ready within 120 s');
}

async function post<T>(url: string, body: unknown, token = ADMIN_TOKEN): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i] as T, i);
      }
    }),
  );
}

/** CPU ticks (user + system) of every process whose command is `name`, or of the given pids. */
async function cpuTicks(select: { name: string } | { pids: number[] }): Promise<number> {
  const pids = 'pids' in select ? select.pids : (await readdir('/proc')).filter((p) => /^\d+$/.test(p)).map(Number);
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    if ('name' in select && comm !== select.name) continue;
    const fields = stat.slice(close + 2).split(' '); // fields from the 3rd (state) on
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (14th and 15th)
  }
  return ticks;
}

/** The machine's busy CPU ticks (all but idle and iowait), over all cores. */
async function machineBusyTicks(): Promise<number> {
  const [line] = (await readFile('/proc/stat', 'utf8')).split('\n');
  const n = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  return total - (n[3] ?? 0) - (n[4] ?? 0);
}

/** A socket that records when each item arrived, by the item's id, and every frame. */
class Socket {
  readonly arrived = new Map<string, number[]>();
  readonly frames: ServerMessage[] = [];
  private ws!: WebSocket;
  async open(url: string): Promise<void> {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      this.frames.push(m);
      if (m.type === 'item') this.arrived.set(m.item.id, [...(this.arrived.get(m.item.id) ?? []), performance.now()]);
    });
    this.ws.on('error', () => undefined);
    await new Promise((r, j) => this.ws.once('open', r).once('error', j));
    this.ws.send(JSON.stringify({ type: 'hello', lastSeq: 0, window: uuidv7() }));
  }
  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }
  close(): void {
    this.ws.close();
  }
  buyerSays(): number {
    return this.frames.filter((f) => f.type === 'item' && f.item.sender === 'buyer' && f.item.kind === 'say').length;
  }
}

async function until(ok: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function run(n: number) {
  const started = await Promise.allSettled(Array.from({ length: n }, startInstance));
  const instances = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (instances.length < n) {
    for (const i of instances) i.child.kill('SIGTERM'); // none left running when one could not start
    throw new Error(`${n - instances.length} of ${n} instances did not start`);
  }
  const at = (i: number) => (instances[i % n] as Instance).url;
  try {
    const study = await post<{ id: string }>(`${at(0)}/v1/studies`, { name: `scale ${n} ${Date.now()}`, minTurns: MIN_TURNS });
    const uploaders = (await post<{ codes: { code: string }[] }>(`${at(0)}/v1/studies/${study.id}/participants`, { count: PARTICIPANTS }))
      .codes;
    const sellers = (await post<{ codes: { code: string }[] }>(`${at(1)}/v1/studies/${study.id}/participants`, { count: ROOMS })).codes;

    // The participants join (on every instance in turn) and make their batch.
    const joined: { token: string; events: FwEvent[] }[] = [];
    await pool(uploaders, 16, async (c, i) => {
      const j = await post<{ participant: string; ingestToken: string; condition: string }>(`${at(i)}/v1/join`, { code: c.code }, '');
      const events = uploadBatch(study.id, j, 'scale', BATCH, 1_750_000_000_000);
      joined[i] = { token: j.ingestToken, events };
    });

    // 100 rooms, each opened on one instance (which runs its simulated Buyer); the Seller's socket on the next
    // instance, and the Seller's second socket (another tab) on the one after: every message crosses instances.
    const rooms = await Promise.all(
      sellers.map(async (c, r) => {
        const opened = await post<OpenedRoom>(`${at(r)}/v1/rooms`, {
          code: c.code,
          simulatedBuyer: { category: CATEGORIES[r % CATEGORIES.length], seed: r },
        });
        const key = new URL(opened.sellerUrl).hash.replace('#key=', '');
        const ws = (i: number) => `${at(i).replace('http', 'ws')}/v1/rooms/${opened.room}/ws?role=seller&key=${encodeURIComponent(key)}`;
        const seller = new Socket();
        const observer = new Socket();
        await seller.open(ws(r + 1));
        await observer.open(ws(r + 2));
        return { seller, observer };
      }),
    );
    await until(() => rooms.every((r) => r.seller.buyerSays() >= 1), 'every simulated Buyer to open', 120_000);

    /** Each room's Seller says `count` things, about MESSAGE_GAP_MS apart; resolves with when each was sent, by id. */
    const talk = (count: number, from: number) =>
      Promise.all(
        rooms.map(async (room, r) => {
          const sent = new Map<string, number>();
          await new Promise((res) => setTimeout(res, (r / ROOMS) * MESSAGE_GAP_MS));
          for (let m = from; m < from + count; m++) {
            const [text, act] = QUESTIONS[m % QUESTIONS.length] as [string, string];
            const id = uuidv7();
            sent.set(id, performance.now());
            room.seller.send({ type: 'say', id, text, acts: [act] });
            await new Promise((res) => setTimeout(res, MESSAGE_GAP_MS * (0.75 + Math.random() / 2)));
          }
          return sent;
        }),
      );
    /** Sent → arrival on the Seller's other socket (another instance), once every message has arrived. */
    const latenciesOf = async (sent: Map<string, number>[]) => {
      await until(
        () => rooms.every((room, r) => [...(sent[r]?.keys() ?? [])].every((id) => room.observer.arrived.has(id))),
        "every Seller message on the Seller's other socket",
        60_000,
      );
      return rooms
        .flatMap((room, r) => [...(sent[r] ?? [])].map(([id, t]) => (room.observer.arrived.get(id)?.[0] ?? NaN) - t))
        .sort((a, b) => a - b);
    };

    // The relay alone first: the rooms talk with nothing else going on.
    const quiet = await latenciesOf(await talk(QUIET_MESSAGES_PER_ROOM, 0));

    const pgBefore = await cpuTicks({ name: 'postgres' });
    const serversBefore = await cpuTicks({ pids: instances.map((i) => i.child.pid ?? 0) });
    const busyBefore = await machineBusyTicks();
    const t0 = performance.now();
    let ingestSeconds = 0;
    const uploadLatencies: number[] = [];
    const ingest = (async () => {
      await pool(joined, UPLOADS_IN_FLIGHT, async (p, i) => {
        const s = performance.now();
        const r = await post<{ accepted: string[] }>(`${at(i)}/v1/events`, { events: p.events }, p.token);
        uploadLatencies.push(performance.now() - s);
        if (r.accepted.length !== BATCH) throw new Error(`accepted ${r.accepted.length} of ${BATCH}`);
      });
      ingestSeconds = (performance.now() - t0) / 1000;
    })();
    const chat = talk(MESSAGES_PER_ROOM, QUIET_MESSAGES_PER_ROOM);
    const [, sent] = await Promise.all([ingest, chat]);
    const latencies = await latenciesOf(sent);
    const seconds = (performance.now() - t0) / 1000;
    const pgTicks = (await cpuTicks({ name: 'postgres' })) - pgBefore;
    const serverTicks = (await cpuTicks({ pids: instances.map((i) => i.child.pid ?? 0) })) - serversBefore;
    const busyTicks = (await machineBusyTicks()) - busyBefore;

    uploadLatencies.sort((a, b) => a - b);
    const doubled = rooms.reduce((a, room) => a + [...room.observer.arrived.values()].filter((t) => t.length > 1).length, 0);
    const answers = rooms.reduce((a, room) => a + room.seller.buyerSays() - 1, 0);
    for (const room of rooms) {
      room.seller.close();
      room.observer.close();
    }
    return {
      instances: n,
      events: PARTICIPANTS * BATCH,
      ingestSeconds: round(ingestSeconds, 1),
      eventsPerSecond: round((PARTICIPANTS * BATCH) / ingestSeconds, 0),
      uploadP50: round(percentile(uploadLatencies, 50), 1),
      uploadP99: round(percentile(uploadLatencies, 99), 1),
      quietChatMessages: quiet.length,
      quietChatP50: round(percentile(quiet, 50), 1),
      quietChatP99: round(percentile(quiet, 99), 1),
      chatMessages: latencies.length,
      chatP50: round(percentile(latencies, 50), 1),
      chatP99: round(percentile(latencies, 99), 1),
      itemsDeliveredTwice: doubled,
      buyerAnswers: answers,
      seconds: round(seconds, 1),
      /** Of all the CPU time the machine spent meanwhile (every process: servers, PostgreSQL, this bench). */
      postgresCpuShare: round(pgTicks / busyTicks, 3),
      serversCpuShare: round(serverTicks / busyTicks, 3),
      /** Cores' worth of CPU PostgreSQL used on average. */
      postgresCores: round(pgTicks / CLK_TCK / seconds, 2),
    };
  } finally {
    await Promise.all(
      instances.map(async (i) => {
        i.child.kill('SIGTERM');
        await new Promise((r) => i.child.once('exit', r));
      }),
    );
  }
}

const results = [];
for (const n of INSTANCE_COUNTS) {
  console.log(`scale: ${n} instance(s)…`);
  results.push(await run(n));
  console.log(results.at(-1));
}
const rows: Row[] = results.flatMap((r) => [
  { metric: `[${r.instances}] ingest (${PARTICIPANTS} participants × ${BATCH}-event batch)`, value: r.eventsPerSecond, unit: 'events/s' },
  { metric: `[${r.instances}] upload latency p50 / p99`, value: `${r.uploadP50} / ${r.uploadP99}`, unit: 'ms' },
  {
    metric: `[${r.instances}] chat latency across instances, no uploads, p50 / p99 (${r.quietChatMessages} messages)`,
    value: `${r.quietChatP50} / ${r.quietChatP99}`,
    unit: 'ms',
  },
  {
    metric: `[${r.instances}] chat latency across instances during the uploads p50 / p99 (${r.chatMessages} messages, ${ROOMS} rooms)`,
    value: `${r.chatP50} / ${r.chatP99}`,
    unit: 'ms',
  },
  {
    metric: `[${r.instances}] chat items delivered twice`,
    value: r.itemsDeliveredTwice,
    unit: '',
    target: '0',
    ok: r.itemsDeliveredTwice === 0,
  },
  {
    metric: `[${r.instances}] PostgreSQL share of CPU used / cores`,
    value: `${round(r.postgresCpuShare * 100, 1)}% / ${r.postgresCores}`,
    unit: '',
  },
  { metric: `[${r.instances}] server instances' share of CPU used`, value: `${round(r.serversCpuShare * 100, 1)}%`, unit: '' },
]);
if (QUICK) process.exit(0); // a try-out writes no results
await report('scale', rows, {
  results,
  participants: PARTICIPANTS,
  batch: BATCH,
  uploadsInFlight: UPLOADS_IN_FLIGHT,
  rooms: ROOMS,
  messagesPerRoom: MESSAGES_PER_ROOM,
});
