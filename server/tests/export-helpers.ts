import type { FwEvent } from '../../lib/events/schema';
import type { Sql } from '../db/sql';
import { insertEvents, MAX_BATCH_EVENTS } from '../ingest';

/** Stores rows straight into the database, past validation, as rows written under an older, looser schema are. */
export async function storeRows(sql: Sql, events: readonly FwEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += MAX_BATCH_EVENTS) await insertEvents(sql, events.slice(i, i + MAX_BATCH_EVENTS));
}
