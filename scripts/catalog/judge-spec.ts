import * as v from 'valibot';
import type { Product } from '../../lib/catalog/catalog-schema';

/**
 * Declarative grading specs for the judged search queries (tests/fixtures/search-judged/): each query carries a spec
 * that says, over product fields, which products are relevant and how much (0–3). Grading the whole catalog by rule,
 * instead of by hand, keeps 300+ queries × 2,208 products consistent and reproducible; the fixture stores the grades
 * the spec gives, and a unit test recomputes them. Pure: no I/O, no search code.
 */

/** Grades: 3 exactly what was asked, 2 a good answer, 1 partly relevant, 0 not relevant. */
export type Grade = 0 | 1 | 2 | 3;

type Scalar = string | number | boolean;

/** A test on one product. Text tests match whole words or phrases, case-insensitively, after folding punctuation. */
export type Cond =
  | { all: Cond[] }
  | { any: Cond[] }
  | { not: Cond }
  | { category: string | string[] }
  | { brand: string | string[] }
  /** Any of the phrases appears in the title. */
  | { title: string | string[] }
  /** Any of the phrases appears in the title or the description. */
  | { text: string | string[] }
  /** A word of the title starts with any of these (model and set numbers typed in part: "1080" → "1080v14"). */
  | { prefix: string | string[] }
  | { price: { min?: number; max?: number } }
  /**
   * An attribute: `eq` (for list attributes: contains), `in` (any of), `min`/`max` (numbers, inclusive). A product
   * without the attribute fails.
   */
  | { attr: string; eq?: Scalar; in?: Scalar[]; min?: number; max?: number };

/** A product's grade is the highest grade among the rules it meets, 0 if none. */
export interface Rule {
  grade: 1 | 2 | 3;
  if: Cond;
}

export interface Spec {
  rules: Rule[];
}

const ScalarSchema = v.union([v.string(), v.number(), v.boolean()]);
const OneOrMany = v.union([v.pipe(v.string(), v.minLength(1)), v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1))]);

const CondSchema: v.GenericSchema<Cond> = v.union([
  v.strictObject({ all: v.pipe(v.array(v.lazy(() => CondSchema)), v.minLength(1)) }),
  v.strictObject({ any: v.pipe(v.array(v.lazy(() => CondSchema)), v.minLength(1)) }),
  v.strictObject({ not: v.lazy(() => CondSchema) }),
  v.strictObject({ category: OneOrMany }),
  v.strictObject({ brand: OneOrMany }),
  v.strictObject({ title: OneOrMany }),
  v.strictObject({ text: OneOrMany }),
  v.strictObject({ prefix: OneOrMany }),
  v.strictObject({ price: v.strictObject({ min: v.optional(v.number()), max: v.optional(v.number()) }) }),
  v.pipe(
    v.strictObject({
      attr: v.pipe(v.string(), v.minLength(1)),
      eq: v.optional(ScalarSchema),
      in: v.optional(v.pipe(v.array(ScalarSchema), v.minLength(1))),
      min: v.optional(v.number()),
      max: v.optional(v.number()),
    }),
    v.check(
      (c) => c.eq !== undefined || c.in !== undefined || c.min !== undefined || c.max !== undefined,
      'an attr test needs eq, in, min or max',
    ),
  ),
]) as v.GenericSchema<Cond>;

export const SpecSchema: v.GenericSchema<Spec> = v.strictObject({
  rules: v.array(v.strictObject({ grade: v.picklist([1, 2, 3] as const), if: CondSchema })),
});

/** Lower case, every run of characters other than letters, digits and "+" folded to one space, padded with spaces. */
export function foldText(text: string): string {
  return ` ${text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim()} `;
}

function phrases(p: string | string[]): string[] {
  return (Array.isArray(p) ? p : [p]).map(foldText);
}

function containsPhrase(folded: string, p: string | string[]): boolean {
  return phrases(p).some((ph) => ph.trim() !== '' && folded.includes(ph));
}

function sameScalar(a: unknown, b: Scalar): boolean {
  return typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function attrMatches(value: unknown, c: Extract<Cond, { attr: string }>): boolean {
  if (value === undefined) return false;
  const values: unknown[] = Array.isArray(value) ? value : [value];
  if (c.eq !== undefined && !values.some((x) => sameScalar(x, c.eq as Scalar))) return false;
  if (c.in !== undefined && !values.some((x) => (c.in as Scalar[]).some((w) => sameScalar(x, w)))) return false;
  if (c.min !== undefined || c.max !== undefined) {
    if (typeof value !== 'number') return false;
    if (c.min !== undefined && value < c.min) return false;
    if (c.max !== undefined && value > c.max) return false;
  }
  return true;
}

/** The fields a spec reads, folded once per product. */
export interface Judgeable {
  product: Pick<Product, 'id' | 'category' | 'title' | 'brand' | 'description' | 'price' | 'attributes'>;
  title: string;
  text: string;
}

export function judgeable(product: Judgeable['product']): Judgeable {
  const title = foldText(product.title);
  return { product, title, text: `${title}${foldText(product.description)}` };
}

export function meets(j: Judgeable, c: Cond): boolean {
  const p = j.product;
  if ('all' in c) return c.all.every((x) => meets(j, x));
  if ('any' in c) return c.any.some((x) => meets(j, x));
  if ('not' in c) return !meets(j, c.not);
  if ('category' in c) return (Array.isArray(c.category) ? c.category : [c.category]).includes(p.category);
  if ('brand' in c) return (Array.isArray(c.brand) ? c.brand : [c.brand]).some((b) => b.toLowerCase() === p.brand.toLowerCase());
  if ('title' in c) return containsPhrase(j.title, c.title);
  if ('text' in c) return containsPhrase(j.text, c.text);
  if ('prefix' in c) return phrases(c.prefix).some((w) => w.trim() !== '' && j.title.includes(` ${w.trim()}`));
  if ('price' in c) return (c.price.min === undefined || p.price >= c.price.min) && (c.price.max === undefined || p.price <= c.price.max);
  return attrMatches(p.attributes[c.attr], c);
}

export function gradeOf(j: Judgeable, spec: Spec): Grade {
  let best: Grade = 0;
  for (const r of spec.rules) if (r.grade > best && meets(j, r.if)) best = r.grade;
  return best;
}

/** Grades every product: only the relevant ones (grade > 0), keyed by product id, in id order. */
export function gradeCatalog(products: readonly Judgeable[], spec: Spec): Record<string, 1 | 2 | 3> {
  const out: Record<string, 1 | 2 | 3> = {};
  for (const j of [...products].sort((a, b) => (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0))) {
    const g = gradeOf(j, spec);
    if (g > 0) out[j.product.id] = g as 1 | 2 | 3;
  }
  return out;
}

/** Checks a spec's shape; throws with the reasons when it is malformed. */
export function parseSpec(input: unknown): Spec {
  const r = v.safeParse(SpecSchema, input);
  if (!r.success) throw new Error(`bad spec: ${r.issues.map((i) => `${v.getDotPath(i) ?? ''} ${i.message}`).join('; ')}`);
  return r.output;
}
