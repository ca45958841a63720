import type { DefaultCategoryId } from '../../../lib/catalog/catalog-schema';
import type { Cond, Rule, Spec } from '../judge-spec';

/** Shorthand for writing the judged queries' specs; what it builds is the plain JSON the fixtures store. */

export const QUERY_GROUPS = ['intent', 'attribute', 'named', 'lexical', 'unanswerable-part', 'none'] as const;
export type QueryGroup = (typeof QUERY_GROUPS)[number];

/** One judged query as written: what the Seller typed, in which chat, what they need, and how to grade products. */
export interface QuerySource {
  query: string;
  group: QueryGroup;
  category: DefaultCategoryId;
  need: string;
  spec: Spec;
}

export const all = (...c: Cond[]): Cond => ({ all: c });
export const any = (...c: Cond[]): Cond => ({ any: c });
export const not = (c: Cond): Cond => ({ not: c });
export const cat = (c: DefaultCategoryId): Cond => ({ category: c });
export const brand = (...b: string[]): Cond => ({ brand: b.length === 1 ? (b[0] as string) : b });
export const title = (...t: string[]): Cond => ({ title: t.length === 1 ? (t[0] as string) : t });
export const text = (...t: string[]): Cond => ({ text: t.length === 1 ? (t[0] as string) : t });
export const prefix = (...t: string[]): Cond => ({ prefix: t.length === 1 ? (t[0] as string) : t });
export const price = (min: number | undefined, max: number | undefined): Cond => ({
  price: { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) },
});
export const is = (attr: string, eq: string | number | boolean): Cond => ({ attr, eq });
export const oneOf = (attr: string, values: (string | number | boolean)[]): Cond => ({ attr, in: values });
export const range = (attr: string, min: number | undefined, max: number | undefined): Cond => ({
  attr,
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
});

/** A rule whose conditions must all hold. */
export const g = (grade: 1 | 2 | 3, ...c: Cond[]): Rule => ({ grade, if: c.length === 1 ? (c[0] as Cond) : { all: c } });

/** Queries of one category: `q(group, query, need, ...rules)`, each rule already scoped to the category. */
export function inCategory(category: DefaultCategoryId) {
  const scoped = (r: Rule): Rule => ({ grade: r.grade, if: { all: [cat(category), r.if] } });
  return (group: QueryGroup, query: string, need: string, ...rules: Rule[]): QuerySource => ({
    query,
    group,
    category,
    need,
    spec: { rules: rules.map(scoped) },
  });
}
