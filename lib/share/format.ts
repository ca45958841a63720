import type { SharedProduct } from '../storefront/product';

/** "€89.99", or '' when the product does not state a price. */
export function priceText(p: Pick<SharedProduct, 'price' | 'currency'>): string {
  if (p.price === undefined) return '';
  if (!p.currency) return p.price.toFixed(2);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: p.currency }).format(p.price);
}

/** Sharing condition I: the product's title and address, as a line in the Seller's own message. */
export function linkLine(p: SharedProduct, url: string | null): string {
  return url ? `${p.title} — ${url}` : `${p.title}${priceText(p) ? ` (${priceText(p)})` : ''}`;
}

/**
 * A card or a list for a chat that cannot show cards: the Seller's message, then one line per product with its
 * price and address, numbered when there are several to compare.
 */
export function productsAsText(products: readonly { product: SharedProduct; url: string | null }[], message: string | undefined): string {
  const lines = products.map(({ product, url }, i) => {
    const head = `${products.length > 1 ? `${i + 1}. ` : ''}${product.title}${product.brand && !product.title.toLowerCase().includes(product.brand.toLowerCase()) ? ` by ${product.brand}` : ''}`;
    const price = priceText(product);
    return [head, price, url].filter(Boolean).join(' — ');
  });
  return [message?.trim(), ...lines].filter(Boolean).join('\n');
}
