import Dexie from 'dexie';
import type { FloorwalkerDb } from '../db/database';
import type { Product } from './catalog-schema';

/**
 * Products by catalog version (the catalogProducts table, keyed [catalog+id]). Every catalog, the active one and
 * imports being checked, has its own version, so reading the active catalog means naming its version, and an
 * import's products are written once, where its commit adopts them.
 */

/** Old catalogs are deleted this many products per transaction, so searches on the new one wait for no long write. */
export const DROP_CHUNK = 5_000;

/**
 * A staged import (`import-<uuidv7>`) older than this belongs to nobody (its page was closed at the preview
 * without its pagehide reaching the background): it is dropped with the catalogs nothing uses.
 */
export const STALE_IMPORT_MS = 24 * 60 * 60 * 1000;

/** The catalog version of an import, under which its products are staged and, once committed, kept. */
export function importVersion(importId: string): string {
  return `import-${importId}`;
}

function range(version: string) {
  return [
    [version, Dexie.minKey],
    [version, Dexie.maxKey],
  ] as const;
}

function ofVersion(db: FloorwalkerDb, version: string) {
  const [lo, hi] = range(version);
  return db.catalogProducts.where(':id').between(lo, hi);
}

export async function writeCatalogProducts(db: FloorwalkerDb, version: string, products: readonly Product[]): Promise<void> {
  await db.catalogProducts.bulkPut(products.map((product) => ({ catalog: version, id: product.id, product })));
}

export async function readCatalogProducts(db: FloorwalkerDb, version: string): Promise<Product[]> {
  return (await ofVersion(db, version).toArray()).map((r) => r.product);
}

export async function catalogProductIds(db: FloorwalkerDb, version: string): Promise<string[]> {
  return (await ofVersion(db, version).primaryKeys()).map(([, id]) => id);
}

export async function catalogProduct(db: FloorwalkerDb, version: string, id: string): Promise<Product | undefined> {
  return (await db.catalogProducts.get([version, id]))?.product;
}

/** The products of `ids` in their order (undefined where a catalog has none). */
export async function catalogProducts(db: FloorwalkerDb, version: string, ids: readonly string[]): Promise<(Product | undefined)[]> {
  return (await db.catalogProducts.bulkGet(ids.map((id): [string, string] => [version, id]))).map((r) => r?.product);
}

/** Every catalog version that has products, in key order: one key lookup per version. */
export async function catalogVersions(db: FloorwalkerDb): Promise<string[]> {
  const versions: string[] = [];
  let [key] = await db.catalogProducts.orderBy(':id').limit(1).primaryKeys();
  while (key) {
    const version = key[0];
    versions.push(version);
    [key] = await db.catalogProducts.where(':id').above([version, Dexie.maxKey]).limit(1).primaryKeys();
  }
  return versions;
}

/** Deletes a catalog version's products, a chunk per transaction, and its search snapshot. */
export async function dropCatalog(db: FloorwalkerDb, version: string): Promise<void> {
  await db.searchSnapshots.delete(version);
  const [lo, hi] = range(version);
  for (;;) {
    const keys = await db.catalogProducts.where(':id').between(lo, hi).limit(DROP_CHUNK).primaryKeys();
    const last = keys[keys.length - 1];
    if (!last) return;
    await db.catalogProducts.where(':id').between(lo, last, true, true).delete();
  }
}

/**
 * Drops every catalog nothing uses: all but the active one (`keep`) and imports staged in the last day (still
 * waiting for the researcher's Replace, Add or Cancel, perhaps in another tab). Search snapshots of versions
 * that have no products any more go too.
 */
export async function dropUnusedCatalogs(db: FloorwalkerDb, keep: string | undefined, now = Date.now()): Promise<string[]> {
  const recent = importVersion(uuidV7Prefix(now - STALE_IMPORT_MS));
  const unused = (await catalogVersions(db)).filter((v) => v !== keep && !(v.startsWith(importVersion('')) && v >= recent));
  for (const version of unused) await dropCatalog(db, version);
  const snapshots = (await db.searchSnapshots.toCollection().primaryKeys()).filter(
    (v) => v !== keep && !(v.startsWith(importVersion('')) && v >= recent),
  );
  await db.searchSnapshots.bulkDelete(snapshots);
  return unused;
}

/**
 * The start of a UUIDv7 made at `time` (its first 48 bits are the time in ms, as hex): import ids (newId) made
 * earlier sort below it. Ids that are not v7 (letters past "f") sort above, and are never taken for stale.
 */
export function uuidV7Prefix(time: number): string {
  const hex = Math.max(0, Math.floor(time)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
}
