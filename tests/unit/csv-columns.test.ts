import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';
import { CSV_COLUMNS, csvLines, eventToCsvRow } from '../../lib/export/csv';

const ctx = { study: 's1', participant: 'p1', conversation: 'c1', role: 'seller' as const, condition: 'B.IIc', url: null };

/** The CSV row of one event, parsed back: column → cell, empty cells left out. */
function row(e: FwEvent): Record<string, string> {
  const parsed = Papa.parse<Record<string, string>>(csvLines([], true) + csvLines([eventToCsvRow(e)]), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return Object.fromEntries(Object.entries(parsed.data[0] ?? {}).filter(([k, v]) => v !== '' && k.startsWith('payload.')));
}

describe('CSV payload columns', () => {
  it('spread objects the schema spells out field by field, and keep free-form values whole as JSON', () => {
    expect(
      row(
        makeEvent(ctx, 'Seller', 'search', {
          query: 'lego',
          filters: { category: 'lego', price: { max: 50 } },
          sort: 'price_asc',
          page: 2,
        }),
      ),
    ).toEqual({
      'payload.query': 'lego',
      'payload.filters': '{"category":"lego","price":{"max":50}}',
      'payload.sort': 'price_asc',
      'payload.page': '2',
    });
    expect(
      row(
        makeEvent(ctx, 'Seller', 'profile_update', {
          op: 'edit',
          key: 'budget',
          item: { slot: 'budget', max: 50 },
          before: { slot: 'budget', max: 40 },
        }),
      ),
    ).toEqual({
      'payload.op': 'edit',
      'payload.key': 'budget',
      'payload.item': '{"slot":"budget","max":50}',
      'payload.before': '{"slot":"budget","max":40}',
    });
    expect(
      row(
        makeEvent(ctx, 'Seller', 'utter', {
          text: 'Hi',
          acts: ['greet'],
          composeMs: 900,
          suggestion: { id: 'sg-1', editDistance: 3, usedAs: 'edited' },
          voice: { raw: 'hi', edited: 'Hi' },
        }),
      ),
    ).toEqual({
      'payload.text': 'Hi',
      'payload.acts': '["greet"]',
      'payload.composeMs': '900',
      'payload.suggestion.id': 'sg-1',
      'payload.suggestion.editDistance': '3',
      'payload.suggestion.usedAs': 'edited',
      'payload.voice.raw': 'hi',
      'payload.voice.edited': 'Hi',
    });
    expect(
      row(
        makeEvent(ctx, 'Page', 'hover', {
          target: 'product_image',
          image: { src: null, index: 0, role: 'main' },
          element: { tag: 'img', path: 'main > img' },
          dwellMs: 0,
        }),
      ),
    ).toEqual({
      'payload.target': 'product_image',
      'payload.image.src': 'null',
      'payload.image.index': '0',
      'payload.image.role': 'main',
      'payload.element.tag': 'img',
      'payload.element.path': 'main > img',
      'payload.dwellMs': '0',
    });
  });

  it("writes a time no date has (past Date's range) as it is, with an empty iso_time, instead of failing", () => {
    const PAST_DATE_RANGE_MS = 9e15;
    const parsed = Papa.parse<Record<string, string>>(
      csvLines([], true) + csvLines([eventToCsvRow(makeEvent(ctx, 'Seller', 'guess', { productId: 'p1' }, PAST_DATE_RANGE_MS))]),
      { header: true, skipEmptyLines: true },
    );
    expect(parsed.data[0]).toMatchObject({ time: '9000000000000000', iso_time: '', 'payload.productId': 'p1' });
    expect(
      Papa.parse<Record<string, string>>(
        csvLines([], true) + csvLines([eventToCsvRow(makeEvent(ctx, 'Seller', 'guess', { productId: 'p1' }, 0))]),
        { header: true },
      ).data[0]?.iso_time,
    ).toBe('1970-01-01T00:00:00.000Z');
  });

  it('has every column a payload value can land in', () => {
    for (const c of ['payload.filters', 'payload.item', 'payload.before', 'payload.items', 'payload.corrections'])
      expect(CSV_COLUMNS).toContain(c);
  });
});
