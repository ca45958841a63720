import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { putEvents } from '../../lib/db/events';
import { SyncState, type FloorwalkerDb } from '../../lib/db/database';
import { countIn } from './helpers/sync-state';
import { readSyncStatus, syncOnce, type SyncTarget, type UploadFetchLike } from '../../lib/sync/uploader';
import {
  SYNC_BATCH_MAX,
  SYNC_BATCH_MAX_BYTES,
  SYNC_BATCH_MIN,
  SYNC_MAX_IN_FLIGHT,
  addToBatch,
  batchBody,
  batchSizeFor,
  emptyBatch,
} from '../../lib/sync/upload-batch';
import type { FwEvent } from '../../lib/events/event-schema';
import { useTestDbs } from './helpers/db';
import { clickEvent } from './helpers/events';

const { open, freshName } = useTestDbs('fw-upload');
const target: SyncTarget = { url: 'http://endpoint/v1/events', token: 'fwi_t', study: 'study-1', participant: 'p-1' };

/** The fake IndexedDB is slow when the whole suite runs beside these tests. */
const SLOW_TEST_MS = 60_000;

/** What a fault does to one request: the server stores the batch, then the answer is lost, or never comes. */
type Fault = 'lose' | 'duplicate' | 'hang' | 'partial' | null;

/**
 * A fake endpoint that stores by id like the real one and counts how many times each event was inserted and how
 * many requests were in flight at once. A "duplicate" fault delivers the request twice (a retry by the network),
 * answering the second, in which every event is a duplicate. A "partial" fault stores and names every other event
 * only, as a server that took part of a batch would answer.
 */
function endpoint(fault: (n: number) => Fault = () => null) {
  const opened: (() => void)[] = [];
  const inserts = new Map<string, number>();
  const sizes: number[] = [];
  const gzipped: boolean[] = [];
  let calls = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const store = (events: FwEvent[]) => {
    const accepted: string[] = [];
    const duplicates: string[] = [];
    for (const e of events) {
      if (inserts.has(e.id)) duplicates.push(e.id);
      else accepted.push(e.id);
      inserts.set(e.id, (inserts.get(e.id) ?? 0) + (inserts.has(e.id) ? 0 : 1));
    }
    return { accepted, duplicates, rejected: [] };
  };
  const fetchFn: UploadFetchLike = async (_url, init) => {
    const f = fault(calls++);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const zipped = typeof init.body !== 'string';
      gzipped.push(zipped);
      if (zipped) expect(init.headers['Content-Encoding']).toBe('gzip');
      const text = typeof init.body === 'string' ? init.body : gunzipSync(init.body).toString('utf8');
      const events = (JSON.parse(text) as { events: FwEvent[] }).events;
      sizes.push(events.length);
      // The first requests of a run wait until SYNC_MAX_IN_FLIGHT are in flight: the fake IndexedDB reads slower
      // than a browser, so without this gate the requests would overlap only by chance here. (Every test here sends
      // at least SYNC_MAX_IN_FLIGHT batches, so the gate always opens.)
      const n = calls - 1;
      if (n < SYNC_MAX_IN_FLIGHT)
        await new Promise<void>((r) => {
          opened.push(r);
          if (inFlight >= SYNC_MAX_IN_FLIGHT) for (const open of opened.splice(0)) open();
        });
      let answer = store(f === 'partial' ? events.filter((_, i) => i % 2 === 0) : events);
      if (f === 'duplicate') answer = store(events);
      if (f === 'hang') return await new Promise<never>(() => undefined);
      if (f === 'lose') return { status: 500, headers: { get: () => null }, json: async () => ({ error: 'lost' }) };
      return { status: 200, headers: { get: () => null }, json: async () => answer };
    } finally {
      inFlight--;
    }
  };
  return { fetchFn, inserts, sizes, gzipped, calls: () => calls, maxInFlight: () => maxInFlight };
}

async function backlog(db: FloorwalkerDb, n: number): Promise<FwEvent[]> {
  const events = Array.from({ length: n }, (_, i) => clickEvent(1_000 + i));
  await putEvents(db, events);
  return events;
}

const pendingIn = (db: FloorwalkerDb) => countIn(db, SyncState.pending);

describe('upload batching policy', () => {
  it('shares a backlog across the requests in flight, in batches of 100 to 1,000 events', () => {
    expect(batchSizeFor(1)).toBe(SYNC_BATCH_MIN);
    expect(batchSizeFor(400)).toBe(SYNC_BATCH_MIN);
    expect(batchSizeFor(2_000)).toBe(500);
    expect(batchSizeFor(100_000)).toBe(SYNC_BATCH_MAX);
    expect(batchSizeFor(2_000, 1)).toBe(SYNC_BATCH_MAX);
  });

  it('closes a batch at the byte limit before the count limit, and a lone large event still goes', () => {
    const big = { ...clickEvent(1), storedAt: 1 } as const;
    const batch = emptyBatch();
    let n = 0;
    while (addToBatch(batch, { ...big, id: crypto.randomUUID() }, SYNC_BATCH_MAX, 2_000)) n++;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(SYNC_BATCH_MAX);
    expect(batchBody(batch).length).toBeLessThanOrEqual(2_000 + 20);
    const lone = emptyBatch();
    expect(addToBatch(lone, big, SYNC_BATCH_MAX, 10)).toBe(true);
    expect(JSON.parse(batchBody(lone))).toEqual({ events: [expect.objectContaining({ id: big.id })] });
    expect(SYNC_BATCH_MAX_BYTES).toBeLessThan(1024 * 1024);
  });
});

describe('uploading a backlog with requests in flight', () => {
  it(
    'keeps at most SYNC_MAX_IN_FLIGHT requests in flight, gzipped, and uploads each event once',
    async () => {
      const db = open();
      await backlog(db, 5_000);
      const ep = endpoint();
      expect(await syncOnce(db, target, ep.fetchFn)).toEqual({ ok: true, uploaded: 5_000, rejected: 0 });
      expect(ep.maxInFlight()).toBe(SYNC_MAX_IN_FLIGHT);
      expect(ep.sizes.every((n) => n <= SYNC_BATCH_MAX)).toBe(true);
      expect(ep.sizes.reduce((a, b) => a + b, 0)).toBe(5_000); // no event sent twice
      expect(ep.gzipped.every(Boolean)).toBe(true);
      expect([...ep.inserts.values()].every((n) => n === 1)).toBe(true);
      expect(ep.inserts.size).toBe(5_000);
      expect(await pendingIn(db)).toBe(0);
      expect((await readSyncStatus(db)).uploaded).toBe(5_000);
    },
    SLOW_TEST_MS,
  );

  it(
    "events logged in the same millisecond, more than a batch of them and others' among them, each go once",
    async () => {
      const db = open();
      // A burst faster than the clock ticks: every event has the same time, so batches cannot be cut by time alone.
      const ours = Array.from({ length: 2_500 }, () => clickEvent(5_000));
      const theirs = Array.from({ length: 300 }, () => clickEvent(5_000, { participant: 'p-2' }));
      await putEvents(db, [...ours, ...theirs]);
      const ep = endpoint();
      expect(await syncOnce(db, target, ep.fetchFn)).toEqual({ ok: true, uploaded: 2_500, rejected: 0 });
      expect(ep.sizes.reduce((a, b) => a + b, 0)).toBe(2_500); // none sent twice
      expect(ep.inserts.size).toBe(2_500);
      expect(await pendingIn(db)).toBe(300); // another participant's events are not this run's to send
    },
    SLOW_TEST_MS,
  );

  it(
    'a lost answer among requests in flight: the others are marked, its events are sent again and stored once',
    async () => {
      const db = open();
      await backlog(db, 4_000);
      const ep = endpoint((n) => (n === 1 ? 'lose' : n === 2 ? 'duplicate' : null));
      const first = await syncOnce(db, target, ep.fetchFn);
      expect(first).toMatchObject({ ok: false, error: expect.stringMatching(/HTTP 500/) });
      // Only what was acknowledged is marked: the lost request's 1,000 events wait, though the server has them.
      expect(await pendingIn(db)).toBe(1_000);
      expect(ep.inserts.size).toBe(4_000);
      const second = await syncOnce(db, target, ep.fetchFn, () => Date.now() + 10 * 60_000);
      expect(second).toEqual({ ok: true, uploaded: 1_000, rejected: 0 });
      expect(await pendingIn(db)).toBe(0);
      expect([...ep.inserts.values()].every((n) => n === 1)).toBe(true);
      expect((await readSyncStatus(db)).uploaded).toBe(4_000); // a duplicated request counted once
    },
    SLOW_TEST_MS,
  );

  it(
    'a partial answer among requests in flight: only the events it names leave the outbox; the rest go again, once',
    async () => {
      const db = open();
      await backlog(db, 4_000);
      const ep = endpoint((n) => (n === 1 ? 'partial' : null));
      // The unnamed events lie inside the answered batch's stretch: they must stay queued, not go with a range delete.
      expect(await syncOnce(db, target, ep.fetchFn)).toEqual({ ok: true, uploaded: 4_000, rejected: 0 });
      expect(ep.sizes.reduce((a, b) => a + b, 0)).toBe(4_500); // the 500 unnamed events were sent a second time
      expect(ep.inserts.size).toBe(4_000);
      expect([...ep.inserts.values()].every((n) => n === 1)).toBe(true);
      expect(await pendingIn(db)).toBe(0);
      expect((await readSyncStatus(db)).uploaded).toBe(4_000);
    },
    SLOW_TEST_MS,
  );

  it(
    'a worker stopped with requests in flight: a new run on the reopened database finishes, each event stored once',
    async () => {
      const name = freshName();
      const db = open(name);
      await backlog(db, 3_000);
      const dying = endpoint((n) => (n >= 2 ? 'hang' : null));
      void syncOnce(db, target, dying.fetchFn); // never settles: its worker is gone
      await expect.poll(() => dying.calls(), { timeout: SLOW_TEST_MS / 2 }).toBeGreaterThanOrEqual(SYNC_MAX_IN_FLIGHT);
      const reopened = open(name);
      const ep = endpoint();
      for (const id of dying.inserts.keys()) ep.inserts.set(id, 1); // the same server
      const r = await syncOnce(reopened, target, ep.fetchFn);
      expect(r).toMatchObject({ ok: true });
      expect(await pendingIn(reopened)).toBe(0);
      expect(ep.inserts.size).toBe(3_000);
      expect([...ep.inserts.values()].every((n) => n === 1)).toBe(true);
    },
    SLOW_TEST_MS,
  );
});
