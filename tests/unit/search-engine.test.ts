import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../lib/search/engine';
import { parseSearchQuery, type SearchQueryInput } from '../../lib/search/query';
import { computeFacets } from '../../lib/search/facets';
import { highlightRanges } from '../../lib/search/text';
import type { Product } from '../../lib/catalog/catalog-schema';
import { SMALL_CATALOG, product } from './helpers/products';

const engine = SearchEngine.build(SMALL_CATALOG);
function run(e: SearchEngine, input: SearchQueryInput) {
  const r = e.search(parseSearchQuery(input));
  return { ...r, ids: r.page.map((i) => e.columns.ids[i]) };
}

describe('SearchEngine', () => {
  it('matches prefixes as the Seller types', () => {
    expect(run(engine, { text: 'headph' }).total).toBe(5);
    expect(run(engine, { text: 'garm' }).ids).toEqual(['garmin-255']);
    expect(run(engine, { text: 'millennium fal' }).ids).toEqual(['lego-falcon']);
  });

  it('lets each word match in any field (title, brand, attributes, description)', () => {
    // "sony" is the brand, "noise" and "cancelling" in title and attributes, "classical" only in a description.
    // Words are OR-ed and ranked, so the product with them all comes first and partial matches follow.
    expect(run(engine, { text: 'sony noise cancelling' }).ids[0]).toBe('sony-xm5');
    expect(run(engine, { text: 'headphones classical music' }).ids[0]).toBe('senn-600');
    expect(run(engine, { text: 'star wars lego' }).ids[0]).toBe('lego-falcon');
  });

  it('requires every word, and falls back to the closest matches when none has them all', () => {
    const r = run(engine, { text: 'wireless headphones' });
    expect(r.ids.sort()).toEqual(['bose-qc', 'jbl-buds', 'sony-xm5']);
    expect(r.partial).toBe(false);
    const partial = run(engine, { text: 'sony lego' });
    expect(partial.partial).toBe(true);
    expect(partial.ids).toEqual(expect.arrayContaining(['sony-xm5', 'lego-falcon', 'lego-city']));
  });

  it('corrects small typos against the catalog vocabulary and says so', () => {
    const r = run(engine, { text: 'hedphones' });
    expect(r.total).toBe(5);
    expect(r.corrections).toEqual([{ from: 'hedphones', to: 'headphones' }]);
    expect(run(engine, { text: 'millenium falcon' }).ids).toEqual(['lego-falcon']);
    expect(run(engine, { text: 'sennhiser' }).ids).toEqual(['senn-600']);
    // Nonsense finds nothing rather than something random.
    expect(run(engine, { text: 'zzzz qqqq' }).total).toBe(0);
  });

  it('folds plurals and ignores function words', () => {
    expect(run(engine, { text: 'headphone' }).total).toBe(5);
    expect(run(engine, { text: 'earbud' }).ids).toEqual(['jbl-buds']);
    expect(run(engine, { text: 'I want headphones for my dad with noise cancelling' }).ids.sort()).toEqual([
      'bose-qc',
      'jbl-buds',
      'sony-xm5',
    ]);
  });

  it('filters by category, price, rating, brand and attribute values', () => {
    expect(run(engine, { text: '', filters: { category: 'lego' } }).ids.sort()).toEqual(['lego-city', 'lego-falcon']);
    expect(run(engine, { text: 'headphones', filters: { priceMax: 200 } }).ids.sort()).toEqual(['at-m50', 'jbl-buds']);
    expect(run(engine, { text: 'headphones', filters: { priceMin: 250, priceMax: 300 } }).ids.sort()).toEqual(['bose-qc', 'senn-600']);
    expect(run(engine, { text: 'headphones', filters: { minRating: 4.7 } }).ids.sort()).toEqual(['at-m50', 'senn-600', 'sony-xm5']);
    expect(run(engine, { text: '', filters: { brands: ['lego'] } }).total).toBe(2);
    expect(run(engine, { text: '', filters: { attributes: { type: 'earbuds' } } }).ids).toEqual(['jbl-buds']);
    expect(run(engine, { text: '', filters: { attributes: { compatibility: 'Android' } } }).ids).toEqual(['garmin-255']);
    expect(run(engine, { text: '', filters: { attributes: { pieces: { min: 1000 } } } }).ids).toEqual(['lego-falcon']);
    expect(
      run(engine, { text: 'headphones', filters: { attributes: { wireless: true }, excludeAttributes: { type: 'earbuds' } } }).ids.sort(),
    ).toEqual(['bose-qc', 'sony-xm5']);
    expect(run(engine, { text: '', filters: { attributes: { nonexistent: true } } }).total).toBe(0);
  });

  it('sorts by price and rating, and pages', () => {
    expect(run(engine, { text: 'headphones', sort: 'price_asc' }).ids).toEqual(['jbl-buds', 'at-m50', 'bose-qc', 'senn-600', 'sony-xm5']);
    expect(run(engine, { text: 'headphones', sort: 'price_desc' }).ids[0]).toBe('sony-xm5');
    expect(run(engine, { text: 'headphones', sort: 'rating' }).ids[0]).toBe('senn-600');
    const p0 = run(engine, { text: 'headphones', sort: 'price_asc', pageSize: 2 });
    const p2 = run(engine, { text: 'headphones', sort: 'price_asc', pageSize: 2, page: 2 });
    expect(p0).toMatchObject({ total: 5, ids: ['jbl-buds', 'at-m50'] });
    expect(p2.ids).toEqual(['sony-xm5']);
  });

  it('ranks preferred brands first without excluding others', () => {
    const r = run(engine, { text: 'headphones', filters: { boostBrands: ['Sennheiser'] } });
    expect(r.ids[0]).toBe('senn-600');
    expect(r.total).toBe(5);
  });

  it('restores from a snapshot to the same answers', async () => {
    const copy = await SearchEngine.fromSnapshot(structuredClone(await engine.snapshot()));
    for (const text of ['headph', 'wireless headphones', 'hedphones', 'star wars lego', '']) {
      expect(run(copy, { text, filters: text ? {} : { category: 'lego' } }).ids).toEqual(
        run(engine, { text, filters: text ? {} : { category: 'lego' } }).ids,
      );
    }
  });

  it('rejects malformed queries with the field named', () => {
    expect(() => parseSearchQuery({ text: 'x', pageSize: 500 })).toThrow(/pageSize/);
    expect(() => parseSearchQuery({ text: 5 })).toThrow(/text/);
    expect(() => parseSearchQuery({ text: 'x', sort: 'random' })).toThrow(/sort/);
  });
});

describe('filtered queries return every match that exists', () => {
  // Every product says "running shoe"; the 25 "Rarefoot" ones have long titles, so they rank last for "running
  // shoe", and they alone are track spikes, cost 400 or more and are rated 4.9. A top-hits-then-filter approach
  // (FlexSearch's tag filter) returns too few of them; brute force over the products says how many there are.
  const RARE_EVERY = 800;
  const products: Product[] = [];
  for (let i = 0; i < 20_000; i++) {
    const rare = i % RARE_EVERY === RARE_EVERY - 1;
    products.push(
      product({
        id: `shoe-${i}`,
        category: rare ? 'track_spikes' : 'running_shoes',
        brand: rare ? 'Rarefoot' : `Brand${i % 40}`,
        title: rare ? `Comfort trail daily trainer lightweight breathable mesh running shoe ${i}` : `Running shoe model ${i}`,
        price: rare ? 400 + (i % 20) : 50 + (i % 200),
        rating: rare ? 4.9 : 3 + (i % 16) / 10,
        attributes: { terrain: i % 3 === 0 ? 'trail' : 'road' },
      }),
    );
  }
  const e = SearchEngine.build(products);
  const rareIds = products
    .filter((p) => p.brand === 'Rarefoot')
    .map((p) => p.id)
    .sort();
  /** The query's total and, when the matches fit on one page, their ids; next to what brute force finds. */
  function against(filters: SearchQueryInput['filters'], pass: (p: Product) => boolean, text = 'running shoe') {
    const r = run(e, { text, filters, pageSize: 50 });
    const expected = products.filter(pass).map((p) => p.id);
    return {
      total: r.total,
      expected: expected.length,
      ids: expected.length <= 50 ? r.ids.sort() : null,
      expectedIds: expected.length <= 50 ? expected.sort() : null,
    };
  }
  function expectAll(filters: SearchQueryInput['filters'], pass: (p: Product) => boolean, text?: string) {
    const a = against(filters, pass, text);
    expect(a.expected, JSON.stringify(filters)).toBeGreaterThan(0);
    expect(a.total, JSON.stringify(filters)).toBe(a.expected);
    expect(a.ids, JSON.stringify(filters)).toEqual(a.expectedIds);
  }

  it('finds all 25 rare-brand products among 20,000 that match the words, with an attribute filter too', () => {
    expect(rareIds).toHaveLength(20_000 / RARE_EVERY);
    expectAll({ brands: ['Rarefoot'] }, (p) => p.brand === 'Rarefoot');
    expectAll(
      { brands: ['Rarefoot'], attributes: { terrain: 'trail' } },
      (p) => p.brand === 'Rarefoot' && p.attributes.terrain === 'trail',
      'running',
    );
  });

  it('finds every match for price range, minimum rating and category filters, alone and together', () => {
    expectAll({ priceMin: 400, priceMax: 450 }, (p) => p.price >= 400 && p.price <= 450);
    expectAll({ priceMin: 240, priceMax: 260 }, (p) => p.price >= 240 && p.price <= 260); // common products, many
    expectAll({ priceMax: 60 }, (p) => p.price <= 60);
    expectAll({ minRating: 4.8 }, (p) => p.rating >= 4.8);
    expectAll({ minRating: 4.5 }, (p) => p.rating >= 4.5); // the rare ones and a sixteenth of the rest
    expectAll({ category: 'track_spikes' }, (p) => p.category === 'track_spikes');
    expectAll({ category: 'running_shoes' }, (p) => p.category === 'running_shoes');
    expectAll(
      { category: 'track_spikes', priceMin: 410, minRating: 4.9 },
      (p) => p.category === 'track_spikes' && p.price >= 410 && p.rating >= 4.9,
    );
    expectAll(
      { category: 'running_shoes', priceMin: 100, priceMax: 120, minRating: 4.2 },
      (p) => p.category === 'running_shoes' && p.price >= 100 && p.price <= 120 && p.rating >= 4.2,
    );
    expect(against({ priceMin: 400 }, (p) => p.price >= 400).ids).toEqual(rareIds);
  });
});

describe('facets and highlights', () => {
  it('offers brands, yes/no features and small option sets per category', () => {
    const f = computeFacets(engine.columns, 'headphones');
    expect(f.count).toBe(5);
    expect(f.price).toEqual({ min: 99.95, max: 399.99 });
    expect(f.brands.map((b) => b.name)).toContain('Sony');
    expect(f.flags.map((x) => x.key).sort()).toEqual(['noiseCancelling', 'wireless']);
    expect(f.options).toEqual([
      {
        key: 'type',
        values: [
          { value: 'over-ear', count: 4 },
          { value: 'earbuds', count: 1 },
        ],
      },
    ]);
  });

  it('marks the words that matched, prefixes and plurals included', () => {
    const title = 'Sony WH-1000XM5 Wireless Noise Cancelling Over-Ear Headphones';
    const marked = (terms: string[]) => highlightRanges(title, terms).map(([a, b]) => title.slice(a, b));
    expect(marked(['wirel', 'headphone'])).toEqual(['Wirel', 'Headphone']);
    expect(marked(['headphones'])).toEqual(['Headphones']);
    const singular = 'Sennheiser HD 600 Open Back Audiophile Headphone';
    expect(highlightRanges(singular, ['headphones']).map(([a, b]) => singular.slice(a, b))).toEqual(['Headphone']);
    expect(marked([])).toEqual([]);
  });
});
