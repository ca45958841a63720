import { proxy, releaseProxy, transfer, wrap, type Remote } from 'comlink';
import { IMPORT_STAGES_MARK, readCatalogFile, type ReadOutcome, type ReadRequest } from '@/lib/catalog/read-catalog';
import type { Product } from '@/lib/catalog/catalog-schema';
import type { IndexOutcome } from '@/lib/catalog/index-feed';
import type { ImportWorkerApi } from './import-worker';
import type { IndexWorkerApi } from './index-worker';

export interface ImportCallbacks {
  onProgress(progress: { rows: number; pct: number }): void;
  /** Stages a batch through the background: only where the file is read on the page (no worker). */
  stageOnPage(products: Product[]): Promise<void>;
}

/**
 * Reads a chosen catalog file in a Web Worker, which stages it too: parsing, validating and indexing 100,000
 * products is seconds of work the page's thread then never sees, the worker may parse a JSON file whole (20-30×
 * faster than streaming it), and it writes the products to IndexedDB itself instead of relaying them through
 * the page and the background (lib/catalog/read-and-stage.ts). A second worker builds and stages the search
 * index from the batches the first hands it, at the same time (lib/catalog/index-feed.ts): the two are the
 * bulk of an import's CPU, and on two cores they take the longer of the two instead of their sum. Where the
 * second worker cannot be made, the first builds the index itself; where no worker starts, the file is read on
 * the page, streamed and yielding, and staged through the background, without an index.
 */
export async function readImport(
  file: File,
  request: Omit<ReadRequest, 'wholeJson'>,
  importId: string,
  callbacks: ImportCallbacks,
): Promise<ReadOutcome> {
  const onPage = () =>
    readCatalogFile(file, { ...request, wholeJson: false }, { onProducts: callbacks.stageOnPage, onProgress: callbacks.onProgress });
  let worker: Worker;
  try {
    worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return onPage();
  }
  const indexer = startIndexer(importId, request.known);
  const remote = wrap<ImportWorkerApi>(worker);
  let started = false;
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new WorkerFailed(e.message || 'the import worker failed to start')));
  });
  try {
    const onProgress = (p: { rows: number; pct: number }) => {
      started = true;
      callbacks.onProgress(p);
    };
    const request_ = { ...request, wholeJson: true };
    const reading = indexer
      ? remote.readAndStage(importId, file, request_, proxy(onProgress), transfer(indexer.feed, [indexer.feed]))
      : remote.readAndStage(importId, file, request_, proxy(onProgress));
    const [outcome, indexed] = await Promise.race([Promise.all([reading, indexer?.done]), failed]);
    const timings = { ...outcome.timings, ...prefixed('index', indexed?.timings) };
    performance.mark(IMPORT_STAGES_MARK, { detail: timings });
    return { ...outcome, timings };
  } catch (e) {
    // A worker that could not start has read nothing: the page reads the file itself.
    if (e instanceof WorkerFailed && !started) return onPage();
    throw e;
  } finally {
    remote[releaseProxy]();
    worker.terminate();
    indexer?.stop();
  }
}

interface Indexer {
  /** The import worker's end of the feed. */
  feed: MessagePort;
  /** Settles when the index is staged, or the index worker failed. */
  done: Promise<IndexOutcome>;
  stop(): void;
}

/** The index worker, already waiting on its end of the feed; null where a second worker cannot be made. */
function startIndexer(importId: string, known: ReadRequest['known']): Indexer | null {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./index-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const remote: Remote<IndexWorkerApi> = wrap<IndexWorkerApi>(worker);
  const { port1, port2 } = new MessageChannel();
  const crashed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(`the index worker failed: ${e.message || 'it did not start'}`)));
  });
  const done = Promise.race([remote.indexFeed(importId, known, transfer(port2, [port2])), crashed]);
  done.catch(() => undefined); // thrown where it is awaited, with the reading
  return {
    feed: port1,
    done,
    stop: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

function prefixed(prefix: string, timings: Record<string, number> | undefined): Record<string, number> {
  return Object.fromEntries(Object.entries(timings ?? {}).map(([k, v]) => [prefix + k[0]?.toUpperCase() + k.slice(1), Math.round(v)]));
}

class WorkerFailed extends Error {}
