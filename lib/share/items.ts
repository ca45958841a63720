import type { SearchHit } from '../search/query';
import type { SharedProduct } from '../storefront/product';
import { safeImageUrl, safeLinkUrl } from '../storefront/values';

/** A catalog product as a product to share, keeping only a safe picture and an absolute http(s) address. */
export function sharedFromCatalog(p: {
  id: string;
  title: string;
  brand: string;
  price: number;
  currency: string;
  image?: string | null | undefined;
  url?: string | null | undefined;
}): SharedProduct {
  const image = safeImageUrl(p.image);
  const url = safeLinkUrl(p.url);
  return {
    id: p.id,
    title: p.title,
    ...(p.brand ? { brand: p.brand } : {}),
    price: p.price,
    currency: p.currency,
    ...(image ? { image } : {}),
    ...(url ? { url } : {}),
    source: 'catalog',
  };
}

/** A catalog search result as a product to share. */
export function productFromHit(hit: SearchHit): SharedProduct {
  return sharedFromCatalog({ ...hit, image: hit.image?.src });
}
