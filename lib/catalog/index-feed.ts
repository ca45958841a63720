import type { FloorwalkerDb } from '../db/database';
import { EngineBuilder } from '../search/engine';
import type { Product } from './catalog-schema';
import { labelOf } from './import-preview';
import { stageIndex } from './import-store';
import type { Category } from './read-json';

/**
 * Building an import's search index in a second worker, beside the one that reads the file: the reading worker
 * feeds it each batch of valid products as it hands the batch to IndexedDB, so the index (about two thirds of
 * the CPU an import takes) is built while the file is read and saved, not after. The feed is ordered (one
 * MessagePort), so the products are indexed in file order, as EngineBuilder would index them in one pass.
 */
export type IndexFeed =
  /** The file's own category labels, before any product (as ReadCallbacks.onCategories). */
  | { kind: 'categories'; categories: Category[] }
  | { kind: 'products'; products: Product[] }
  /** Every product is read and saved: the index may be staged (stageIndex says the staging is complete). */
  | { kind: 'end' }
  /** The reading failed (the import worker throws why): nothing is staged. */
  | { kind: 'abort' };

/** The end of a MessagePort the reading worker writes the feed to. */
export interface IndexFeedSink {
  postMessage(message: IndexFeed): void;
}

/** The end of a MessagePort the index worker reads the feed from. */
export interface IndexFeedSource {
  onmessage: ((event: MessageEvent<IndexFeed>) => void) | null;
  start?(): void;
  close(): void;
}

export interface IndexOutcome {
  indexed: number;
  /** The feed was aborted: nothing was staged, and the reading's own error says why. */
  aborted?: true;
  /** Where the index worker's time went, for the bench (see StageTimings). */
  timings: { waitingMs: number; indexingMs: number; snapshotMs: number; savingMs: number };
}

/**
 * Builds the index of an import from its feed and stages it beside the products once the feed ends. Labels are
 * those the commit will give the categories: the file's own, else the active catalog's (`known`), else made
 * from the id. Rejects when a step fails, and then stages nothing; an aborted feed stages nothing either, and
 * resolves (`aborted`), so the page shows the reading's error rather than this one.
 */
export function indexFromFeed(
  db: FloorwalkerDb,
  importId: string,
  known: readonly Category[],
  source: IndexFeedSource,
): Promise<IndexOutcome> {
  let labels = new Map(known.map((c) => [c.id, c.label]));
  const builder = new EngineBuilder((category) => labels.get(category) ?? labelOf(category));
  const timings = { waitingMs: 0, indexingMs: 0, snapshotMs: 0, savingMs: 0 };
  const started = performance.now();
  return new Promise<IndexOutcome>((resolve, reject) => {
    const stop = () => {
      source.onmessage = null;
      source.close();
    };
    source.onmessage = ({ data }) => {
      try {
        if (data.kind === 'categories') labels = new Map(data.categories.map((c) => [c.id, c.label]));
        else if (data.kind === 'products') {
          const t = performance.now();
          builder.add(data.products);
          timings.indexingMs += performance.now() - t;
        } else if (data.kind === 'abort') {
          stop();
          resolve({ indexed: 0, aborted: true, timings });
        } else {
          stop();
          timings.waitingMs = performance.now() - started - timings.indexingMs;
          void stage().then(resolve, reject);
        }
      } catch (e) {
        stop();
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    source.start?.();
  });

  async function stage(): Promise<IndexOutcome> {
    await stageBuiltIndex(db, importId, builder, timings);
    return { indexed: builder.size, timings };
  }
}

/** Saves what `builder` indexed (if anything) as the import's staged index, timing the snapshot and the write. */
export async function stageBuiltIndex(
  db: FloorwalkerDb,
  importId: string,
  builder: EngineBuilder,
  timings: { snapshotMs: number; savingMs: number },
): Promise<void> {
  if (builder.size === 0) return;
  let t = performance.now();
  const snapshot = await builder.finish().snapshot();
  timings.snapshotMs = performance.now() - t;
  t = performance.now();
  await stageIndex(db, importId, snapshot, builder.categoryLabels);
  timings.savingMs = performance.now() - t;
}
