import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE_URL, productImageUrl, renderProductSvg } from '../../lib/catalog/images';
import { type AttributeValue, type Catalog, DEFAULT_CATEGORIES, type Product, validateCatalog } from '../../lib/catalog/catalog-schema';
import { DEFAULT_ATTRIBUTE_SCHEMAS, defaultAttributeErrors } from '../../lib/catalog/default-attributes';
import { catalogJson, generateCatalog } from '../../scripts/catalog/generate';
import { CATALOG_PATH, JUDGED_PATH } from '../../scripts/catalog/paths';
import { generateJudged, type JudgedFile, judgedJson } from '../../scripts/catalog/judged';
import { ageRangeIncludes } from '../../scripts/catalog/match';

/** A wanted attribute value: a list means any of them; an array attribute must contain the wanted value. */
function has(actual: AttributeValue | undefined, wanted: AttributeValue): boolean {
  if (actual === undefined) return false;
  if (Array.isArray(wanted)) return wanted.some((w) => has(actual, w));
  if (Array.isArray(actual)) return typeof wanted === 'string' && actual.includes(wanted);
  return actual === wanted;
}

function passesFilters(p: Product, f: NonNullable<JudgedFile['queries'][number]['filters']>): boolean {
  return (
    (f.category === undefined || p.category === f.category) &&
    (f.priceMin === undefined || p.price >= f.priceMin) &&
    (f.priceMax === undefined || p.price <= f.priceMax) &&
    (f.minRating === undefined || p.rating >= f.minRating) &&
    (!f.brand?.length || f.brand.includes(p.brand)) &&
    Object.entries(f.attributes ?? {}).every(([k, w]) => has(p.attributes[k], w))
  );
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const swap = i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? (prev[j - 2] ?? 0) : Infinity;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1), swap));
    }
    prev = row;
  }
  return prev[b.length] ?? Infinity;
}

const committedText = readFileSync(CATALOG_PATH, 'utf8');
const judgedText = readFileSync(JUDGED_PATH, 'utf8');
let catalog: Catalog;
let judged: JudgedFile;

beforeAll(() => {
  const result = validateCatalog(JSON.parse(committedText));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  catalog = result.catalog;
  judged = JSON.parse(judgedText) as JudgedFile;
});

describe('default catalog', () => {
  it('validates against the catalog schema', () => {
    const result = validateCatalog(JSON.parse(committedText));
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('has the seven categories, 23 personas (3-4 per category) and about 2,200 products', () => {
    expect(catalog.categories.map((c) => c.id)).toEqual(DEFAULT_CATEGORIES.map((c) => c.id));
    expect(catalog.personas).toHaveLength(23);
    for (const { id } of DEFAULT_CATEGORIES) {
      const n = catalog.personas.filter((p) => p.category === id).length;
      expect(n, id).toBeGreaterThanOrEqual(3);
      expect(n, id).toBeLessThanOrEqual(4);
    }
    expect(catalog.products.length).toBeGreaterThanOrEqual(2150);
    expect(catalog.products.length).toBeLessThanOrEqual(2250);
  });

  it('gives every product a unique id and title, a shop-like price and rating, its url and 1-4 local images', () => {
    expect(new Set(catalog.products.map((p) => p.id)).size).toBe(catalog.products.length);
    expect(new Set(catalog.products.map((p) => p.title)).size).toBe(catalog.products.length);
    for (const p of catalog.products) {
      expect(p.id).toMatch(new RegExp(`^${p.category}-\\d{4}$`));
      expect(p.url).toBe(`/products/${p.id}`);
      expect(p.currency).toBe('USD');
      expect(Math.round(p.price * 100) / 100).toBe(p.price);
      expect(p.rating).toBeGreaterThanOrEqual(1);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10) / 10).toBe(p.rating);
      expect(p.ratingCount).toBeLessThanOrEqual(25000);
      expect(p.description.length).toBeGreaterThan(20);
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(4);
      p.images.forEach((img, n) => {
        expect(img.src).toBe(`img/${p.id}/${n}.svg`);
        expect(img.alt.length).toBeGreaterThan(5);
      });
    }
  });

  it("gives every product exactly its category's attributes, with the right types and values", () => {
    expect(defaultAttributeErrors(catalog.products, Infinity)).toEqual([]);
  });

  it('has a category attribute schema that refuses a missing, extra, mistyped or unlisted attribute', () => {
    expect(Object.keys(DEFAULT_ATTRIBUTE_SCHEMAS).sort()).toEqual(DEFAULT_CATEGORIES.map((c) => c.id).sort());
    const shoe = catalog.products.find((p) => p.category === 'running_shoes');
    if (!shoe) throw new Error('no running shoe');
    const { terrain: _dropped, ...missing } = shoe.attributes;
    const broken: [string, Record<string, AttributeValue>, RegExp][] = [
      ['missing', missing, /terrain/],
      ['extra', { ...shoe.attributes, colour: 'red' }, /colour/],
      ['mistyped', { ...shoe.attributes, dropMm: '8' }, /dropMm/],
      ['unlisted', { ...shoe.attributes, terrain: 'beach' }, /terrain/],
    ];
    for (const [what, attributes, field] of broken) {
      const errors = defaultAttributeErrors([{ ...shoe, attributes }]);
      expect(errors, what).toHaveLength(1);
      expect(errors[0], what).toMatch(field);
    }
    expect(defaultAttributeErrors([{ ...shoe, attributes: { ...shoe.attributes, gender: 'unisex' } }])).toEqual([]);
    expect(defaultAttributeErrors([{ ...shoe, category: 'garden_tools' }])[0]).toMatch(/not a default category/);
    // A researcher's catalog may use other categories and attributes: the generic schema still takes them.
    const garden = { ...shoe, id: 'gt-1', category: 'garden_tools', attributes: { colour: 'green', waterproof: true } };
    expect(
      validateCatalog({
        ...JSON.parse(committedText),
        personas: [],
        categories: [{ id: 'garden_tools', label: 'Garden tools' }],
        products: [garden],
      }).ok,
    ).toBe(true);
  });

  it("gives each persona three distinct targets that meet the persona's profile", () => {
    const byId = new Map(catalog.products.map((p) => [p.id, p]));
    for (const persona of catalog.personas) {
      expect(new Set(persona.targets).size, persona.id).toBe(3);
      expect(persona.mission.length).toBeGreaterThan(30);
      const { budgetMin, budgetMax, mustHave = {}, mustNotHave = {}, brandsDisliked = [], recipientAge } = persona.profile;
      for (const id of persona.targets) {
        const p = byId.get(id);
        if (!p) throw new Error(`${persona.id}: no product ${id}`);
        const where = `${persona.id} → ${id}`;
        expect(p.category, where).toBe(persona.category);
        if (budgetMin !== undefined) expect(p.price, where).toBeGreaterThanOrEqual(budgetMin);
        if (budgetMax !== undefined) expect(p.price, where).toBeLessThanOrEqual(budgetMax);
        for (const [k, w] of Object.entries(mustHave)) expect(has(p.attributes[k], w), `${where} has ${k}`).toBe(true);
        for (const [k, w] of Object.entries(mustNotHave)) expect(has(p.attributes[k], w), `${where} not ${k}`).toBe(false);
        expect(brandsDisliked, where).not.toContain(p.brand);
        if (p.category === 'lego' && recipientAge !== undefined)
          expect(ageRangeIncludes(String(p.attributes.ageRange), recipientAge), where).toBe(true);
      }
    }
  });

  it('has varied prices in every category', () => {
    for (const { id } of DEFAULT_CATEGORIES) {
      const prices = catalog.products.filter((p) => p.category === id).map((p) => p.price);
      expect(new Set(prices).size, id).toBeGreaterThanOrEqual(20);
      expect(Math.max(...prices) / Math.min(...prices), id).toBeGreaterThanOrEqual(5);
    }
  });

  it('is generated deterministically, and the committed file is what the generator makes', () => {
    const first = catalogJson(generateCatalog());
    const second = catalogJson(generateCatalog());
    expect(first === second).toBe(true);
    expect(first === committedText).toBe(true);
  });
});

describe('judged queries', () => {
  it('are what the generator makes for the committed catalog', () => {
    expect(judgedJson(generateJudged(catalog)) === judgedText).toBe(true);
    expect(judged.schema).toBe(1);
    expect(judged.catalogVersion).toBe(catalog.version);
  });

  it('have unique ids, every kind, and relevant products that exist (at least one of grade 2+)', () => {
    expect(judged.queries.length).toBeGreaterThanOrEqual(150);
    expect(new Set(judged.queries.map((q) => q.id)).size).toBe(judged.queries.length);
    const kinds = new Map<string, number>();
    for (const q of judged.queries) kinds.set(q.kind, (kinds.get(q.kind) ?? 0) + 1);
    for (const kind of ['title', 'brand', 'attribute', 'mission', 'typo', 'filtered'])
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(20);
    const ids = new Set(catalog.products.map((p) => p.id));
    const personas = new Set(catalog.personas.map((p) => p.id));
    for (const q of judged.queries) {
      const entries = Object.entries(q.relevant);
      expect(entries.length, q.id).toBeLessThanOrEqual(60);
      expect(
        entries.some(([, g]) => g >= 2),
        q.id,
      ).toBe(true);
      for (const [id, g] of entries) {
        expect(ids.has(id), `${q.id}: ${id}`).toBe(true);
        expect([1, 2, 3]).toContain(g);
      }
      if (q.persona !== undefined) expect(personas.has(q.persona), q.id).toBe(true);
    }
  });

  it("grade a mission query's persona targets 3", () => {
    for (const q of judged.queries.filter((x) => x.kind === 'mission')) {
      const persona = catalog.personas.find((p) => p.id === q.persona);
      expect(persona, q.id).toBeDefined();
      for (const t of persona?.targets ?? []) expect(q.relevant[t], `${q.id} ${t}`).toBe(3);
    }
  });

  it('only judge relevant, for filtered queries, products that pass the filters', () => {
    const byId = new Map(catalog.products.map((p) => [p.id, p]));
    const filtered = judged.queries.filter((q) => q.kind === 'filtered');
    expect(filtered.length).toBeGreaterThanOrEqual(20);
    for (const q of filtered) {
      expect(q.filters, q.id).toBeDefined();
      for (const id of Object.keys(q.relevant)) {
        const p = byId.get(id);
        expect(p && q.filters && passesFilters(p, q.filters), `${q.id}: ${id}`).toBe(true);
      }
    }
  });

  it('copy a correctly spelled twin for each typo query, one or two letters away', () => {
    const rest = judged.queries.filter((q) => q.kind !== 'typo');
    for (const typo of judged.queries.filter((q) => q.kind === 'typo')) {
      const twin = rest.find((q) => JSON.stringify(q.relevant) === JSON.stringify(typo.relevant) && editDistance(q.query, typo.query) <= 2);
      expect(twin, `${typo.id} "${typo.query}"`).toBeDefined();
      expect(twin?.query).not.toBe(typo.query);
    }
  });
});

describe('product images', () => {
  const evil = '<script>alert(1)</script> & "x"';
  const base: Product = {
    id: 'test-0001',
    category: 'headphones',
    title: evil,
    brand: evil,
    description: '',
    price: 10,
    currency: 'USD',
    rating: 4,
    ratingCount: 1,
    attributes: {},
    images: [
      { src: 'img/test-0001/0.svg', alt: 'front' },
      { src: 'https://example.com/a.jpg', alt: 'remote' },
      { src: 'javascript:alert(1)', alt: 'bad' },
      { src: 'img/test-0001/3.svg', alt: 'side' },
    ],
  };

  it('escapes titles and brands, and draws the same picture every time', () => {
    const svg = renderProductSvg(base, 0);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp;');
    expect(svg).toContain('&quot;x&quot;');
    expect(renderProductSvg(base, 0)).toBe(svg);
    expect(renderProductSvg(base, 1)).not.toBe(svg);
  });

  it('draws four different, small views for products of every category', () => {
    for (const { id } of DEFAULT_CATEGORIES) {
      const p = catalog.products.find((x) => x.category === id);
      if (!p) throw new Error(id);
      const views = [0, 1, 2, 3].map((i) => renderProductSvg(p, i));
      expect(new Set(views).size).toBe(4);
      for (const svg of views) expect(svg.length).toBeLessThanOrEqual(1536);
    }
    const worst = { ...base, title: '&'.repeat(300), brand: '<'.repeat(100) };
    expect(renderProductSvg(worst, 2).length).toBeLessThanOrEqual(1536);
  });

  it('survives control characters and lone surrogates in text', () => {
    const odd = { ...base, title: 'a\u0000b\uD800c\u0007', brand: '\uDFFFBrand\u{1F600}' };
    expect(() => productImageUrl(odd, 0)).not.toThrow();
    const bad = Array.from(renderProductSvg(odd, 0)).filter((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      return (c < 0x20 && c !== 9 && c !== 10 && c !== 13) || (c >= 0xd800 && c <= 0xdfff);
    });
    expect(bad).toEqual([]);
  });

  it('gives a data URL for local images, passes http(s) through and refuses anything else', () => {
    const local = productImageUrl(base, 0);
    expect(local.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(local.slice('data:image/svg+xml;charset=utf-8,'.length))).toBe(renderProductSvg(base, 0));
    expect(productImageUrl(base)).toBe(local);
    expect(productImageUrl(base, 1)).toBe('https://example.com/a.jpg');
    expect(productImageUrl(base, 2)).toBe(PLACEHOLDER_IMAGE_URL);
    expect(productImageUrl(base, 4)).toBe(PLACEHOLDER_IMAGE_URL);
    expect(productImageUrl(base, -1)).toBe(PLACEHOLDER_IMAGE_URL);
    expect(PLACEHOLDER_IMAGE_URL.startsWith('data:image/svg+xml')).toBe(true);
  });
});
