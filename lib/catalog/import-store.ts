import type { FloorwalkerDb, CatalogMetaRow } from '../db/database';
import { AttributeLabelsSchema, validateProduct } from './catalog-schema';
import { activateCatalog, activeCatalog } from './store';
import { categoriesOf, categoriesOfIds } from './import';
import * as v from 'valibot';
import { categoryLabels, SearchEngine, SNAPSHOT_FORMAT, type EngineSnapshot } from '../search/engine';
import type { CatalogInfo } from '../rpc/types';
import { dropCatalog, dropUnusedCatalogs, importVersion, readCatalogProducts, writeCatalogProducts } from './catalog-products';

export const MAX_STAGE_BATCH = 5_000;

const CommitOptionsSchema = v.object({
  mode: v.picklist(['replace', 'merge']),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  categories: v.optional(v.array(v.object({ id: v.string(), label: v.string() }))),
  /** How to show the file's attributes (a JSON catalog's `attributes`). */
  attributes: v.optional(AttributeLabelsSchema),
});
export type CommitOptions = v.InferInput<typeof CommitOptionsSchema>;

/**
 * Stages a batch of an import the options page relays (where its import worker could not start; the worker
 * stages its batches itself, see read-and-stage.ts). Every product is validated again here (the background
 * trusts no caller), and a batch with any invalid product is refused whole, so a bad call changes nothing.
 */
export async function stageProducts(db: FloorwalkerDb, importId: string, products: unknown): Promise<{ staged: number }> {
  checkImportId(importId);
  if (!Array.isArray(products)) throw new Error('products must be an array');
  if (products.length > MAX_STAGE_BATCH) throw new Error(`at most ${MAX_STAGE_BATCH} products per batch (got ${products.length})`);
  const valid = products.map((p, i) => {
    const r = validateProduct(p);
    if (!r.ok) throw new Error(`product ${i + 1} of the batch: ${r.error}`);
    return r.product;
  });
  await writeCatalogProducts(db, importVersion(importId), valid);
  // The batch's size, not a count of everything staged: counting is linear, once per batch.
  return { staged: valid.length };
}

/**
 * Saves the search index an import built while its file was read, beside its staged products, with the category
 * labels it was built with: a Replace loads it instead of building one. Saved after every product, so it also
 * says the staging is complete.
 */
export async function stageIndex(
  db: FloorwalkerDb,
  importId: string,
  snapshot: EngineSnapshot,
  labels: Record<string, string>,
): Promise<void> {
  checkImportId(importId);
  await db.searchSnapshots.put({ version: importVersion(importId), snapshot, labels });
}

export function checkImportId(importId: string): void {
  if (!/^[\w-]{8,64}$/.test(importId)) throw new Error('importId must be 8-64 letters, digits, _ or -');
}

export interface Committed {
  meta: CatalogMetaRow;
  imported: number;
  /**
   * The new catalog's search engine: loaded from the index staged with the import, or built (a merge, or an
   * import staged without a fitting index). `saved`: its snapshot is already stored under the catalog's version.
   * Null when a retried commit found the import already active.
   */
  search: { engine: SearchEngine; coldStart: CatalogInfo['coldStart']; saved: boolean } | null;
  /** The catalog this one replaced (or merged into itself): nothing uses its products any more. */
  replaced?: string;
}

/**
 * Makes a staged import the active catalog. Its products already lie under its version: a Replace with the index
 * staged beside them loads that index and flips the active row, one small transaction. A merge first copies the
 * active catalog's products that the file does not replace under the import's version, and builds the index.
 */
export async function commitImport(db: FloorwalkerDb, importId: string, options: CommitOptions): Promise<Committed> {
  const opts = v.parse(CommitOptionsSchema, options);
  checkImportId(importId);
  const version = importVersion(importId);
  // Idempotent: a retried commit (the first answer was lost with its port) finds the import already active.
  const active = await activeCatalog(db);
  if (active?.version === version) return { meta: active, imported: active.count, search: null };
  const known = opts.categories ?? active?.categories ?? [];
  const attributes = opts.attributes && Object.keys(opts.attributes).length ? { attributes: opts.attributes } : {};
  const t0 = performance.now();
  if (opts.mode === 'replace') {
    const staged = await loadStagedIndex(db, version, known);
    if (staged) {
      const meta = await activateCatalog(db, {
        version,
        source: 'import',
        name: opts.name,
        count: staged.engine.size,
        categories: staged.categories,
        personas: [],
        ...attributes,
      });
      const coldStart = { mode: 'snapshot' as const, ms: performance.now() - t0 };
      return { meta, imported: staged.engine.size, search: { engine: staged.engine, coldStart, saved: true }, ...replacing(active) };
    }
  }
  const fromFile = await readCatalogProducts(db, version);
  if (fromFile.length === 0) throw new Error('Nothing to import: no products were staged for this import');
  let products = fromFile;
  let categories = categoriesOf(fromFile, known);
  let rest: Pick<CatalogMetaRow, 'personas' | 'attributes'> = { personas: [], ...attributes };
  if (opts.mode === 'merge' && active) {
    const inFile = new Set(fromFile.map((p) => p.id));
    const kept = (await readCatalogProducts(db, active.version)).filter((p) => !inFile.has(p.id));
    await writeCatalogProducts(db, version, kept);
    products = [...kept, ...fromFile];
    categories = mergeById(active.categories, categories);
    const merged = { ...active.attributes, ...opts.attributes };
    rest = { personas: active.personas, ...(Object.keys(merged).length ? { attributes: merged } : {}) };
  }
  const engine = SearchEngine.build(products, categoryLabels(categories));
  const meta = await activateCatalog(
    db,
    { version, source: 'import', name: opts.name, count: products.length, categories, ...rest },
    { dropSnapshot: true }, // an index staged for the file alone does not fit a merge
  );
  return {
    meta,
    imported: fromFile.length,
    search: { engine, coldStart: { mode: 'build', ms: performance.now() - t0 }, saved: false },
    ...replacing(active),
  };
}

/**
 * The index staged with an import, if it was built with the labels the catalog will have (the file's, else the
 * active catalog's, else made from the ids); otherwise null, and the commit builds one from the products.
 */
async function loadStagedIndex(
  db: FloorwalkerDb,
  version: string,
  known: readonly { id: string; label: string }[],
): Promise<{ engine: SearchEngine; categories: { id: string; label: string }[] } | null> {
  const staged = await db.searchSnapshots.get(version);
  if (!staged?.labels || staged.snapshot.format !== SNAPSHOT_FORMAT) return null;
  const categories = categoriesOfIds(Object.keys(staged.labels), known);
  if (!sameLabels(staged.labels, categoryLabels(categories))) return null;
  try {
    return { engine: await SearchEngine.fromSnapshot(staged.snapshot), categories };
  } catch (e) {
    console.warn('[floorwalker] the index staged with the import did not load; building it', e);
    return null;
  }
}

const replacing = (active: CatalogMetaRow | undefined) => (active ? { replaced: active.version } : {});

function sameLabels(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

function mergeById<T extends { id: string }>(a: readonly T[], b: readonly T[]): T[] {
  const byId = new Map(a.map((x) => [x.id, x]));
  for (const x of b) byId.set(x.id, x);
  return [...byId.values()];
}

/**
 * Drops an import's staged products and index (Cancel, another file, the page closed), unless it is the active
 * catalog (a commit whose answer was lost), and whatever catalogs nothing uses any more.
 */
export async function discardImport(db: FloorwalkerDb, importId: string, now = Date.now()): Promise<void> {
  checkImportId(importId);
  const active = await activeCatalog(db);
  if (active?.version !== importVersion(importId)) await dropCatalog(db, importVersion(importId));
  await dropUnusedCatalogs(db, active?.version, now);
}
