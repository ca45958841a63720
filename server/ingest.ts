import { randomUUID } from 'node:crypto';
import { eventIdOf, validateEvent, type FwEvent } from '../lib/events/event-schema';
import type { Sql } from './db/sql';
import type { TokenOwner } from './studies';

export const MAX_BATCH_EVENTS = 1_000;
export const MAX_BATCH_BYTES = 1024 * 1024;

export interface IngestResult {
  accepted: string[];
  duplicates: string[];
  rejected: { index: number; id: string | null; error: string }[];
}

/** Why an event is not the token owner's to send: the field named, or null when it is. */
function notOwners(e: FwEvent, owner: TokenOwner): string | null {
  if (e.study !== owner.study) return `study: "${e.study}" is not the study of your ingest token`;
  if (e.participant !== owner.participant) return `participant: "${e.participant}" is not the owner of your ingest token`;
  if (e.role !== owner.role) return `role: "${e.role}" is not your role in this study (${owner.role})`;
  if (e.condition !== owner.condition) return `condition: "${e.condition}" is not your condition in this study (${owner.condition})`;
  return null;
}

/**
 * Stores a batch exactly once per event id within the study: invalid events and events that are not the token
 * owner's (study, participant, role, condition) are rejected with the reason and nothing of theirs is stored;
 * valid ones are stored exactly as sent, in one statement inside a transaction, so the answer comes only after the
 * batch is committed.
 */
export async function ingest(sql: Sql, owner: TokenOwner, events: readonly unknown[]): Promise<IngestResult> {
  const rejected: IngestResult['rejected'] = [];
  const valid: FwEvent[] = [];
  const seen = new Set<string>();
  events.forEach((input, index) => {
    const r = validateEvent(input);
    const id = eventIdOf(input);
    if (!r.ok) return rejected.push({ index, id, error: r.error });
    const forged = notOwners(r.event, owner);
    if (forged) return rejected.push({ index, id, error: forged });
    if (seen.has(r.event.id)) return; // the same event twice in one batch counts once
    seen.add(r.event.id);
    valid.push(r.event);
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

/**
 * Inserts events, once per (study, id); returns the ids that were new. Also used by the pilot chat, which stores its
 * copy of a message under the id the Seller's extension logs it with.
 *
 * A second copy of a stored event from the same participant and of the same action is merged, not dropped: payload
 * fields and the url that the stored copy lacks are added (the extension knows which suggested reply a message
 * used; the pilot room's copy does not), and what the stored copy has is kept.
 *
 * Rows are inserted in id order: two batches holding the same ids in opposite orders would otherwise lock them in
 * opposite orders and deadlock on PostgreSQL.
 *
 * The rows this statement stored are told from those it found by `insert_batch`, an id made for the statement that a
 * merge never changes (not by `xmax`, which PostgreSQL does not return from a partitioned table: docs/scaling.md).
 *
 * The batch goes to the database as one JSON array, expanded there: one parameter to send and parse, where one
 * array per column cost twice the time per event (each value quoted into an array literal and parsed back). The
 * answer is one row naming the new ids, not a row per event.
 */
export async function insertEvents(sql: Sql, events: readonly FwEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const [row] = await sql.query<{ fresh: string | null }>(
    `WITH ins AS (
       INSERT INTO events AS e (id, study_id, participant, conversation, time, agent, action, event, insert_batch)
       SELECT (j->>'id')::uuid, j->>'study', j->>'participant', j->>'conversation', (j->>'time')::bigint, j->>'agent', j->>'action', j, $2::uuid
       FROM jsonb_array_elements($1::jsonb) AS j
       ORDER BY 2, 1
       ON CONFLICT (study_id, id) DO UPDATE
         SET event = e.event || jsonb_build_object(
           'payload', (EXCLUDED.event -> 'payload') || (e.event -> 'payload'),
           'url', COALESCE(NULLIF(e.event -> 'url', 'null'::jsonb), EXCLUDED.event -> 'url'))
         WHERE e.participant = EXCLUDED.participant AND e.action = EXCLUDED.action
           AND ((EXCLUDED.event -> 'payload') || (e.event -> 'payload') IS DISTINCT FROM e.event -> 'payload'
                OR (e.event -> 'url' = 'null'::jsonb AND EXCLUDED.event -> 'url' <> 'null'::jsonb))
       RETURNING id, e.insert_batch = $2::uuid AS inserted)
     SELECT string_agg(id::text, ',') FILTER (WHERE inserted) AS fresh FROM ins`,
    [JSON.stringify(events), randomUUID()],
  );
  return row?.fresh ? row.fresh.split(',') : [];
}
