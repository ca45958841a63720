import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the catalog scripts read and write, apart from the generator so the build can import them cheaply. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CATALOG_PATH = resolve(ROOT, 'public/catalog/default.json');
export const JUDGED_PATH = resolve(ROOT, 'tests/fixtures/judged-queries.json');
/** The blind judged query set for search relevance (issue 23): dev.json and the frozen held-out.json. */
export const SEARCH_JUDGED_DIR = resolve(ROOT, 'tests/fixtures/search-judged');
