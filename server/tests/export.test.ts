import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../lib/events/build';
import { ACTIONS, validateEvent, type FwEvent } from '../../lib/events/event-schema';
import { CSV_COLUMNS } from '../../lib/export/csv';
import { EXPORT_FORMATS, type ExportFormat } from '../../lib/export/formats';
import { newId } from '../../lib/ids';
import { arbitraryEventOf } from '../../tests/unit/helpers/event-arbitrary';
import { conversationsOf, expectedCell, expectedParlai, expectedRecord, expectedStar } from '../../tests/unit/helpers/export-oracle';
import type { Sql } from '../db/sql';
import { createLogger } from '../log';
import { breakEventsFrom, isolatedBackend, repairEvents, storeEventsAndBreakPartWay, storeRows, wireGet } from './export-helpers';
import { BACKENDS, partitionedEvents, joinedSeller, post, useServer } from './harness';

/** Ten of the export's database pages and ten insert batches: every page boundary is crossed many times. */
const STORED_EVENTS = 10_000;
const CONVERSATION_COUNT = 8;
/** Every tenth event is outside any conversation (page events). */
const OUTSIDE_CONVERSATION_EVERY = 10;
const GENERATOR_SEED = 15;
/** Storing and exporting 10,000 events in five formats on a shared 2-core machine: seconds, with room to spare. */
const LARGE_EXPORT_TIMEOUT_MS = 60_000;
/** Rows the export reads from the database at a time (server/export.ts). */
const EXPORT_PAGE = 1_000;
/** A time no Date has (ECMAScript's range is ±8.64e15 ms); the event schema took such times before it was tightened. */
const PAST_DATE_RANGE_MS = 9e15;

/** Events of every action (generated, with odd text and free-form values), over several conversations, in time order. */
function manyEvents(study: string, participant: string): FwEvent[] {
  const perAction = Math.ceil(STORED_EVENTS / ACTIONS.length);
  const samples = ACTIONS.map((a, i) => fc.sample(arbitraryEventOf(a), { numRuns: perAction, seed: GENERATOR_SEED + i }));
  const t0 = 1_800_000_000_000;
  return Array.from({ length: STORED_EVENTS }, (_, i): FwEvent => {
    const e = samples[i % ACTIONS.length]?.[Math.floor(i / ACTIONS.length)] as FwEvent;
    const conversation = i % OUTSIDE_CONVERSATION_EVERY === OUTSIDE_CONVERSATION_EVERY - 1 ? null : `conv-${i % CONVERSATION_COUNT}`;
    return { ...e, id: newId(), study, participant, conversation, time: t0 + i };
  });
}

/** The study's events as the database holds them, oldest first. */
async function storedEvents(sql: Sql, study: string): Promise<FwEvent[]> {
  const rows = await sql.query<{ event: string }>('SELECT event::text AS event FROM events WHERE study_id = $1 ORDER BY id', [study]);
  return rows.map((r) => JSON.parse(r.event) as FwEvent);
}

const parseCsv = (text: string) => {
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', newline: '\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};
const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

describe.each([...BACKENDS, ...partitionedEvents('export')])('exports ($name)', (backend) => {
  const harness = useServer(backend);

  it('streams every format, each parsing and matching what was ingested', async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'Export study' });
    const ctx = (conversation: string | null) => ({
      study: s.studyId,
      participant: s.joined.participant,
      conversation,
      role: 'seller' as const,
      condition: s.joined.condition,
      url: 'http://127.0.0.1/chat',
    });
    const t = 1_750_000_000_000;
    const conv = (id: string, offset: number): FwEvent[] => [
      makeEvent(ctx(id), 'Buyer', 'utter', { text: 'Hi, I need headphones for my dad' }, t + offset),
      makeEvent(ctx(id), 'Seller', 'select_act', { act: 'greet', via: 'keyboard' }, t + offset + 1),
      makeEvent(ctx(id), 'Seller', 'utter', { text: 'Hello! Who are they for?', acts: ['greet', 'ask_recipient'] }, t + offset + 2),
      makeEvent(
        ctx(id),
        'Seller',
        'search',
        { query: 'headphones', filters: { category: 'headphones' }, sort: 'relevance', page: 0 },
        t + offset + 3,
      ),
      makeEvent(ctx(id), 'Catalog', 'results', { query: 'headphones', productIds: ['h1', 'h2'], total: 2, latencyMs: 0.4 }, t + offset + 4),
      makeEvent(ctx(id), 'Seller', 'hover', { target: 'result_image', productId: 'h1', dwellMs: 400 }, t + offset + 5),
      makeEvent(ctx(id), 'Buyer', 'utter', { text: 'My dad, =SUM(A1) "quotes", commas' }, t + offset + 6),
      makeEvent(ctx(id), 'Seller', 'share', { productIds: ['h1'], mode: 'II', from: 'search', message: 'This one?' }, t + offset + 7),
      makeEvent(ctx(id), 'Seller', 'utter', { text: 'How about these?', acts: ['recommend'] }, t + offset + 8),
      makeEvent(ctx(id), 'Seller', 'guess', { productId: 'h1' }, t + offset + 9),
      makeEvent(ctx(id), 'Buyer', 'confirm', { productId: 'h1', accepted: true }, t + offset + 10),
    ];
    const events = [
      ...conv('conv-b', 0),
      ...conv('conv-a', 100),
      makeEvent(ctx(null), 'Page', 'scroll', { container: 'document', depthPct: 40, maxDepthPct: 40 }, t + 500),
    ];
    expect((await post(`${h.url}/v1/events`, { events }, s.auth)).json).toMatchObject({ rejected: [] });
    const get = async (format: string) => {
      const res = await fetch(`${h.url}/v1/studies/${s.studyId}/export?format=${format}`, { headers: h.admin });
      expect(res.status).toBe(200);
      return { text: await res.text(), res };
    };

    const jsonl = await get('jsonl');
    const lines = jsonl.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as FwEvent);
    // Every event exactly as ingested, field for field (payloads included), oldest first by id.
    expect(lines).toStrictEqual([...events].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(lines.every((e) => validateEvent(e).ok)).toBe(true);
    expect(jsonl.res.headers.get('content-disposition')).toBe(`attachment; filename="${s.studyId}.jsonl"`);

    const csv = Papa.parse<Record<string, string>>((await get('csv')).text, { header: true, skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    expect(csv.meta.fields).toEqual([...CSV_COLUMNS]);
    expect(csv.data).toHaveLength(events.length);
    const tricky = csv.data.find((r) => r['payload.text']?.includes('SUM'));
    expect(tricky?.['payload.text']).toBe(`My dad, =SUM(A1) "quotes", commas`); // not at the start: left as is
    expect(csv.data.find((r) => r.action === 'hover')).toMatchObject({
      'payload.productId': 'h1',
      'payload.dwellMs': '400',
      agent: 'Seller',
    });
    expect(csv.data.find((r) => r.action === 'share')?.['payload.productIds']).toBe('["h1"]');

    const convs = JSON.parse((await get('conversations')).text) as {
      conversation: string;
      turns: { speaker: string; text: string; acts?: string[] }[];
      turnCount: number;
      searches: { results?: string[] }[];
      shares: unknown[];
      hovers: unknown[];
      guess: { productId: string } | null;
      outcome: { accepted: boolean } | null;
      condition: string;
    }[];
    expect(convs.map((c) => c.conversation)).toEqual(['conv-a', 'conv-b']);
    const c = convs[0];
    expect(c?.turns.map((x) => x.speaker)).toEqual(['Buyer', 'Seller', 'Buyer', 'Seller']);
    expect(c?.turns[1]?.acts).toEqual(['greet', 'ask_recipient']);
    expect(c).toMatchObject({ turnCount: 2, guess: { productId: 'h1' }, outcome: { accepted: true }, condition: s.joined.condition });
    expect(c?.searches[0]?.results).toEqual(['h1', 'h2']);
    expect(c?.shares).toHaveLength(1);
    expect(c?.hovers).toHaveLength(1);

    const parlai = (await get('parlai')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { dialog: { id: string; text: string }[][]; metadata: { conversation: string; accepted: boolean } });
    expect(parlai).toHaveLength(2);
    expect(parlai[0]?.dialog[0]?.map((u) => u.id)).toEqual(['Buyer', 'Seller', 'Buyer', 'Seller']);
    expect(parlai[0]?.dialog[0]?.[0]?.text).toBe('Hi, I need headphones for my dad');
    expect(parlai[0]?.metadata).toMatchObject({ conversation: 'conv-a', accepted: true });

    const star = JSON.parse((await get('star')).text) as {
      DialogueID: string;
      Events: {
        Agent: string;
        Action: string;
        Text?: string;
        ActionLabel?: string;
        Items?: string[];
        TotalItems?: number;
        UnixTime: number;
      }[];
    }[];
    expect(star[0]?.DialogueID).toBe('conv-a');
    const ev = star[0]?.Events ?? [];
    expect(ev.find((e) => e.Action === 'utter' && e.Agent === 'Wizard')).toMatchObject({
      Text: 'Hello! Who are they for?',
      ActionLabel: 'greet+ask_recipient',
    });
    expect(ev.find((e) => e.Action === 'return_item')).toMatchObject({ Agent: 'KnowledgeBase', Items: ['h1', 'h2'], TotalItems: 2 });
    expect(ev.every((e) => Number.isInteger(e.UnixTime))).toBe(true);

    expect((await fetch(`${h.url}/v1/studies/${s.studyId}/export?format=xml`, { headers: h.admin })).status).toBe(400);
    expect((await fetch(`${h.url}/v1/studies/${s.studyId}/export`, {})).status).toBe(401);
  });

  it('streams a large export page by page', async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'Big export' });
    const events = Array.from({ length: 2_500 }, (_, i) => s.event('click', {}, 1_750_000_000_000 + i));
    for (let i = 0; i < events.length; i += 1000) await post(`${h.url}/v1/events`, { events: events.slice(i, i + 1000) }, s.auth);
    const text = await (await fetch(`${h.url}/v1/studies/${s.studyId}/export?format=jsonl`, { headers: h.admin })).text();
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as FwEvent),
    ).toStrictEqual(events);
  });

  const exported = async (study: string, format: ExportFormat) => {
    const h = harness();
    const res = await fetch(`${h.url}/v1/studies/${study}/export?format=${format}`, { headers: h.admin });
    expect(res.status).toBe(200);
    return res.text();
  };

  it("exports a stored event whose time is past Date's range in every format, and everything after it", async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'Odd time' });
    const t = 1_800_000_000_000;
    const odd = s.event('utter', {}, PAST_DATE_RANGE_MS);
    const events = [
      s.event('utter', {}, t),
      odd,
      ...Array.from({ length: 3 }, (_, i) => s.event(i % 2 ? 'utter' : 'click', {}, t + i + 1)),
    ];
    await storeRows(h.server.sql, events);
    const stored = await storedEvents(h.server.sql, s.studyId);

    expect(jsonLines(await exported(s.studyId, 'jsonl'))).toEqual(stored);
    const [, ...rows] = parseCsv(await exported(s.studyId, 'csv'));
    expect(rows.map((r) => r[CSV_COLUMNS.indexOf('id')])).toEqual(stored.map((e) => e.id));
    // The raw time stays; the ISO column is empty: no date has that time.
    const oddRow = rows[stored.findIndex((e) => e.id === odd.id)];
    expect(oddRow?.[CSV_COLUMNS.indexOf('time')]).toBe(String(PAST_DATE_RANGE_MS));
    expect(oddRow?.[CSV_COLUMNS.indexOf('iso_time')]).toBe('');
    const [record] = JSON.parse(await exported(s.studyId, 'conversations')) as { events: number; endedAt: number }[];
    expect(record).toMatchObject({ events: events.length, endedAt: PAST_DATE_RANGE_MS });
    const [dialog] = JSON.parse(await exported(s.studyId, 'star')) as { Events: { UnixTime: number }[] }[];
    expect(dialog?.Events.at(-1)?.UnixTime).toBe(PAST_DATE_RANGE_MS / 1000);
    expect(jsonLines(await exported(s.studyId, 'parlai'))).toHaveLength(1);
  });

  it('pages a conversation by its stored times exactly, also past 2^53 where JavaScript numbers skip integers', async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'Huge times' });
    const t0 = 1_800_000_000_000;
    // One more than a page of the export's database reads, so the second page starts after the first one's last row.
    const events = Array.from({ length: EXPORT_PAGE + 1 }, (_, i) => s.event('click', {}, t0 + i));
    await storeRows(h.server.sql, events);
    // Times one apart from 2^53 + 2: the first page's last row has the time 2^53 + 1001, which no JavaScript number
    // holds (it would round to 2^53 + 1000, and the next page would start with that row again).
    await h.server.sql.query('UPDATE events SET time = $2::bigint + (time - $3::bigint) WHERE study_id = $1', [
      s.studyId,
      String(2n ** 53n + 2n),
      String(t0),
    ]);
    const [record] = JSON.parse(await exported(s.studyId, 'conversations')) as { events: number }[];
    expect(record?.events).toBe(events.length);
  });

  it(
    `exports ${STORED_EVENTS.toLocaleString('en-US')} events of every action: each format holds each stored event as its README section says`,
    async () => {
      const h = harness();
      const s = await joinedSeller(h, { name: 'Every event' });
      await storeRows(h.server.sql, manyEvents(s.studyId, s.joined.participant));
      const stored = await storedEvents(h.server.sql, s.studyId);
      expect(stored).toHaveLength(STORED_EVENTS);
      expect(new Set(stored.map((e) => e.action))).toEqual(new Set(ACTIONS));

      // Every format fetched before any is checked: checking 10,000 rows keeps the event loop busy for a while,
      // and a kept-alive connection the server closes meanwhile would fail the next request.
      const out: Partial<Record<ExportFormat, string>> = {};
      for (const format of EXPORT_FORMATS) out[format] = await exported(s.studyId, format);

      // JSONL: one line per stored event, each the stored event.
      expect(jsonLines(out.jsonl ?? '')).toEqual(stored);

      // CSV: one row per stored event (cells may hold line breaks), every cell the event's field.
      const [header, ...rows] = parseCsv(out.csv ?? '');
      expect(header).toEqual([...CSV_COLUMNS]);
      expect(rows).toHaveLength(STORED_EVENTS);
      expect(rows).toEqual(stored.map((e) => CSV_COLUMNS.map((c) => expectedCell(e, c))));

      // Conversation formats: one document per conversation, holding each of its events (compared by conversation:
      // PostgreSQL orders conversation ids by its collation).
      const conversations = conversationsOf(stored);
      const expectAll = <T>(docs: T[], id: (d: T) => unknown, expected: (evs: FwEvent[]) => T) => {
        expect(docs).toHaveLength(conversations.length);
        const got = new Map(docs.map((d) => [id(d), d]));
        for (const evs of conversations) expect(got.get(evs[0]?.conversation)).toEqual(expected(evs));
      };
      expectAll(JSON.parse(out.conversations ?? '') as ReturnType<typeof expectedRecord>[], (d) => d.conversation, expectedRecord);
      expectAll(jsonLines(out.parlai ?? '') as ReturnType<typeof expectedParlai>[], (d) => d.metadata.conversation, expectedParlai);
      expectAll(JSON.parse(out.star ?? '') as ReturnType<typeof expectedStar>[], (d) => d.DialogueID, expectedStar);
    },
    LARGE_EXPORT_TIMEOUT_MS,
  );
});

describe.each([...BACKENDS, ...partitionedEvents('export')])('an export the database fails part-way ($name)', (backend) => {
  const isolated = isolatedBackend(backend);
  const logged: Record<string, unknown>[] = [];
  const harness = useServer(
    isolated,
    {},
    { log: createLogger('error', (line) => logged.push(JSON.parse(line) as Record<string, unknown>)) },
  );

  it('is cut off without the last chunk in every format, after sending the start of the export, and logged with the study and the reason', async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'Storage fault' });
    await storeEventsAndBreakPartWay(h.server.sql, s.event);
    const url = (format: ExportFormat) => `${h.url}/v1/studies/${s.studyId}/export?format=${format}`;
    const cut: Partial<Record<ExportFormat, Buffer>> = {};
    for (const format of EXPORT_FORMATS) {
      const res = await wireGet(url(format), h.admin);
      expect({ format, status: res.status, encoding: res.headers['transfer-encoding'], complete: res.complete }).toEqual({
        format,
        status: 200,
        encoding: 'chunked',
        complete: false,
      });
      cut[format] = res.body;
    }
    expect(logged.filter((l) => l.msg === 'export failed')).toEqual(
      EXPORT_FORMATS.map((format) =>
        expect.objectContaining({ level: 'error', study: s.studyId, format, reason: expect.stringMatching(/simulated storage fault/) }),
      ),
    );

    // What arrived is the start of the export as it is when the database reads well, never anything else.
    await repairEvents(h.server.sql);
    for (const format of EXPORT_FORMATS) {
      const whole = await wireGet(url(format), h.admin);
      expect(whole.complete).toBe(true);
      const partial = cut[format] ?? Buffer.alloc(0);
      expect(partial.length, format).toBeGreaterThan(0);
      expect(partial.length, format).toBeLessThan(whole.body.length);
      expect(whole.body.subarray(0, partial.length).equals(partial), format).toBe(true);
    }
  });

  it('is cut off, never ended as an empty or header-only file, when the very first read fails', async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'Storage fault at once' });
    await storeRows(h.server.sql, [s.event('utter', {}, 0)]);
    await breakEventsFrom(h.server.sql, 0);
    try {
      for (const format of EXPORT_FORMATS) {
        const res = await wireGet(`${h.url}/v1/studies/${s.studyId}/export?format=${format}`, h.admin);
        expect({ format, status: res.status, complete: res.complete }).toEqual({ format, status: 200, complete: false });
      }
    } finally {
      await repairEvents(h.server.sql);
    }
  });
});
