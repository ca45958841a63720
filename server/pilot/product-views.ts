import { productImageUrl } from '../../lib/catalog/images';
import type { Product } from '../../lib/catalog/catalog-schema';
import type { ProductView } from '../../lib/pilot/protocol';
import type { SharedProduct } from '../../lib/storefront/product';
import { safeLinkUrl } from '../../lib/storefront/values';

/** How a catalog product is shown in the chat: `full` adds what only priming C and shares show (description, attributes). */
export function productView(p: Product, full: boolean): ProductView {
  return {
    id: p.id,
    title: p.title,
    brand: p.brand,
    price: p.price,
    currency: p.currency,
    rating: p.rating,
    ratingCount: p.ratingCount,
    images: p.images.map((_, i) => productImageUrl(p, i)),
    // Catalog products without a shop's full address get the pilot's own product page, so a link leads somewhere.
    url: safeLinkUrl(p.url) ?? pilotProductPath(p.id),
    source: 'catalog',
    ...(full ? { description: p.description, attributes: p.attributes } : {}),
  };
}

export const pilotProductPath = (id: string) => `/pilot/products/${encodeURIComponent(id)}`;

/** A product shared from a storefront page: already checked by the protocol's schema (text, http(s) links and images). */
export function pageProductView(p: SharedProduct): ProductView {
  return {
    id: p.id,
    title: p.title,
    brand: p.brand ?? '',
    price: p.price ?? null,
    currency: p.currency ?? null,
    rating: null,
    ratingCount: null,
    images: p.image ? [p.image] : [],
    url: p.url ?? null,
    source: 'page',
    ...(p.description ? { description: p.description } : {}),
  };
}
