import * as v from 'valibot';
import type { Product } from '../catalog/catalog-schema';
import { buildColumns } from './columns';
import { SEARCH_FIELDS, SNAPSHOT_FORMAT, SearchEngine, type SearchField } from './engine';

/**
 * A search index an import built while its file was read (in the options page's import worker), handed to the
 * background in parts so a Replace only loads it instead of building one for 100,000 products. It carries the
 * words, not the columns: the background builds those from the products it staged and validated itself, in
 * the index's product order. It is only a shortcut: a commit that has none, or one that does not fit what was
 * staged, builds the index from the products as before.
 */
export interface StagedIndex {
  /** The category labels the index was built with (a label's words are indexed with each product). */
  labels: Record<string, string>;
  /** Product ids in index order, "\n"-joined. */
  ids: string;
  vocabulary: { words: string; counts: number[] };
  index: Record<SearchField, [string, string][]>;
}

/** One message's worth of a staged index: its head, then FlexSearch's export chunks one by one. */
export type StagedIndexPart = v.InferOutput<typeof StagedIndexPartSchema>;

const FieldSchema = v.picklist(SEARCH_FIELDS);
export const StagedIndexPartSchema = v.variant('kind', [
  v.object({
    kind: v.literal('head'),
    format: v.literal(SNAPSHOT_FORMAT),
    chunks: v.pipe(v.number(), v.integer(), v.minValue(0)),
    labels: v.record(v.string(), v.string()),
    ids: v.string(),
    vocabulary: v.object({ words: v.string(), counts: v.array(v.number()) }),
  }),
  v.object({ kind: v.literal('chunk'), field: FieldSchema, key: v.string(), data: v.string() }),
]);

/** The engine's index as parts to send: the head first. */
export async function stagedIndexParts(engine: SearchEngine, labels: Record<string, string>): Promise<StagedIndexPart[]> {
  const s = await engine.snapshot();
  const chunks = SEARCH_FIELDS.flatMap((field) => s.index[field].map(([key, data]) => ({ kind: 'chunk' as const, field, key, data })));
  const head: StagedIndexPart = {
    kind: 'head',
    format: SNAPSHOT_FORMAT,
    chunks: chunks.length,
    labels,
    ids: s.columns.ids,
    // A typed array does not survive the JSON of an extension port.
    vocabulary: { words: s.vocabulary.words, counts: Array.from(s.vocabulary.counts) },
  };
  return [head, ...chunks];
}

/** Collects an import's index parts as they arrive; complete once the head and every chunk it announced are in. */
export class StagedIndexAssembly {
  private head: Extract<StagedIndexPart, { kind: 'head' }> | null = null;
  private readonly chunks: Extract<StagedIndexPart, { kind: 'chunk' }>[] = [];

  add(part: unknown): void {
    const p = v.parse(StagedIndexPartSchema, part);
    if (p.kind === 'head') {
      this.head = p;
      this.chunks.length = 0;
    } else if (this.head) this.chunks.push(p);
    else throw new Error('an index chunk came before its head');
  }

  complete(): StagedIndex | null {
    if (!this.head || this.chunks.length !== this.head.chunks) return null;
    const index = Object.fromEntries(SEARCH_FIELDS.map((f) => [f, [] as [string, string][]])) as Record<SearchField, [string, string][]>;
    for (const c of this.chunks) index[c.field].push([c.key, c.data]);
    return { labels: this.head.labels, ids: this.head.ids, vocabulary: this.head.vocabulary, index };
  }
}

/**
 * The engine from a staged index, if it fits the products to install exactly (the same ids, each once, and the
 * same category labels); otherwise null, and the caller builds the index from the products.
 */
export async function engineFromStaged(
  staged: StagedIndex,
  products: readonly Product[],
  labels: Record<string, string>,
): Promise<SearchEngine | null> {
  for (const [id, label] of Object.entries(labels)) if (staged.labels[id] !== label) return null;
  const ids = staged.ids ? staged.ids.split('\n') : [];
  if (ids.length !== products.length) return null;
  const byId = new Map(products.map((p) => [p.id, p]));
  const ordered: Product[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (!p) return null;
    byId.delete(id); // each once
    ordered.push(p);
  }
  const columns = buildColumns(ordered);
  return SearchEngine.fromSnapshot({
    format: SNAPSHOT_FORMAT,
    columns: { ...columns, ids: staged.ids },
    vocabulary: { words: staged.vocabulary.words, counts: Uint32Array.from(staged.vocabulary.counts) },
    index: staged.index,
  });
}
