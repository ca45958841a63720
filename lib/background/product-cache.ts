import type { Product } from '../catalog/catalog-schema';

/**
 * Products kept beside the search engine: those of the blocks read for recent search hits. A page of hits read
 * from IndexedDB costs a block of products per hit (lib/catalog/catalog-products.ts), ~10 ms for 24 hits spread
 * over a 100,000-product catalog; searches as the Seller types, or the next page, mostly hit the same blocks
 * again. Up to this many products (a few MB) are kept, the least recently used dropped first.
 */
export const MAX_CACHED_PRODUCTS = 10_000;

/**
 * The cache of one catalog version, which must not change while it is used: the search service keeps one per
 * active catalog, and an active catalog's products are never rewritten (an import or a merge writes a new version).
 */
export class ProductCache {
  private readonly byId = new Map<string, Product>();

  constructor(private readonly limit = MAX_CACHED_PRODUCTS) {}

  get size(): number {
    return this.byId.size;
  }

  /** The product, now the most recently used; undefined if it is not kept. */
  get(id: string): Product | undefined {
    const p = this.byId.get(id);
    if (p) {
      // A Map keeps insertion order: moved to the end, it is dropped last.
      this.byId.delete(id);
      this.byId.set(id, p);
    }
    return p;
  }

  add(products: readonly Product[]): void {
    for (const p of products) {
      this.byId.delete(p.id);
      this.byId.set(p.id, p);
    }
    for (const id of this.byId.keys()) {
      if (this.byId.size <= this.limit) break;
      this.byId.delete(id);
    }
  }
}
