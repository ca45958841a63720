import * as v from 'valibot';
import { describeIssues } from '../validation';

/**
 * The catalog a Seller searches: products, the categories they belong to, and the Buyer personas with their
 * target products. One schema for the bundled default catalog and for catalogs researchers import.
 */
export const CATALOG_SCHEMA_VERSION = 1;

/** The default catalog's seven categories (paper, Table 1). Imported catalogs may use other slugs. */
export const DEFAULT_CATEGORIES = [
  { id: 'lego', label: 'Lego sets' },
  { id: 'smartwatches', label: 'Smartwatches' },
  { id: 'books', label: 'Books' },
  { id: 'vitamins', label: 'Vitamins' },
  { id: 'running_shoes', label: 'Running shoes' },
  { id: 'headphones', label: 'Headphones' },
  { id: 'pet_food', label: 'Pet food' },
] as const;
export type DefaultCategoryId = (typeof DEFAULT_CATEGORIES)[number]['id'];

const Slug = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a lowercase slug (a-z, 0-9, _ and -)'));
const ProductIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.regex(/^\S+$/, 'must not contain spaces'));

const AttributeKey = v.pipe(v.string(), v.regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/, 'attribute names are identifiers'));
export const AttributeValueSchema = v.union([v.string(), v.number(), v.boolean(), v.array(v.string())]);
export type AttributeValue = v.InferOutput<typeof AttributeValueSchema>;

export const ProductImageSchema = v.object({
  /** An http(s) URL, or a path under "img/" that the catalog's image renderer draws locally (never fetched). */
  src: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)),
  alt: v.pipe(v.string(), v.maxLength(300)),
});

export const ProductSchema = v.object({
  id: ProductIdSchema,
  category: Slug,
  title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300)),
  brand: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  description: v.pipe(v.string(), v.maxLength(5000)),
  price: v.pipe(v.number(), v.finite(), v.minValue(0)),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code')), 'USD'),
  rating: v.pipe(v.number(), v.minValue(0), v.maxValue(5)),
  ratingCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  attributes: v.record(AttributeKey, AttributeValueSchema),
  images: v.pipe(v.array(ProductImageSchema), v.maxLength(8)),
  url: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
export type Product = v.InferOutput<typeof ProductSchema>;

/** What a persona wants, as data, so search judgements and the simulated Buyer agree with the mission text. */
export const PersonaProfileSchema = v.object({
  budgetMin: v.optional(v.number()),
  budgetMax: v.optional(v.number()),
  brandsLiked: v.optional(v.array(v.string())),
  brandsDisliked: v.optional(v.array(v.string())),
  /** Attribute values the persona needs, e.g. { wireless: true, type: "over-ear" }. */
  mustHave: v.optional(v.record(v.string(), AttributeValueSchema)),
  /** Attribute values the persona does not want. */
  mustNotHave: v.optional(v.record(v.string(), AttributeValueSchema)),
  recipient: v.optional(v.string()),
  recipientAge: v.optional(v.number()),
  use: v.optional(v.string()),
});

export const PersonaSchema = v.object({
  id: Slug,
  category: Slug,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** The shopping mission in the Buyer's own words. */
  mission: v.pipe(v.string(), v.minLength(10), v.maxLength(1000)),
  targets: v.pipe(v.array(ProductIdSchema), v.length(3, 'a persona has exactly 3 target products')),
  profile: PersonaProfileSchema,
});
export type Persona = v.InferOutput<typeof PersonaSchema>;

const LabelText = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100));

/**
 * How an attribute reads on cards (lib/catalog/attribute-labels.ts): optional, so catalogs without it stay valid and
 * read their keys as words. `values` names particular values ("true" → "Included").
 */
export const AttributeLabelSchema = v.object({
  label: v.optional(LabelText),
  unit: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(20))),
  none: v.optional(LabelText),
  values: v.optional(v.record(v.pipe(v.string(), v.maxLength(100)), LabelText)),
});

/** A catalog's descriptions of its attributes, by attribute name. */
export const AttributeLabelsSchema = v.record(AttributeKey, AttributeLabelSchema);
export type AttributeLabels = v.InferOutput<typeof AttributeLabelsSchema>;

export const CatalogSchema = v.object({
  schema: v.literal(CATALOG_SCHEMA_VERSION),
  version: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  categories: v.array(v.object({ id: Slug, label: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) })),
  personas: v.array(PersonaSchema),
  products: v.array(ProductSchema),
  /** Labels, units and value words for attributes, by attribute name (optional; the default catalog's are built in). */
  attributes: v.optional(AttributeLabelsSchema),
});
export type Catalog = v.InferOutput<typeof CatalogSchema>;

export type ProductResult = { ok: true; product: Product } | { ok: false; error: string };

export function validateProduct(input: unknown): ProductResult {
  const r = v.safeParse(ProductSchema, input);
  return r.success ? { ok: true, product: r.output } : { ok: false, error: describeIssues(r.issues) };
}

/** Checks a whole catalog, including what one product cannot: unique ids and personas' targets existing. */
export function validateCatalog(input: unknown): { ok: true; catalog: Catalog } | { ok: false; errors: string[] } {
  const r = v.safeParse(CatalogSchema, input);
  if (!r.success) return { ok: false, errors: [describeIssues(r.issues)] };
  const errors: string[] = [];
  const ids = new Set<string>();
  for (const p of r.output.products) {
    if (ids.has(p.id)) errors.push(`products: duplicate id "${p.id}"`);
    ids.add(p.id);
  }
  const categories = new Set(r.output.categories.map((c) => c.id));
  for (const p of r.output.products) if (!categories.has(p.category)) errors.push(`product "${p.id}": unknown category "${p.category}"`);
  for (const persona of r.output.personas) {
    for (const t of persona.targets) {
      if (!ids.has(t)) errors.push(`persona "${persona.id}": target "${t}" is not a product`);
    }
  }
  return errors.length ? { ok: false, errors: errors.slice(0, 100) } : { ok: true, catalog: r.output };
}
