import type { FloorwalkerDb, CatalogMetaRow } from '../db/database';
import type { Catalog, Product } from './catalog-schema';
import { writeCatalogProducts } from './catalog-products';

export const ACTIVE_CATALOG_KEY = 'active';

export async function activeCatalog(db: FloorwalkerDb): Promise<CatalogMetaRow | undefined> {
  return db.catalogMeta.get(ACTIVE_CATALOG_KEY);
}

/**
 * Installs a catalog (the bundled default) as the active one: its products are written under its version, which
 * nothing reads until the active row names it, so a worker stopped half-way leaves the previous catalog active
 * and intact. The previous catalog's products are left for dropUnusedCatalogs.
 */
export async function installCatalog(
  db: FloorwalkerDb,
  catalog: Pick<Catalog, 'version' | 'categories' | 'personas' | 'attributes'> & { products: readonly Product[] },
  source: CatalogMetaRow['source'],
  name: string,
): Promise<CatalogMetaRow> {
  await writeCatalogProducts(db, catalog.version, catalog.products);
  return activateCatalog(db, {
    version: catalog.version,
    source,
    name,
    count: catalog.products.length,
    categories: catalog.categories,
    personas: catalog.personas,
    ...(catalog.attributes && Object.keys(catalog.attributes).length ? { attributes: catalog.attributes } : {}),
  });
}

/**
 * Makes a catalog whose products are stored under its version the active one, in one small transaction.
 * `dropSnapshot`: its version's search snapshot does not fit it (an import's, made before a merge), so a worker
 * restarted after this builds the index rather than loading the wrong one.
 */
export async function activateCatalog(
  db: FloorwalkerDb,
  row: Omit<CatalogMetaRow, 'key' | 'updatedAt'>,
  { dropSnapshot = false } = {},
): Promise<CatalogMetaRow> {
  const active: CatalogMetaRow = { key: ACTIVE_CATALOG_KEY, ...row, updatedAt: Date.now() };
  await db.transaction('rw', db.catalogMeta, db.searchSnapshots, async () => {
    if (dropSnapshot) await db.searchSnapshots.delete(row.version);
    await db.catalogMeta.put(active);
  });
  return active;
}
