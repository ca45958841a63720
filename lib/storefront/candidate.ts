/**
 * What one source on a page says about a product, before the sources are merged field by field (./merge.ts). Every
 * value is already plain, safe data: text cut to size, prices as numbers, links and pictures as absolute http(s) URLs.
 */
export const FIELD_SOURCES = ['json-ld', 'microdata', 'rdfa', 'open-graph', 'fallback'] as const;
/** Where a value was found; `fallback` is the page itself (its heading, title, address or largest picture). */
export type FieldSource = (typeof FIELD_SOURCES)[number];

export interface Candidate {
  source: FieldSource;
  /** The product's own id: sku, productID, a gtin, mpn, or Open Graph's retailer item id. */
  id?: string;
  /** A JSON-LD node's `@id`: an id of last resort, before the page address. */
  ref?: string;
  /** The product group (a product with variants) this is, or is a variant of: variants of one group are one product. */
  group?: string;
  title?: string;
  price?: number;
  currency?: string;
  brand?: string;
  description?: string;
  url?: string;
  /** Every picture the source names for the product, absolute, in its order. */
  images: string[];
}

/** schema.org types whose things are sold: a page about one of them is a product page. */
export const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel', 'someproducts', 'vehicle', 'car']);
/** schema.org properties that identify a product, best first. */
export const ID_KEYS = ['sku', 'productID', 'gtin13', 'gtin', 'gtin14', 'gtin12', 'gtin8', 'mpn'] as const;

export const MAX_TITLE_CHARS = 500;
export const MAX_DESCRIPTION_CHARS = 2000;
export const MAX_BRAND_CHARS = 200;
export const MAX_ID_CHARS = 200;
/** Pictures kept per product: a gallery rarely has more than a few dozen. */
export const MAX_PRODUCT_IMAGES = 60;

/** `http://schema.org/Product`, `schema:Product`, `Product` → `product`. */
export function typeName(raw: string): string {
  return raw.replace(/^.*[/:#]/, '').toLowerCase();
}

/** Adds an image URL once, up to the limit. */
export function addImage(images: string[], url: string | null | undefined): void {
  if (url && images.length < MAX_PRODUCT_IMAGES && !images.includes(url)) images.push(url);
}

/**
 * The path of a URL (no query or fragment; relative to `base` if given), or undefined when it is not one: a product's
 * address as an id.
 */
export function urlPath(url: string | undefined, base?: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, base).pathname;
  } catch {
    return undefined;
  }
}
