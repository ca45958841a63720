import Papa from 'papaparse';
import { csvRowReader, jsonToProduct, type ColumnMapping, type ImportCollector } from './import';

// JSON catalogs are streamed by readJson in ./read-json.

export type ImportFormat = 'csv' | 'ndjson' | 'json';

export function formatOf(fileName: string): ImportFormat | null {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'csv' || ext === 'tsv') return 'csv';
  if (ext === 'ndjson' || ext === 'jsonl') return 'ndjson';
  if (ext === 'json') return 'json';
  return null;
}

/** Yields to the event loop so the page stays responsive between chunks of work. */
export const breathe = (): Promise<void> => {
  // scheduler.yield (Chromium) resumes at once; a chain of setTimeout(0) is clamped to 4 ms a turn.
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise<void>((r) => setTimeout(r, 0));
};

/**
 * Main-thread work between yields. Yielding by the clock rather than every N rows keeps tasks short on a slow
 * machine and wastes no turns on a fast one (yielding every 200 rows was 500 turns per 100,000 products).
 */
export const TASK_BUDGET_MS = 30;

/** Yields when the current task has run for TASK_BUDGET_MS. */
export function pacer(): () => Promise<void> {
  let taskStart = performance.now();
  return async () => {
    if (performance.now() - taskStart < TASK_BUDGET_MS) return;
    await breathe();
    taskStart = performance.now();
  };
}

export interface ReadProgress {
  rows: number;
  bytes: number;
}

export interface ReadHooks {
  collector: ImportCollector;
  /** Called with the rows read so far; awaited, so staging a batch pauses reading. */
  onBatch(progress: ReadProgress): Promise<void>;
  /** The file's own categories, when a reader learns them before its products (a JSON file read whole). */
  onCategories?(categories: { id: string; label: string }[]): void;
}

/** Progress and staging happen every this many rows. */
export const STAGE_EVERY_ROWS = 5_000;

/** The header row of a CSV file, for the column mapping; reads only the file's start, not 10 MB of it. */
export function csvHeaders(file: Blob): Promise<string[]> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file.slice(0, 64 * 1024) as File, {
      preview: 1,
      skipEmptyLines: true,
      complete: (r) => resolve((r.data[0] ?? []).map((h) => h.trim())),
      error: (e) => reject(new Error(e.message)),
    });
  });
}

/**
 * Bytes of a CSV file read and parsed at once. Papa Parse reads each chunk with its own FileReader call, a round
 * trip to the browser for the file's bytes: at 128 KiB that was ~290 reads for a 37 MB file and a quarter of the
 * import worker's time, idle or in the reads (profiled); at 1 MiB, ~35. Parsing a chunk is one task of some
 * 10-40 ms (well under the page's 200 ms, where no worker could start); its rows are then checked with yields.
 */
export const CSV_CHUNK_BYTES = 1024 * 1024;

/**
 * Streams a CSV file: a chunk at a time, pausing the parser while each chunk is validated and staged. Blank
 * lines are parsed (and skipped here) rather than dropped by the parser, so row numbers stay the file's lines.
 */
export function readCsv(file: Blob, mapping: ColumnMapping, hooks: ReadHooks, chunkBytes = CSV_CHUNK_BYTES): Promise<ReadProgress> {
  let rows = 0;
  let line = 1; // the header
  const pace = pacer();
  const toProduct = csvRowReader(mapping);
  return new Promise((resolve, reject) => {
    Papa.parse<Record<string, string>>(file as File, {
      header: true,
      skipEmptyLines: false,
      transformHeader: (h) => h.trim(),
      chunkSize: chunkBytes,
      chunk: (result, parser) => {
        parser.pause();
        void (async () => {
          try {
            for (const e of result.errors) {
              const row = e.row === undefined ? undefined : result.data[e.row];
              if (e.row !== undefined && row && !isBlank(row)) hooks.collector.fail(line + e.row + 1, `CSV: ${e.message}`);
            }
            for (const row of result.data) {
              line++;
              if (isBlank(row)) continue;
              rows++;
              hooks.collector.add(toProduct(row), line);
              await pace();
            }
            await hooks.onBatch({ rows, bytes: result.meta.cursor });
            parser.resume();
          } catch (e) {
            parser.abort();
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        })();
      },
      complete: () => resolve({ rows, bytes: file.size }),
      error: (e) => reject(new Error(e.message)),
    });
  });
}

/**
 * A line with no content (or only spaces between delimiters), which Papa's greedy mode used to drop. Stops at the
 * first cell with content (the first, in a real row) and makes no array of the cells: it runs once per row.
 */
function isBlank(row: Record<string, unknown>): boolean {
  for (const header in row) {
    const v = row[header];
    if (typeof v !== 'string' || v.trim() !== '') return false;
  }
  return true;
}

/** Streams NDJSON line by line; a line that is not JSON is a row error, not a failed import. */
export async function readNdjson(file: Blob, hooks: ReadHooks): Promise<ReadProgress> {
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let line = 0;
  let bytes = 0;
  const pace = pacer();
  const take = async (text: string) => {
    line++;
    if (text.trim() === '') return;
    try {
      hooks.collector.add(jsonToProduct(JSON.parse(text)), line);
    } catch {
      hooks.collector.fail(line, 'not valid JSON');
    }
    await pace();
    if (line % STAGE_EVERY_ROWS === 0) await hooks.onBatch({ rows: line, bytes });
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.length;
    buffer += value;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const l of lines) await take(l);
  }
  if (buffer) await take(buffer);
  await hooks.onBatch({ rows: line, bytes: file.size });
  return { rows: line, bytes: file.size };
}
