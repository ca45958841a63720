import { expose } from 'comlink';
import { readAndIndex } from '@/lib/catalog/read-and-index';

// The options page's import worker: parses, validates and indexes the chosen file off the page's thread (see read-import.ts).
const api = { readAndIndex };
export type ImportWorkerApi = typeof api;
expose(api);
