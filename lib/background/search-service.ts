import { activeCatalog, installCatalog } from '../catalog/store';
import { validateCatalog, type Product } from '../catalog/schema';
import type { FloorwalkerDb, CatalogMetaRow } from '../db/schema';
import { SearchEngine } from '../search/engine';
import { computeFacets, type Facets } from '../search/facets';
import { parseSearchQuery, type SearchHit, type SearchResponse } from '../search/query';
import { highlightRanges } from '../search/text';
import { productImageUrl } from '../catalog/images';

export interface CatalogInfo {
  version: string;
  name: string;
  source: CatalogMetaRow['source'];
  count: number;
  categories: CatalogMetaRow['categories'];
  /** How the engine became ready on this worker start: built from products, or loaded from the snapshot. */
  coldStart: { mode: 'snapshot' | 'build'; ms: number };
}

interface Ready {
  engine: SearchEngine;
  meta: CatalogMetaRow;
  coldStart: CatalogInfo['coldStart'];
  facets: Map<string, Facets>;
}

/**
 * The catalog search as the background offers it. The engine is a cache: when the worker stops it is gone,
 * and the next search restores it from the snapshot persisted in IndexedDB (or builds and persists one).
 */
export function createSearchService(db: FloorwalkerDb, loadDefaultCatalog: () => Promise<unknown>) {
  let ready: Promise<Ready> | null = null;

  async function installDefault(): Promise<CatalogMetaRow> {
    const checked = validateCatalog(await loadDefaultCatalog());
    if (!checked.ok) throw new Error(`The bundled catalog is invalid: ${checked.errors.join('; ')}`);
    return installCatalog(db, checked.catalog, 'default', 'Default catalog');
  }

  async function init(): Promise<Ready> {
    const t0 = performance.now();
    const meta = (await activeCatalog(db)) ?? (await installDefault());
    const saved = await db.searchSnapshots.get(meta.version);
    if (saved) {
      const engine = await SearchEngine.fromSnapshot(saved.snapshot);
      return { engine, meta, coldStart: { mode: 'snapshot', ms: performance.now() - t0 }, facets: new Map() };
    }
    const labels = Object.fromEntries(meta.categories.map((c) => [c.id, c.label]));
    const engine = SearchEngine.build(await db.products.toArray(), labels);
    const coldStart = { mode: 'build' as const, ms: performance.now() - t0 };
    const snapshot = await engine.snapshot();
    // Persist only if this catalog is still the active one (an import may have replaced it meanwhile).
    const version = meta.version;
    await db.transaction('rw', db.catalogMeta, db.searchSnapshots, async () => {
      if ((await activeCatalog(db))?.version === version) await db.searchSnapshots.put({ version, snapshot });
    });
    return { engine, meta, coldStart, facets: new Map() };
  }

  function get(): Promise<Ready> {
    ready ??= init().catch((e: unknown) => {
      ready = null; // let the next call try again
      throw e;
    });
    return ready;
  }

  return {
    /** Forgets the engine, e.g. after an import; the next call rebuilds it. */
    invalidate() {
      ready = null;
    },

    async restoreDefault(): Promise<void> {
      await installDefault();
      ready = null;
    },

    async info(): Promise<CatalogInfo> {
      const { meta, coldStart } = await get();
      return { version: meta.version, name: meta.name, source: meta.source, count: meta.count, categories: meta.categories, coldStart };
    },

    async facets(category: string | null): Promise<Facets> {
      const r = await get();
      const key = category ?? '';
      let f = r.facets.get(key);
      if (!f) {
        f = computeFacets(r.engine.columns, category);
        r.facets.set(key, f);
      }
      return f;
    },

    async search(input: unknown): Promise<SearchResponse> {
      const query = parseSearchQuery(input);
      const { engine } = await get();
      const t0 = performance.now();
      const result = engine.search(query);
      const latencyMs = performance.now() - t0;
      const ids = result.page.map((i) => engine.columns.ids[i] ?? '');
      const products = await db.products.bulkGet(ids);
      const hits = products.filter((p): p is Product => p !== undefined).map((p) => toHit(p, result.terms));
      return { query, hits, total: result.total, corrections: result.corrections, partial: result.partial, latencyMs };
    },

    async product(id: string): Promise<Product | undefined> {
      return db.products.get(id);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

export function toHit(p: Product, terms: readonly string[]): SearchHit {
  const image = p.images[0];
  return {
    id: p.id,
    title: p.title,
    brand: p.brand,
    category: p.category,
    price: p.price,
    currency: p.currency,
    rating: p.rating,
    ratingCount: p.ratingCount,
    // Drawn locally (catalog "img/" paths) or the catalog's own URL; never an unsafe scheme.
    image: image ? { src: productImageUrl(p, 0), alt: image.alt } : null,
    url: p.url ?? null,
    highlights: { title: highlightRanges(p.title, terms), brand: highlightRanges(p.brand, terms) },
  };
}
