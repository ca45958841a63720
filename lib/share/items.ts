import type { SearchHit } from '../search/query';
import type { SharedProduct } from '../storefront/product';
import { safeImageUrl, safeLinkUrl } from '../storefront/values';

/** A catalog search result as a product to share. */
export function productFromHit(hit: SearchHit): SharedProduct {
  const image = safeImageUrl(hit.image?.src);
  const url = safeLinkUrl(hit.url);
  return {
    id: hit.id,
    title: hit.title,
    ...(hit.brand ? { brand: hit.brand } : {}),
    price: hit.price,
    currency: hit.currency,
    ...(image ? { image } : {}),
    ...(url ? { url } : {}),
    source: 'catalog',
  };
}
