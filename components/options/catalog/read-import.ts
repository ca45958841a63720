import { proxy, releaseProxy, wrap } from 'comlink';
import { readCatalogFile, type ReadOutcome, type ReadRequest } from '@/lib/catalog/read-catalog';
import type { Product } from '@/lib/catalog/catalog-schema';
import type { ImportWorkerApi } from './import-worker';

export interface ImportCallbacks {
  onProgress(progress: { rows: number; pct: number }): void;
  /** Stages a batch through the background: only where the file is read on the page (no worker). */
  stageOnPage(products: Product[]): Promise<void>;
}

/**
 * Reads a chosen catalog file in a Web Worker, which stages it too: parsing, validating and indexing 100,000
 * products is seconds of work the page's thread then never sees, the worker may parse a JSON file whole (20-30×
 * faster than streaming it), and it writes the products and the index to IndexedDB itself instead of relaying
 * them through the page and the background (lib/catalog/read-and-stage.ts). Where no worker starts, the file is
 * read on the page, streamed and yielding, and staged through the background, without an index.
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
    return await Promise.race([remote.readAndStage(importId, file, { ...request, wholeJson: true }, proxy(onProgress)), failed]);
  } catch (e) {
    // A worker that could not start has read nothing: the page reads the file itself.
    if (e instanceof WorkerFailed && !started) return onPage();
    throw e;
  } finally {
    remote[releaseProxy]();
    worker.terminate();
  }
}

class WorkerFailed extends Error {}
