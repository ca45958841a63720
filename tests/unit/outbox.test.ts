import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { LATEST_VERSION, STORES_V4, SyncState, outboxKeyOf, type StoredEvent } from '../../lib/db/database';
import { countEvents, putEvents, toEvent } from '../../lib/db/events';
import { countQueue, eventsOf, readQueue, readRejections, settle } from '../../lib/db/outbox';
import { pruneSynced, syncOnce, type UploadFetchLike } from '../../lib/sync/uploader';
import type { FwEvent } from '../../lib/events/event-schema';
import { useTestDbs } from './helpers/db';
import { T0, clickEvent } from './helpers/events';
import { eventsIn, stateOf } from './helpers/sync-state';

const { open, freshName } = useTestDbs('fw-outbox');
const queue = { study: 'study-1', participant: 'p-1' };

/** An endpoint that takes everything and records what it was sent. */
function accepting() {
  const sent: FwEvent[] = [];
  const fetchFn: UploadFetchLike = async (_url, init) => {
    const events = (JSON.parse(init.body as string) as { events: FwEvent[] }).events;
    sent.push(...events);
    return {
      status: 200,
      headers: { get: () => null },
      json: async () => ({ accepted: events.map((e) => e.id), duplicates: [], rejected: [] }),
    };
  };
  return { fetchFn, sent };
}

describe('migration from v4 to the outbox', () => {
  it("queues v4's pending events, keeps its synced and refused ones as they were, and drops the sync-state indexes", async () => {
    const name = freshName();
    const v4 = new Dexie(name);
    v4.version(4).stores(STORES_V4);
    const pending = [clickEvent(3_000), clickEvent(1_000), clickEvent(2_000, { participant: 'p-2' })];
    const synced = clickEvent(500);
    const refused = clickEvent(700);
    await v4
      .table('events')
      .bulkAdd([
        ...pending.map((e) => ({ ...e, syncState: SyncState.pending, storedAt: e.time })),
        { ...synced, syncState: SyncState.synced, storedAt: synced.time, syncedAt: synced.time + 5 },
        { ...refused, syncState: SyncState.rejected, storedAt: refused.time, syncedAt: refused.time + 9, syncError: 'payload: too long' },
      ]);
    v4.close();

    const db = open(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect(db.events.schema.indexes.map((i) => i.name).sort()).toEqual(['[action+time]', 'conversation', 'rejectedAt', 'time']);
    // One queue per participant, each in time order.
    expect((await readQueue(db, queue, null, 10)).map((r) => r.id)).toEqual([pending[1]!.id, pending[0]!.id]);
    expect(await countQueue(db, { study: 'study-1', participant: 'p-2' })).toBe(1);
    expect(await countEvents(db)).toEqual({ total: 5, pending: 3 });
    expect(await stateOf(db, synced.id)).toBe(SyncState.synced);
    expect(await stateOf(db, refused.id)).toBe(SyncState.rejected);
    expect(await readRejections(db)).toEqual({ rejected: 1, lastRejection: 'payload: too long' });
    expect((await db.events.get(refused.id))?.rejectedAt).toBe(refused.time + 9);

    // The migrated queue uploads, without v4's bookkeeping in the events sent.
    const ep = accepting();
    expect(await syncOnce(db, { url: 'http://x/v1/events', token: 't', ...queue }, ep.fetchFn)).toEqual({
      ok: true,
      uploaded: 2,
      rejected: 0,
    });
    expect(ep.sent.map((e) => e.id)).toEqual([pending[1]!.id, pending[0]!.id]);
    expect(ep.sent.every((e) => !('syncState' in e) && !('syncedAt' in e) && !('storedAt' in e))).toBe(true);
    expect(await eventsIn(db, SyncState.pending)).toEqual([expect.objectContaining({ id: pending[2]!.id })]);
  });
});

describe('the outbox', () => {
  it('gets a row for each new event, in the same write; none for a copy the server already has, none for a resend', async () => {
    const db = open();
    const mine = [clickEvent(2), clickEvent(1)];
    const serverCopy = clickEvent(3);
    await putEvents(db, [...mine, serverCopy], T0, (e) => e.id === serverCopy.id);
    await putEvents(db, mine);
    expect(await db.outbox.count()).toBe(2);
    expect(await readQueue(db, queue, null, 10)).toEqual(
      [mine[1], mine[0]].map((e) => ({ study: e!.study, participant: e!.participant, time: e!.time, id: e!.id })),
    );
    expect(await stateOf(db, serverCopy.id)).toBe(SyncState.synced);
    // A write that fails leaves neither the events nor their outbox rows.
    const failing = clickEvent(4);
    const original = db.outbox.bulkPut.bind(db.outbox);
    db.outbox.bulkPut = (() => Promise.reject(new Error('disk'))) as unknown as typeof db.outbox.bulkPut;
    await expect(putEvents(db, [failing])).rejects.toThrow();
    db.outbox.bulkPut = original;
    expect(await db.events.get(failing.id)).toBeUndefined();
  });

  it('reads a queue after a key, so events of one millisecond are each read once', async () => {
    const db = open();
    const burst = Array.from({ length: 7 }, () => clickEvent(5));
    await putEvents(db, [...burst, clickEvent(5, { participant: 'p-2' })]);
    const seen: string[] = [];
    let rows = await readQueue(db, queue, null, 3);
    while (rows.length > 0) {
      seen.push(...rows.map((r) => r.id));
      rows = await readQueue(db, queue, outboxKeyOf(rows.at(-1)!), 3);
    }
    expect(seen.sort()).toEqual(burst.map((e) => e.id).sort());
    expect(await countQueue(db, queue)).toBe(7);
  });

  it('settles an answer once: a second answer for the same events changes nothing and counts nothing', async () => {
    const db = open();
    const [a, b, c] = [clickEvent(1), clickEvent(2), clickEvent(3)];
    await putEvents(db, [a!, b!, c!]);
    const rows = (await db.events.bulkGet([a!.id, b!.id, c!.id])) as StoredEvent[];
    const answer = () =>
      db.transaction('rw', db.outbox, db.events, () => settle(db, rows.slice(0, 2), [{ event: rows[2]!, error: 'bad' }], 77));
    expect(await answer()).toEqual({ uploaded: 2, rejected: 1 });
    expect(await answer()).toEqual({ uploaded: 0, rejected: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.events.get(c!.id)).toMatchObject({ rejectedAt: 77, syncError: 'bad' });
    expect(toEvent((await db.events.get(c!.id))!)).toEqual(c);
    expect(await readRejections(db)).toEqual({ rejected: 1, lastRejection: 'bad' });
  });

  it('an event stored inside a batch’s stretch while the batch is in flight stays queued when the answer comes', async () => {
    const db = open();
    const [a, c] = [clickEvent(1), clickEvent(3)];
    await putEvents(db, [a!, c!]);
    const batch = (await db.events.bulkGet([a!.id, c!.id])) as StoredEvent[];
    const late = clickEvent(2); // logged before the answer, with a time between the batch's
    await putEvents(db, [late]);
    expect(await db.transaction('rw', db.outbox, () => settle(db, batch, [], 1))).toEqual({ uploaded: 2, rejected: 0 });
    expect((await readQueue(db, queue, null, 10)).map((r) => r.id)).toEqual([late.id]);
    // With nothing else in the stretch, the whole stretch goes at once.
    const rest = (await db.events.bulkGet([late.id])) as StoredEvent[];
    expect(await db.transaction('rw', db.outbox, () => settle(db, rest, [], 1))).toEqual({ uploaded: 1, rejected: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('reads the events of outbox rows by one range when they are close together, one by one when far apart', async () => {
    const db = open();
    const events = Array.from({ length: 30 }, (_, i) => clickEvent(100 + i, { participant: i % 3 === 0 ? 'p-1' : 'p-2' }));
    await putEvents(db, events);
    const ours = await readQueue(db, queue, null, 100); // every third id: the range holds twice as many others
    const dense = await readQueue(db, { study: 'study-1', participant: 'p-2' }, null, 100);
    for (const rows of [ours, dense, ours.slice(3, 4), []]) {
      expect((await eventsOf(db, rows)).map((e) => e?.id)).toEqual(rows.map((r) => r.id));
    }
    await db.events.delete(ours[1]!.id);
    expect((await eventsOf(db, ours)).map((e) => e?.id)).toEqual(ours.map((r, i) => (i === 1 ? undefined : r.id)));
  });

  it('prunes old synced events only: old pending and refused events stay, and so do v4 rows still waiting', async () => {
    const db = open();
    const day = 86_400_000;
    const now = T0 + 100 * day;
    const [oldSynced, oldPending, oldRefused, recent] = [
      clickEvent(now - 40 * day),
      clickEvent(now - 41 * day),
      clickEvent(now - 42 * day),
      clickEvent(now - day),
    ];
    await putEvents(db, [oldSynced!, oldPending!, oldRefused!, recent!]);
    const rows = (await db.events.bulkGet([oldSynced!.id, oldRefused!.id, recent!.id])) as StoredEvent[];
    await db.transaction('rw', db.outbox, db.events, () => settle(db, [rows[0]!, rows[2]!], [{ event: rows[1]!, error: 'bad' }], now));
    expect(await pruneSynced(db, 30, now)).toBe(1);
    expect((await db.events.toArray()).map((e) => e.id).sort()).toEqual([oldPending!.id, oldRefused!.id, recent!.id].sort());
    expect(await pruneSynced(db, 30, now)).toBe(0);
  });
});
