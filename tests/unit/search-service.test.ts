import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useTestDbs } from './helpers/db';
import { createSearchService } from '../../lib/background/search-service';

const defaultCatalog = JSON.parse(await readFile(resolve(import.meta.dirname, '../../public/catalog/default.json'), 'utf8')) as unknown;
const { open } = useTestDbs('fw-svc');

describe('search service (the background side of catalog search)', () => {
  it('installs the default catalog, builds and persists the index, and a restarted worker loads it', async () => {
    const db = open();
    let loads = 0;
    const first = createSearchService(db, async () => {
      loads++;
      return defaultCatalog;
    });
    const r1 = await first.search({ text: 'star wars lego', filters: { priceMax: 60 } });
    expect(r1.total).toBeGreaterThan(0);
    expect(r1.hits.every((h) => h.category === 'lego' && h.price <= 60)).toBe(true);
    expect(r1.hits[0]?.image?.src).toMatch(/^data:image\/svg\+xml/); // drawn locally, never fetched
    expect((await first.info()).coldStart.mode).toBe('build');
    expect(await db.searchSnapshots.count()).toBe(1);

    // A new worker: same database, fresh memory. It must not rebuild, and must answer the same.
    const second = createSearchService(db, async () => {
      throw new Error('the default catalog must not be read again');
    });
    const r2 = await second.search({ text: 'star wars lego', filters: { priceMax: 60 } });
    expect((await second.info()).coldStart.mode).toBe('snapshot');
    expect(r2.hits.map((h) => h.id)).toEqual(r1.hits.map((h) => h.id));
    expect(loads).toBe(1);
  });

  it('reads the products of a page of hits once: the same search again reads no block, and answers the same', async () => {
    const db = open();
    const svc = createSearchService(db, async () => defaultCatalog);
    const first = await svc.search({ text: 'wireless headphones' });
    expect(first.hits.length).toBeGreaterThan(1);
    const reads = vi.spyOn(db.catalogBlocks, 'where');
    const again = await svc.search({ text: 'wireless headphones' });
    expect(reads).not.toHaveBeenCalled();
    expect(again.hits).toEqual(first.hits);
    // Another query's hits not yet read come from the blocks, whole.
    const other = await svc.search({ text: 'lego star wars' });
    expect(reads).toHaveBeenCalled();
    expect(other.hits.length).toBeGreaterThan(0);
    expect(other.hits.every((h) => h.title.length > 0 && h.category === 'lego')).toBe(true);
  });

  it('reports a broken bundled catalog clearly and tries again on the next call', async () => {
    const db = open();
    let calls = 0;
    const svc = createSearchService(db, async () => (calls++ === 0 ? { schema: 1, products: 'nope' } : defaultCatalog));
    await expect(svc.search({ text: 'lego' })).rejects.toThrow(/bundled catalog is invalid: /);
    expect((await svc.search({ text: 'lego' })).total).toBeGreaterThan(0);
  });
});
