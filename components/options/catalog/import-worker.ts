import { expose } from 'comlink';
import { readCatalogFile } from '@/lib/catalog/read-catalog';

// The options page's import worker: parses and validates the chosen file off the page's thread (see read-import.ts).
const api = { readCatalogFile };
export type ImportWorkerApi = typeof api;
expose(api);
