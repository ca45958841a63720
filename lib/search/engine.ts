import { Charset, Encoder, Index } from 'flexsearch';
import type { Product } from '../catalog/schema';
import { buildColumns, compileFilter, type Columns } from './columns';
import { Vocabulary } from './correct';
import type { SearchQuery } from './query';
import { productSearchFields, words } from './text';

/**
 * Catalog search: one FlexSearch index per field (title, brand and attributes prefix-indexed for as-you-type;
 * descriptions by whole words, which costs a third of the memory for nearly the same recall), results merged by
 * our own scorer so a query's words may match in different fields, then filtered and sorted over typed-array
 * columns. Candidate sets are complete (every match, not FlexSearch's top hits), so a filtered query returns
 * every product that matches.
 */
export const SEARCH_FIELDS = ['title', 'brand', 'attrs', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const FIELD_WEIGHT: Record<SearchField, number> = { title: 3, brand: 2.5, attrs: 1.5, description: 1 };
const FIELD_TOKENIZE: Record<SearchField, 'forward' | 'strict'> = { title: 'forward', brand: 'forward', attrs: 'forward', description: 'strict' };
/**
 * Function words dropped from queries (not from the index). Deliberately short: FlexSearch's English list also
 * drops "over", "back", "new" and "one", which are product words here ("over-ear", "open back").
 */
const STOP_WORDS = new Set(
  'a an the and or of to for with in on at by from my me i im am is are it its that this these those some any looking look want need needs please something thing things who what which would like good'.split(' '),
);
export const SNAPSHOT_FORMAT = 1;

export interface EngineSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  columns: Columns;
  vocabulary: [string, number][];
  index: Record<SearchField, [string, string][]>;
}

export interface EngineResult {
  /** Product indexes of the requested page, in order. */
  page: number[];
  total: number;
  terms: string[];
  corrections: { from: string; to: string }[];
  partial: boolean;
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

function makeIndex(field: SearchField): Index {
  // A fresh encoder per index: FlexSearch encoders cache per instance.
  const encoder = new Encoder({ ...Charset.Normalize, dedupe: false, stemmer: PLURALS, minlength: 1 });
  return new Index({ tokenize: FIELD_TOKENIZE[field], encoder, resolution: 9, cache: false });
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
    const indexes = Object.fromEntries(SEARCH_FIELDS.map((f) => [f, makeIndex(f)])) as Record<SearchField, Index>;
    const counts = new Map<string, number>();
    products.forEach((p, i) => {
      const fields = productSearchFields(p, categoryLabels[p.category] ?? p.category.replace(/_/g, ' '));
      for (const f of SEARCH_FIELDS) {
        indexes[f].add(i, fields[f]);
        for (const w of words(fields[f])) counts.set(w, (counts.get(w) ?? 0) + 1);
      }
    });
    return new SearchEngine(buildColumns(products), indexes, new Vocabulary(counts));
  }

  static async fromSnapshot(s: EngineSnapshot): Promise<SearchEngine> {
    if (s.format !== SNAPSHOT_FORMAT) throw new Error(`Unsupported search snapshot format ${String(s.format)}`);
    const indexes = Object.fromEntries(
      SEARCH_FIELDS.map((f) => {
        const index = makeIndex(f);
        for (const [key, data] of s.index[f]) index.import(key, data);
        return [f, index];
      }),
    ) as Record<SearchField, Index>;
    return new SearchEngine(s.columns, indexes, new Vocabulary(s.vocabulary));
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
    return { format: SNAPSHOT_FORMAT, columns: this.columns, vocabulary: this.vocabulary.entries(), index };
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
        let hits = this.scoreTerm(term, q1, touched);
        let used = term;
        if (hits === 0) {
          const fixed = this.vocabulary.correct(term, isLast);
          if (fixed && fixed.search !== term) {
            hits = this.scoreTerm(fixed.search, q1, touched);
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

    this.sort(candidates, q.sort, terms.length > 0);
    const start = q.page * q.pageSize;
    return { page: candidates.slice(start, start + q.pageSize), total: candidates.length, terms, corrections, partial };
  }

  /** Adds one term's best field score to each product it matches; returns how many products it matched. */
  private scoreTerm(term: string, queryGen: number, touched: number[]): number {
    const termGen = ++this.generation;
    let hits = 0;
    for (const f of SEARCH_FIELDS) {
      const ids = this.indexes[f].search(term, { limit: this.columns.n }) as number[];
      const len = ids.length;
      const w = FIELD_WEIGHT[f];
      for (let r = 0; r < len; r++) {
        const i = ids[r] ?? 0;
        const s = w * (1 - (0.5 * r) / (len + 1));
        if (this.termStamp[i] !== termGen) {
          this.termStamp[i] = termGen;
          this.termBest[i] = s;
          hits++;
          if (this.queryStamp[i] !== queryGen) {
            this.queryStamp[i] = queryGen;
            this.score[i] = 0;
            this.matched[i] = 0;
            touched.push(i);
          }
          this.matched[i] = (this.matched[i] ?? 0) + 1;
          this.score[i] = (this.score[i] ?? 0) + s;
        } else if (s > (this.termBest[i] ?? 0)) {
          this.score[i] = (this.score[i] ?? 0) + s - (this.termBest[i] ?? 0);
          this.termBest[i] = s;
        }
      }
    }
    return hits;
  }

  private boostBrands(candidates: number[], brands: string[]): void {
    const wanted = new Set(brands.map((b) => b.toLowerCase()));
    for (const i of candidates) {
      if (wanted.has((this.columns.brands[this.columns.brand[i] ?? 0] ?? '').toLowerCase())) this.score[i] = (this.score[i] ?? 0) + 2;
    }
  }

  private sort(ids: number[], sort: SearchQuery['sort'], byScore: boolean): void {
    const { price, rating, ratingCount } = this.columns;
    const popularity = (i: number) => (rating[i] ?? 0) * Math.log1p(ratingCount[i] ?? 0);
    const tie = (a: number, b: number) => popularity(b) - popularity(a) || a - b;
    switch (sort) {
      case 'price_asc':
        ids.sort((a, b) => (price[a] ?? 0) - (price[b] ?? 0) || tie(a, b));
        break;
      case 'price_desc':
        ids.sort((a, b) => (price[b] ?? 0) - (price[a] ?? 0) || tie(a, b));
        break;
      case 'rating':
        ids.sort((a, b) => (rating[b] ?? 0) - (rating[a] ?? 0) || (ratingCount[b] ?? 0) - (ratingCount[a] ?? 0) || a - b);
        break;
      default:
        if (byScore) ids.sort((a, b) => (this.score[b] ?? 0) - (this.score[a] ?? 0) || tie(a, b));
        else ids.sort(tie);
    }
  }
}
