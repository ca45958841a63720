import { join } from 'node:path';

/**
 * FlexSearch's default ("bundle") build carries its Worker support, whose message handler rebuilds an index from a
 * factory string with `Function("return " + factory)` (web-ext lint: DANGEROUS_EVAL, in the background and both
 * search workers) and reads `import.meta.dirname` (the EMPTY_IMPORT_META build warning). We use Index, Encoder and
 * Charset with export/import only, all in FlexSearch's "compact" build, which has no Worker, no Resolver and no
 * IndexedDB adapter, and no `Function` at all. The package's `exports` hide that file, so bundles and unit tests
 * reach it by path; the types stay those of `flexsearch` (the compact build exports the same names).
 */
export const FLEXSEARCH_COMPACT = join(import.meta.dirname, '../../node_modules/flexsearch/dist/flexsearch.compact.module.min.js');

/** The Vite alias: `import { Index } from 'flexsearch'` bundles the compact build. */
export const flexsearchCompactAlias = { find: /^flexsearch$/, replacement: FLEXSEARCH_COMPACT };
