import type { FwEvent } from '../lib/events/event-schema';
import { buildConversation, toParlai, toStar } from '../lib/export/conversation';
import { csvLines, eventToCsvRow } from '../lib/export/csv';
import type { Sql } from './db/sql';

import { EXPORT_FILES, EXPORT_FORMATS, type ExportFormat } from '../lib/export/formats';

export { EXPORT_FILES, EXPORT_FORMATS, type ExportFormat };
const PAGE = 1_000;

/**
 * Events are read as JSON text and parsed here: jsonb comes back from the drivers already parsed, and a stored
 * JSON string would then look like text to parse again. Whatever the column holds, formatting takes it from here.
 */
const parse = (text: string): FwEvent => JSON.parse(text) as FwEvent;

/** Every event of a study, oldest first (UUIDv7 ids sort by time), a page at a time: memory stays flat. */
export async function* studyEvents(sql: Sql, study: string): AsyncGenerator<FwEvent> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await sql.query<{ id: string; event: string }>(
      'SELECT id, event::text AS event FROM events WHERE study_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [study, after, PAGE],
    );
    for (const r of rows) yield parse(r.event);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.id;
  }
}

/** A row of the conversation query: time and event as the database's text. */
interface ConversationRow {
  id: string;
  conversation: string;
  time: string;
  event: string;
}

/**
 * A study's conversations one at a time, each with its events in time order. Rows are grouped by the
 * conversation column they are ordered by, and the page key keeps `time` as the database's text: a bigint past
 * 2^53 would not survive a trip through a JavaScript number, and the next page would repeat or skip rows.
 */
export async function* studyConversations(sql: Sql, study: string): AsyncGenerator<FwEvent[]> {
  let key: [conversation: string, time: string, id: string] | null = null;
  let current: FwEvent[] = [];
  let currentConversation: string | null = null;
  for (;;) {
    const rows: ConversationRow[] = await sql.query<ConversationRow>(
      `SELECT id, conversation, time::text AS time, event::text AS event FROM events
       WHERE study_id = $1 AND conversation IS NOT NULL ${key ? 'AND (conversation, time, id) > ($3, $4::bigint, $5::uuid)' : ''}
       ORDER BY conversation, time, id LIMIT $2`,
      [study, PAGE, ...(key ?? [])],
    );
    for (const r of rows) {
      if (current.length && r.conversation !== currentConversation) {
        yield current;
        current = [];
      }
      currentConversation = r.conversation;
      current.push(parse(r.event));
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    key = [last.conversation, last.time, last.id];
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

/**
 * The export as a response body that either ends complete or fails visibly. Chunks are encoded as they are
 * pulled (the socket's pace sets the database's). If producing the export fails part-way (the database, a bug),
 * `onFailure` hears the reason and how many bytes were handed out, and the body errors: @hono/node-server then
 * destroys the socket, so a chunked response ends without its last chunk and every HTTP client sees a cut, never
 * a clean end. (hono/streaming's `stream()` would swallow the error and close the body as if the export were complete.)
 */
export function exportBody(
  chunks: AsyncGenerator<string>,
  onFailure: (error: unknown, bytesSent: number) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            const next = await chunks.next();
            if (next.done) return controller.close();
            // An empty chunk would be the chunked encoding's "that was all": only text goes out.
            if (!next.value) continue;
            const bytes = encoder.encode(next.value);
            sent += bytes.byteLength;
            return controller.enqueue(bytes);
          }
        } catch (e) {
          onFailure(e, sent);
          controller.error(e);
        }
      },
      // The client went away: stop reading the database.
      async cancel() {
        await chunks.return(undefined);
      },
    },
    // Produce a chunk only when the socket asks for one.
    { highWaterMark: 0 },
  );
}
