import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../lib/catalog/catalog-schema';
import { categoryLabels, SearchEngine } from '../../lib/search/engine';
import { parseSearchQuery } from '../../lib/search/query';
import { ndcgAt, reciprocalRank } from '../../lib/search/quality';
import type { JudgedFile } from '../../scripts/catalog/judged';
import { searchFiltersOf } from '../../scripts/catalog/queries';

const root = resolve(import.meta.dirname, '../..');
const catalog = JSON.parse(await readFile(resolve(root, 'public/catalog/default.json'), 'utf8')) as Catalog;
const judged = JSON.parse(await readFile(resolve(root, 'tests/fixtures/judged-queries.json'), 'utf8')) as JudgedFile;
const baseline = JSON.parse(await readFile(resolve(root, 'tests/fixtures/search-quality-baseline.json'), 'utf8')) as {
  mrr: number;
  ndcg10: number;
  byKind: Record<string, number>;
};

describe('search quality on the judged queries', () => {
  it('does not fall below the recorded MRR and nDCG@10', () => {
    const engine = SearchEngine.build(catalog.products, categoryLabels(catalog.categories));
    let mrr = 0;
    let ndcg = 0;
    const byKind = new Map<string, number[]>();
    for (const q of judged.queries) {
      const filters = searchFiltersOf(q.filters);
      const r = engine.search(parseSearchQuery({ text: q.query, filters, pageSize: 10 }));
      const ranked = r.page.map((i) => engine.columns.ids[i] ?? '');
      mrr += reciprocalRank(ranked, q.relevant);
      const n = ndcgAt(ranked, q.relevant, 10);
      ndcg += n;
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), n]);
    }
    const result = { mrr: mrr / judged.queries.length, ndcg10: ndcg / judged.queries.length };
    const kinds = Object.fromEntries([...byKind].map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length]));
    console.info('search quality', JSON.stringify({ ...result, byKind: kinds }));
    expect(judged.queries.length).toBeGreaterThanOrEqual(150);
    // A small tolerance for float noise only; a real regression is far larger.
    expect(result.mrr).toBeGreaterThanOrEqual(baseline.mrr - 0.002);
    expect(result.ndcg10).toBeGreaterThanOrEqual(baseline.ndcg10 - 0.002);
    for (const [kind, value] of Object.entries(baseline.byKind)) expect(kinds[kind] ?? 0, kind).toBeGreaterThanOrEqual(value - 0.01);
  });
});

describe('ranking metrics', () => {
  it('compute reciprocal rank and nDCG@k as defined', () => {
    expect(reciprocalRank(['a', 'b', 'c'], { c: 2 })).toBeCloseTo(1 / 3);
    expect(reciprocalRank(['a', 'b'], { a: 1 })).toBe(0); // grade 1 is not "relevant" for MRR
    expect(ndcgAt(['a', 'b'], { a: 3, b: 2 }, 10)).toBeCloseTo(1);
    expect(ndcgAt(['b', 'a'], { a: 3, b: 2 }, 10)).toBeLessThan(1);
    expect(ndcgAt(['x'], {}, 10)).toBe(0);
  });
});
