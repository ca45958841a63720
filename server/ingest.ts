import { eventIdOf, validateEvent, type FwEvent } from '../lib/events/schema';
import type { Sql } from './db/sql';
import type { TokenOwner } from './studies';

export const MAX_BATCH_EVENTS = 1_000;
export const MAX_BATCH_BYTES = 1024 * 1024;

export interface IngestResult {
  accepted: string[];
  duplicates: string[];
  rejected: { index: number; id: string | null; error: string }[];
}

/**
 * Stores a batch exactly once per event id: invalid events and events that are not the token owner's are
 * rejected with the reason and nothing of theirs is stored; valid ones are inserted in one statement that skips
 * ids already present, inside a transaction, so the answer comes only after the batch is committed.
 */
export async function ingest(sql: Sql, owner: TokenOwner, events: readonly unknown[]): Promise<IngestResult> {
  const rejected: IngestResult['rejected'] = [];
  const valid: FwEvent[] = [];
  const seen = new Set<string>();
  events.forEach((input, index) => {
    const r = validateEvent(input);
    const id = eventIdOf(input);
    if (!r.ok) return rejected.push({ index, id, error: r.error });
    const e = r.event;
    if (e.study !== owner.study) return rejected.push({ index, id, error: `study: "${e.study}" is not the study of your ingest token` });
    if (e.participant !== owner.participant) return rejected.push({ index, id, error: `participant: "${e.participant}" is not the owner of your ingest token` });
    if (seen.has(e.id)) return; // the same event twice in one batch counts once
    seen.add(e.id);
    valid.push(e);
  });
  if (valid.length === 0) return { accepted: [], duplicates: [], rejected };
  const inserted = await sql.transaction((tx) => insertEvents(tx, valid));
  const fresh = new Set(inserted);
  return {
    accepted: valid.filter((e) => fresh.has(e.id)).map((e) => e.id),
    duplicates: valid.filter((e) => !fresh.has(e.id)).map((e) => e.id),
    rejected,
  };
}

/** Inserts events, skipping ids already stored; returns the ids that were new. Also used by the pilot chat. */
export async function insertEvents(sql: Sql, events: readonly FwEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await sql.query<{ id: string }>(
    `INSERT INTO events (id, study_id, participant, conversation, time, agent, action, event)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::jsonb[])
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      events.map((e) => e.id),
      events.map((e) => e.study),
      events.map((e) => e.participant),
      events.map((e) => e.conversation),
      events.map((e) => e.time),
      events.map((e) => e.agent),
      events.map((e) => e.action),
      events.map((e) => JSON.stringify(e)),
    ],
  );
  return rows.map((r) => r.id);
}
