import { fc, test } from '@fast-check/vitest';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ACTIONS, validateEvent, type FwEvent } from '../../lib/events/event-schema';
import { buildConversation, toParlai, toStar } from '../../lib/export/conversation';
import { CSV_COLUMNS, csvLines, eventToCsvRow } from '../../lib/export/csv';
import { EXPORT_FORMATS, renderExport, type ExportFormat } from '../../lib/export/formats';
import { toJsonLines } from '../../lib/export/jsonl';
import { streamExport } from '../../lib/export/stream';
import { arbitraryEvent, arbitraryEventOf, PAYLOAD_ARBITRARIES } from './helpers/event-arbitrary';
import { conversationsOf, expectedCell, expectedParlai, expectedRecord, expectedStar, uncoveredPayload } from './helpers/export-oracle';

/**
 * Property tests: events that pass validateEvent come back out of every export format exactly as stored (the
 * browser's options page and the server format with the same lib/export code), and no stored value, however odd,
 * makes a format throw. The expected outputs are written from docs/events-and-exports.md's format descriptions, not from the code.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Events with distinct ids (storage keys them by id). */
const events = (maxLength: number) => fc.uniqueArray(arbitraryEvent(), { selector: (e) => e.id, maxLength });

/** Events spread over a few conversations (ids with separators and emoji among them) and none. */
const CONVERSATIONS = ['conv-a', 'conv "b", 🙂\nline', null] as const;
const conversationEvents = fc
  .uniqueArray(fc.tuple(arbitraryEvent(), fc.constantFrom(...CONVERSATIONS)), { selector: ([e]) => e.id, maxLength: 30 })
  .map((pairs) => pairs.map(([e, conversation]): FwEvent => ({ ...e, conversation })));

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

const parseCsv = (text: string) => {
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', newline: '\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

describe('every export format gives back what was stored', () => {
  test.prop([arbitraryEvent()])('the generator makes only valid events', (e) => {
    expect(validateEvent(e)).toMatchObject({ ok: true });
  });

  test.prop([events(20)])('JSONL: one line per event, each deep-equal to the event', (evs) => {
    const out = lines(toJsonLines(evs)).map((l) => JSON.parse(l) as unknown);
    expect(out).toEqual(evs);
    expect(lines(renderExport('jsonl', evs)).map((l) => JSON.parse(l) as unknown)).toEqual(evs);
  });

  test.prop([events(20)])(
    'CSV: one row per event, every column the event field (formula guard applied), no field without a column',
    (evs) => {
      const [header, ...rows] = parseCsv(csvLines([], true) + csvLines(evs.map(eventToCsvRow)));
      expect(header).toEqual([...CSV_COLUMNS]);
      expect(rows).toHaveLength(evs.length);
      evs.forEach((e, i) => {
        expect(Object.fromEntries(CSV_COLUMNS.map((c, j) => [c, rows[i]?.[j]]))).toEqual(
          Object.fromEntries(CSV_COLUMNS.map((c) => [c, expectedCell(e, c)])),
        );
        expect(uncoveredPayload(e.payload, 'payload')).toEqual([]);
      });
      expect(parseCsv(renderExport('csv', evs))).toEqual(parseCsv(csvLines([], true) + csvLines(evs.map(eventToCsvRow))));
    },
  );

  test.prop([conversationEvents])('conversations: one record per conversation accounting for each of its events', (evs) => {
    const docs = JSON.parse(renderExport('conversations', evs)) as unknown;
    expect(docs).toEqual(conversationsOf(evs).map(expectedRecord));
  });

  test.prop([conversationEvents])('ParlAI: one line per conversation, every Buyer and Seller message a turn, in order', (evs) => {
    expect(lines(renderExport('parlai', evs)).map((l) => JSON.parse(l) as unknown)).toEqual(conversationsOf(evs).map(expectedParlai));
  });

  test.prop([conversationEvents])('STAR: one dialog per conversation, every dialog event in it with its fields', (evs) => {
    expect(JSON.parse(renderExport('star', evs))).toEqual(conversationsOf(evs).map(expectedStar));
  });

  test.prop([conversationEvents, fc.integer({ min: 1, max: 12 }), fc.constantFrom<ExportFormat>(...EXPORT_FORMATS)])(
    'the options page writes page by page exactly what rendering all events at once gives',
    async (evs, pageSize, format) => {
      const stored = [...evs].sort((a, b) => (a.id < b.id ? -1 : 1));
      const readPage = async (after: string | null) => {
        const start = after === null ? 0 : stored.findIndex((e) => e.id === after) + 1;
        return stored.slice(start, start + pageSize);
      };
      const out = await streamExport(format, readPage);
      expect(await new Blob(out.parts).text()).toBe(renderExport(format, stored));
      expect(out.events).toBe(stored.length);
    },
  );
});

// --- Totality: whatever a store holds ---------------------------------------------------------------------------

/** Every payload field name of every action. */
const PAYLOAD_KEYS = [
  ...new Set(
    Object.values(PAYLOAD_ARBITRARIES).flatMap((arb) =>
      fc.sample(arb as fc.Arbitrary<Json>, { numRuns: 30, seed: 1 }).flatMap(Object.keys),
    ),
  ),
];

/**
 * Stored rows that are not events of today's schema, as rows written under older, looser rules may be. The fields
 * the events table keeps in typed columns (id uuid, study, participant, conversation, agent and action text, time
 * bigint) hold any value of that type; every other field (schema, role, condition, url, the payload and each of
 * its fields) may be missing or hold any JSON value.
 */
const oddRow: fc.Arbitrary<Json> = fc
  .tuple(
    arbitraryEvent(),
    fc.record(
      {
        time: fc.maxSafeInteger(),
        study: fc.string(),
        participant: fc.string(),
        conversation: fc.option(fc.constantFrom('conv-a', 'conv-b', ''), { nil: null }),
        agent: fc.string(),
        action: fc.oneof(fc.constantFrom(...ACTIONS, 'constructor', '__proto__', 'toString'), fc.string()),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.constantFrom('schema', 'role', 'condition', 'url', 'payload'), fc.jsonValue({ maxDepth: 2 })),
    fc.dictionary(fc.constantFrom(...PAYLOAD_KEYS), fc.jsonValue({ maxDepth: 2 })),
    fc.array(fc.constantFrom(...PAYLOAD_KEYS, 'schema', 'role', 'condition', 'url', 'payload')),
  )
  .map(([e, columns, fields, payloadFields, missing]) => {
    const row: Json = { ...e, ...columns, ...fields };
    if (isObject(row.payload)) row.payload = { ...row.payload, ...payloadFields };
    for (const key of missing) {
      delete row[key];
      if (isObject(row.payload)) delete row.payload[key];
    }
    // As a store holds it: through JSON, as the arbitrary events are (no -0, no object without a prototype).
    return JSON.parse(JSON.stringify(row)) as Json;
  });

describe('no stored value makes an export fail', () => {
  it('a condition stored as an object whose toString is not a function (found by the property below)', () => {
    const [e] = fc.sample(arbitraryEventOf('utter'), { numRuns: 1, seed: 7 });
    const odd = { ...e, conversation: 'conv-a', condition: { toString: '' } } as unknown as FwEvent;
    for (const format of EXPORT_FORMATS) expect(() => renderExport(format, [odd]), format).not.toThrow();
    expect(JSON.parse(renderExport('conversations', [odd]))).toMatchObject([{ condition: '{"toString":""}' }]);
  });

  test.prop([fc.array(oddRow, { maxLength: 20 })])(
    'every format renders; JSONL and CSV keep one line or row per row, conversations count each of theirs',
    (rows) => {
      const evs = rows as unknown as FwEvent[];
      for (const format of EXPORT_FORMATS) expect(() => renderExport(format, evs), format).not.toThrow();
      expect(lines(renderExport('jsonl', evs)).map((l) => JSON.parse(l) as unknown)).toEqual(rows);
      const [, ...csvRows] = parseCsv(renderExport('csv', evs));
      expect(csvRows).toHaveLength(rows.length);
      expect(csvRows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
      expect(csvRows.map((r) => r[CSV_COLUMNS.indexOf('time')])).toEqual(evs.map((e) => expectedCell(e, 'time')));
      const records = JSON.parse(renderExport('conversations', evs)) as { events: number }[];
      expect(records.reduce((n, r) => n + r.events, 0)).toBe(rows.filter((r) => r.conversation).length);
    },
  );

  test.prop([fc.array(fc.oneof(oddRow, fc.jsonValue({ maxDepth: 2 })), { maxLength: 10 })])(
    'a row that is not even an object (the database keeps each event as any JSON value) still gets its CSV row and is counted in its conversation',
    (rows) => {
      const evs = rows as unknown as FwEvent[];
      expect(parseCsv(csvLines(evs.map(eventToCsvRow)))).toHaveLength(rows.length);
      const conversation = evs.map((e) => (isObject(e) ? { ...e, conversation: 'conv-a' } : e)) as FwEvent[];
      const record = buildConversation(conversation);
      if (record) expect(record.events).toBe(rows.length);
      expect(() => (record ? [toParlai(record), toStar(record, conversation)] : [])).not.toThrow();
    },
  );
});
