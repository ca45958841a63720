import type { FloorwalkerDb, StoredEvent, SyncStateValue } from '../../../lib/db/database';
import { withSyncStates } from '../../../lib/db/outbox';

/** Every stored event in one sync state (pending: in the outbox; rejected: refused; synced: neither), in time order. */
export async function eventsIn(db: FloorwalkerDb, state: SyncStateValue): Promise<StoredEvent[]> {
  const rows = await withSyncStates(db, await db.events.orderBy('time').toArray());
  return rows.filter((e) => e.syncState === state);
}

export const countIn = async (db: FloorwalkerDb, state: SyncStateValue): Promise<number> => (await eventsIn(db, state)).length;

/** One event's sync state, or undefined when it is not stored. */
export async function stateOf(db: FloorwalkerDb, id: string): Promise<SyncStateValue | undefined> {
  const row = await db.events.get(id);
  return row && (await withSyncStates(db, [row]))[0]?.syncState;
}
