import Dexie from 'dexie';
import type { FwEvent } from '../events/event-schema';
import { eventsByConversation } from '../events/group';
import { outboxRowOf, type FloorwalkerDb, type LegacySyncFields, type StoredEvent } from './database';
import { COACH_STATE_PREFIX } from '../coach/state';

/**
 * Stores events keyed by their client id: writing the same event twice leaves one copy. Each new event also gets an
 * outbox row, in the same transaction, which the uploader deletes when the server has it; events `onServer` says the
 * study server already has (copies of what it recorded itself) get none, so they are synced and never uploaded.
 */
export async function putEvents(
  db: FloorwalkerDb,
  events: readonly FwEvent[],
  now = Date.now(),
  onServer: (e: FwEvent) => boolean = () => false,
): Promise<string[]> {
  if (events.length === 0) return [];
  await db.transaction('rw', db.events, db.outbox, db.conversations, async () => {
    const ids = events.map((e) => e.id);
    const existing = await db.events.bulkGet(ids);
    // Keep the first stored copy (and its sync state); only new ids are written.
    const fresh = events.filter((_, i) => existing[i] === undefined);
    await db.events.bulkPut(fresh.map((e): StoredEvent => ({ ...e, storedAt: now })));
    await db.outbox.bulkPut(fresh.filter((e) => !onServer(e)).map(outboxRowOf));
    await touchConversations(db, fresh);
  });
  return events.map((e) => e.id);
}

async function touchConversations(db: FloorwalkerDb, events: readonly FwEvent[]): Promise<void> {
  for (const [id, list] of eventsByConversation(events)) {
    const first = list.reduce((a, b) => (a.time <= b.time ? a : b));
    const last = list.reduce((a, b) => (a.time >= b.time ? a : b));
    const row = await db.conversations.get(id);
    if (row) {
      await db.conversations.update(id, {
        startedAt: Math.min(row.startedAt, first.time),
        lastEventAt: Math.max(row.lastEventAt, last.time),
      });
    } else {
      await db.conversations.add({ id, study: first.study, startedAt: first.time, lastEventAt: last.time, url: first.url });
    }
  }
}

export interface EventQuery {
  action?: FwEvent['action'] | undefined;
  offset: number;
  limit: number;
}

export interface EventPage {
  events: StoredEvent[];
  total: number;
}

/** Newest first, optionally one action only. */
export async function listEvents(db: FloorwalkerDb, q: EventQuery): Promise<EventPage> {
  const collection = q.action
    ? db.events.where('[action+time]').between([q.action, Dexie.minKey], [q.action, Dexie.maxKey]).reverse()
    : db.events.orderBy('time').reverse();
  const [events, total] = await Promise.all([collection.clone().offset(q.offset).limit(q.limit).toArray(), collection.count()]);
  return { events, total };
}

/** Oldest first, keyset-paged by id (UUIDv7 ids sort by time), for exports that must not hold all events at once. */
export async function readEventsAfter(db: FloorwalkerDb, afterId: string | null, limit: number): Promise<StoredEvent[]> {
  const coll = afterId === null ? db.events.orderBy('id') : db.events.where('id').above(afterId);
  return coll.limit(limit).toArray();
}

/** All events, and those not yet uploaded (whoever's: events logged outside a study wait too). */
export async function countEvents(db: FloorwalkerDb): Promise<{ total: number; pending: number }> {
  const [total, pending] = await Promise.all([db.events.count(), db.outbox.count()]);
  return { total, pending };
}

/**
 * Deletes everything recorded about conversations and the people in them: events, conversations, Buyer profiles,
 * remembered Buyers and each conversation's coaching progress, in one transaction. Configuration stays (consent,
 * study, allowed and configured sites, the catalog) so the participant can go on. Returns how many events went.
 */
export async function deleteCollectedData(db: FloorwalkerDb): Promise<number> {
  return db.transaction('rw', [db.events, db.outbox, db.conversations, db.profiles, db.buyers, db.settings], async () => {
    const n = await db.events.count();
    await Promise.all([db.events.clear(), db.outbox.clear(), db.conversations.clear(), db.profiles.clear(), db.buyers.clear()]);
    await db.settings.where('key').startsWith(COACH_STATE_PREFIX).delete();
    return n;
  });
}

/** An event as the schema defines it: the store's bookkeeping (sync state, times, errors, v4's fields) left out. */
export function toEvent(row: StoredEvent): FwEvent {
  const { syncState: _a, storedAt: _b, syncedAt: _c, syncError: _d, rejectedAt: _e, ...event } = row as StoredEvent & LegacySyncFields;
  return event as FwEvent;
}

/** The Seller's own messages labeled with an act, newest first (what suggested replies are drawn from). */
export async function pastSellerMessages(db: FloorwalkerDb, act: string, limit: number): Promise<{ id: string; text: string }[]> {
  const rows = await db.events
    .where('[action+time]')
    .between(['utter', Dexie.minKey], ['utter', Dexie.maxKey])
    .reverse()
    .filter((e) => e.action === 'utter' && e.agent === 'Seller' && (e.payload.acts ?? []).includes(act))
    .limit(limit)
    .toArray();
  return rows.flatMap((e) => (e.action === 'utter' ? [{ id: e.id, text: e.payload.text }] : []));
}
