import type { Card, LinkedIds } from './cards';
import type { FieldSource } from './candidate';
import type { SharedProduct } from './product';

/** What the detector says about a page (./detect.ts): a product page, a listing of products, or neither. */

export const PRODUCT_FIELDS = ['id', 'title', 'price', 'currency', 'brand', 'description', 'image', 'url'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
/** For each field of a product, the source its value came from. */
export type FieldSources = Partial<Record<ProductField, FieldSource>>;

export type DetectedProduct = SharedProduct & {
  /** The main source: the one the product's name came from (or that described it first, when only the heading names it). */
  source: Exclude<SharedProduct['source'], 'catalog'>;
  fieldSources?: FieldSources;
  /** Every picture the sources name for the product, absolute, best source first (`image` is the first). */
  images?: string[];
};

export interface ListingItem {
  /** The product's id: as a card's (see ./cards.ts), or its sku, else the path of its address, from structured data. */
  id: string;
  url?: string;
  title?: string;
  /** The product's card, when the listing shows it as one. */
  card?: Card;
}

export type DetectedPage =
  | {
      kind: 'product';
      product: DetectedProduct;
      /** The product's pictures (the same as `product.images`). */
      images: string[];
      /** Ids structured data gives for other products by address path: pass to `productCardOf` for a card's id. */
      linkedIds: LinkedIds;
    }
  | { kind: 'listing'; items: ListingItem[]; linkedIds: LinkedIds }
  | { kind: 'none' };
