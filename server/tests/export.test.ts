import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../lib/events/build';
import { validateEvent, type FwEvent } from '../../lib/events/schema';
import { CSV_COLUMNS } from '../../lib/export/csv';
import { BACKENDS, joinedSeller, post, useServer } from './harness';

describe.each(BACKENDS)('exports ($name)', (backend) => {
  const harness = useServer(backend);

  it('streams every format, each parsing and matching what was ingested', async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'Export study' });
    const ctx = (conversation: string | null) => ({ study: s.studyId, participant: s.joined.participant, conversation, role: 'seller' as const, condition: s.joined.condition, url: 'http://127.0.0.1/chat' });
    const t = 1_750_000_000_000;
    const conv = (id: string, offset: number): FwEvent[] => [
      makeEvent(ctx(id), 'Buyer', 'utter', { text: 'Hi, I need headphones for my dad' }, t + offset),
      makeEvent(ctx(id), 'Seller', 'select_act', { act: 'greet', via: 'keyboard' }, t + offset + 1),
      makeEvent(ctx(id), 'Seller', 'utter', { text: 'Hello! Who are they for?', acts: ['greet', 'ask_recipient'] }, t + offset + 2),
      makeEvent(ctx(id), 'Seller', 'search', { query: 'headphones', filters: { category: 'headphones' }, sort: 'relevance', page: 0 }, t + offset + 3),
      makeEvent(ctx(id), 'Catalog', 'results', { query: 'headphones', productIds: ['h1', 'h2'], total: 2, latencyMs: 0.4 }, t + offset + 4),
      makeEvent(ctx(id), 'Seller', 'hover', { target: 'result_image', productId: 'h1', dwellMs: 400 }, t + offset + 5),
      makeEvent(ctx(id), 'Buyer', 'utter', { text: 'My dad, =SUM(A1) "quotes", commas' }, t + offset + 6),
      makeEvent(ctx(id), 'Seller', 'share', { productIds: ['h1'], mode: 'II', from: 'search', message: 'This one?' }, t + offset + 7),
      makeEvent(ctx(id), 'Seller', 'utter', { text: 'How about these?', acts: ['recommend'] }, t + offset + 8),
      makeEvent(ctx(id), 'Seller', 'guess', { productId: 'h1' }, t + offset + 9),
      makeEvent(ctx(id), 'Buyer', 'confirm', { productId: 'h1', accepted: true }, t + offset + 10),
    ];
    const events = [...conv('conv-b', 0), ...conv('conv-a', 100), makeEvent(ctx(null), 'Page', 'scroll', { container: 'document', depthPct: 40, maxDepthPct: 40 }, t + 500)];
    expect((await post(`${h.url}/v1/events`, { events }, s.auth)).json).toMatchObject({ rejected: [] });
    const get = async (format: string) => {
      const res = await fetch(`${h.url}/v1/studies/${s.studyId}/export?format=${format}`, { headers: h.admin });
      expect(res.status).toBe(200);
      return { text: await res.text(), res };
    };

    const jsonl = await get('jsonl');
    const lines = jsonl.text.trim().split('\n').map((l) => JSON.parse(l) as FwEvent);
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
    expect(csv.data.find((r) => r.action === 'hover')).toMatchObject({ 'payload.productId': 'h1', 'payload.dwellMs': '400', agent: 'Seller' });
    expect(csv.data.find((r) => r.action === 'share')?.['payload.productIds']).toBe('["h1"]');

    const convs = JSON.parse((await get('conversations')).text) as { conversation: string; turns: { speaker: string; text: string; acts?: string[] }[]; turnCount: number; searches: { results?: string[] }[]; shares: unknown[]; hovers: unknown[]; guess: { productId: string } | null; outcome: { accepted: boolean } | null; condition: string }[];
    expect(convs.map((c) => c.conversation)).toEqual(['conv-a', 'conv-b']);
    const c = convs[0];
    expect(c?.turns.map((x) => x.speaker)).toEqual(['Buyer', 'Seller', 'Buyer', 'Seller']);
    expect(c?.turns[1]?.acts).toEqual(['greet', 'ask_recipient']);
    expect(c).toMatchObject({ turnCount: 2, guess: { productId: 'h1' }, outcome: { accepted: true }, condition: s.joined.condition });
    expect(c?.searches[0]?.results).toEqual(['h1', 'h2']);
    expect(c?.shares).toHaveLength(1);
    expect(c?.hovers).toHaveLength(1);

    const parlai = (await get('parlai')).text.trim().split('\n').map((l) => JSON.parse(l) as { dialog: { id: string; text: string }[][]; metadata: { conversation: string; accepted: boolean } });
    expect(parlai).toHaveLength(2);
    expect(parlai[0]?.dialog[0]?.map((u) => u.id)).toEqual(['Buyer', 'Seller', 'Buyer', 'Seller']);
    expect(parlai[0]?.dialog[0]?.[0]?.text).toBe('Hi, I need headphones for my dad');
    expect(parlai[0]?.metadata).toMatchObject({ conversation: 'conv-a', accepted: true });

    const star = JSON.parse((await get('star')).text) as { DialogueID: string; Events: { Agent: string; Action: string; Text?: string; ActionLabel?: string; Items?: string[]; TotalItems?: number; UnixTime: number }[] }[];
    expect(star[0]?.DialogueID).toBe('conv-a');
    const ev = star[0]?.Events ?? [];
    expect(ev.find((e) => e.Action === 'utter' && e.Agent === 'Wizard')).toMatchObject({ Text: 'Hello! Who are they for?', ActionLabel: 'greet+ask_recipient' });
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
    expect(text.trim().split('\n').map((l) => JSON.parse(l) as FwEvent)).toStrictEqual(events);
  });
});
