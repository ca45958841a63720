import Dexie, { cmp } from 'dexie';
import {
  SyncState,
  outboxKeyOf,
  type FloorwalkerDb,
  type OutboxKey,
  type OutboxRow,
  type StoredEvent,
  type SyncStateValue,
} from './database';

/*
 * The outbox: one small row per event waiting for upload, keyed [study, participant, time, id], so one participant's
 * queue is one key range in time order and needs no index. Marking an event uploaded deletes its row; the event row,
 * with its five index entries, is written once, when it is stored.
 */

/** Whose queue: the study and participant an upload goes to. */
export interface Queue {
  study: string;
  participant: string;
}

/** The key range of one queue, after `after` (exclusive) when given. */
function queueRange(db: FloorwalkerDb, q: Queue, after: OutboxKey | null) {
  const lower: unknown[] = after ?? [q.study, q.participant];
  return db.outbox.where(':id').between(lower, [q.study, q.participant, Dexie.maxKey], after === null, true);
}

/** How many events of this queue wait for upload: a count of one key range. */
export function countQueue(db: FloorwalkerDb, q: Queue): Promise<number> {
  return queueRange(db, q, null).count();
}

/** Up to `limit` outbox rows of this queue after `after`, oldest first (one getAll). */
export function readQueue(db: FloorwalkerDb, q: Queue, after: OutboxKey | null, limit: number): Promise<OutboxRow[]> {
  return queueRange(db, q, after).limit(limit).toArray();
}

/** The ids, of these events, still waiting in the outbox. */
export async function stillPending(db: FloorwalkerDb, events: readonly StoredEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await db.outbox.bulkGet(events.map(outboxKeyOf));
  return new Set(rows.flatMap((r) => (r ? [r.id] : [])));
}

/** An event's sync state from its row and whether it is in the outbox. */
export function syncStateOf(row: StoredEvent, pending: boolean): SyncStateValue {
  if (pending) return SyncState.pending;
  return row.rejectedAt === undefined ? SyncState.synced : SyncState.rejected;
}

/** Stored events with their sync state, for showing or checking them. */
export async function withSyncStates(
  db: FloorwalkerDb,
  rows: readonly StoredEvent[],
): Promise<(StoredEvent & { syncState: SyncStateValue })[]> {
  const pending = await stillPending(db, rows);
  return rows.map((e) => ({ ...e, syncState: syncStateOf(e, pending.has(e.id)) }));
}

/** The lowest and highest of some keys (IndexedDB order). */
function bounds<K extends string | OutboxKey>(keys: readonly K[]): [K, K] | null {
  const [first] = keys;
  if (first === undefined) return null;
  let lo: K = first;
  let hi: K = first;
  for (const k of keys) {
    if (cmp(k, lo) < 0) lo = k;
    if (cmp(k, hi) > 0) hi = k;
  }
  return [lo, hi];
}

/**
 * A batch's ids span a key range holding few other events when the batch was cut from a backlog (ids are UUIDv7, in
 * time order): then one getAll of the range beats a get per id. Past this many rows in the range per id asked, the
 * events are read one get each.
 */
export const RANGE_READ_MAX_SPREAD = 2;

/** The events of these outbox rows, in their order (undefined where an event is gone). */
export async function eventsOf(db: FloorwalkerDb, rows: readonly OutboxRow[]): Promise<(StoredEvent | undefined)[]> {
  const ids = rows.map((r) => r.id);
  const span = bounds(ids);
  if (!span) return [];
  const range = () => db.events.where(':id').between(span[0], span[1], true, true);
  if ((await range().count()) > ids.length * RANGE_READ_MAX_SPREAD) return db.events.bulkGet(ids);
  const byId = new Map((await range().toArray()).map((e) => [e.id, e]));
  return ids.map((id) => byId.get(id));
}

/**
 * Takes events out of the outbox, in the caller's transaction: `done` the server has, `refused` it will never take
 * (kept with the reason, not resent). Only events still in the outbox count, so an event answered twice (a control
 * sent again, a request delivered twice) is counted once and an event deleted meanwhile stays deleted.
 *
 * A batch is a stretch of one queue, so its outbox rows are read as keys in one range read, and deleted with one
 * range delete when nothing else lies in that stretch (else one delete each): no request per event.
 */
export async function settle(
  db: FloorwalkerDb,
  done: readonly StoredEvent[],
  refused: readonly { event: StoredEvent; error: string }[],
  at: number,
): Promise<{ uploaded: number; rejected: number }> {
  const span = bounds([...done, ...refused.map((r) => r.event)].map(outboxKeyOf));
  if (!span) return { uploaded: 0, rejected: 0 };
  const range = () => db.outbox.where(':id').between(span[0], span[1], true, true);
  const inRange = await range().primaryKeys();
  const pending = new Set(inRange.map((k) => k[3]));
  // Taking an id out of `pending` as it is settled counts an event named twice in one answer once.
  const take = (e: StoredEvent) => pending.delete(e.id);
  const doneKeys = done.filter(take).map(outboxKeyOf);
  const set = refused.filter((r) => take(r.event));
  // Whatever is left in `pending` lies in the stretch but was not answered for: it stays.
  if (pending.size === 0) await range().delete();
  else await db.outbox.bulkDelete([...doneKeys, ...set.map((r) => outboxKeyOf(r.event))]);
  if (set.length > 0) await db.events.bulkUpdate(set.map((r) => ({ key: r.event.id, changes: { rejectedAt: at, syncError: r.error } })));
  return { uploaded: doneKeys.length, rejected: set.length };
}

/** How many events the server refused, and the latest refusal's reason (the `rejectedAt` index holds only those). */
export async function readRejections(db: FloorwalkerDb): Promise<{ rejected: number; lastRejection: string | null }> {
  const [rejected, latest] = await Promise.all([db.events.orderBy('rejectedAt').count(), db.events.orderBy('rejectedAt').last()]);
  return { rejected, lastRejection: latest?.syncError ?? null };
}
