import Papa from 'papaparse';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../lib/events/build';
import { studyReport } from '../../lib/analysis/study-report';
import { studyConversations } from '../../lib/analysis/conversations';
import { reportFiles } from '../../lib/report/files';
import { REPORT_PAGE } from '../../lib/report/html';
import { readExport } from '../../lib/report/read-export';
import { knownStudyEvents } from './helpers/study-export';

/**
 * Every number of every table and figure of the report, from an export whose values are worked out by hand (see
 * helpers/study-export.ts for the conversations). Rows are as the CSV files hold them; rates to 6 decimals.
 *
 * Bootstrap bounds are exact here too: with n ≤ 3 conversations, the smallest and largest values each come out as
 * the resample median with probability ≥ 1/4 (e.g. {0, 1, 5}: the median is 0 when two draws of three are 0, 7/27),
 * far above the 2.5 % tail, so the 95 % bounds of 2,000 seeded resamples are the smallest and largest value a
 * median can take: {0, 4} → [0, 4]; {0, 1, 5} → [0, 5]; {1, 1, 5} → [1, 5]; a single value or all equal → that value.
 */
const EXPECTED: Record<string, string[][]> = {
  'figure-3-seller-hover.csv': [
    ['priming', 'turn', 'conversations', 'with_hover', 'mean', 'median', 'low_95', 'high_95'],
    // A: c1 [2, 0, 0] (its 3 hovers after the last turn are in none), c2 [2, 4, 1] (2 of turn 2's on a shop page).
    ['A', '1', '2', '2', '2', '2', '2', '2'],
    ['A', '2', '2', '1', '2', '2', '0', '4'],
    ['A', '3', '2', '1', '0.5', '0.5', '0', '1'],
    // B (sharing and voice pooled): c3 [0, 1, 5], c4 [1, 1, 1], c5 [5, 5].
    ['B', '1', '3', '2', '2', '1', '0', '5'],
    ['B', '2', '3', '3', '2.333333', '1', '1', '5'],
    ['B', '3', '2', '2', '3', '3', '1', '5'],
    // C: c6 hovered only pictures that name no product.
    ...[1, 2, 3, 4, 5].map((t) => ['C', String(t), '1', '0', '0', '0', '0', '0']),
  ],
  'buyer-hover.csv': [
    ['priming', 'turn', 'conversations', 'with_hover', 'mean', 'median', 'low_95', 'high_95'],
    ...[1, 2, 3].map((t) => ['A', String(t), '2', '0', '0', '0', '0', '0']),
    ['B', '1', '3', '0', '0', '0', '0', '0'],
    // c3's Buyer hovered a shared card once in turn 2: {1, 0, 0} → median 0, [0, 1].
    ['B', '2', '3', '1', '0.333333', '0', '0', '1'],
    ['B', '3', '2', '0', '0', '0', '0', '0'],
    ['C', '1', '1', '1', '3', '3', '3', '3'],
    ...[2, 3, 4, 5].map((t) => ['C', String(t), '1', '0', '0', '0', '0', '0']),
  ],
  'act-frequency.csv': [
    ['condition', 'act', 'messages', 'seller_messages', 'share'],
    ['B.IIIc', 'ask_features', '1', '2', '0.5'],
    ['B.IIIc', 'recommend', '1', '2', '0.5'],
    // c3: greet, ask_use, recommend + ask_budget, recommend.
    ['B.IIc', 'greet', '1', '4', '0.25'],
    ['B.IIc', 'ask_use', '1', '4', '0.25'],
    ['B.IIc', 'ask_budget', '1', '4', '0.25'],
    ['B.IIc', 'recommend', '2', '4', '0.5'],
    ['B.IIc+v', 'ask_recipient', '1', '3', '0.333333'],
    ['B.IIc+v', 'ask_use', '1', '3', '0.333333'],
    ['B.IIc+v', 'recommend', '1', '3', '0.333333'],
  ],
  'turns-by-category.csv': [
    ['condition', 'category', 'conversations', 'mean_turns'],
    ['A.Iu', 'lego', '2', '2.5'], // c1 3 turns, c2 2 (its unanswered last message is no exchange)
    ['B.IIIc', 'headphones', '1', '2'],
    ['B.IIc', 'books', '1', '3'],
    ['B.IIc+v', 'books', '1', '3'],
    ['C.IIu', 'unknown', '1', '5'],
  ],
  'turns-per-conversation.csv': [
    ['condition', 'turns', 'from', 'to', 'conversations'],
    // Every length from the shortest (2 turns) to the longest (5), one bin each, empty bins included.
    ['A.Iu', '2', '2', '2', '1'],
    ['A.Iu', '3', '3', '3', '1'],
    ['A.Iu', '4', '4', '4', '0'],
    ['A.Iu', '5', '5', '5', '0'],
    ['B.IIIc', '2', '2', '2', '1'],
    ['B.IIIc', '3', '3', '3', '0'],
    ['B.IIIc', '4', '4', '4', '0'],
    ['B.IIIc', '5', '5', '5', '0'],
    ['B.IIc', '2', '2', '2', '0'],
    ['B.IIc', '3', '3', '3', '1'],
    ['B.IIc', '4', '4', '4', '0'],
    ['B.IIc', '5', '5', '5', '0'],
    ['B.IIc+v', '2', '2', '2', '0'],
    ['B.IIc+v', '3', '3', '3', '1'],
    ['B.IIc+v', '4', '4', '4', '0'],
    ['B.IIc+v', '5', '5', '5', '0'],
    ['C.IIu', '2', '2', '2', '0'],
    ['C.IIu', '3', '3', '3', '0'],
    ['C.IIu', '4', '4', '4', '0'],
    ['C.IIu', '5', '5', '5', '1'],
  ],
  'words-per-message.csv': [
    ['role', 'condition', 'voice', 'messages', 'words', 'mean_words'],
    ['Buyer', 'A.Iu', 'typed', '6', '21', '3.5'], // 5 3 3 | 4 5 1
    ['Buyer', 'B.IIIc', 'typed', '2', '4', '2'], // 3 1
    ['Buyer', 'B.IIc', 'typed', '3', '14', '4.666667'], // 5 5 4
    ['Buyer', 'B.IIc', 'voice', '3', '10', '3.333333'], // 7 1 2
    ['Buyer', 'C.IIu', 'typed', '5', '7', '1.4'], // 3 1 1 1 1
    ['Seller', 'A.Iu', 'typed', '5', '19', '3.8'], // 3 3 5 | 4 4
    ['Seller', 'B.IIIc', 'typed', '2', '6', '3'], // 3 3
    ['Seller', 'B.IIc', 'typed', '4', '14', '3.5'], // 2 6 4 2
    ['Seller', 'B.IIc', 'voice', '3', '12', '4'], // 4 4 4 (typed, in a voice conversation)
    ['Seller', 'C.IIu', 'typed', '5', '10', '2'], // 3 2 1 2 2
  ],
  'share-modes.csv': [
    ['condition', 'mode', 'shares', 'products', 'conversations_with', 'conversations', 'shares_per_conversation'],
    ['A.Iu', 'I', '1', '1', '1', '2', '0.5'],
    ['B.IIIc', 'II', '1', '1', '1', '1', '1'],
    ['B.IIIc', 'III', '1', '3', '1', '1', '1'],
    ['B.IIc', 'II', '2', '2', '1', '1', '2'],
  ],
  'guess-outcomes.csv': [
    ['condition', 'conversations', 'guesses', 'accepted', 'rejected', 'unanswered', 'no_guess', 'success_rate', 'acceptance_rate'],
    ['A.Iu', '2', '3', '2', '0', '0', '0', '1', '1'], // c1 accepted; c2 rejected, then accepted
    ['B.IIIc', '1', '0', '0', '0', '0', '1', '0', '0'],
    ['B.IIc', '1', '1', '0', '1', '0', '0', '0', '0'],
    ['B.IIc+v', '1', '1', '0', '0', '1', '0', '0', '0'],
    ['C.IIu', '1', '2', '0', '0', '1', '0', '0', '0'], // rejected, then a Guess not answered
  ],
  'suggestion-use.csv': [
    ['condition', 'seller_messages', 'as_is', 'edited', 'as_is_share', 'used_share', 'conversations', 'mean_f', 'f_zero'],
    ['A.Iu', '5', '0', '0', '0', '0', '2', '0', '2'],
    ['B.IIIc', '2', '0', '0', '0', '0', '1', '0', '1'],
    ['B.IIc', '4', '1', '1', '0.25', '0.5', '1', '0.25', '0'],
    ['B.IIc+v', '3', '2', '0', '0.666667', '0.666667', '1', '0.666667', '0'],
    ['C.IIu', '5', '0', '0', '0', '0', '1', '0', '1'],
  ],
  'preference-confirmation.csv': [
    ['slot', 'suggested', 'confirmed', 'edited', 'removed', 'pending', 'added', 'reused', 'dismissed', 'confirmation_rate', 'kept_rate'],
    ['budget', '1', '1', '0', '0', '0', '0', '0', '1', '1', '1'], // c3's budget read twice, confirmed; c4 dismissed an earlier one
    ['brand', '1', '0', '1', '0', '0', '0', '1', '0', '0', '1'], // c3 edited; c4 reused an earlier one
    ['recipient', '1', '1', '0', '0', '0', '0', '0', '0', '1', '1'],
    ['use', '1', '0', '0', '1', '0', '0', '0', '0', '0', '0'],
    ['feature', '1', '0', '0', '1', '0', '0', '0', '0', '0', '0'], // confirmed, then removed: the last act counts
    ['owned', '1', '0', '0', '0', '1', '1', '0', '0', '0', '0'], // c5's pending; c3's Seller added one
    ['all', '6', '2', '1', '2', '1', '1', '1', '1', '0.333333', '0.5'],
  ],
};

/** The figures' points as their SVG markup carries them. */
const LINE_POINT =
  /<circle [^>]*data-series="([^"]*)" data-x="([^"]*)" data-y="([^"]*)" data-low="([^"]*)" data-high="([^"]*)" data-n="([^"]*)"/g;
const BAR = /<rect [^>]*data-group="([^"]*)" data-series="([^"]*)" data-value="([^"]*)" data-n="([^"]*)"/g;
const round6 = (s: string) => String(Math.round(Number(s) * 1e6) / 1e6);

/** The events of the known export, plus what a reader must leave out or count once. */
function exportEvents() {
  const events = knownStudyEvents();
  const outside = makeEvent(
    { study: 'st-test', participant: 'x', conversation: null, role: 'seller', condition: 'B.IIc', url: null },
    'Page',
    'hover',
    { target: 'product_image', productId: 'p1', dwellMs: 400 },
    Date.UTC(2025, 5, 2),
  );
  const aHover = events.find((e) => e.action === 'hover' && e.conversation === 'c3');
  if (!aHover) throw new Error('fixture has no c3 hover');
  // A hover outside any conversation, and one of c3's given twice (a browser's and the server's export read together).
  return [...events, outside, aHover];
}

describe('study report from an export with known values', () => {
  const files = new Map(reportFiles(studyReport(exportEvents()), { source: 'known.jsonl', invalid: 1 }).map((f) => [f.name, f.text]));

  it('numbers every turn as the paper does and finds each category', () => {
    const convs = studyConversations(exportEvents());
    expect(convs.map((c) => [c.id, c.condition, c.baseCondition, c.category, c.turnCount, c.turnsReached])).toEqual([
      ['c1', 'A.Iu', 'A.Iu', 'lego', 3, 3],
      ['c2', 'A.Iu', 'A.Iu', 'lego', 2, 3],
      ['c3', 'B.IIc', 'B.IIc', 'books', 3, 3],
      ['c4', 'B.IIc+v', 'B.IIc', 'books', 3, 3],
      ['c5', 'B.IIIc', 'B.IIIc', 'headphones', 2, 2],
      ['c6', 'C.IIu', 'C.IIu', null, 5, 5],
    ]);
  });

  it.each(Object.keys(EXPECTED))('%s holds every expected row and number', (name) => {
    const text = files.get(name);
    expect(text, name).toBeDefined();
    const rows = Papa.parse<string[]>(text ?? '', { skipEmptyLines: true }).data;
    expect(rows).toEqual(EXPECTED[name]);
  });

  it.each([
    ['figure-3-seller-hover.svg', 'figure-3-seller-hover.csv'],
    ['buyer-hover.svg', 'buyer-hover.csv'],
  ])('%s draws every point of its table: median, bounds and n', (svgName, csvName) => {
    const svg = files.get(svgName) ?? '';
    const drawn = [...svg.matchAll(LINE_POINT)].map((m) => [m[1], m[2], m[6], round6(m[3] ?? ''), round6(m[4] ?? ''), round6(m[5] ?? '')]);
    const table = (EXPECTED[csvName] ?? []).slice(1).map((r) => [r[0], r[1], r[2], r[5], r[6], r[7]]);
    expect(drawn).toEqual(table);
    // The lines and bands are there too: one group per priming with conversations (none in D).
    expect([...svg.matchAll(/<g class="series" data-series="(\w)"/g)].map((m) => m[1])).toEqual(['A', 'B', 'C']);
    expect(svg.match(/<polygon /g)?.length).toBe(3);
  });

  it('draws mean turns per category and words per message as bars with their values and n', () => {
    const bars = (name: string) => [...(files.get(name) ?? '').matchAll(BAR)].map((m) => [m[1], m[2], round6(m[3] ?? ''), m[4]]);
    expect(bars('turns-by-category.svg')).toEqual([
      ['books', 'B.IIc', '3', '1'],
      ['books', 'B.IIc+v', '3', '1'],
      ['headphones', 'B.IIIc', '2', '1'],
      ['lego', 'A.Iu', '2.5', '2'],
      ['unknown', 'C.IIu', '5', '1'],
    ]);
    // The histogram: a bar per bin stacked by condition, each segment the conversations of that length.
    expect(bars('turns-per-conversation.svg')).toEqual([
      ['2', 'A.Iu', '1', '1'],
      ['2', 'B.IIIc', '1', '1'],
      ['3', 'A.Iu', '1', '1'],
      ['3', 'B.IIc', '1', '1'],
      ['3', 'B.IIc+v', '1', '1'],
      ['5', 'C.IIu', '1', '1'],
    ]);
    expect(bars('words-per-message.svg')).toEqual([
      ['Buyer, typed', 'A.Iu', '3.5', '6'],
      ['Buyer, typed', 'B.IIIc', '2', '2'],
      ['Buyer, typed', 'B.IIc', '4.666667', '3'],
      ['Buyer, typed', 'C.IIu', '1.4', '5'],
      ['Buyer, voice', 'B.IIc', '3.333333', '3'],
      ['Seller, typed', 'A.Iu', '3.8', '5'],
      ['Seller, typed', 'B.IIIc', '3', '2'],
      ['Seller, typed', 'B.IIc', '3.5', '4'],
      ['Seller, typed', 'C.IIu', '2', '5'],
      ['Seller, voice', 'B.IIc', '4', '3'],
    ]);
  });

  it('writes one HTML page that shows every figure and table and links every file', () => {
    const html = files.get(REPORT_PAGE) ?? '';
    // 111 events in the six conversations (15 + 17 + 25 + 17 + 18 + 19), one outside them; the repeat counts once.
    expect(knownStudyEvents()).toHaveLength(111);
    expect(html).toContain('<p>known.jsonl: 112 events, 6 conversations; 1 line was not a valid event and was left out.</p>');
    const names = [...files.keys()].filter((n) => n !== REPORT_PAGE);
    expect(names).toHaveLength(15);
    for (const name of names) expect(html, name).toContain(`href="${name}"`);
    for (const svg of names.filter((n) => n.endsWith('.svg'))) expect(html).toContain(`<img src="${svg}"`);
    // Each table on the page, numbers to 3 decimals.
    expect(html.match(/<table>/g)).toHaveLength(10);
    expect(html).toContain('<tr><td>B</td><td>2</td><td>3</td><td>3</td><td>2.333</td><td>1</td><td>1</td><td>5</td></tr>');
    expect(html).toContain(
      '<tr><td>all</td><td>6</td><td>2</td><td>1</td><td>2</td><td>1</td><td>1</td><td>1</td><td>1</td><td>0.333</td><td>0.5</td></tr>',
    );
  });

  it('reads the same events from events.jsonl and from the options page ZIP, counting lines that are not events', () => {
    const events = exportEvents();
    const jsonl = `${events.map((e) => JSON.stringify(e)).join('\n')}\n{"not": "an event"}\nnot json\n`;
    const fromText = readExport(strToU8(jsonl));
    expect(fromText.invalid).toBe(2);
    expect(fromText.events).toHaveLength(events.length);
    const zip = zipSync({ 'events.jsonl': strToU8(jsonl), 'README.md': strToU8('# export') });
    expect(readExport(zip)).toEqual(fromText);
    expect(() => readExport(zipSync({ 'README.md': strToU8('x') }))).toThrow(/no events\.jsonl/);
    expect(studyReport(fromText.events)).toEqual(studyReport(events));
  });
});
