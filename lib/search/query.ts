import type { ReadableAttribute } from '../catalog/attribute-labels';
import * as v from 'valibot';
import { AttributeValueSchema } from '../catalog/catalog-schema';
import { parseOrThrow } from '../validation';

/** What the overlay asks the background's catalog search; the same object is logged as Seller.search. */
export const SORTS = ['relevance', 'price_asc', 'price_desc', 'rating'] as const;
export type Sort = (typeof SORTS)[number];

export const SEARCH_PAGE_SIZE = 8;
export const MAX_PAGE_SIZE = 50;

const Num = v.pipe(v.number(), v.finite());
export const AttributeFilterSchema = v.union([
  AttributeValueSchema,
  v.array(v.union([v.string(), v.number(), v.boolean()])),
  v.object({ min: v.optional(Num), max: v.optional(Num) }),
]);
export type AttributeFilter = v.InferOutput<typeof AttributeFilterSchema>;

export const SearchFiltersSchema = v.object({
  category: v.optional(v.pipe(v.string(), v.maxLength(64))),
  priceMin: v.optional(v.pipe(Num, v.minValue(0))),
  priceMax: v.optional(v.pipe(Num, v.minValue(0))),
  minRating: v.optional(v.pipe(Num, v.minValue(0), v.maxValue(5))),
  brands: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50))),
  /** Brands to rank first without excluding others (a Buyer's stated preferences). */
  boostBrands: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50))),
  /** Brands to leave out (a Buyer's "anything but Nike"). */
  excludeBrands: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50))),
  attributes: v.optional(v.record(v.string(), AttributeFilterSchema)),
  /** Attribute values to leave out (a Buyer's "no wired ones"). */
  excludeAttributes: v.optional(v.record(v.string(), AttributeFilterSchema)),
});
export type SearchFilters = v.InferOutput<typeof SearchFiltersSchema>;

/** What the search read from the Seller's words as a constraint or a ranking signal; shown as a removable chip. */
export const UNDERSTOOD_KINDS = ['category', 'attribute', 'price', 'age', 'rank', 'meaning'] as const;
export const MAX_IGNORED = 20;
export const UnderstoodSchema = v.strictObject({
  /** Stable for the same reading ("attr:type=on-ear", "price:max=100"); the Seller removes a chip by sending it back in `ignore`. */
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  kind: v.picklist(UNDERSTOOD_KINDS),
  /** What the chip says: "Type: on-ear", "Under $100", "For age 10", "Longest battery first", "gym: sport, workout" (a meaning: words looked for instead). */
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** The query's words it was read from. */
  words: v.array(v.pipe(v.string(), v.maxLength(100))),
});
export type Understood = v.InferOutput<typeof UnderstoodSchema>;

export const SearchQuerySchema = v.object({
  text: v.pipe(v.string(), v.maxLength(200)),
  /** Ids of readings (`Understood.id`) the Seller removed: their words are then searched as plain words. */
  ignore: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(MAX_IGNORED)), []),
  filters: v.optional(SearchFiltersSchema, {}),
  sort: v.optional(v.picklist(SORTS), 'relevance'),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)), 0),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE)), SEARCH_PAGE_SIZE),
});
export type SearchQueryInput = v.InferInput<typeof SearchQuerySchema>;
export type SearchQuery = v.InferOutput<typeof SearchQuerySchema>;

export function parseSearchQuery(input: unknown): SearchQuery {
  return parseOrThrow(SearchQuerySchema, input, 'Invalid search');
}

/** A [start, end) range of characters to highlight. */
export type Range = [number, number];

export interface SearchHit {
  id: string;
  title: string;
  brand: string;
  category: string;
  price: number;
  currency: string;
  rating: number;
  ratingCount: number;
  image: { src: string; alt: string } | null;
  url: string | null;
  /** The product's attributes as they read on a card ("Noise cancelling: No"), through the catalog's labels. */
  attributes: ReadableAttribute[];
  highlights: { title: Range[]; brand: Range[] };
}

export interface SearchResponse {
  query: SearchQuery;
  hits: SearchHit[];
  total: number;
  /** Words that matched nothing and were replaced by the nearest catalog word. */
  corrections: { from: string; to: string }[];
  /** True when no product matched every word and the best partial matches are shown instead. */
  partial: boolean;
  /** What was read from the words (category, attribute values, price, age, ranking), in query order. */
  understood: Understood[];
  /** Words that matched nothing in the catalog, even corrected, and were left out ("no results for iphone"). */
  unmatched: string[];
  /** Time spent in the engine, ms. */
  latencyMs: number;
}
