import type { FloorwalkerDb } from '../db/database';
import { EngineBuilder } from '../search/engine';
import { labelOf } from './import-preview';
import { importVersion, writeCatalogProducts } from './catalog-products';
import { stageBuiltIndex, type IndexFeedSink } from './index-feed';
import { readCatalogFile, type ReadOutcome, type ReadRequest } from './read-catalog';
import type { Category } from './read-json';

/**
 * Batches written to IndexedDB at once while the next ones are read and indexed: the database writes one while
 * this thread works, and no more than this many are held in memory waiting.
 */
export const WRITES_IN_FLIGHT = 2;

/**
 * How the import workers open the database. Relaxed durability: a transaction commits once the browser has the
 * data, without waiting for the disk to flush it (strict would flush 40 times for 100,000 products, seconds on
 * a busy disk). Only staged rows are written this way, which nothing reads until the background's commit (with
 * the default durability) adopts them; an OS crash before then loses an import that was never made active. No
 * live queries run in a worker, so Dexie's query cache is off.
 */
export const STAGING_DB_OPTIONS = { chromeTransactionDurability: 'relaxed', cache: 'disabled' } as const;

/**
 * Reads a catalog file (readCatalogFile) in the options page's import worker and stages it where the commit
 * adopts it: valid products written straight to IndexedDB under the import's catalog version (nothing reads that
 * version until the background's commit makes it active), and the search index saved beside them last. So
 * nothing is relayed through the page and the background, and Replace only loads the index and flips the active
 * catalog. Categories are labelled as the commit will label them: the file's own labels, else the active
 * catalog's (`known`), else made from the id.
 *
 * With `index` (the feed of a second worker, lib/catalog/index-feed.ts), every batch is handed to that worker,
 * which builds and stages the index while this one reads and writes; `end` is sent once every product is
 * written. Without it, the index is built here, batch by batch, and saved after the products.
 */
export async function readAndStage(
  db: FloorwalkerDb,
  importId: string,
  file: Blob,
  request: ReadRequest,
  onProgress: (progress: { rows: number; pct: number }) => void,
  index?: IndexFeedSink,
): Promise<ReadOutcome> {
  const version = importVersion(importId);
  const started = performance.now();
  let labels = new Map(request.known.map((c) => [c.id, c.label]));
  const builder = index ? null : new EngineBuilder((category) => labels.get(category) ?? labelOf(category));
  // indexingMs: building the index here, or handing each batch to the index worker (a structured clone).
  const timings = { readingMs: 0, writeWaitMs: 0, indexingMs: 0, snapshotMs: 0, savingMs: 0 };
  const writes: Promise<void>[] = [];
  const waitFor = async (write: Promise<unknown> | undefined) => {
    const t = performance.now();
    await write;
    timings.writeWaitMs += performance.now() - t;
  };
  let outcome: ReadOutcome;
  try {
    outcome = await readCatalogFile(file, request, {
      onProgress,
      onCategories: (categories: Category[]) => {
        // Before any product: the file's labels replace the active catalog's (as the commit's do).
        labels = new Map(categories.map((c) => [c.id, c.label]));
        index?.postMessage({ kind: 'categories', categories });
      },
      onProducts: async (products) => {
        const write = writeCatalogProducts(db, version, products);
        write.catch(() => undefined); // a failure is thrown where it is awaited, below
        writes.push(write);
        const t = performance.now();
        if (index) index.postMessage({ kind: 'products', products });
        else builder?.add(products);
        timings.indexingMs += performance.now() - t;
        if (writes.length >= WRITES_IN_FLIGHT) await waitFor(writes.shift());
      },
    });
    await waitFor(Promise.all(writes));
  } catch (e) {
    index?.postMessage({ kind: 'abort' });
    throw e;
  }
  timings.readingMs = performance.now() - started - timings.writeWaitMs - timings.indexingMs;
  if (index) index.postMessage({ kind: 'end' });
  else if (builder) await stageBuiltIndex(db, importId, builder, timings);
  return { ...outcome, timings: roundAll(timings) };
}

function roundAll<K extends string>(t: Record<K, number>): Record<K, number> {
  return Object.fromEntries(Object.entries<number>(t).map(([k, v]) => [k, Math.round(v)])) as Record<K, number>;
}
