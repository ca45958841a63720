import { expose } from 'comlink';
import { FloorwalkerDb } from '@/lib/db/database';
import { indexFromFeed, type IndexOutcome } from '@/lib/catalog/index-feed';
import { STAGING_DB_OPTIONS } from '@/lib/catalog/read-and-stage';
import type { Category } from '@/lib/catalog/read-json';

// The options page's index worker: builds the search index of an import from the batches the import worker
// feeds it over a MessagePort, while that worker reads and writes, and stages the index beside the products
// (lib/catalog/index-feed.ts; eslint.config.js says why a page's worker may write an import's staging).
const db = new FloorwalkerDb(undefined, STAGING_DB_OPTIONS);
const api = {
  indexFeed: (importId: string, known: readonly Category[], feed: MessagePort): Promise<IndexOutcome> =>
    indexFromFeed(db, importId, known, feed),
};
export type IndexWorkerApi = typeof api;
expose(api);
