import type { FwEvent } from '../lib/events/schema';
import { buildConversation, toParlai, toStar } from '../lib/export/conversation';
import { csvLines, eventToCsvRow } from '../lib/export/csv';
import type { Sql } from './db/sql';

import { EXPORT_FILES, EXPORT_FORMATS, type ExportFormat } from '../lib/export/formats';

export { EXPORT_FILES, EXPORT_FORMATS, type ExportFormat };
const PAGE = 1_000;


const parse = (v: unknown): FwEvent => (typeof v === 'string' ? (JSON.parse(v) as FwEvent) : (v as FwEvent));

/** Every event of a study, oldest first (UUIDv7 ids sort by time), a page at a time: memory stays flat. */
export async function* studyEvents(sql: Sql, study: string): AsyncGenerator<FwEvent> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await sql.query<{ id: string; event: unknown }>('SELECT id, event FROM events WHERE study_id = $1 AND id > $2 ORDER BY id LIMIT $3', [study, after, PAGE]);
    for (const r of rows) yield parse(r.event);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.id;
  }
}

/** A study's conversations one at a time, each with its events in time order. */
export async function* studyConversations(sql: Sql, study: string): AsyncGenerator<FwEvent[]> {
  let key: [string, number, string] = ['', -1, '00000000-0000-0000-0000-000000000000'];
  let current: FwEvent[] = [];
  for (;;) {
    const rows = await sql.query<{ id: string; conversation: string; time: string | number; event: unknown }>(
      `SELECT id, conversation, time, event FROM events
       WHERE study_id = $1 AND conversation IS NOT NULL AND (conversation, time, id) > ($2, $3, $4::uuid)
       ORDER BY conversation, time, id LIMIT $5`,
      [study, key[0], key[1], key[2], PAGE],
    );
    for (const r of rows) {
      const e = parse(r.event);
      if (current.length && current[0]?.conversation !== e.conversation) {
        yield current;
        current = [];
      }
      current.push(e);
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    key = [last.conversation, Number(last.time), last.id];
  }
  if (current.length) yield current;
}

/** The export as chunks of text, produced as the database is read. */
export async function* exportChunks(sql: Sql, study: string, format: ExportFormat): AsyncGenerator<string> {
  if (format === 'jsonl' || format === 'csv') {
    if (format === 'csv') yield csvLines([], true);
    let batch: FwEvent[] = [];
    const flush = () => {
      const out = format === 'csv' ? csvLines(batch.map(eventToCsvRow)) : batch.map((e) => `${JSON.stringify(e)}\n`).join('');
      batch = [];
      return out;
    };
    for await (const e of studyEvents(sql, study)) {
      batch.push(e);
      if (batch.length >= PAGE) yield flush();
    }
    if (batch.length) yield flush();
    return;
  }
  const array = format !== 'parlai';
  if (array) yield '[\n';
  let first = true;
  for await (const events of studyConversations(sql, study)) {
    const rec = buildConversation(events);
    if (!rec) continue;
    const doc = format === 'parlai' ? toParlai(rec) : format === 'star' ? toStar(rec, events) : rec;
    yield array ? `${first ? '' : ',\n'}${JSON.stringify(doc)}` : `${JSON.stringify(doc)}\n`;
    first = false;
  }
  if (array) yield '\n]\n';
}
