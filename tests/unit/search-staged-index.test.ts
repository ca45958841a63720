import { describe, expect, it } from 'vitest';
import { EngineBuilder, SearchEngine } from '../../lib/search/engine';
import { engineFromStaged, StagedIndexAssembly, stagedIndexParts, type StagedIndex } from '../../lib/search/staged-index';
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

/** The parts an import's worker sends, assembled as the background does, after a JSON round trip (the port). */
async function sentAndAssembled(engine: SearchEngine, labels: Record<string, string>): Promise<StagedIndex> {
  const assembly = new StagedIndexAssembly();
  for (const part of await stagedIndexParts(engine, labels)) assembly.add(JSON.parse(JSON.stringify(part)));
  const staged = assembly.complete();
  if (!staged) throw new Error('incomplete');
  return staged;
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

describe('an index staged by the page', () => {
  it('loads, over products in another order, to the same answers as building it', async () => {
    const builder = new EngineBuilder(label);
    builder.add(SMALL_CATALOG);
    const staged = await sentAndAssembled(builder.finish(), builder.categoryLabels);
    const shuffled = [...SMALL_CATALOG].reverse(); // the staging table's order is by id, not the file's
    const loaded = await engineFromStaged(staged, shuffled, builder.categoryLabels);
    expect(loaded).not.toBeNull();
    expect(answers(loaded!)).toEqual(answers(SearchEngine.build(SMALL_CATALOG, builder.categoryLabels)));
    expect(loaded!.columns.price[0]).toBe(SMALL_CATALOG[0]!.price); // columns follow the index's order
  });

  it('is refused when it does not fit what is installed: other products, a missing one, other labels', async () => {
    const builder = new EngineBuilder(label);
    builder.add(SMALL_CATALOG.slice(0, 4));
    const labels = builder.categoryLabels;
    const staged = await sentAndAssembled(builder.finish(), labels);
    expect(await engineFromStaged(staged, SMALL_CATALOG.slice(0, 3), labels)).toBeNull();
    expect(await engineFromStaged(staged, [...SMALL_CATALOG.slice(0, 3), SMALL_CATALOG[5]!], labels)).toBeNull();
    const [first] = Object.keys(labels);
    expect(await engineFromStaged(staged, SMALL_CATALOG.slice(0, 4), { ...labels, [first!]: 'Renamed' })).toBeNull();
    expect(await engineFromStaged(staged, SMALL_CATALOG.slice(0, 4), labels)).not.toBeNull();
  });

  it('is incomplete until every announced chunk is in, and refuses parts that are not parts', async () => {
    const builder = new EngineBuilder(label);
    builder.add(SMALL_CATALOG);
    const parts = await stagedIndexParts(builder.finish(), builder.categoryLabels);
    expect(parts.length).toBeGreaterThan(2);
    const assembly = new StagedIndexAssembly();
    expect(() => assembly.add(parts[1])).toThrow(/before its head/);
    for (const part of parts.slice(0, -1)) assembly.add(part);
    expect(assembly.complete()).toBeNull();
    assembly.add(parts.at(-1));
    expect(assembly.complete()).not.toBeNull();
    expect(() => assembly.add({ kind: 'chunk', field: 'nope', key: '1', data: '' })).toThrow();
    expect(() =>
      assembly.add({ kind: 'head', format: 1, chunks: 0, labels: {}, ids: '', vocabulary: { words: '', counts: [] } }),
    ).toThrow();
  });
});
