import { expose } from 'comlink';
import { FloorwalkerDb } from '@/lib/db/database';
import { readAndStage, STAGING_DB_OPTIONS } from '@/lib/catalog/read-and-stage';
import type { ReadOutcome, ReadRequest } from '@/lib/catalog/read-catalog';

// The options page's import worker: parses and validates the chosen file off the page's thread, and stages it
// in IndexedDB itself (see lib/catalog/read-and-stage.ts and eslint.config.js for why it may). With `indexFeed`
// (a MessagePort to the index worker, index-worker.ts) the index is built there, in parallel; else here.
const db = new FloorwalkerDb(undefined, STAGING_DB_OPTIONS);
const api = {
  readAndStage: (
    importId: string,
    file: Blob,
    request: ReadRequest,
    onProgress: (p: { rows: number; pct: number }) => void,
    indexFeed?: MessagePort,
  ): Promise<ReadOutcome> => readAndStage(db, importId, file, request, onProgress, indexFeed),
};
export type ImportWorkerApi = typeof api;
expose(api);
