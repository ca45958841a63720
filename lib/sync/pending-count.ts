import Dexie from 'dexie';
import { SyncState, type FloorwalkerDb, type StoredEvent } from '../db/database';

/** Rows read per request when counting: large enough for few round trips, small enough to hold in a worker. */
export const PENDING_COUNT_CHUNK = 5_000;

/**
 * Counts pending events that `which` keeps, reading them in chunks with getAll in [syncState+time] order. A Dexie
 * filter walks a cursor one row per round trip: with a day's backlog (100,000 events) it took the worker tens of
 * seconds, on every refresh of the Study panel, while the uploader needed it. Events logged in the same millisecond
 * are counted once: the rows already seen at the last time read are skipped, and the next read asks for that many more.
 */
export async function countPending(db: FloorwalkerDb, which: (e: StoredEvent) => boolean, chunk = PENDING_COUNT_CHUNK): Promise<number> {
  let after: number | null = null;
  let seenAtAfter = new Set<string>();
  let n = 0;
  for (;;) {
    const limit = chunk + seenAtAfter.size;
    const rows: StoredEvent[] = await db.events
      .where('[syncState+time]')
      .between([SyncState.pending, after ?? Dexie.minKey], [SyncState.pending, Dexie.maxKey])
      .limit(limit)
      .toArray();
    for (const e of rows) {
      if (e.time === after && seenAtAfter.has(e.id)) continue;
      if (which(e)) n++;
      if (e.time !== after) [after, seenAtAfter] = [e.time, new Set()];
      seenAtAfter.add(e.id);
    }
    if (rows.length < limit) return n;
  }
}
