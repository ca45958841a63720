import { EngineBuilder } from '../search/engine';
import { stagedIndexParts, type StagedIndexPart } from '../search/staged-index';
import { labelOf } from './import-preview';
import { readCatalogFile, type ReadCallbacks, type ReadOutcome, type ReadRequest } from './read-catalog';
import type { Category } from './read-json';

export type IndexedReadOutcome = ReadOutcome & { index: StagedIndexPart[] };

/**
 * Reads a catalog file (readCatalogFile) and builds its search index as the products come, each batch after it
 * has been handed on to be staged: in the import worker the index is ready at the preview, and a Replace loads
 * it instead of building it. Categories are labelled as the commit will label them: the file's own labels, else
 * the active catalog's (`known`), else made from the id.
 */
export async function readAndIndex(file: Blob, request: ReadRequest, callbacks: ReadCallbacks): Promise<IndexedReadOutcome> {
  let labels = new Map(request.known.map((c) => [c.id, c.label]));
  const builder = new EngineBuilder((category) => labels.get(category) ?? labelOf(category));
  const outcome = await readCatalogFile(file, request, {
    onProgress: (p) => callbacks.onProgress(p),
    onCategories: (categories: Category[]) => {
      // Before any product: the file's labels replace the active catalog's (as the commit's do).
      labels = new Map(categories.map((c) => [c.id, c.label]));
      callbacks.onCategories?.(categories);
    },
    onProducts: async (products) => {
      await callbacks.onProducts(products);
      builder.add(products);
    },
  });
  return { ...outcome, index: await stagedIndexParts(builder.finish(), builder.categoryLabels) };
}
