import Dexie from 'dexie';
import type { CatalogBlockRow, FloorwalkerDb } from '../db/database';
import type { Product } from './catalog-schema';

/**
 * Products by catalog version (the catalogBlocks table, keyed [catalog+first]). Every catalog, the active one and
 * imports being checked, has its own version, so reading the active catalog means naming its version, and an
 * import's products are written once, where its commit adopts them.
 *
 * They are stored BLOCK_SIZE to a row, not one per row: in Chromium each IndexedDB record costs the writer a
 * structured clone and an IPC message, and the browser a put with its undo log, whatever its size. 100,000
 * products as 100,000 rows took 10-15 s to write (about all of an import's time); as 2,000 blocks with the same
 * bytes, 1-2 s (bench/import.ts). A multiEntry index over each block's product keys finds a product by id.
 */

/**
 * Products per row. Small enough that a row stays under Chromium's 64 KB threshold for moving a value out to a
 * blob file (products are ~0.8 KB) and that finding a page of search hits by id decodes few other products;
 * large enough that an import writes few rows.
 */
export const BLOCK_SIZE = 50;

/** Old catalogs are deleted this many rows (BLOCK_SIZE products each) per transaction, so searches on the new one wait for no long write. */
export const DROP_CHUNK = 100;

/**
 * A staged import (`import-<uuidv7>`) older than this belongs to nobody (its page was closed at the preview
 * without its pagehide reaching the background): it is dropped with the catalogs nothing uses.
 */
export const STALE_IMPORT_MS = 24 * 60 * 60 * 1000;

/** The catalog version of an import, under which its products are staged and, once committed, kept. */
export function importVersion(importId: string): string {
  return `import-${importId}`;
}

/** Between a version and a product id in a product key: below every character an id or a version may hold. */
const KEY_SEPARATOR = '\u0000';

/** A product's key in the catalogBlocks `keys` index: its version and id (in that order, so a version's keys are one range). */
export function productKey(version: string, id: string): string {
  return `${version}${KEY_SEPARATOR}${id}`;
}

function range(version: string) {
  return [
    [version, Dexie.minKey],
    [version, Dexie.maxKey],
  ] as const;
}

function ofVersion(db: FloorwalkerDb, version: string) {
  const [lo, hi] = range(version);
  return db.catalogBlocks.where(':id').between(lo, hi);
}

/** Blocks of `products` in their order; a block is keyed by its first id. */
function blocksOf(version: string, products: readonly Product[]): CatalogBlockRow[] {
  const blocks: CatalogBlockRow[] = [];
  for (let at = 0; at < products.length; at += BLOCK_SIZE) {
    const part = products.slice(at, at + BLOCK_SIZE);
    const keys = part.map((p) => productKey(version, p.id));
    blocks.push({ catalog: version, first: part[0]?.id ?? '', keys, products: part });
  }
  return blocks;
}

/**
 * Writes products under a version. Each call's products must be new to the version (an import's are: its
 * collector refuses a repeated id), or the same batch written again, which overwrites its blocks.
 */
export async function writeCatalogProducts(db: FloorwalkerDb, version: string, products: readonly Product[]): Promise<void> {
  if (products.length === 0) return;
  await db.catalogBlocks.bulkPut(blocksOf(version, products));
}

const byId = (a: Product, b: Product) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every product of a version, in id order (as one row per product kept them), each id once. */
export async function readCatalogProducts(db: FloorwalkerDb, version: string): Promise<Product[]> {
  const all = (await ofVersion(db, version).toArray()).flatMap((b) => b.products).sort(byId);
  return all.filter((p, i) => all[i - 1]?.id !== p.id);
}

export async function catalogProductIds(db: FloorwalkerDb, version: string): Promise<string[]> {
  const prefix = productKey(version, '');
  const keys = await db.catalogBlocks
    .where('keys')
    .between(prefix, prefix + '\uffff', true, true)
    .keys();
  return [...new Set(keys.map((k) => String(k).slice(prefix.length)))];
}

export async function catalogProduct(db: FloorwalkerDb, version: string, id: string): Promise<Product | undefined> {
  const block = await db.catalogBlocks.where('keys').equals(productKey(version, id)).first();
  return block?.products.find((p) => p.id === id);
}

/**
 * The products of `ids` in their order (undefined where a catalog has none). One index lookup per id, all sent at
 * once in one transaction: an anyOf() over the index would walk a cursor from key to key, a round trip each.
 */
export async function catalogProducts(db: FloorwalkerDb, version: string, ids: readonly string[]): Promise<(Product | undefined)[]> {
  const blocks = await blocksHolding(db, version, ids);
  return ids.map((id, i) => blocks[i]?.products.find((p) => p.id === id));
}

/** The block holding each of `ids`, in their order: one index lookup per id, all sent at once in one transaction. */
function blocksHolding(db: FloorwalkerDb, version: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.transaction('r', db.catalogBlocks, () =>
    Promise.all(ids.map((id) => db.catalogBlocks.where('keys').equals(productKey(version, id)).first())),
  );
}

/**
 * The products of each block that holds one of `ids`, a block once (ids a catalog lacks give none): a page of
 * search hits with the products stored beside them, for the search service's cache (lib/background/product-cache.ts).
 */
export async function catalogBlocksOf(db: FloorwalkerDb, version: string, ids: readonly string[]): Promise<Product[][]> {
  const blocks = await blocksHolding(db, version, [...new Set(ids)]);
  const seen = new Set<string>();
  return blocks.flatMap((b) => (b && !seen.has(b.first) && seen.add(b.first) ? [b.products] : []));
}

/** Every catalog version that has products, in key order: one key lookup per version. */
export async function catalogVersions(db: FloorwalkerDb): Promise<string[]> {
  const versions: string[] = [];
  let [key] = await db.catalogBlocks.orderBy(':id').limit(1).primaryKeys();
  while (key) {
    const version = key[0];
    versions.push(version);
    [key] = await db.catalogBlocks.where(':id').above([version, Dexie.maxKey]).limit(1).primaryKeys();
  }
  return versions;
}

/** Deletes a catalog version's products, DROP_CHUNK rows per transaction, and its search snapshot. */
export async function dropCatalog(db: FloorwalkerDb, version: string): Promise<void> {
  await db.searchSnapshots.delete(version);
  const [lo, hi] = range(version);
  for (;;) {
    const keys = await db.catalogBlocks.where(':id').between(lo, hi).limit(DROP_CHUNK).primaryKeys();
    const last = keys[keys.length - 1];
    if (!last) return;
    await db.catalogBlocks.where(':id').between(lo, last, true, true).delete();
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
