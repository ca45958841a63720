import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestDbs } from './helpers/db';
import { createAdminApi } from '../../lib/background/admin-api';
import { createSearchService } from '../../lib/background/search-service';
import type { SiteService } from '../../lib/background/site-service';
import type { SyncService } from '../../lib/background/sync-service';
import { commitImport, stageProducts, StagedMemory } from '../../lib/catalog/import-store';
import { installCatalog } from '../../lib/catalog/store';
import { pacer, TASK_BUDGET_MS } from '../../lib/catalog/read-file';
import { EngineBuilder, SearchEngine } from '../../lib/search/engine';
import { stagedIndexParts } from '../../lib/search/staged-index';
import { categoriesOf } from '../../lib/catalog/import';
import { SMALL_CATALOG } from './helpers/products';

const { open } = useTestDbs('fw-import-commit');

afterEach(() => {
  vi.restoreAllMocks();
});

function adminOver(db: ReturnType<typeof open>) {
  const search = createSearchService(db, async () => {
    throw new Error('an import must not load the default catalog');
  });
  const admin = createAdminApi({
    db,
    search,
    sync: {} as SyncService,
    fetchFn: async () => new Response(null, { status: 500 }),
    sites: {} as SiteService,
  });
  return { admin, search };
}

describe('committing an import (the background side)', () => {
  it('builds the index once from the products in hand, answers searchable, and saves the snapshot after', async () => {
    const db = open();
    const { admin, search } = adminOver(db);
    await stageProducts(db, 'import-0101', SMALL_CATALOG);
    const build = vi.spyOn(SearchEngine, 'build');
    const read = vi.spyOn(db.products, 'toArray');

    const info = await admin.commitImport('import-0101', { mode: 'replace', name: 'Shop' });

    expect(info).toMatchObject({ imported: SMALL_CATALOG.length, count: SMALL_CATALOG.length, source: 'import' });
    expect(info.coldStart.mode).toBe('build');
    expect(build).toHaveBeenCalledTimes(1);
    expect(read).not.toHaveBeenCalled(); // the products were not read back to build the index
    const first = SMALL_CATALOG[0]!;
    expect((await search.search({ text: first.title })).hits.map((h) => h.id)).toContain(first.id);
    await expect.poll(async () => (await db.searchSnapshots.get(info.version))?.snapshot.format).toBeDefined();
  });

  it('a retry of a commit still running joins it: one install, one index build, the same answer', async () => {
    const db = open();
    const { admin } = adminOver(db);
    await stageProducts(db, 'import-0102', SMALL_CATALOG.slice(0, 6));
    const build = vi.spyOn(SearchEngine, 'build');
    const put = vi.spyOn(db.catalogMeta, 'put');

    const [a, b] = await Promise.all([
      admin.commitImport('import-0102', { mode: 'replace', name: 'Shop' }),
      admin.commitImport('import-0102', { mode: 'replace', name: 'Shop' }),
    ]);

    expect(b).toEqual(a);
    expect(build).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledTimes(1);
    // After it finished, a late retry finds the import active and answers without building again.
    expect(await admin.commitImport('import-0102', { mode: 'replace', name: 'Shop' })).toMatchObject({ version: a.version, count: 6 });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('loads the index the page staged instead of building one, and builds when it does not fit', async () => {
    const db = open();
    const { admin, search } = adminOver(db);
    const labels = Object.fromEntries(categoriesOf(SMALL_CATALOG).map((c) => [c.id, c.label]));
    const stage = async (importId: string, products: typeof SMALL_CATALOG) => {
      const builder = new EngineBuilder((c) => labels[c] ?? c);
      builder.add(products);
      await admin.stageProducts(importId, products);
      for (const part of await stagedIndexParts(builder.finish(), builder.categoryLabels)) await admin.stageIndexPart(importId, part);
    };
    await stage('import-0109', SMALL_CATALOG);
    const build = vi.spyOn(SearchEngine, 'build');
    const info = await admin.commitImport('import-0109', { mode: 'replace', name: 'Shop' });
    expect(build).not.toHaveBeenCalled();
    expect(info.coldStart.mode).toBe('snapshot');
    const last = SMALL_CATALOG.at(-1)!;
    expect((await search.search({ text: last.title })).hits.map((h) => h.id)).toContain(last.id);

    // The page's index covers products the background did not stage (a batch was refused): built instead.
    await stage('import-0110', SMALL_CATALOG.slice(0, 4));
    await db.stagedProducts.where('[importId+id]').equals(['import-0110', SMALL_CATALOG[0]!.id]).delete();
    const rebuilt = await admin.commitImport('import-0110', { mode: 'replace', name: 'Shop' });
    expect(build).toHaveBeenCalledTimes(1);
    expect(rebuilt).toMatchObject({ count: 3, coldStart: { mode: 'build' } });
  });

  it('a merge rebuilds the index over the whole merged catalog', async () => {
    const db = open();
    const { admin } = adminOver(db);
    await installCatalog(db, { version: 'v1', categories: [], personas: [], products: SMALL_CATALOG.slice(0, 3) }, 'default', 'Default');
    await stageProducts(db, 'import-0103', SMALL_CATALOG.slice(3, 5));
    const info = await admin.commitImport('import-0103', { mode: 'merge', name: 'More' });
    expect(info.count).toBe(5);
    expect(info.coldStart.mode).toBe('build');
  });
});

describe('installing with work done while the products are written', () => {
  it('hands over every product of a replacing import while it is written', async () => {
    const db = open();
    await stageProducts(db, 'import-0104', SMALL_CATALOG.slice(0, 4));
    const seen: { ids: string[]; categories: string[] }[] = [];
    await commitImport(
      db,
      'import-0104',
      { mode: 'replace', name: 'Shop' },
      {
        whileWriting: (products, categories) => {
          seen.push({ ids: products.map((p) => p.id), categories: categories.map((c) => c.id) });
        },
      },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.ids.sort()).toEqual(
      SMALL_CATALOG.slice(0, 4)
        .map((p) => p.id)
        .sort(),
    );
    expect(seen[0]?.categories.length).toBeGreaterThan(0);
    expect(await db.products.count()).toBe(4);
  });

  it('a failed install leaves the previous catalog, whatever was built meanwhile', async () => {
    const db = open();
    await installCatalog(db, { version: 'v1', categories: [], personas: [], products: SMALL_CATALOG.slice(0, 2) }, 'default', 'Default');
    await stageProducts(db, 'import-0105', SMALL_CATALOG.slice(2, 6));
    await expect(
      commitImport(
        db,
        'import-0105',
        { mode: 'replace', name: 'Shop' },
        {
          whileWriting: () => {
            throw new Error('index build failed');
          },
        },
      ),
    ).rejects.toThrow(/index build failed/);
    expect((await db.products.toArray()).map((p) => p.id).sort()).toEqual(
      SMALL_CATALOG.slice(0, 2)
        .map((p) => p.id)
        .sort(),
    );
    expect((await db.catalogMeta.get('active'))?.version).toBe('v1');
  });
});

describe('the staged products the background holds', () => {
  it('commits from memory when it holds what the table holds, without reading the table back', async () => {
    const db = open();
    const memory = new StagedMemory();
    await stageProducts(db, 'import-0106', SMALL_CATALOG.slice(0, 3), memory);
    await stageProducts(db, 'import-0106', SMALL_CATALOG.slice(3, 5), memory);
    const toArray = vi.spyOn(db.Collection.prototype, 'toArray');
    const meta = await commitImport(db, 'import-0106', { mode: 'replace', name: 'Shop' }, { memory });
    expect(meta.imported).toBe(5);
    expect(await db.products.count()).toBe(5);
    expect(toArray).not.toHaveBeenCalled(); // counted, never read whole
  });

  it('reads the table when memory disagrees with it (a retried batch, or a restarted worker)', async () => {
    const db = open();
    const memory = new StagedMemory();
    await stageProducts(db, 'import-0107', SMALL_CATALOG.slice(0, 3), memory);
    await stageProducts(db, 'import-0107', SMALL_CATALOG.slice(0, 3), memory); // the same batch again
    const meta = await commitImport(db, 'import-0107', { mode: 'replace', name: 'Shop' }, { memory });
    expect(meta.imported).toBe(3);
    expect(await db.products.count()).toBe(3);
    await stageProducts(db, 'import-0108', SMALL_CATALOG.slice(0, 4)); // staged before a worker restart
    expect((await commitImport(db, 'import-0108', { mode: 'replace', name: 'Shop' }, { memory })).imported).toBe(4);
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
