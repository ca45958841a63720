import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import {
  BLOCK_SIZE,
  catalogProduct,
  catalogProductIds,
  catalogProducts,
  catalogVersions,
  dropCatalog,
  readCatalogProducts,
  writeCatalogProducts,
} from '../../lib/catalog/catalog-products';
import type { Product } from '../../lib/catalog/catalog-schema';
import { SMALL_CATALOG } from './helpers/products';

const { open } = useTestDbs('fw-catalog-products');

/** `n` products with ids p-0000…, in reverse, so that file order is not id order. */
function products(n: number, title = 'Product'): Product[] {
  const all = Array.from({ length: n }, (_, i) => ({
    ...SMALL_CATALOG[i % SMALL_CATALOG.length]!,
    id: `p-${String(i).padStart(4, '0')}`,
    title: `${title} ${i}`,
  }));
  return all.reverse();
}

describe('products stored in blocks', () => {
  it('writes a batch as blocks and reads every product back once, in id order, and each by id', async () => {
    const db = open();
    const batch = products(BLOCK_SIZE * 3 + 11); // several blocks, the last part-full
    await writeCatalogProducts(db, 'v1', batch);
    expect(await db.catalogBlocks.count()).toBe(4);
    const sorted = [...batch].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(await readCatalogProducts(db, 'v1')).toEqual(sorted);
    expect(await catalogProductIds(db, 'v1')).toEqual(sorted.map((p) => p.id));
    const last = batch.at(-1)!;
    expect(await catalogProduct(db, 'v1', last.id)).toEqual(last);
    const picked = [batch[BLOCK_SIZE * 2]!.id, 'missing', batch[0]!.id, batch[1]!.id];
    expect(await catalogProducts(db, 'v1', picked)).toEqual([batch[BLOCK_SIZE * 2], undefined, batch[0], batch[1]]);
  });

  it('keeps versions apart: the same ids under two versions, each found under its own, one dropped alone', async () => {
    const db = open();
    await writeCatalogProducts(db, 'v1', products(BLOCK_SIZE + 1, 'Old'));
    await writeCatalogProducts(db, 'v10', products(BLOCK_SIZE + 1, 'New'));
    expect(await catalogVersions(db)).toEqual(['v1', 'v10']);
    expect(await catalogProduct(db, 'v1', 'p-0003')).toMatchObject({ title: 'Old 3' });
    expect(await catalogProduct(db, 'v10', 'p-0003')).toMatchObject({ title: 'New 3' });
    expect(await catalogProductIds(db, 'v1')).toHaveLength(BLOCK_SIZE + 1);
    await dropCatalog(db, 'v1');
    expect(await catalogVersions(db)).toEqual(['v10']);
    expect(await catalogProduct(db, 'v1', 'p-0003')).toBeUndefined();
    expect((await readCatalogProducts(db, 'v10')).length).toBe(BLOCK_SIZE + 1);
  });

  it('writing the same batch again (a retried staging call) stores each product once', async () => {
    const db = open();
    const batch = products(BLOCK_SIZE * 2);
    await writeCatalogProducts(db, 'v1', batch);
    await writeCatalogProducts(db, 'v1', batch);
    expect(await db.catalogBlocks.count()).toBe(2);
    expect((await readCatalogProducts(db, 'v1')).length).toBe(batch.length);
  });
});
