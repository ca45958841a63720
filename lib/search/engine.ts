import { Charset, Encoder, Index } from 'flexsearch';
import type { Product } from '../catalog/catalog-schema';
import { buildColumns, compileFilter, type Columns } from './columns';
import { Vocabulary, type VocabularySnapshot } from './vocabulary';
import { topK } from './top';
import type { SearchQuery, Understood } from './query';
import { productSearchFields, words } from './text';

/**
 * Catalog search: one FlexSearch index per field over whole words, results merged by our own scorer so a
 * query's words may match in different fields, then filtered and sorted over typed-array columns. As-you-type
 * prefixes are expanded against the catalog's sorted vocabulary at query time instead of indexing every prefix:
 * on a real catalog, whose products share words, prefix indexing made the index 5× larger and 10× slower to
 * load. Candidate sets are complete (every match, not FlexSearch's top hits), so a filtered query returns every
 * product that matches.
 */
export const SEARCH_FIELDS = ['title', 'brand', 'attrs', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const FIELD_WEIGHT: Record<SearchField, number> = { title: 3, brand: 2.5, attrs: 1.5, description: 1 };
/** A word the Seller has typed in full scores higher than words it merely begins. */
const PREFIX_FACTOR = 0.85;
/** A prefix stands for at most this many words (the most used first): "s" must not mean 3,000 words. */
const MAX_EXPANSIONS = 24;
/**
 * Function words dropped from queries (not from the index). Deliberately short: FlexSearch's English list also
 * drops "over", "back", "new" and "one", which are product words here ("over-ear", "open back").
 */
const STOP_WORDS = new Set(
  'a an the and or of to for with in on at by from my me i im am is are it its that this these those some any looking look want need needs please something thing things who what which would like good'.split(
    ' ',
  ),
);
export const SNAPSHOT_FORMAT = 3;

/** Category labels by id: the engine indexes a product's category label as one of its attribute words. */
export function categoryLabels(categories: readonly { id: string; label: string }[]): Record<string, string> {
  return Object.fromEntries(categories.map((c) => [c.id, c.label]));
}

export interface EngineSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  /** The columns, with product ids as one "\n"-joined string: 100,000 small strings deserialize slowly. */
  columns: Omit<Columns, 'ids'> & { ids: string };
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
        for (const w of words(fields[f])) {
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
    return SearchEngine.assemble(buildColumns(this.products), this.indexes, Vocabulary.fromCounts(this.counts));
  }
}

export class SearchEngine {
  private readonly indexes: Record<SearchField, Index>;
  private readonly vocabulary: Vocabulary;
  // Per-query scratch space, reused: generation stamps avoid clearing arrays of 100,000 entries per query.
  private readonly termStamp: Uint32Array;
  private readonly termBest: Float32Array;
  private readonly queryStamp: Uint32Array;
  private readonly score: Float32Array;
  private readonly matched: Uint8Array;
  private generation = 0;

  private constructor(
    readonly columns: Columns,
    indexes: Record<SearchField, Index>,
    vocabulary: Vocabulary,
  ) {
    this.indexes = indexes;
    this.vocabulary = vocabulary;
    const n = columns.n;
    this.termStamp = new Uint32Array(n);
    this.termBest = new Float32Array(n);
    this.queryStamp = new Uint32Array(n);
    this.score = new Float32Array(n);
    this.matched = new Uint8Array(n);
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
  static assemble(columns: Columns, indexes: Record<SearchField, Index>, vocabulary: Vocabulary): SearchEngine {
    return new SearchEngine(columns, indexes, vocabulary);
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
    return new SearchEngine(columns, indexes, Vocabulary.fromSnapshot(s.vocabulary));
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
      vocabulary: this.vocabulary.toSnapshot(),
      index,
    };
  }

  search(q: SearchQuery): EngineResult {
    const raw = words(q.text);
    const meaningful = raw.filter((w) => !STOP_WORDS.has(w));
    const terms = (meaningful.length ? meaningful : raw).slice(0, 12);
    const filter = compileFilter(this.columns, q.filters);
    const corrections: EngineResult['corrections'] = [];
    let candidates: number[];
    let partial = false;

    if (terms.length === 0) {
      candidates = [];
      for (let i = 0; i < this.columns.n; i++) if (!filter || filter(i)) candidates.push(i);
    } else {
      const q1 = ++this.generation;
      const finalTerms: string[] = [];
      let scored = 0;
      const touched: number[] = [];
      terms.forEach((term, t) => {
        const isLast = t === terms.length - 1 && !/\s$/.test(q.text);
        let hits = this.scoreTerm(term, q1, touched, isLast);
        let used = term;
        if (hits === 0) {
          const fixed = this.vocabulary.correct(term, isLast);
          if (fixed && fixed.search !== term) {
            hits = this.scoreTerm(fixed.search, q1, touched, isLast);
            if (hits > 0) {
              corrections.push({ from: term, to: fixed.word });
              used = fixed.search;
            }
          }
        }
        if (hits > 0) scored++;
        finalTerms.push(used);
      });
      terms.splice(0, terms.length, ...finalTerms);
      // Every word must match somewhere; when no product has them all, show those matching the most.
      let need = scored;
      let best = 0;
      for (const i of touched) best = Math.max(best, this.matched[i] ?? 0);
      if (best < need) {
        partial = true;
        need = best;
      }
      candidates = [];
      if (need > 0) for (const i of touched) if (this.matched[i] === need && (!filter || filter(i))) candidates.push(i);
      if (q.filters.boostBrands?.length) this.boostBrands(candidates, q.filters.boostBrands);
    }

    const start = q.page * q.pageSize;
    const top = topK(candidates, start + q.pageSize, this.comparator(q.sort, terms.length > 0));
    return { page: top.slice(start), total: candidates.length, terms, corrections, partial, understood: [], unmatched: [] };
  }

  /**
   * Adds one typed word's best field score to each product it matches; returns how many products it matched.
   * The word counts as every catalog word it begins (the most used, at most MAX_EXPANSIONS), itself first.
   */
  private scoreTerm(term: string, queryGen: number, touched: number[], typing: boolean): number {
    const termGen = ++this.generation;
    const { termStamp, termBest, queryStamp, score, matched } = this;
    const limit = this.columns.n;
    let hits = 0;
    for (const word of this.wordsFor(term, typing)) {
      const factor = word === term ? 1 : PREFIX_FACTOR;
      for (const f of SEARCH_FIELDS) {
        const ids = this.indexes[f].search(word, { limit }) as number[];
        const len = ids.length;
        // No position signal: at resolution 1 FlexSearch returns ids in insertion order, which says nothing
        // about relevance. Ties go to the more popular product (see comparator).
        const s = FIELD_WEIGHT[f] * factor;
        for (let r = 0; r < len; r++) {
          const i = ids[r] as number;
          if (termStamp[i] !== termGen) {
            termStamp[i] = termGen;
            termBest[i] = s;
            hits++;
            if (queryStamp[i] !== queryGen) {
              queryStamp[i] = queryGen;
              score[i] = s;
              matched[i] = 1;
              touched.push(i);
            } else {
              matched[i] = (matched[i] as number) + 1;
              score[i] = (score[i] as number) + s;
            }
          } else if (s > (termBest[i] as number)) {
            score[i] = (score[i] as number) + s - (termBest[i] as number);
            termBest[i] = s;
          }
        }
      }
    }
    return hits;
  }

  /**
   * The catalog words a typed word stands for. A whole catalog word stands for itself, unless it is the word
   * still being typed, which also stands for the words it begins. Numbers are never expanded: "10" is not "1000".
   */
  private wordsFor(term: string, typing: boolean): string[] {
    if (/^\d+$/.test(term)) return [term];
    if (!typing && this.vocabulary.has(term)) return [term];
    return this.vocabulary.expand(term, term.length <= 2 ? 8 : MAX_EXPANSIONS);
  }

  private boostBrands(candidates: number[], brands: string[]): void {
    const wanted = new Set(brands.map((b) => b.toLowerCase()));
    for (const i of candidates) {
      if (wanted.has((this.columns.brands[this.columns.brand[i] ?? 0] ?? '').toLowerCase())) this.score[i] = (this.score[i] ?? 0) + 2;
    }
  }

  private comparator(sort: SearchQuery['sort'], byScore: boolean): (a: number, b: number) => number {
    const { price, rating, ratingCount } = this.columns;
    const popularity = (i: number) => (rating[i] ?? 0) * Math.log1p(ratingCount[i] ?? 0);
    const tie = (a: number, b: number) => popularity(b) - popularity(a) || a - b;
    switch (sort) {
      case 'price_asc':
        return (a, b) => (price[a] ?? 0) - (price[b] ?? 0) || tie(a, b);
      case 'price_desc':
        return (a, b) => (price[b] ?? 0) - (price[a] ?? 0) || tie(a, b);
      case 'rating':
        return (a, b) => (rating[b] ?? 0) - (rating[a] ?? 0) || (ratingCount[b] ?? 0) - (ratingCount[a] ?? 0) || a - b;
      default:
        return byScore ? (a, b) => (this.score[b] ?? 0) - (this.score[a] ?? 0) || tie(a, b) : tie;
    }
  }
}
