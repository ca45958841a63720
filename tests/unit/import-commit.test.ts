import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestDbs } from './helpers/db';
import { adminOver } from './helpers/admin-over';
import { stageProducts } from '../../lib/catalog/import-store';
import { readAndStage, WRITES_IN_FLIGHT } from '../../lib/catalog/read-and-stage';
import { catalogVersions, importVersion, readCatalogProducts } from '../../lib/catalog/catalog-products';
import { activeCatalog, installCatalog } from '../../lib/catalog/store';
import { pacer, TASK_BUDGET_MS } from '../../lib/catalog/read-file';
import { READ_BATCH } from '../../lib/catalog/read-catalog';
import { SearchEngine } from '../../lib/search/engine';
import { SMALL_CATALOG } from './helpers/products';
import type { Product } from '../../lib/catalog/catalog-schema';

const { open } = useTestDbs('fw-import-commit');

afterEach(() => {
  vi.restoreAllMocks();
});

const ndjson = (products: readonly unknown[]) => new Blob([products.map((p) => JSON.stringify(p)).join('\n')]);

/** What the options page's import worker does with a file: read, check, stage products and index. */
function stageInWorker(
  db: ReturnType<typeof open>,
  importId: string,
  products: readonly unknown[],
  known: { id: string; label: string }[] = [],
) {
  return readAndStage(db, importId, ndjson(products), { format: 'ndjson', mapping: null, known, wholeJson: true }, () => undefined);
}

const SLOW_WRITE_MS = 150;

/** What a Replace with all of SMALL_CATALOG answers, its index loaded or built. */
const wholeCatalog = (mode: 'snapshot' | 'build') => ({
  imported: SMALL_CATALOG.length,
  count: SMALL_CATALOG.length,
  source: 'import',
  coldStart: { mode },
});

describe('staging in the import worker', () => {
  it('writes the valid products under the import version and the index beside them; the active catalog is untouched', async () => {
    const db = open();
    await installCatalog(db, { version: 'v1', categories: [], personas: [], products: SMALL_CATALOG.slice(0, 2) }, 'default', 'Default');
    const outcome = await stageInWorker(db, 'import-0201', [...SMALL_CATALOG, { id: 'bad' }]);
    expect(outcome).toMatchObject({ accepted: SMALL_CATALOG.length, skipped: 1 });
    const staged = await readCatalogProducts(db, importVersion('import-0201'));
    expect(staged.map((p) => p.id).sort()).toEqual(SMALL_CATALOG.map((p) => p.id).sort());
    const index = await db.searchSnapshots.get(importVersion('import-0201'));
    expect(index?.snapshot.columns.n).toBe(SMALL_CATALOG.length);
    expect(Object.keys(index?.labels ?? {}).sort()).toEqual([...new Set(SMALL_CATALOG.map((p) => p.category))].sort());
    expect((await activeCatalog(db))?.version).toBe('v1');
    expect((await readCatalogProducts(db, 'v1')).length).toBe(2);
  });

  it('keeps writing while it reads, with at most a few batches waiting', async () => {
    const db = open();
    const many: Product[] = Array.from({ length: READ_BATCH * 4 + 7 }, (_, i) => ({
      ...SMALL_CATALOG[i % SMALL_CATALOG.length]!,
      id: `p-${i}`,
    }));
    let pending = 0;
    let most = 0;
    const bulkPut = db.catalogBlocks.bulkPut.bind(db.catalogBlocks);
    // A slow disk: each write takes longer than reading and indexing the next batch.
    vi.spyOn(db.catalogBlocks, 'bulkPut').mockImplementation(((rows: never) => {
      most = Math.max(most, ++pending);
      return new Promise((done) => setTimeout(done, SLOW_WRITE_MS)).then(() => bulkPut(rows)).finally(() => pending--);
    }) as never);
    await stageInWorker(db, 'import-0202', many);
    expect(most).toBeGreaterThan(1); // a batch is read and indexed while the last is written
    expect(most).toBeLessThanOrEqual(WRITES_IN_FLIGHT);
    expect((await readCatalogProducts(db, importVersion('import-0202'))).length).toBe(many.length);
  });
});

describe('committing an import (the background side)', () => {
  it('Replace after the worker staged: loads the staged index and flips the active row, writing no product, even after a worker restart', async () => {
    const db = open();
    await installCatalog(db, { version: 'v1', categories: [], personas: [], products: SMALL_CATALOG.slice(0, 2) }, 'default', 'Default');
    await stageInWorker(db, 'import-0203', SMALL_CATALOG);
    const { admin, search } = adminOver(db); // a background that never saw the staging
    const build = vi.spyOn(SearchEngine, 'build');
    const write = vi.spyOn(db.catalogBlocks, 'bulkPut');
    const info = await admin.commitImport('import-0203', { mode: 'replace', name: 'Shop' });
    expect(info).toMatchObject(wholeCatalog('snapshot'));
    expect(build).not.toHaveBeenCalled();
    expect(write).not.toHaveBeenCalled();
    const last = SMALL_CATALOG.at(-1)!;
    expect((await search.search({ text: last.title })).hits.map((h) => h.id)).toContain(last.id);
    expect(await search.product(last.id)).toMatchObject({ id: last.id, title: last.title, price: last.price });
    // The replaced catalog is dropped after the answer.
    await expect.poll(() => catalogVersions(db)).toEqual([importVersion('import-0203')]);
  });

  it('builds the index when the staged one was made with other category labels than the catalog gets', async () => {
    const db = open();
    await stageInWorker(db, 'import-0204', SMALL_CATALOG);
    const { admin } = adminOver(db);
    const build = vi.spyOn(SearchEngine, 'build');
    const categories = [...new Set(SMALL_CATALOG.map((p) => p.category))].map((id) => ({ id, label: `Our ${id}` }));
    const info = await admin.commitImport('import-0204', { mode: 'replace', name: 'Shop', categories });
    expect(build).toHaveBeenCalledTimes(1);
    expect(info.coldStart.mode).toBe('build');
    expect(info.categories).toEqual(expect.arrayContaining(categories));
    expect(info.categories).toHaveLength(categories.length);
    // The built index replaced the staged one: a restarted worker loads the right one.
    await expect
      .poll(async () => {
        const saved = await db.searchSnapshots.get(info.version);
        return saved ? (saved.labels ?? 'built') : 'none yet';
      })
      .toBe('built');
  });

  it('an import the page staged through the background (no worker): built once from the staged products, snapshot saved after', async () => {
    const db = open();
    const { admin, search } = adminOver(db);
    await stageProducts(db, 'import-0101', SMALL_CATALOG);
    const build = vi.spyOn(SearchEngine, 'build');
    const info = await admin.commitImport('import-0101', { mode: 'replace', name: 'Shop' });
    expect(info).toMatchObject(wholeCatalog('build'));
    expect(build).toHaveBeenCalledTimes(1);
    const first = SMALL_CATALOG[0]!;
    expect((await search.search({ text: first.title })).hits.map((h) => h.id)).toContain(first.id);
    await expect.poll(async () => (await db.searchSnapshots.get(info.version))?.snapshot.format).toBeDefined();
  });

  it('a retry of a commit still running joins it: one flip, the same answer', async () => {
    const db = open();
    const { admin } = adminOver(db);
    await stageInWorker(db, 'import-0102', SMALL_CATALOG.slice(0, 6));
    const put = vi.spyOn(db.catalogMeta, 'put');

    const [a, b] = await Promise.all([
      admin.commitImport('import-0102', { mode: 'replace', name: 'Shop' }),
      admin.commitImport('import-0102', { mode: 'replace', name: 'Shop' }),
    ]);

    expect(b).toEqual(a);
    expect(put).toHaveBeenCalledTimes(1);
    // After it finished, a late retry finds the import active and answers without flipping again.
    expect(await admin.commitImport('import-0102', { mode: 'replace', name: 'Shop' })).toMatchObject({ version: a.version, count: 6 });
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('a merge copies the products the file does not replace and rebuilds the index over the whole merged catalog', async () => {
    const db = open();
    const { admin, search } = adminOver(db);
    await installCatalog(db, { version: 'v1', categories: [], personas: [], products: SMALL_CATALOG.slice(0, 3) }, 'default', 'Default');
    await stageInWorker(db, 'import-0103', SMALL_CATALOG.slice(3, 5));
    const info = await admin.commitImport('import-0103', { mode: 'merge', name: 'More' });
    expect(info).toMatchObject({ count: 5, imported: 2, coldStart: { mode: 'build' } });
    const kept = SMALL_CATALOG[0]!;
    expect((await search.search({ text: kept.title })).hits.map((h) => h.id)).toContain(kept.id);
  });

  it('a failed commit leaves the previous catalog active and whole', async () => {
    const db = open();
    const { admin } = adminOver(db);
    await installCatalog(db, { version: 'v1', categories: [], personas: [], products: SMALL_CATALOG.slice(0, 2) }, 'default', 'Default');
    await stageProducts(db, 'import-0105', SMALL_CATALOG.slice(2, 6));
    vi.spyOn(SearchEngine, 'build').mockImplementation(() => {
      throw new Error('index build failed');
    });
    await expect(admin.commitImport('import-0105', { mode: 'replace', name: 'Shop' })).rejects.toThrow(/index build failed/);
    expect((await activeCatalog(db))?.version).toBe('v1');
    expect((await readCatalogProducts(db, 'v1')).map((p) => p.id).sort()).toEqual(
      SMALL_CATALOG.slice(0, 2)
        .map((p) => p.id)
        .sort(),
    );
  });
});

describe('pacing the reading on the page', () => {
  it('yields only once a task has run for the budget', async () => {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    const pace = pacer();
    now += TASK_BUDGET_MS - 1;
    await pace();
    expect(timeout).not.toHaveBeenCalled();
    now += 2;
    await pace();
    expect(timeout).toHaveBeenCalledTimes(1);
    await pace(); // the clock restarted at the yield
    expect(timeout).toHaveBeenCalledTimes(1);
  });
});
