import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES, type Catalog } from '../../lib/catalog/catalog-schema';
import { gradeCatalog, judgeable } from '../../scripts/catalog/judge-spec';
import { CATALOG_PATH, SEARCH_JUDGED_DIR } from '../../scripts/catalog/paths';
import { QUERY_GROUPS } from '../../scripts/catalog/search-judged/dsl';
import { parseJudgedSet, type JudgedQuery } from '../../scripts/catalog/search-judged/fixture';
import { splitHalves } from '../../scripts/catalog/search-judged/split';

/**
 * The judged search queries (tests/fixtures/search-judged/) are self-describing: each stores its spec beside the grades
 * the spec gives over the bundled catalog. These tests recompute every grade, so a grade can only change by changing a
 * spec (never by hand), and check the set's make-up and its seeded, stratified split.
 */
const catalog = JSON.parse(readFileSync(CATALOG_PATH, 'utf8')) as Catalog;
const products = catalog.products.map(judgeable);
const halves = (['dev', 'held-out'] as const).map((half) =>
  parseJudgedSet(JSON.parse(readFileSync(resolve(SEARCH_JUDGED_DIR, `${half}.json`), 'utf8'))),
);
const [dev, heldOut] = halves as [ReturnType<typeof parseJudgedSet>, ReturnType<typeof parseJudgedSet>];
const all: JudgedQuery[] = [...dev.queries, ...heldOut.queries];
const stratum = (q: JudgedQuery) => `${q.group}|${q.category}`;

describe('the judged search queries', () => {
  it('were graded on the bundled catalog as it is now', () => {
    for (const set of halves) expect(set.catalogVersion).toBe(catalog.version);
  });

  it.each(all.map((q) => [q.id, q] as const))('%s: the stored grades are what its spec gives', (_, q) => {
    expect(q.grades).toEqual(gradeCatalog(products, q.spec));
  });

  it('has at least 320 queries with unique ids and unique text within a category, over every category and group', () => {
    expect(all.length).toBeGreaterThanOrEqual(320);
    expect(new Set(all.map((q) => q.id)).size).toBe(all.length);
    expect(new Set(all.map((q) => `${q.category}|${q.query.toLowerCase()}`)).size).toBe(all.length);
    for (const c of DEFAULT_CATEGORIES) expect(all.filter((q) => q.category === c.id).length, c.id).toBeGreaterThanOrEqual(40);
    for (const g of QUERY_GROUPS)
      expect(
        all.some((q) => q.group === g),
        g,
      ).toBe(true);
    expect(all.filter((q) => q.group === 'intent').length).toBeGreaterThanOrEqual(70);
  });

  it('has relevant products for every query but the "none" ones, and none for those', () => {
    for (const q of all) expect(Object.keys(q.grades).length > 0, `${q.id} "${q.query}"`).toBe(q.group !== 'none');
  });

  it('grades only products of the query’s own category', () => {
    const category = new Map(catalog.products.map((p) => [p.id, p.category]));
    for (const q of all) for (const id of Object.keys(q.grades)) expect(category.get(id), `${q.id} ${id}`).toBe(q.category);
  });

  it('gives no "unanswerable-part" query a grade 3: part of what it asks for is not in the catalog', () => {
    for (const q of all.filter((x) => x.group === 'unanswerable-part')) expect(Object.values(q.grades), q.id).not.toContain(3);
  });

  it('is split in halves by the fixed seed, stratified by group and category', () => {
    const [a, b] = splitHalves(all, stratum, (q) => q.id);
    expect(a.map((q) => q.id).sort()).toEqual(dev.queries.map((q) => q.id).sort());
    expect(b.map((q) => q.id).sort()).toEqual(heldOut.queries.map((q) => q.id).sort());
    for (const s of new Set(all.map(stratum))) {
      const count = (set: typeof dev) => set.queries.filter((q) => stratum(q) === s).length;
      expect(Math.abs(count(dev) - count(heldOut)), s).toBeLessThanOrEqual(1);
    }
    for (const set of halves) expect(set.queries.filter((q) => q.group === 'intent').length, set.half).toBeGreaterThanOrEqual(35);
  });
});

describe('splitHalves', () => {
  const items = Array.from({ length: 41 }, (_, i) => ({ id: `q${String(i).padStart(2, '0')}`, s: i % 5 === 0 ? 'x' : i % 2 ? 'y' : 'z' }));

  it('deals every item to exactly one half, differing by at most one overall and per stratum', () => {
    const [a, b] = splitHalves(
      items,
      (i) => i.s,
      (i) => i.id,
    );
    expect([...a, ...b].map((i) => i.id).sort()).toEqual(items.map((i) => i.id));
    expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(1);
    for (const s of ['x', 'y', 'z'])
      expect(Math.abs(a.filter((i) => i.s === s).length - b.filter((i) => i.s === s).length)).toBeLessThanOrEqual(1);
  });

  it('depends on the seed and not on input order', () => {
    const once = splitHalves(
      items,
      (i) => i.s,
      (i) => i.id,
    );
    expect(
      splitHalves(
        [...items].reverse(),
        (i) => i.s,
        (i) => i.id,
      ),
    ).toEqual(once);
    expect(
      splitHalves(
        items,
        (i) => i.s,
        (i) => i.id,
        'another seed',
      ),
    ).not.toEqual(once);
  });
});

describe.each(['validation', 'validation-2', 'validation-3'] as const)(
  'the %s set (written blind later, to estimate generalisation)',
  (name) => {
    const validation = parseJudgedSet(JSON.parse(readFileSync(resolve(SEARCH_JUDGED_DIR, `${name}.json`), 'utf8')));

    it('was graded on the bundled catalog as it is now, each grade what its spec gives', () => {
      expect(validation.half).toBe(name);
      expect(validation.catalogVersion).toBe(catalog.version);
      for (const q of validation.queries) expect(q.grades, q.id).toEqual(gradeCatalog(products, q.spec));
    });

    it('has at least 70 intent queries, none of them in dev or held-out; answerable ones graded in their own category', () => {
      expect(validation.queries.filter((q) => q.group === 'intent').length).toBeGreaterThanOrEqual(70);
      const category = new Map(catalog.products.map((p) => [p.id, p.category]));
      for (const q of validation.queries) {
        expect(Object.keys(q.grades).length > 0, q.id).toBe(q.group !== 'none');
        for (const id of Object.keys(q.grades)) expect(category.get(id), `${q.id} ${id}`).toBe(q.category);
        if (q.group === 'unanswerable-part') expect(Object.values(q.grades), q.id).not.toContain(3);
      }
      const seen = new Set(all.map((q) => q.query.toLowerCase()));
      for (const q of validation.queries.filter((x) => x.group === 'intent')) expect(seen.has(q.query.toLowerCase()), q.query).toBe(false);
    });
  },
);
