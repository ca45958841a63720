import type { FloorwalkerDb, CatalogMetaRow } from '../db/database';
import type { Catalog, Product } from './catalog-schema';

export const ACTIVE_CATALOG_KEY = 'active';
/** Products are written in chunks so one transaction never holds 100,000 objects. */
export const PRODUCT_WRITE_CHUNK = 5_000;

export async function activeCatalog(db: FloorwalkerDb): Promise<CatalogMetaRow | undefined> {
  return db.catalogMeta.get(ACTIVE_CATALOG_KEY);
}

/**
 * Replaces the active catalog. Products are written first and the "active" row last, in one transaction, so a
 * worker stopped half-way leaves the previous catalog active and intact rather than a half-written one.
 * `whileWriting` runs (synchronously) once every product has been handed to the database, while it writes.
 */
export async function installCatalog(
  db: FloorwalkerDb,
  catalog: Pick<Catalog, 'version' | 'categories' | 'personas' | 'attributes'> & { products: readonly Product[] },
  source: CatalogMetaRow['source'],
  name: string,
  mode: 'replace' | 'merge' = 'replace',
  whileWriting?: () => void,
): Promise<CatalogMetaRow> {
  return db.transaction('rw', db.products, db.catalogMeta, db.searchSnapshots, async () => {
    const previous = await activeCatalog(db);
    if (mode === 'replace') await db.products.clear();
    // Every chunk is handed to IndexedDB before any is awaited: the database then writes them while this thread
    // does `whileWriting` (building the search index), instead of the two taking turns.
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < catalog.products.length; i += PRODUCT_WRITE_CHUNK) {
      writes.push(db.products.bulkPut(catalog.products.slice(i, i + PRODUCT_WRITE_CHUNK)));
    }
    whileWriting?.();
    await Promise.all(writes);
    const categories = mode === 'merge' && previous ? mergeById(previous.categories, catalog.categories) : catalog.categories;
    const personas = mode === 'merge' && previous ? mergeById(previous.personas, catalog.personas) : catalog.personas;
    const attributes = mode === 'merge' && previous ? { ...previous.attributes, ...catalog.attributes } : catalog.attributes;
    const row: CatalogMetaRow = {
      key: ACTIVE_CATALOG_KEY,
      version: mode === 'merge' && previous ? `${previous.version}+${catalog.version}` : catalog.version,
      source: mode === 'merge' && previous?.source === 'default' && source === 'default' ? 'default' : source,
      name,
      count: await db.products.count(),
      updatedAt: Date.now(),
      categories,
      personas,
      ...(attributes && Object.keys(attributes).length ? { attributes } : {}),
    };
    await db.searchSnapshots.clear(); // snapshots of older catalogs are useless and large
    await db.catalogMeta.put(row);
    return row;
  });
}

function mergeById<T extends { id: string }>(a: readonly T[], b: readonly T[]): T[] {
  const byId = new Map(a.map((x) => [x.id, x]));
  for (const x of b) byId.set(x.id, x);
  return [...byId.values()];
}
