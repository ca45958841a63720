import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestDbs } from './helpers/db';
import { createSearchService } from '../../lib/background/search-service';
import type { Catalog } from '../../lib/catalog/catalog-schema';
import { categoryLabels, SearchEngine, SNAPSHOT_FORMAT } from '../../lib/search/engine';
import { readPrebuiltIndex } from '../../lib/search/prebuilt';
import { parseSearchQuery } from '../../lib/search/query';
import { prebuiltIndexOfCatalogFile } from '../../scripts/catalog/prebuilt-index';
import { CATALOG_PATH, JUDGED_PATH } from '../../scripts/catalog/paths';
import type { JudgedFile } from '../../scripts/catalog/judged';
import { searchFiltersOf } from '../../scripts/catalog/queries';

const catalogText = await readFile(CATALOG_PATH, 'utf8');
const catalog = JSON.parse(catalogText) as Catalog;
const judged = (JSON.parse(await readFile(JUDGED_PATH, 'utf8')) as JudgedFile).queries;
// Made exactly as the build makes the shipped file (wxt.config.ts), then read back as the worker reads it.
const shippedText = await prebuiltIndexOfCatalogFile();
const shipped = (): unknown => JSON.parse(shippedText);
const expected = { version: catalog.version, count: catalog.products.length };
const { open } = useTestDbs('fw-prebuilt');
afterEach(() => {
  vi.restoreAllMocks();
});
/** The service says on the console why it builds instead; kept off the test output and checked. */
const quietWarnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

describe('the prebuilt search index shipped with the default catalog', () => {
  it('is the same bytes every time it is made', async () => {
    expect((await prebuiltIndexOfCatalogFile()) === shippedText).toBe(true);
  });

  it('loads to the same columns and the same answers as an index built from the products', async () => {
    const built = SearchEngine.build(catalog.products, categoryLabels(catalog.categories));
    const read = readPrebuiltIndex(shipped(), expected);
    if (!read.ok) throw new Error(read.reason);
    const loaded = await SearchEngine.fromSnapshot(read.snapshot);
    expect(loaded.columns).toEqual(built.columns);
    expect(judged.length).toBeGreaterThanOrEqual(150);
    for (const j of judged) {
      for (const text of [j.query, j.query.slice(0, -2)]) {
        const q = parseSearchQuery({ text, filters: searchFiltersOf(j.filters), pageSize: 10 });
        const a = built.search(q);
        const b = loaded.search(q);
        expect({ ...b, page: b.page.map((i) => loaded.columns.ids[i]) }, text).toEqual({
          ...a,
          page: a.page.map((i) => built.columns.ids[i]),
        });
      }
    }
  });

  it('is refused for another catalog version, product count or snapshot format, and for anything else', () => {
    const file = shipped() as { snapshotFormat: number };
    expect(readPrebuiltIndex(file, expected).ok).toBe(true);
    expect(readPrebuiltIndex(file, { ...expected, version: 'default-1.00000000' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/made for catalog/),
    });
    expect(readPrebuiltIndex(file, { ...expected, count: expected.count + 1 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/products/),
    });
    expect(readPrebuiltIndex({ ...file, snapshotFormat: SNAPSHOT_FORMAT - 1 }, expected)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/snapshot format/),
    });
    expect(readPrebuiltIndex(JSON.parse(catalogText), expected).ok).toBe(false);
    expect(readPrebuiltIndex(null, expected).ok).toBe(false);
  });
});

describe('search service cold start with the prebuilt index', () => {
  const catalogOnce = () => {
    let reads = 0;
    return {
      load: async () => {
        if (reads++) throw new Error('the default catalog must be read only to install it');
        return JSON.parse(catalogText) as unknown;
      },
    };
  };

  it('loads the shipped index on the first start instead of building, answers as a built index does, and persists it', async () => {
    const prebuiltDb = open();
    const withPrebuilt = createSearchService(prebuiltDb, catalogOnce().load, async () => shipped());
    const builtDb = open();
    const building = createSearchService(builtDb, catalogOnce().load);
    for (const j of judged.slice(0, 40)) {
      const q = { text: j.query, filters: searchFiltersOf(j.filters) };
      const [a, b] = [await building.search(q), await withPrebuilt.search(q)];
      expect(
        b.hits.map((h) => h.id),
        j.query,
      ).toEqual(a.hits.map((h) => h.id));
      expect(b.total).toBe(a.total);
    }
    expect((await withPrebuilt.info()).coldStart.mode).toBe('prebuilt');
    expect((await building.info()).coldStart.mode).toBe('build');
    // What was loaded is persisted: the next worker start reads IndexedDB (faster in Chromium), not the file.
    expect(await prebuiltDb.searchSnapshots.count()).toBe(1);
    const next = createSearchService(prebuiltDb, catalogOnce().load, () => Promise.reject(new Error('must not be read')));
    expect((await next.info()).coldStart.mode).toBe('snapshot');
  });

  it('builds (and persists) when the shipped index was made for another catalog version', async () => {
    const db = open();
    const stale = async () => ({ ...(shipped() as object), catalogVersion: 'default-1.0badf00d' });
    const warn = quietWarnings();
    const svc = createSearchService(db, catalogOnce().load, stale);
    expect((await svc.search({ text: 'star wars lego' })).total).toBeGreaterThan(0);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/made for catalog default-1\.0badf00d/);
    expect((await svc.info()).coldStart.mode).toBe('build');
    expect(await db.searchSnapshots.count()).toBe(1);
    // The next worker start loads what was persisted, and never looks at the stale file again.
    const next = createSearchService(db, catalogOnce().load, () => Promise.reject(new Error('must not be read')));
    expect((await next.info()).coldStart.mode).toBe('snapshot');
  });

  it('builds when the shipped index cannot be read', async () => {
    const warn = quietWarnings();
    const svc = createSearchService(open(), catalogOnce().load, () => Promise.reject(new Error('HTTP 404')));
    expect((await svc.info()).coldStart.mode).toBe('build');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('uses the shipped index only for the default catalog', async () => {
    const db = open();
    const svc = createSearchService(db, catalogOnce().load, async () => shipped());
    await svc.info();
    // The same products imported by a researcher: another source, so the shipped index is not theirs.
    await db.catalogMeta.update('active', { source: 'import' });
    await db.searchSnapshots.clear();
    svc.invalidate();
    expect((await svc.info()).coldStart.mode).toBe('build');
  });

  it('rebuilds over a persisted snapshot of an older format instead of failing every search', async () => {
    const db = open();
    const first = createSearchService(db, catalogOnce().load);
    await first.info();
    await db.searchSnapshots.toCollection().modify((row) => {
      (row.snapshot as { format: number }).format = SNAPSHOT_FORMAT - 1;
    });
    const next = createSearchService(db, () => Promise.reject(new Error('installed already')));
    expect((await next.search({ text: 'lego' })).total).toBeGreaterThan(0);
    expect((await next.info()).coldStart.mode).toBe('build');
    expect((await db.searchSnapshots.toArray()).map((r) => r.snapshot.format)).toEqual([SNAPSHOT_FORMAT]);
  });
});
