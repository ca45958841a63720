import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { putEvents } from '../../lib/db/events';
import { SyncState } from '../../lib/db/schema';
import { backoffMs, pruneSynced, readSyncStatus, retryAfterMs, syncDue, syncOnce, type FetchLike, type SyncTarget } from '../../lib/sync/uploader';
import type { FwEvent } from '../../lib/events/schema';
import { useTestDbs } from './helpers/db';
import { T0, clickEvent } from './helpers/events';

const { open } = useTestDbs('fw-sync');
const target: SyncTarget = { url: 'http://endpoint/v1/events', token: 'fwi_t', study: 'study-1', participant: 'p-1' };

/** A fake endpoint that stores by id like the real one, with scripted failures. */
function endpoint(script: (n: number, events: FwEvent[]) => { status: number; retryAfter?: string } | 'network' | null = () => null) {
  const stored = new Map<string, FwEvent>();
  let calls = 0;
  const fetchFn: FetchLike = async (_url, init) => {
    const events = (JSON.parse(init.body) as { events: FwEvent[] }).events;
    const fault = script(calls++, events);
    if (fault === 'network') throw new Error('fetch failed');
    if (fault) return { status: fault.status, headers: { get: (h: string) => (h === 'Retry-After' ? (fault.retryAfter ?? null) : null) }, json: async () => ({ error: 'x' }) };
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
    expect(ep.calls()).toBe(3); // 500 + 500 + 200
    expect(ep.stored.size).toBe(1200);
    expect(await db.events.where('syncState').equals(SyncState.pending).count()).toBe(0);
    expect(await readSyncStatus(db)).toMatchObject({ lastError: null, failures: 0, uploaded: 1200, lastSuccessAt: expect.any(Number) });
    // Nothing left: no request at all.
    expect(await syncOnce(db, target, ep.fetchFn)).toEqual({ ok: true, uploaded: 0, rejected: 0 });
    expect(ep.calls()).toBe(3);
  });

  it('leaves events of another study or participant (logged before joining) alone', async () => {
    const db = open();
    await putEvents(db, [clickEvent(1), clickEvent(2, { study: 'local' }), clickEvent(3, { participant: 'someone-else' })]);
    const ep = endpoint();
    expect(await syncOnce(db, target, ep.fetchFn)).toMatchObject({ ok: true, uploaded: 1 });
    expect(await db.events.where('syncState').equals(SyncState.pending).count()).toBe(2);
  });

  it('keeps events through network errors and server failures, backing off, then delivers each once', async () => {
    const db = open();
    await putEvents(db, Array.from({ length: 700 }, (_, i) => clickEvent(i)));
    // The first batch is stored but its answer lost (a 500 after storing), then the network fails once.
    let t = 1_000_000;
    const ep = endpoint((n) => (n === 1 ? 'network' : null));
    const lossy: FetchLike = async (url, init) => {
      const res = await ep.fetchFn(url, init);
      return ep.calls() === 1 ? { status: 500, headers: { get: () => null }, json: async () => ({}) } : res;
    };
    const first = await syncOnce(db, target, lossy, () => t);
    expect(first).toMatchObject({ ok: false, error: 'The study server had a problem (HTTP 500); your events are kept and will be sent later' });
    expect(await syncDue(db, t)).toBe(false);
    const status = await readSyncStatus(db);
    expect(status.nextAttemptAt).toBeGreaterThan(t);
    t = status.nextAttemptAt ?? t;
    expect(await syncOnce(db, target, lossy, () => t)).toMatchObject({ ok: false, error: expect.stringMatching(/^Could not reach the server/) });
    expect((await readSyncStatus(db)).failures).toBe(2);
    t += 10 * 60_000;
    expect(await syncOnce(db, target, lossy, () => t)).toEqual({ ok: true, uploaded: 700, rejected: 0 });
    expect(ep.stored.size).toBe(700); // the resent first batch counted as duplicates, stored once
    expect(await db.events.where('syncState').equals(SyncState.synced).count()).toBe(700);
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
    const refused = await db.events.where('syncState').equals(SyncState.rejected).toArray();
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
