import Dexie from 'dexie';
import type { FloorwalkerDb, CatalogMetaRow } from '../db/database';
import { AttributeLabelsSchema, validateProduct, type Product } from './catalog-schema';
import { installCatalog, activeCatalog } from './store';
import { categoriesOf } from './import';
import * as v from 'valibot';
import { StagedIndexAssembly, type StagedIndex } from '../search/staged-index';

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
 * Stages a batch of an import. Every product is validated again here (the background trusts no caller), and a
 * batch with any invalid product is refused whole, so a bad call changes nothing.
 */
export async function stageProducts(
  db: FloorwalkerDb,
  importId: string,
  products: unknown,
  memory?: StagedMemory,
): Promise<{ staged: number }> {
  checkImportId(importId);
  if (!Array.isArray(products)) throw new Error('products must be an array');
  if (products.length > MAX_STAGE_BATCH) throw new Error(`at most ${MAX_STAGE_BATCH} products per batch (got ${products.length})`);
  const rows = products.map((p, i) => {
    const r = validateProduct(p);
    if (!r.ok) throw new Error(`product ${i + 1} of the batch: ${r.error}`);
    return { importId, id: r.product.id, product: r.product };
  });
  await db.stagedProducts.bulkPut(rows);
  memory?.add(
    importId,
    rows.map((r) => r.product),
  );
  // The batch's size, not a count of everything staged: counting an index is linear, once per batch.
  return { staged: rows.length };
}

/** Stages one part of the search index the page built while reading the import (see StagedIndex); memory only. */
export function stageIndexPart(memory: StagedMemory, importId: string, part: unknown): void {
  checkImportId(importId);
  memory.addIndexPart(importId, part);
}

function checkImportId(importId: string): void {
  if (!/^[\w-]{8,64}$/.test(importId)) throw new Error('importId must be 8-64 letters, digits, _ or -');
}

/**
 * Runs once every product of a replacing import is handed to the database, while it writes: the background
 * builds the search index here, from the products in hand, instead of reading them back after the commit.
 */
export type WhileWriting = (products: readonly Product[], categories: { id: string; label: string }[]) => void;

/**
 * What the background still holds of the imports being staged: their products, so the commit takes them from
 * here instead of reading 100,000 rows back, and the search index the page built while reading the file. Only
 * a shortcut, never the record: the products are used when memory holds as many as the table holds for the
 * import (a worker restart empties it; a retried batch counts twice here, once there), else the table is read;
 * without an index that fits, the commit builds one.
 */
export class StagedMemory {
  private readonly byImport = new Map<string, Product[]>();
  private readonly indexes = new Map<string, StagedIndexAssembly>();

  add(importId: string, products: readonly Product[]): void {
    const held = this.byImport.get(importId);
    if (held) for (const p of products) held.push(p);
    else this.byImport.set(importId, [...products]);
  }

  addIndexPart(importId: string, part: unknown): void {
    let assembly = this.indexes.get(importId);
    if (!assembly) this.indexes.set(importId, (assembly = new StagedIndexAssembly()));
    assembly.add(part);
  }

  take(importId: string): Product[] | undefined {
    const held = this.byImport.get(importId);
    this.byImport.delete(importId);
    return held;
  }

  takeIndex(importId: string): StagedIndex | null {
    const assembly = this.indexes.get(importId);
    this.indexes.delete(importId);
    return assembly?.complete() ?? null;
  }

  forget(importId: string): void {
    this.byImport.delete(importId);
    this.indexes.delete(importId);
  }
}

export interface CommitHooks {
  whileWriting?: WhileWriting;
  memory?: StagedMemory;
  /**
   * Takes the dropping of the import's staged rows, to run after the commit has answered (100,000 deletions are
   * seconds the researcher need not wait for); without it the commit awaits them. Rows a stopped worker leaves
   * behind are dropped as stale by a later import (STALE_IMPORT_MS).
   */
  discardLater?: (discard: () => Promise<void>) => void;
}

/** Makes a staged import the active catalog (replacing or merging), in one transaction. */
export async function commitImport(
  db: FloorwalkerDb,
  importId: string,
  options: CommitOptions,
  { whileWriting, memory, discardLater }: CommitHooks = {},
): Promise<CatalogMetaRow & { imported: number }> {
  const opts = v.parse(CommitOptionsSchema, options);
  // Idempotent: a retried commit (the first answer was lost with its port) finds the import already active.
  const active = await activeCatalog(db);
  if (active?.version === importVersion(importId)) return { ...active, imported: active.count };
  const products = await stagedOf(db, importId, memory);
  if (products.length === 0) throw new Error('Nothing to import: no products were staged for this import');
  const categories = categoriesOf(products, opts.categories ?? active?.categories ?? []);
  const meta = await installCatalog(
    db,
    { version: importVersion(importId), categories, personas: [], products, ...(opts.attributes ? { attributes: opts.attributes } : {}) },
    'import',
    opts.name,
    opts.mode,
    whileWriting && opts.mode === 'replace' ? () => whileWriting(products, categories) : undefined,
  );
  const discard = () => discardImport(db, importId);
  if (discardLater) discardLater(discard);
  else await discard();
  return { ...meta, imported: products.length };
}

/** An import's staged products. Not validated again: stageProducts validated each one, and only it writes them. */
async function stagedOf(db: FloorwalkerDb, importId: string, memory: StagedMemory | undefined): Promise<Product[]> {
  const staged = db.stagedProducts.where('importId').equals(importId);
  const held = memory?.take(importId);
  if (held && held.length === (await staged.count())) return held;
  return (await staged.toArray()).map((r) => r.product);
}

function importVersion(importId: string): string {
  return `import-${importId}`;
}

/**
 * Staged rows older than this belong to an import nobody will finish (its page was closed at the preview without
 * its pagehide reaching the background): they are dropped whenever another import is discarded or committed.
 */
export const STALE_IMPORT_MS = 24 * 60 * 60 * 1000;

export async function discardImport(db: FloorwalkerDb, importId: string, now = Date.now()): Promise<void> {
  await db.stagedProducts.where('[importId+id]').between([importId, Dexie.minKey], [importId, Dexie.maxKey]).delete();
  await db.stagedProducts
    .where('importId')
    .below(uuidV7Prefix(now - STALE_IMPORT_MS))
    .delete();
}

/**
 * The start of a UUIDv7 made at `time` (its first 48 bits are the time in ms, as hex): import ids (newId) made
 * earlier sort below it. Ids that are not v7 (letters past "f") sort above, and are never taken for stale.
 */
export function uuidV7Prefix(time: number): string {
  const hex = Math.max(0, Math.floor(time)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
}
