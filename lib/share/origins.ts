/** Where a shared product was found: the overlay's search, the search made from the Buyer profile, a product page. */
export const SHARE_ORIGINS = ['search', 'profile_search', 'product_page'] as const;
export type ShareOrigin = (typeof SHARE_ORIGINS)[number];
