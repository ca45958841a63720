import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestDbs } from './helpers/db';
import { adminOver } from './helpers/admin-over';
import { readAndStage } from '../../lib/catalog/read-and-stage';
import { indexFromFeed } from '../../lib/catalog/index-feed';
import { discardImport } from '../../lib/catalog/import-store';
import { catalogVersions, importVersion, readCatalogProducts } from '../../lib/catalog/catalog-products';
import { activeCatalog, installCatalog } from '../../lib/catalog/store';
import { READ_BATCH, type ReadRequest } from '../../lib/catalog/read-catalog';
import { EngineBuilder, SearchEngine } from '../../lib/search/engine';
import { parseSearchQuery } from '../../lib/search/query';
import { SMALL_CATALOG } from './helpers/products';
import type { Product } from '../../lib/catalog/catalog-schema';

// The parallel path of an import: the import worker reads and writes, and feeds each batch over a MessagePort to
// the index worker, which builds and stages the index. Both run here on one thread, over a real MessageChannel
// (so the batches are structured-cloned, as between workers).
const { open } = useTestDbs('fw-index-feed');
const channels: MessagePort[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  for (const port of channels.splice(0)) port.close();
});

/** Enough products for several batches, words varied so searches tell them apart. */
const MANY: Product[] = Array.from({ length: READ_BATCH * 2 + 11 }, (_, i) => {
  const base = SMALL_CATALOG[i % SMALL_CATALOG.length]!;
  return { ...base, id: `p-${i}`, title: `${base.title} ${['Pro', 'Lite', 'Mini', 'Max'][i % 4]} ${i}`, price: 5 + (i % 97) };
});
const CATEGORIES = [...new Set(MANY.map((p) => p.category))].map((id) => ({ id, label: `Our ${id.replace(/_/g, ' ')}` }));
const jsonFile = (products: readonly unknown[], categories = CATEGORIES) => new Blob([JSON.stringify({ categories, products })]);
const REQUEST: ReadRequest = { format: 'json', mapping: null, known: [], wholeJson: true };

/** Building three indexes of 5,000 products takes seconds on a loaded machine. */
const HEAVY_TEST_MS = 30_000;

/** Both workers of an import at once, as the options page runs them. */
function stageInTwo(db: ReturnType<typeof open>, importId: string, file: Blob, request = REQUEST) {
  const { port1, port2 } = new MessageChannel();
  channels.push(port1, port2);
  const indexing = indexFromFeed(db, importId, request.known, port2);
  const reading = readAndStage(db, importId, file, request, () => undefined, port1);
  return { reading, indexing };
}

const QUERIES = [
  { text: 'pro' },
  { text: 'mini 42' },
  { text: SMALL_CATALOG[3]!.title },
  { text: SMALL_CATALOG[0]!.brand, sort: 'price_asc' },
  { text: 'headphnes' }, // corrected
  { text: '', filters: { priceMin: 20, priceMax: 30 } },
  { text: 'our', pageSize: 50 }, // a category label's word
].map((q) => parseSearchQuery(q));

describe('the index built in a second worker', () => {
  it(
    'is the index one pass over the file builds, with the file’s labels, staged after every product',
    async () => {
      const db = open();
      const { reading, indexing } = stageInTwo(db, 'feed-0001', jsonFile([...MANY, { id: 'bad' }]));
      const [outcome, indexed] = await Promise.all([reading, indexing]);
      expect(outcome).toMatchObject({ accepted: MANY.length, skipped: 1 });
      expect(indexed.indexed).toBe(MANY.length);
      expect(outcome.timings).toMatchObject({ snapshotMs: 0, savingMs: 0 }); // the import worker built no index
      const staged = await db.searchSnapshots.get(importVersion('feed-0001'));
      expect(staged?.labels).toEqual(Object.fromEntries(CATEGORIES.map((c) => [c.id, c.label])));

      // The same products through the one-worker path, and an engine built in one pass from all of them.
      await readAndStage(db, 'feed-0002', jsonFile(MANY), REQUEST, () => undefined);
      const onePass = await db.searchSnapshots.get(importVersion('feed-0002'));
      expect(staged?.snapshot).toEqual(onePass?.snapshot);
      const fed = await SearchEngine.fromSnapshot(staged!.snapshot);
      const built = SearchEngine.build(MANY, staged!.labels);
      for (const q of QUERIES) {
        const got = fed.search(q);
        expect(got.total, q.text).toBeGreaterThan(0);
        expect(got).toEqual(built.search(q));
      }
    },
    HEAVY_TEST_MS,
  );

  it(
    'is what Replace loads: no index is built at the commit, and the last product is found',
    async () => {
      const db = open();
      await installCatalog(db, { version: 'v1', categories: [], personas: [], products: SMALL_CATALOG.slice(0, 2) }, 'default', 'Default');
      const { reading, indexing } = stageInTwo(db, 'feed-0003', jsonFile(MANY));
      await Promise.all([reading, indexing]);
      const { admin, search } = adminOver(db);
      const build = vi.spyOn(SearchEngine, 'build');
      const info = await admin.commitImport('feed-0003', { mode: 'replace', name: 'Shop', categories: CATEGORIES });
      expect(info).toMatchObject({ imported: MANY.length, coldStart: { mode: 'snapshot' } });
      expect(build).not.toHaveBeenCalled();
      const last = MANY.at(-1)!;
      expect((await search.search({ text: last.title })).hits[0]?.id).toBe(last.id);
      // The replaced catalog is dropped after the answer.
      await expect.poll(() => catalogVersions(db)).toEqual([importVersion('feed-0003')]);
    },
    HEAVY_TEST_MS,
  );

  it('a failure in the index worker rejects the import and stages no index; the active catalog is untouched', async () => {
    const db = open();
    await installCatalog(db, { version: 'v1', categories: [], personas: [], products: SMALL_CATALOG.slice(0, 2) }, 'default', 'Default');
    const add = EngineBuilder.prototype.add;
    let calls = 0;
    vi.spyOn(EngineBuilder.prototype, 'add').mockImplementation(function (this: EngineBuilder, products) {
      if (++calls === 2) throw new Error('out of memory (simulated)');
      add.call(this, products);
    });
    const { reading, indexing } = stageInTwo(db, 'feed-0004', jsonFile(MANY));
    // The page waits for both (Promise.all) and shows the first failure.
    await expect(Promise.all([reading, indexing])).rejects.toThrow('out of memory (simulated)');
    await reading; // the import worker read on (the page terminates it); what it wrote is only staged
    expect(await db.searchSnapshots.get(importVersion('feed-0004'))).toBeUndefined();
    expect((await activeCatalog(db))?.version).toBe('v1');
    // The page then discards the import: nothing of it is left.
    await discardImport(db, 'feed-0004');
    expect(await catalogVersions(db)).toEqual(['v1']);
    expect((await readCatalogProducts(db, 'v1')).length).toBe(2);
  });

  it('a file that cannot be read stops the index worker too, which stages nothing', async () => {
    const db = open();
    const { reading, indexing } = stageInTwo(db, 'feed-0005', new Blob(['{"products": [']));
    await expect(reading).rejects.toThrow(/not valid JSON/);
    // The index worker ends without an error of its own: the page shows the reading's.
    await expect(indexing).resolves.toMatchObject({ indexed: 0, aborted: true });
    await expect(Promise.all([reading, indexing])).rejects.toThrow(/^The file is not valid JSON/);
    expect(await db.searchSnapshots.get(importVersion('feed-0005'))).toBeUndefined();
  });
});
