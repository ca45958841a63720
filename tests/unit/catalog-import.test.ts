import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import {
  ImportCollector,
  categoriesOf,
  csvRowToProduct,
  guessMapping,
  inferValue,
  jsonToProduct,
  missingRequired,
  slug,
} from '../../lib/catalog/import';
import { commitImport, discardImport, stageProducts } from '../../lib/catalog/import-store';
import { dropUnusedCatalogs, readCatalogProducts, STALE_IMPORT_MS } from '../../lib/catalog/catalog-products';
import { v7 as uuidv7 } from 'uuid';
import { activeCatalog, installCatalog } from '../../lib/catalog/store';
import type { FloorwalkerDb } from '../../lib/db/database';
import { SMALL_CATALOG } from './helpers/products';

const { open } = useTestDbs('fw-import');

/** Product ids by catalog version, as stored. */
async function stored(db: FloorwalkerDb): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const b of await db.catalogBlocks.toArray()) (out[b.catalog] ??= []).push(...b.products.map((p) => p.id));
  for (const ids of Object.values(out)) ids.sort();
  return out;
}

describe('CSV mapping', () => {
  it('guesses columns from common header names and reports what is missing', () => {
    const m = guessMapping(['SKU', 'Product Name', 'Manufacturer', 'Price (USD)', 'Stars', 'Reviews', 'Category', 'Image URL', 'Colour']);
    expect(m).toMatchObject({
      id: 'SKU',
      title: 'Product Name',
      brand: 'Manufacturer',
      rating: 'Stars',
      ratingCount: 'Reviews',
      category: 'Category',
      images: 'Image URL',
    });
    expect(missingRequired(m)).toEqual(['price']);
    expect(missingRequired({ ...m, price: 'Price (USD)' })).toEqual([]);
  });

  it('turns a row into a product, unmapped columns into typed attributes', () => {
    const mapping = { ...guessMapping(['id', 'name', 'brand', 'price', 'category', 'images']), price: 'price' };
    const p = csvRowToProduct(
      {
        id: 'x1',
        name: 'Trail Runner 2',
        brand: 'Hoka',
        price: '$1,149.50',
        category: 'Running Shoes',
        images: 'https://a/1.png|https://a/2.png',
        'attr:Drop mm': '5',
        Wide: 'yes',
        Colors: 'red|blue',
        Notes: '',
      },
      mapping,
    );
    expect(p).toMatchObject({
      id: 'x1',
      title: 'Trail Runner 2',
      category: 'running_shoes',
      price: 1149.5,
      attributes: { dropMm: 5, wide: true, colors: ['red', 'blue'] },
      images: [{ src: 'https://a/1.png' }, { src: 'https://a/2.png' }],
    });
    expect(p.attributes).not.toHaveProperty('notes');
  });

  it('infers values and slugs', () => {
    expect([inferValue('true'), inferValue('No'), inferValue('12.5'), inferValue('a|b'), inferValue('Star Wars')]).toEqual([
      true,
      false,
      12.5,
      ['a', 'b'],
      'Star Wars',
    ]);
    expect(slug('Pet Food & Treats')).toBe('pet_food_treats');
    expect(slug('lego')).toBe('lego');
  });
});

describe('ImportCollector', () => {
  it('keeps valid rows and reports the rest by row number, first 100 in full', () => {
    const c = new ImportCollector();
    c.add(jsonToProduct({ id: 'a', category: 'x', title: 'A', brand: 'B', price: 1 }), 1);
    c.add(jsonToProduct({ id: 'a', category: 'x', title: 'A again', brand: 'B', price: 1 }), 2);
    c.add(jsonToProduct({ id: 'b', category: 'x', title: 'B', brand: 'B', price: 'cheap' }), 3);
    for (let i = 0; i < 150; i++) c.add({ nonsense: true }, 10 + i);
    expect(c.products.map((p) => p.id)).toEqual(['a']);
    expect(c.errors[0]).toEqual({ row: 2, error: 'id: "a" appears more than once in this file' });
    expect(c.errors[1]).toMatchObject({ row: 3, error: expect.stringMatching(/^price: /) });
    expect(c.errors).toHaveLength(100);
    expect(c.errorCount).toBe(152);
  });

  it('labels slug-only categories', () => {
    expect(categoriesOf(SMALL_CATALOG.slice(0, 1), [])).toEqual([{ id: 'headphones', label: 'Headphones' }]);
  });
});

describe('staging and committing an import', () => {
  it('refuses a batch with any invalid product and changes nothing', async () => {
    const db = open();
    await expect(stageProducts(db, 'import-0001', [SMALL_CATALOG[0], { id: 'bad' }])).rejects.toThrow(/product 2 of the batch: /);
    expect(await db.catalogBlocks.count()).toBe(0);
    await expect(stageProducts(db, 'x', [])).rejects.toThrow(/importId/);
    await expect(stageProducts(db, 'import-0001', 'nope' as unknown as unknown[])).rejects.toThrow(/array/);
  });

  it('replaces the catalog by making the staged version active; the old one is dropped afterwards', async () => {
    const db = open();
    await installCatalog(
      db,
      { version: 'v1', categories: [{ id: 'headphones', label: 'Headphones' }], personas: [], products: SMALL_CATALOG.slice(0, 3) },
      'default',
      'Default',
    );
    await db.searchSnapshots.put({ version: 'v1', snapshot: {} as never });
    await stageProducts(db, 'import-0002', SMALL_CATALOG.slice(5, 7));
    expect((await activeCatalog(db))?.version).toBe('v1'); // staging changes nothing the catalog uses
    const { meta, imported } = await commitImport(db, 'import-0002', { mode: 'replace', name: 'My shop' });
    expect({ ...meta, imported }).toMatchObject({
      source: 'import',
      name: 'My shop',
      count: 2,
      imported: 2,
      version: 'import-import-0002',
    });
    expect(await activeCatalog(db)).toEqual(meta);
    expect(meta.categories).toEqual([{ id: 'lego', label: 'Lego' }]);
    expect(await stored(db)).toEqual({
      v1: SMALL_CATALOG.slice(0, 3)
        .map((p) => p.id)
        .sort(),
      'import-import-0002': ['lego-city', 'lego-falcon'],
    });
    expect(await dropUnusedCatalogs(db, meta.version)).toEqual(['v1']);
    expect(await stored(db)).toEqual({ 'import-import-0002': ['lego-city', 'lego-falcon'] });
    expect(await db.searchSnapshots.get('v1')).toBeUndefined(); // the old catalog's snapshot went with it
    // A retried commit (its first answer lost) returns the same catalog instead of failing.
    expect((await commitImport(db, 'import-0002', { mode: 'replace', name: 'My shop' })).meta).toEqual(meta);
  });

  it("keeps an imported catalog's words for its attributes, which the cards then show", async () => {
    const db = open();
    await stageProducts(db, 'import-0009', SMALL_CATALOG.slice(0, 2));
    const attributes = { batteryHours: { label: 'Playtime', unit: 'hours' } };
    await commitImport(db, 'import-0009', { mode: 'replace', name: 'Labelled', attributes });
    expect((await activeCatalog(db))?.attributes).toEqual(attributes);
    await expect(
      commitImport(db, 'import-0010', { mode: 'replace', name: 'x', attributes: { batteryHours: 'Playtime' } as never }),
    ).rejects.toThrow();
  });

  it('merges: same id replaces, others stay', async () => {
    const db = open();
    await installCatalog(db, { version: 'v1', categories: [], personas: [], products: SMALL_CATALOG.slice(0, 3) }, 'default', 'Default');
    const changed = { ...SMALL_CATALOG[0]!, price: 1 };
    await stageProducts(db, 'import-0003', [changed, SMALL_CATALOG[8]!]);
    const { meta, imported } = await commitImport(db, 'import-0003', { mode: 'merge', name: 'More' });
    expect(meta.count).toBe(4);
    expect(imported).toBe(2);
    // Each id stored once under the new version (stored() lists every copy), the file's where both have it.
    expect((await stored(db))[meta.version]).toEqual([...SMALL_CATALOG.slice(0, 3), SMALL_CATALOG[8]!].map((p) => p.id).sort());
    expect((await readCatalogProducts(db, meta.version)).find((p) => p.id === changed.id)?.price).toBe(1);
  });

  it('refuses to commit an empty import and can discard one', async () => {
    const db = open();
    await expect(commitImport(db, 'import-0004', { mode: 'replace', name: 'x' })).rejects.toThrow(/Nothing to import/);
    await stageProducts(db, 'import-0005', SMALL_CATALOG.slice(0, 2));
    await discardImport(db, 'import-0005');
    expect(await db.catalogBlocks.count()).toBe(0);
    expect(await activeCatalog(db)).toBeUndefined();
  });

  it('a discard after a commit whose answer was lost leaves the catalog it made active', async () => {
    const db = open();
    await stageProducts(db, 'import-0011', SMALL_CATALOG.slice(0, 2));
    const { meta } = await commitImport(db, 'import-0011', { mode: 'replace', name: 'x' });
    await discardImport(db, 'import-0011');
    expect(Object.keys(await stored(db))).toEqual([meta.version]);
  });

  it('drops what an import left staged a day ago (its page closed at the preview), never a recent one', async () => {
    const db = open();
    const now = Date.UTC(2026, 10, 24, 12);
    const idAt = (t: number) => uuidv7({ msecs: t });
    const abandoned = idAt(now - STALE_IMPORT_MS - 60_000);
    const otherWindow = idAt(now - 60_000); // another options page, still at its preview
    const mine = idAt(now);
    await stageProducts(db, abandoned, SMALL_CATALOG.slice(0, 3));
    await stageProducts(db, otherWindow, SMALL_CATALOG.slice(3, 5));
    await stageProducts(db, 'import-0006', SMALL_CATALOG.slice(5, 6)); // not a v7 id: never taken for stale
    await stageProducts(db, mine, SMALL_CATALOG.slice(6, 7));
    await discardImport(db, mine, now);
    expect(Object.keys(await stored(db)).sort()).toEqual([`import-${otherWindow}`, 'import-import-0006'].sort());
  });
});
