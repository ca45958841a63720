import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { putEvents } from '../../lib/db/events';
import { SyncState } from '../../lib/db/database';
import { countIn, eventsIn } from './helpers/sync-state';
import {
  SYNC_SET_ASIDE_STRIKES,
  SYNC_SPLIT_AFTER_FAILURES,
  backoffMs,
  pruneSynced,
  readSuspect,
  readSyncStatus,
  retryAfterMs,
  setAsideReason,
  syncDue,
  syncOnce,
  type UploadFetchLike,
  type SyncResult,
  type SyncTarget,
} from '../../lib/sync/uploader';
import type { FloorwalkerDb } from '../../lib/db/database';
import type { FwEvent } from '../../lib/events/event-schema';
import { useTestDbs } from './helpers/db';
import { SYNC_MAX_IN_FLIGHT } from '../../lib/sync/upload-batch';
import { T0, clickEvent } from './helpers/events';

const { open, freshName } = useTestDbs('fw-sync');
const target: SyncTarget = { url: 'http://endpoint/v1/events', token: 'fwi_t', study: 'study-1', participant: 'p-1' };

/** A request body as text: gzipped bodies say so in Content-Encoding, as the server expects. */
function bodyText(init: Parameters<UploadFetchLike>[1]): string {
  if (typeof init.body === 'string') return init.body;
  expect(init.headers['Content-Encoding']).toBe('gzip');
  return gunzipSync(init.body).toString('utf8');
}

/** A fake endpoint that stores by id like the real one, with scripted failures. */
function endpoint(script: (n: number, events: FwEvent[]) => { status: number; retryAfter?: string } | 'network' | null = () => null) {
  const stored = new Map<string, FwEvent>();
  let calls = 0;
  const fetchFn: UploadFetchLike = async (_url, init) => {
    const events = (JSON.parse(bodyText(init)) as { events: FwEvent[] }).events;
    const fault = script(calls++, events);
    if (fault === 'network') throw new Error('fetch failed');
    if (fault)
      return {
        status: fault.status,
        headers: { get: (h: string) => (h === 'Retry-After' ? (fault.retryAfter ?? null) : null) },
        json: async () => ({ error: 'x' }),
      };
    const accepted: string[] = [];
    const duplicates: string[] = [];
    const rejected: { id: string; error: string }[] = [];
    for (const e of events) {
      if (e.conversation === 'poison') rejected.push({ id: e.id, error: 'payload.text: too long' });
      else if (stored.has(e.id)) duplicates.push(e.id);
      else {
        stored.set(e.id, e);
        accepted.push(e.id);
      }
    }
    return { status: 200, headers: { get: () => null }, json: async () => ({ accepted, duplicates, rejected }) };
  };
  return { fetchFn, stored, calls: () => calls };
}

describe('syncOnce', () => {
  it('uploads pending events in batches and marks them synced only when acknowledged', async () => {
    const db = open();
    const events = Array.from({ length: 1_200 }, (_, i) => clickEvent(1000 + i));
    await putEvents(db, events);
    const ep = endpoint();
    expect(await syncOnce(db, target, ep.fetchFn)).toEqual({ ok: true, uploaded: 1200, rejected: 0 });
    expect(ep.calls()).toBe(4); // 4 × 300: the backlog shared across the requests in flight
    expect(ep.stored.size).toBe(1200);
    expect(await countIn(db, SyncState.pending)).toBe(0);
    expect(await readSyncStatus(db)).toMatchObject({ lastError: null, failures: 0, uploaded: 1200, lastSuccessAt: expect.any(Number) });
    // Nothing left: no request at all.
    expect(await syncOnce(db, target, ep.fetchFn)).toEqual({ ok: true, uploaded: 0, rejected: 0 });
    expect(ep.calls()).toBe(4);
  });

  it('leaves events of another study or participant (logged before joining) alone', async () => {
    const db = open();
    await putEvents(db, [clickEvent(1), clickEvent(2, { study: 'local' }), clickEvent(3, { participant: 'someone-else' })]);
    const ep = endpoint();
    expect(await syncOnce(db, target, ep.fetchFn)).toMatchObject({ ok: true, uploaded: 1 });
    expect(await countIn(db, SyncState.pending)).toBe(2);
  });

  it('keeps events through network errors and server failures, backing off, then delivers each once', async () => {
    const db = open();
    await putEvents(
      db,
      Array.from({ length: 700 }, (_, i) => clickEvent(i)),
    );
    // The first batch is stored but its answer lost (a 500 after storing), then the network fails once. One request at
    // a time, so that each run meets one fault (upload-concurrency.test.ts has faults among requests in flight).
    const oneAtATime = { maxInFlight: 1, batchSize: () => 500 };
    let t = 1_000_000;
    const ep = endpoint((n) => (n === 1 ? 'network' : null));
    const lossy: UploadFetchLike = async (url, init) => {
      const res = await ep.fetchFn(url, init);
      return ep.calls() === 1 ? { status: 500, headers: { get: () => null }, json: async () => ({}) } : res;
    };
    const first = await syncOnce(db, target, lossy, () => t, oneAtATime);
    expect(first).toMatchObject({
      ok: false,
      error: 'The study server had a problem (HTTP 500); your events are kept and will be sent later',
    });
    expect(await syncDue(db, t)).toBe(false);
    const status = await readSyncStatus(db);
    expect(status.nextAttemptAt).toBeGreaterThan(t);
    t = status.nextAttemptAt ?? t;
    expect(await syncOnce(db, target, lossy, () => t, oneAtATime)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Could not reach the server/),
    });
    expect((await readSyncStatus(db)).failures).toBe(2);
    t += 10 * 60_000;
    expect(await syncOnce(db, target, lossy, () => t, oneAtATime)).toEqual({ ok: true, uploaded: 700, rejected: 0 });
    expect(ep.stored.size).toBe(700); // the resent first batch counted as duplicates, stored once
    expect(await countIn(db, SyncState.synced)).toBe(700);
  });

  it('honours 429 Retry-After and says why in plain words', async () => {
    const db = open();
    await putEvents(db, [clickEvent(1)]);
    const ep = endpoint((n) => (n === 0 ? { status: 429, retryAfter: '30' } : null));
    const r = await syncOnce(db, target, ep.fetchFn, () => 5_000);
    expect(r).toEqual({ ok: false, error: 'The server asked to slow down', retryAt: 35_000 });
    expect(await readSyncStatus(db)).toMatchObject({ lastError: 'The server asked to slow down', nextAttemptAt: 35_000 });
  });

  it('sets refused events aside with the reason instead of resending them forever', async () => {
    const db = open();
    await putEvents(db, [clickEvent(1), clickEvent(2, { conversation: 'poison' })]);
    const ep = endpoint();
    expect(await syncOnce(db, target, ep.fetchFn)).toEqual({ ok: true, uploaded: 1, rejected: 1 });
    const refused = await eventsIn(db, SyncState.rejected);
    expect(refused.map((e) => e.syncError)).toEqual(['payload.text: too long']);
    expect(await syncOnce(db, target, ep.fetchFn)).toEqual({ ok: true, uploaded: 0, rejected: 0 });
  });

  it('asks the participant to join again when the token is refused', async () => {
    const db = open();
    await putEvents(db, [clickEvent(1)]);
    const r = await syncOnce(db, target, endpoint(() => ({ status: 401 })).fetchFn);
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/join the study again/) });
  });

  it('prunes synced events past the retention period, never pending ones', async () => {
    const db = open();
    const day = 86_400_000;
    const now = T0 + 100 * day;
    await putEvents(db, [clickEvent(now - 40 * day), clickEvent(now - 10 * day), clickEvent(now - 50 * day, { study: 'local' })]);
    await syncOnce(db, target, endpoint().fetchFn);
    expect(await pruneSynced(db, 30, now)).toBe(1);
    expect(await db.events.count()).toBe(2);
  });
});

describe('retry timing', () => {
  it('backs off exponentially with jitter, capped', () => {
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(1, () => 1)).toBe(2000);
    expect(backoffMs(4, () => 1)).toBe(16_000);
    expect(backoffMs(30, () => 1)).toBe(300_000);
    expect(retryAfterMs('12', 0)).toBe(12_000);
    expect(retryAfterMs(new Date(61_000).toUTCString(), 1_000)).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
  });
});

/** A fake server whose database fails (HTTP 500) on any batch holding one of `poison`, like the real one would. */
function poisoned(poison: ReadonlySet<string>, status = 500) {
  const batches: string[][] = [];
  const ep = endpoint((_n, events) => {
    batches.push(events.map((e) => e.id));
    return events.some((e) => poison.has(e.id)) ? { status } : null;
  });
  return { ...ep, batches };
}

/**
 * Runs the uploader the way the background does: again whenever the backoff allows (the clock jumps there), until
 * it succeeds or `maxRuns` runs. `reopen` gives each run a fresh database connection, as a restarted worker has.
 */
async function untilDone(
  db: FloorwalkerDb,
  fetchFn: UploadFetchLike,
  opts: { maxRuns?: number; reopen?: () => FloorwalkerDb; calls?: () => number } = {},
) {
  let t = 1_000_000;
  const runs: { result: SyncResult; at: number; requests: number }[] = [];
  for (let i = 0; i < (opts.maxRuns ?? 30); i++) {
    if (opts.reopen) db = opts.reopen();
    const before = opts.calls?.() ?? 0;
    const result = await syncOnce(db, target, fetchFn, () => t);
    runs.push({ result, at: t, requests: (opts.calls?.() ?? 0) - before });
    if (result.ok) break;
    t = Math.max(t, result.retryAt);
  }
  return { runs, db };
}

const byState = eventsIn;

describe('one event the server fails on never blocks the queue', () => {
  for (const at of [[0], [137], [499], [3, 400], [250, 251]]) {
    it(`poison at ${at.join(' and ')} of 500: every other event is uploaded, the poison set aside with the reason`, async () => {
      const db = open();
      const events = Array.from({ length: 500 }, (_, i) => clickEvent(1_000 + i));
      await putEvents(db, events);
      const poison = new Set(at.map((i) => events[i]!.id));
      const ep = poisoned(poison);
      const { runs } = await untilDone(db, ep.fetchFn, { calls: ep.calls });
      expect(runs.at(-1)?.result.ok).toBe(true);
      expect(ep.stored.size).toBe(500 - poison.size);
      expect([...ep.stored.keys()].some((id) => poison.has(id))).toBe(false);
      const setAside = await byState(db, SyncState.rejected);
      expect(setAside.map((e) => e.id).sort()).toEqual([...poison].sort());
      for (const e of setAside) expect(e.syncError).toBe(setAsideReason(SYNC_SET_ASIDE_STRIKES, 500));
      expect(await byState(db, SyncState.pending)).toEqual([]);
      expect(await readSyncStatus(db)).toMatchObject({ lastError: null, failures: 0, rejected: poison.size, uploaded: 500 - poison.size });
      // A search by halves, not one request per event: about log2(500) steps and a few strikes per poison.
      expect(ep.calls()).toBeLessThan(40 * poison.size);
      // The search starts only after the same batch failed twice, and never waits for a backoff once it is under way.
      expect(runs.filter((r) => !r.result.ok)).toHaveLength(SYNC_SPLIT_AFTER_FAILURES * poison.size);
    });
  }

  it('events logged during the search are uploaded after it, and the next batches are not held back', async () => {
    const db = open();
    const events = Array.from({ length: 700 }, (_, i) => clickEvent(1_000 + i));
    await putEvents(db, events);
    const ep = poisoned(new Set([events[10]!.id]));
    await untilDone(db, ep.fetchFn);
    expect(ep.stored.size).toBe(699);
  });

  it('a server that fails on everything gets nothing set aside, and is asked less and less often', async () => {
    const db = open();
    await putEvents(
      db,
      Array.from({ length: 600 }, (_, i) => clickEvent(1_000 + i)),
    );
    let down = true;
    const ep = endpoint(() => (down ? { status: 500 } : null));
    const { runs } = await untilDone(db, ep.fetchFn, { maxRuns: 12, calls: ep.calls });
    expect(runs.every((r) => !r.result.ok)).toBe(true);
    expect(await byState(db, SyncState.rejected)).toEqual([]);
    expect(ep.stored.size).toBe(0);
    // Backoff as before: each wait at least the lower bound for that many failures in a row, up to the cap.
    const waits = runs.slice(1).map((r, i) => r.at - runs[i]!.at);
    waits.forEach((w, i) => expect(w).toBeGreaterThanOrEqual(backoffMs(i + 1, () => 0)));
    expect((await readSyncStatus(db)).failures).toBe(12);
    // The first attempt may have SYNC_MAX_IN_FLIGHT requests in flight; after a failure, at most two per attempt:
    // the probe that goes alone, or a half and the control that fails too.
    expect(runs[0]!.requests).toBeLessThanOrEqual(SYNC_MAX_IN_FLIGHT);
    expect(Math.max(...runs.slice(1).map((r) => r.requests))).toBeLessThanOrEqual(2);
    expect((await readSyncStatus(db)).lastError).toBe(
      'The study server had a problem (HTTP 500); your events are kept and will be sent later',
    );

    down = false;
    const back = await syncOnce(db, target, ep.fetchFn, () => runs.at(-1)!.at + 10 * 60_000);
    expect(back).toEqual({ ok: true, uploaded: 600, rejected: 0 });
    expect(await readSuspect(db, target)).toBeNull();
  });

  it('a server that fails on everything after some events went up (so a control exists) still gets nothing set aside', async () => {
    const db = open();
    await putEvents(
      db,
      Array.from({ length: 20 }, (_, i) => clickEvent(1_000 + i)),
    );
    let down = false;
    const ep = endpoint(() => (down ? { status: 502 } : null));
    await syncOnce(db, target, ep.fetchFn);
    down = true;
    await putEvents(
      db,
      Array.from({ length: 30 }, (_, i) => clickEvent(5_000 + i)),
    );
    const { runs } = await untilDone(db, ep.fetchFn, { maxRuns: 15, calls: ep.calls });
    expect(runs.every((r) => !r.result.ok)).toBe(true);
    expect(await byState(db, SyncState.rejected)).toEqual([]);
    expect(await byState(db, SyncState.pending)).toHaveLength(30);
  });

  it('network errors, 429 and 503 are never held against an event', async () => {
    for (const fault of ['network', { status: 429 }, { status: 503 }] as const) {
      const db = open();
      await putEvents(
        db,
        Array.from({ length: 8 }, (_, i) => clickEvent(1_000 + i)),
      );
      const ep = endpoint(() => fault);
      await untilDone(db, ep.fetchFn, { maxRuns: 10 });
      expect(await readSuspect(db, target)).toBeNull();
      expect(await byState(db, SyncState.rejected)).toEqual([]);
    }
  });

  it('a flaky server (30% of requests fail at random) gets every event, none set aside', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const db = open();
      await putEvents(
        db,
        Array.from({ length: 60 }, (_, i) => clickEvent(1_000 + i)),
      );
      let x = seed;
      const random = () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const ep = endpoint(() => (random() < 0.3 ? { status: 500 } : null));
      // Events arrive in small batches, as they do while a participant works.
      for (let round = 0; round < 12; round++) {
        await putEvents(
          db,
          Array.from({ length: 5 }, (_, i) => clickEvent(10_000 + round * 10 + i)),
        );
        await untilDone(db, ep.fetchFn, { maxRuns: 200 });
      }
      expect(await byState(db, SyncState.rejected), `seed ${seed}`).toEqual([]);
      expect(ep.stored.size, `seed ${seed}`).toBe(120);
    }
  }, 30_000); // 20 runs on the fake IndexedDB: about 5 s on a busy machine

  it('a worker stopped mid-search resumes it from IndexedDB and reaches the same result', async () => {
    const name = freshName();
    let db = open(name);
    const events = Array.from({ length: 500 }, (_, i) => clickEvent(1_000 + i));
    await putEvents(db, events);
    const poison = events[321]!.id;
    const ep = poisoned(new Set([poison]));
    // The worker stops after the 6th request: the server stores what it was sent but the answer never arrives.
    let requests = 0;
    const dying: UploadFetchLike = async (url, init) => {
      const res = await ep.fetchFn(url, init);
      if (++requests === 6) throw new Error('the service worker was stopped');
      return res;
    };
    const first = await untilDone(db, dying, { maxRuns: 3 });
    expect(first.runs.map((r) => r.result.ok)).toEqual([false, false, false]);
    const mid = await readSuspect(db, target);
    // Mid-search: narrowed below the first batch, and nothing set aside yet.
    expect(mid?.ids.length).toBeGreaterThan(1);
    expect(mid?.ids.length).toBeLessThan(500);
    expect(mid?.ids).toContain(poison);
    expect(await byState(db, SyncState.rejected)).toEqual([]);

    // A new worker: a new connection to the same database, a new uploader call, nothing carried over in memory.
    db.close();
    const { db: after } = await untilDone(db, ep.fetchFn, { reopen: () => (db = open(name)) });
    expect(ep.stored.size).toBe(499);
    expect((await byState(after, SyncState.rejected)).map((e) => [e.id, e.syncError])).toEqual([
      [poison, setAsideReason(SYNC_SET_ASIDE_STRIKES, 500)],
    ]);
    expect(await byState(after, SyncState.pending)).toEqual([]);
  });
});
