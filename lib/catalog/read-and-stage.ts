import type { FloorwalkerDb } from '../db/database';
import { EngineBuilder } from '../search/engine';
import { labelOf } from './import-preview';
import { stageIndex } from './import-store';
import { importVersion, writeCatalogProducts } from './catalog-products';
import { readCatalogFile, type ReadOutcome, type ReadRequest } from './read-catalog';
import type { Category } from './read-json';

/**
 * Batches written to IndexedDB at once while the next ones are read and indexed: the database writes one while
 * this thread works, and no more than this many are held in memory waiting.
 */
export const WRITES_IN_FLIGHT = 2;

/**
 * Reads a catalog file (readCatalogFile) in the options page's import worker and stages it where the commit
 * adopts it: valid products written straight to IndexedDB under the import's catalog version (nothing reads that
 * version until the background's commit makes it active), and the search index, built batch by batch as they
 * come, saved beside them last. So nothing is relayed through the page and the background, and Replace only
 * loads the index and flips the active catalog. Categories are labelled as the commit will label them: the
 * file's own labels, else the active catalog's (`known`), else made from the id.
 */
export async function readAndStage(
  db: FloorwalkerDb,
  importId: string,
  file: Blob,
  request: ReadRequest,
  onProgress: (progress: { rows: number; pct: number }) => void,
): Promise<ReadOutcome> {
  const version = importVersion(importId);
  let labels = new Map(request.known.map((c) => [c.id, c.label]));
  const builder = new EngineBuilder((category) => labels.get(category) ?? labelOf(category));
  const writes: Promise<void>[] = [];
  const outcome = await readCatalogFile(file, request, {
    onProgress,
    onCategories: (categories: Category[]) => {
      // Before any product: the file's labels replace the active catalog's (as the commit's do).
      labels = new Map(categories.map((c) => [c.id, c.label]));
    },
    onProducts: async (products) => {
      const write = writeCatalogProducts(db, version, products);
      write.catch(() => undefined); // a failure is thrown where it is awaited, below
      writes.push(write);
      builder.add(products);
      if (writes.length >= WRITES_IN_FLIGHT) await writes.shift();
    },
  });
  await Promise.all(writes);
  if (builder.size > 0) await stageIndex(db, importId, await builder.finish().snapshot(), builder.categoryLabels);
  return outcome;
}
