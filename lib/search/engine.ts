import { Charset, Encoder, Index } from 'flexsearch';
import type { Product } from '../catalog/catalog-schema';
import type { AttributeLabels } from '../catalog/attribute-labels';
import { buildColumns, compileFilter, type Columns } from './columns';
import { Vocabulary, type VocabularySnapshot } from './vocabulary';
import { topK } from './top';
import type { SearchQuery, Understood } from './query';
import { indexWords, productSearchFields } from './text';
import { Ranker, SEARCH_FIELDS, type SearchField } from './ranker';
import { QueryReader } from './understand';
import { nearestListed } from './paraphrases';

/**
 * Catalog search: one FlexSearch index per field over whole words, results merged by our own scorer so a
 * query's words may match in different fields, then filtered and sorted over typed-array columns. As-you-type
 * prefixes are expanded against the catalog's sorted vocabulary at query time instead of indexing every prefix:
 * on a real catalog, whose products share words, prefix indexing made the index 5× larger and 10× slower to
 * load. Candidate sets are complete (every match, not FlexSearch's top hits), so a filtered query returns every
 * product that matches.
 */
export { SEARCH_FIELDS, type SearchField };

/**
 * Function words dropped from queries (not from the index). Deliberately short: FlexSearch's English list also
 * drops "over", "back", "new" and "one", which are product words here ("over-ear", "open back").
 */
const STOP_WORDS = new Set(
  'a an the and or of to for with in on at by from my me i im am is are it its that this these those some any looking look want need needs please something thing things who what which would like good'.split(
    ' ',
  ),
);
export const SNAPSHOT_FORMAT = 4;

/** Category labels by id: the engine indexes a product's category label as one of its attribute words. */
export function categoryLabels(categories: readonly { id: string; label: string }[]): Record<string, string> {
  return Object.fromEntries(categories.map((c) => [c.id, c.label]));
}

export interface EngineSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  /** The columns, with product ids as one "\n"-joined string: 100,000 small strings deserialize slowly. */
  columns: Omit<Columns, 'ids'> & { ids: string };
  /** Each category's label, in the order of `columns.categories`: the query reader knows categories by them. */
  categoryLabels: string[];
  vocabulary: VocabularySnapshot;
  index: Record<SearchField, [string, string][]>;
}

export interface EngineResult {
  /** Product indexes of the requested page, in order. */
  page: number[];
  total: number;
  terms: string[];
  corrections: { from: string; to: string }[];
  partial: boolean;
  understood: Understood[];
  unmatched: string[];
}

/**
 * Plain normalisation (case, accents) with plurals folded. FlexSearch's English stemmer and phonetic charsets
 * were too eager for product words ("wireless" → "wire" → "fere", the same as "fire"; "station" → "st"), so
 * spelling mistakes are handled by correcting against the catalog's vocabulary instead.
 */
const PLURALS = new Map([
  ['ies', 'y'],
  ['s', ''],
]);

/**
 * Resolution 1: one posting list per word. Position buckets (FlexSearch's default 9) made the 100,000-product
 * snapshot no smaller and ranked the judged queries slightly worse (nDCG@10 0.821 vs 0.846), since our scorer
 * weighs fields, not positions.
 */
const RESOLUTION = 1;

function makeIndex(): Index {
  // A fresh encoder per index: FlexSearch encoders cache per instance. Numbers are kept whole (not split into
  // digit groups), so "75257" finds set 75257 and nothing else. Function words are not indexed: queries drop
  // them anyway, and they were the longest posting lists (a slower cold start for nothing).
  const encoder = new Encoder({ ...Charset.Normalize, dedupe: false, numeric: false, stemmer: PLURALS, minlength: 1, filter: STOP_WORDS });
  return new Index({ tokenize: 'strict', encoder, resolution: RESOLUTION, cache: false });
}

/**
 * Builds an engine from products as they arrive, batch by batch (an import indexes each batch as it is read):
 * the same index, in the same product order, as building from all of them at once.
 */
export class EngineBuilder {
  private readonly indexes = Object.fromEntries(SEARCH_FIELDS.map((f) => [f, makeIndex()])) as Record<SearchField, Index>;
  private readonly counts = new Map<string, number>();
  private readonly products: Product[] = [];
  private readonly labels = new Map<string, string>();

  /** `labelOf` names a category: its label's words are indexed with each of its products. */
  constructor(private readonly labelOf: (category: string) => string) {}

  /** The label each category was indexed with. */
  get categoryLabels(): Record<string, string> {
    return Object.fromEntries(this.labels);
  }

  get size(): number {
    return this.products.length;
  }

  add(products: readonly Product[]): void {
    for (const p of products) {
      const i = this.products.length;
      this.products.push(p);
      let label = this.labels.get(p.category);
      if (label === undefined) this.labels.set(p.category, (label = this.labelOf(p.category)));
      const fields = productSearchFields(p, label);
      // A term scores by the best field it appears in, and fields are weighed title > brand > attrs >
      // description: a word already in a better field of the same product adds nothing, so it is not indexed
      // again (the description index shrinks by a third, and so does the cold start).
      const seen = new Set<string>();
      for (const f of SEARCH_FIELDS) {
        const fresh: string[] = [];
        for (const w of indexWords(fields[f])) {
          this.counts.set(w, (this.counts.get(w) ?? 0) + 1);
          if (!seen.has(w)) {
            seen.add(w);
            fresh.push(w);
          }
        }
        if (fresh.length) this.indexes[f].add(i, fresh.join(' '));
      }
    }
  }

  finish(): SearchEngine {
    const columns = buildColumns(this.products);
    const labels = columns.categories.map((c) => this.labels.get(c) ?? c);
    return SearchEngine.assemble(columns, this.indexes, Vocabulary.fromCounts(this.counts), labels);
  }
}

export class SearchEngine {
  private readonly indexes: Record<SearchField, Index>;
  private readonly vocabulary: Vocabulary;
  private readonly ranker: Ranker;
  // The reader is built on the first search (and again for other attribute labels): a cold start needs no reader.
  private reader: { labels: AttributeLabels | undefined; reader: QueryReader } | null = null;
  private popular: Float32Array | null = null;

  private constructor(
    readonly columns: Columns,
    indexes: Record<SearchField, Index>,
    vocabulary: Vocabulary,
    readonly categoryLabels: string[],
  ) {
    this.indexes = indexes;
    this.vocabulary = vocabulary;
    this.ranker = new Ranker(columns, indexes, vocabulary);
  }

  get size(): number {
    return this.columns.n;
  }

  static build(products: readonly Product[], categoryLabels: Record<string, string> = {}): SearchEngine {
    const builder = new EngineBuilder((category) => categoryLabels[category] ?? category.replace(/_/g, ' '));
    builder.add(products);
    return builder.finish();
  }

  /** @internal For EngineBuilder. */
  static assemble(columns: Columns, indexes: Record<SearchField, Index>, vocabulary: Vocabulary, categoryLabels: string[]): SearchEngine {
    return new SearchEngine(columns, indexes, vocabulary, categoryLabels);
  }

  static async fromSnapshot(s: EngineSnapshot): Promise<SearchEngine> {
    if (s.format !== SNAPSHOT_FORMAT) throw new Error(`Unsupported search snapshot format ${String(s.format)}`);
    const indexes = Object.fromEntries(
      SEARCH_FIELDS.map((f) => {
        const index = makeIndex();
        for (const [key, data] of s.index[f]) index.import(key, data);
        return [f, index];
      }),
    ) as Record<SearchField, Index>;
    const columns: Columns = { ...s.columns, ids: s.columns.ids ? s.columns.ids.split('\n') : [] };
    return new SearchEngine(columns, indexes, Vocabulary.fromSnapshot(s.vocabulary), s.categoryLabels);
  }

  async snapshot(): Promise<EngineSnapshot> {
    const index = {} as Record<SearchField, [string, string][]>;
    for (const f of SEARCH_FIELDS) {
      const chunks: [string, string][] = [];
      await this.indexes[f].export((key, data) => {
        chunks.push([key, data]);
      });
      index[f] = chunks;
    }
    return {
      format: SNAPSHOT_FORMAT,
      columns: { ...this.columns, ids: this.columns.ids.join('\n') },
      categoryLabels: this.categoryLabels,
      vocabulary: this.vocabulary.toSnapshot(),
      index,
    };
  }

  /**
   * Reads the words (lib/search/understand.ts), scores the products (lib/search/ranker.ts), applies the Seller's
   * filters and returns the requested page. `labels` are the catalog's attribute labels, for the chips' words.
   */
  search(q: SearchQuery, labels?: AttributeLabels): EngineResult {
    const filter = compileFilter(this.columns, q.filters);
    const reading = this.readerFor(labels).read(q.text, q.ignore);
    const understood: Understood[] = reading.readings.map(({ id, kind, label, words }) => ({ id, kind, label, words }));
    let candidates: number[];
    let byScore = false;
    let result: { terms: string[]; corrections: EngineResult['corrections']; unmatched: string[]; partial: boolean } = {
      terms: [],
      corrections: [],
      unmatched: [],
      partial: false,
    };
    if (reading.rest.length === 0 && reading.readings.length === 0) {
      candidates = [];
      for (let i = 0; i < this.columns.n; i++) if (!filter || filter(i)) candidates.push(i);
    } else {
      const ranked = this.ranker.rank(reading, filter);
      candidates = ranked.candidates;
      byScore = true;
      result = {
        terms: ranked.terms,
        corrections: [...reading.corrections, ...ranked.corrections],
        unmatched: ranked.unmatched,
        partial: ranked.partial,
      };
      if (q.filters.boostBrands?.length) this.boostBrands(candidates, q.filters.boostBrands);
    }
    const start = q.page * q.pageSize;
    const top = topK(candidates, start + q.pageSize, this.comparator(q.sort, byScore));
    return { page: top.slice(start), total: candidates.length, ...result, understood };
  }

  private readerFor(labels: AttributeLabels | undefined): QueryReader {
    if (this.reader?.labels !== labels || !this.reader) {
      this.reader = {
        labels,
        reader: new QueryReader(
          this.columns,
          this.categoryLabels,
          labels,
          (w) => this.vocabulary.has(w),
          nearestListed,
          (w) => this.vocabulary.candidates(w).map((c) => c.word),
        ),
      };
    }
    return this.reader.reader;
  }

  private boostBrands(candidates: number[], brands: string[]): void {
    const wanted = new Set(brands.map((b) => b.toLowerCase()));
    const score = this.ranker.score;
    for (const i of candidates) {
      if (wanted.has((this.columns.brands[this.columns.brand[i] ?? 0] ?? '').toLowerCase())) score[i] = (score[i] ?? 0) + 6;
    }
  }

  private comparator(sort: SearchQuery['sort'], byScore: boolean): (a: number, b: number) => number {
    const { price, rating, ratingCount } = this.columns;
    const score = this.ranker.score;
    // Worked out once: ties are common (many products meet a reading equally) and a comparison must be cheap.
    this.popular ??= Float32Array.from({ length: this.columns.n }, (_, i) => (rating[i] ?? 0) * Math.log1p(ratingCount[i] ?? 0));
    const popular = this.popular;
    const tie = (a: number, b: number) => (popular[b] ?? 0) - (popular[a] ?? 0) || a - b;
    switch (sort) {
      case 'price_asc':
        return (a, b) => (price[a] ?? 0) - (price[b] ?? 0) || tie(a, b);
      case 'price_desc':
        return (a, b) => (price[b] ?? 0) - (price[a] ?? 0) || tie(a, b);
      case 'rating':
        return (a, b) => (rating[b] ?? 0) - (rating[a] ?? 0) || (ratingCount[b] ?? 0) - (ratingCount[a] ?? 0) || a - b;
      default:
        return byScore ? (a, b) => (score[b] ?? 0) - (score[a] ?? 0) || tie(a, b) : tie;
    }
  }
}
