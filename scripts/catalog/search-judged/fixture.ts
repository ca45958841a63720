import * as v from 'valibot';
import { DEFAULT_CATEGORIES } from '../../../lib/catalog/catalog-schema';
import { SpecSchema } from '../judge-spec';
import { QUERY_GROUPS } from './dsl';

/** The shape of tests/fixtures/search-judged/{dev,held-out,validation,validation-2,validation-3}.json, for the tests and for whoever scores a search engine. */
export const JudgedQuerySchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^s[jvwx]-[a-z_]+-\d{3}$/)),
  query: v.pipe(v.string(), v.minLength(1)),
  group: v.picklist(QUERY_GROUPS),
  category: v.picklist(DEFAULT_CATEGORIES.map((c) => c.id)),
  need: v.pipe(v.string(), v.minLength(1)),
  spec: SpecSchema,
  /** Product id → grade, relevant products only (every product not listed is 0). */
  grades: v.record(v.string(), v.picklist([1, 2, 3] as const)),
});
export type JudgedQuery = v.InferOutput<typeof JudgedQuerySchema>;

export const JudgedSetSchema = v.strictObject({
  catalogVersion: v.string(),
  half: v.picklist(['dev', 'held-out', 'validation', 'validation-2', 'validation-3']),
  queries: v.array(JudgedQuerySchema),
});
export type JudgedSet = v.InferOutput<typeof JudgedSetSchema>;

export function parseJudgedSet(input: unknown): JudgedSet {
  return v.parse(JudgedSetSchema, input);
}
