import type { AttributeValue, Product } from './catalog-schema';
import { validateProduct } from './catalog-schema';
import { DUPLICATE_ID_NOTE, ImportSummary, labelOf, type RowError } from './import-preview';

export type { RowError } from './import-preview';

/**
 * Turning a researcher's file into products: CSV columns mapped to product fields (unmapped columns become
 * attributes), NDJSON or JSON objects taken as they are. Every row is validated; bad rows are reported by
 * number and skipped, never half-imported.
 */
export const PRODUCT_FIELDS = [
  'id',
  'category',
  'title',
  'brand',
  'description',
  'price',
  'currency',
  'rating',
  'ratingCount',
  'images',
  'url',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
/** Which CSV column feeds each product field ('' = none). */
export type ColumnMapping = Record<ProductField, string>;

export const REQUIRED_FIELDS: readonly ProductField[] = ['id', 'category', 'title', 'brand', 'price'];
export const MAX_REPORTED_ERRORS = 100;

const SYNONYMS: Record<ProductField, string[]> = {
  id: ['id', 'sku', 'product_id', 'productid', 'asin', 'item_id'],
  category: ['category', 'category_id', 'department', 'type'],
  title: ['title', 'name', 'product_name', 'productname', 'product_title'],
  brand: ['brand', 'manufacturer', 'maker', 'vendor'],
  description: ['description', 'desc', 'details', 'summary'],
  price: ['price', 'price_usd', 'cost', 'amount'],
  currency: ['currency', 'currency_code'],
  rating: ['rating', 'stars', 'average_rating', 'avg_rating'],
  ratingCount: ['ratingcount', 'rating_count', 'reviews', 'review_count', 'num_reviews', 'ratings'],
  images: ['images', 'image', 'image_url', 'imageurl', 'image_urls', 'picture'],
  url: ['url', 'link', 'product_url', 'href'],
};

export function guessMapping(headers: readonly string[]): ColumnMapping {
  const norm = (h: string) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
  const mapping = Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, ''])) as ColumnMapping;
  const taken = new Set<string>();
  for (const field of PRODUCT_FIELDS) {
    const hit = headers.find((h) => !taken.has(h) && SYNONYMS[field].includes(norm(h)));
    if (hit !== undefined) {
      mapping[field] = hit;
      taken.add(hit);
    }
  }
  return mapping;
}

export function missingRequired(mapping: ColumnMapping): ProductField[] {
  return REQUIRED_FIELDS.filter((f) => !mapping[f]);
}

/** A CSV cell as the attribute value it most plausibly is. */
export function inferValue(raw: string): AttributeValue {
  const s = raw.trim();
  if (/^(true|yes)$/i.test(s)) return true;
  if (/^(false|no)$/i.test(s)) return false;
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  if (s.includes('|'))
    return s
      .split('|')
      .map((x) => x.trim())
      .filter(Boolean);
  return s;
}

function toNumber(raw: string | undefined): number | string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw.replace(/[$,£€\s]/g, ''));
  return Number.isFinite(n) ? n : raw; // left as text so validation names the field
}

/** One CSV row (header → cell) as a product candidate; validation happens after. */
export function csvRowToProduct(row: Record<string, string>, mapping: ColumnMapping): Record<string, unknown> {
  return csvRowReader(mapping)(row);
}

/**
 * csvRowToProduct for every row of a file: what depends only on the mapping and the headers (which columns are
 * mapped, each other header's attribute key) is worked out once, not per row (it was a tenth of a 100,000-row
 * import's time).
 */
export function csvRowReader(mapping: ColumnMapping): (row: Record<string, string>) => Record<string, unknown> {
  const mapped = new Set(Object.values(mapping).filter(Boolean));
  const keys = new Map<string, string | null>();
  const keyOf = (header: string) => {
    let key = keys.get(header);
    if (key === undefined) keys.set(header, (key = mapped.has(header) ? null : attributeKey(header)));
    return key;
  };
  return (row) => {
    const cell = (f: ProductField) => (mapping[f] ? row[mapping[f]] : undefined);
    const attributes: Record<string, AttributeValue> = {};
    for (const header in row) {
      const value = row[header];
      if (value === undefined || value.trim() === '') continue;
      const key = keyOf(header);
      if (key) attributes[key] = inferValue(value);
    }
    const images = (cell('images') ?? '')
      .split(/[|\s]+/)
      .filter((s) => s.length > 0)
      .slice(0, 8)
      .map((src) => ({ src, alt: '' }));
    const title = cell('title') ?? '';
    const product: Record<string, unknown> = {
      id: cell('id')?.trim(),
      category: slug(cell('category') ?? ''),
      title,
      brand: cell('brand') ?? '',
      description: cell('description') ?? '',
      price: toNumber(cell('price')),
      rating: toNumber(cell('rating')) ?? 0,
      ratingCount: toNumber(cell('ratingCount')) ?? 0,
      attributes,
      images: images.map((i) => ({ ...i, alt: title.slice(0, 300) })),
    };
    const currency = cell('currency')?.trim().toUpperCase();
    if (currency) product.currency = currency;
    const url = cell('url')?.trim();
    if (url) product.url = url;
    return product;
  };
}

/** Fills the optional fields a JSON or NDJSON product may leave out, then validates like any other row. */
export function jsonToProduct(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const o = input as Record<string, unknown>;
  return {
    description: '',
    rating: 0,
    ratingCount: 0,
    attributes: {},
    images: [],
    ...o,
    ...(typeof o.category === 'string' ? { category: slug(o.category) } : {}),
  };
}

/** "Running Shoes" → "running_shoes"; already-valid slugs are unchanged. */
export function slug(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
}

function attributeKey(header: string): string | null {
  const base = header.replace(/^(attr|attribute|attributes)[:.]/i, '').trim();
  const parts = base.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (parts.length === 0 || !/^[A-Za-z]/.test(parts[0] ?? '')) return null;
  const key = parts.map((p, i) => (i === 0 ? p.charAt(0).toLowerCase() + p.slice(1) : p.charAt(0).toUpperCase() + p.slice(1))).join('');
  return key.slice(0, 64);
}

/**
 * Collects valid products (taken away in batches to be staged) and row errors (the first MAX_REPORTED_ERRORS in
 * full, the rest counted), and sums up every row for the preview.
 */
export class ImportCollector {
  readonly products: Product[] = [];
  readonly errors: RowError[] = [];
  errorCount = 0;
  readonly summary = new ImportSummary();
  private readonly seen = new Set<string>();

  add(candidate: unknown, row: number): void {
    const r = validateProduct(candidate);
    if (!r.ok) return this.fail(row, r.error);
    if (this.seen.has(r.product.id)) return this.fail(row, `id: "${r.product.id}" ${DUPLICATE_ID_NOTE}`);
    this.seen.add(r.product.id);
    this.products.push(r.product);
    this.summary.accept(r.product);
  }

  fail(row: number, error: string): void {
    this.errorCount++;
    this.summary.refuse(error);
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push({ row, error });
  }
}

/** Labels for categories that only have slugs: "running_shoes" → "Running shoes". */
export function categoriesOf(
  products: readonly Product[],
  known: readonly { id: string; label: string }[] = [],
): { id: string; label: string }[] {
  return categoriesOfIds(
    products.map((p) => p.category),
    known,
  );
}

/** Each category id once, in order, labelled from `known` or made from the id. */
export function categoriesOfIds(
  ids: readonly string[],
  known: readonly { id: string; label: string }[] = [],
): { id: string; label: string }[] {
  const labels = new Map(known.map((c) => [c.id, c.label]));
  return [...new Set(ids)].map((id) => ({ id, label: labels.get(id) ?? labelOf(id) }));
}
