import { describe, expect, it } from 'vitest';
import { EngineBuilder, SearchEngine } from '../../lib/search/engine';
import { parseSearchQuery } from '../../lib/search/query';
import { SMALL_CATALOG } from './helpers/products';

const LABELS = { headphones: 'Headphones', running_shoes: 'Running shoes', laptops: 'Laptops' };
const label = (c: string) => LABELS[c as keyof typeof LABELS] ?? `cat ${c}`;
const QUERIES = ['sony', 'wireless headphones', 'runn', 'laptop 16', 'headphones', 'cat'];

/** What an engine answers to a few queries: ids in order and totals. */
function answers(engine: SearchEngine) {
  return QUERIES.map((text) => {
    const r = engine.search(parseSearchQuery({ text }));
    return { total: r.total, ids: r.page.map((i) => engine.columns.ids[i]) };
  });
}

describe('building the index batch by batch', () => {
  it('answers every query as an index built at once', () => {
    const builder = new EngineBuilder(label);
    builder.add(SMALL_CATALOG.slice(0, 3));
    builder.add(SMALL_CATALOG.slice(3));
    const whole = SearchEngine.build(SMALL_CATALOG, builder.categoryLabels);
    expect(answers(builder.finish())).toEqual(answers(whole));
    expect(Object.keys(builder.categoryLabels).sort()).toEqual([...new Set(SMALL_CATALOG.map((p) => p.category))].sort());
  });
});

describe('an index an import staged', () => {
  it('loads from its stored snapshot (a structured clone, as IndexedDB keeps it) to the same answers as building it', async () => {
    const builder = new EngineBuilder(label);
    builder.add(SMALL_CATALOG);
    const stored = structuredClone(await builder.finish().snapshot());
    expect(answers(await SearchEngine.fromSnapshot(stored))).toEqual(answers(SearchEngine.build(SMALL_CATALOG, builder.categoryLabels)));
  });
});
