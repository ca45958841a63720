import type { AttributeLabels, Product } from './catalog-schema';
import { ImportCollector, type ColumnMapping, type RowError } from './import';
import type { ImportPreview } from './import-preview';
import { readCsv, readNdjson, type ImportFormat } from './read-file';
import { readJson, readJsonWhole, type Category } from './read-json';

/**
 * Products per batch handed to `onProducts`: one IndexedDB transaction in the import worker, or one staging call
 * (at most the background's MAX_STAGE_BATCH) where the page reads the file itself and relays each batch, a JSON
 * copy out in one task: half the staging limit keeps that task short on a busy machine.
 */
export const READ_BATCH = 2_500;

/** The performance mark (on the options page) whose `detail` holds the last import's ReadOutcome.timings, for the bench. */
export const IMPORT_STAGES_MARK = 'floorwalker:import-stages';

export interface ReadRequest {
  format: ImportFormat;
  /** A CSV file's columns → product fields; null for JSON and NDJSON. */
  mapping: ColumnMapping | null;
  /** The active catalog's categories, for the preview's labels when the file has none. */
  known: readonly Category[];
  /** Read a JSON file with one JSON.parse (in a Web Worker) rather than streamed (on the page). */
  wholeJson: boolean;
}

export interface ReadCallbacks {
  /** A batch of valid products, in file order; awaited, so saving it paces the reading. */
  onProducts(products: Product[]): Promise<void>;
  onProgress(progress: { rows: number; pct: number }): void;
  /** The file's own categories, as soon as they are known (see ReadHooks.onCategories). */
  onCategories?(categories: Category[]): void;
}

export interface ReadOutcome {
  accepted: number;
  skipped: number;
  errors: RowError[];
  preview: ImportPreview;
  categories?: Category[];
  attributes?: AttributeLabels;
  /** Where the import worker's time went, by stage (ms), for the bench; absent where the page read the file. */
  timings?: Record<string, number>;
}

/**
 * Reads a catalog file through: every row validated, valid products handed on in batches (to be staged), row
 * errors and the preview collected. The same code runs in the options page's import worker and, where no worker
 * can be started, on the page itself.
 */
export async function readCatalogFile(file: Blob, request: ReadRequest, callbacks: ReadCallbacks): Promise<ReadOutcome> {
  const collector = new ImportCollector();
  const handOn = async (all: boolean) => {
    while (collector.products.length >= READ_BATCH || (all && collector.products.length > 0)) {
      await callbacks.onProducts(collector.products.splice(0, READ_BATCH));
    }
  };
  const hooks = {
    collector,
    onBatch: async (p: { rows: number; bytes: number }) => {
      await handOn(false);
      callbacks.onProgress({ rows: p.rows, pct: Math.min(100, Math.round((p.bytes / Math.max(1, file.size)) * 100)) });
    },
    onCategories: (c: Category[]) => callbacks.onCategories?.(c),
  };
  let categories: Category[] | undefined;
  let attributes: AttributeLabels | undefined;
  if (request.format === 'csv') {
    if (!request.mapping) throw new Error('A CSV file needs its columns mapped to product fields');
    await readCsv(file, request.mapping, hooks);
  } else if (request.format === 'ndjson') await readNdjson(file, hooks);
  else ({ categories, attributes } = await (request.wholeJson ? readJsonWhole : readJson)(file, hooks));
  await handOn(true);
  return {
    accepted: collector.summary.accepted,
    skipped: collector.errorCount,
    errors: collector.errors,
    preview: collector.summary.preview(collector.errors, categories ?? request.known),
    ...(categories ? { categories } : {}),
    ...(attributes ? { attributes } : {}),
  };
}
