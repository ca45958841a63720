import { MAX_PRODUCT_ID_CHARS } from '../limits';
import { cleanText } from '../text/unicode';

/**
 * Which product an element belongs to, from markup the page already has: an explicit data-product-id, or a
 * schema.org Product in microdata (sku or productID). Storefront detection (JSON-LD, Open Graph) builds on this.
 */
export function productIdOf(el: Element): string | undefined {
  const tagged = el.closest('[data-product-id]');
  const explicit = tagged?.getAttribute('data-product-id');
  if (explicit) return cleanText(explicit, MAX_PRODUCT_ID_CHARS) || undefined;
  const scope = el.closest('[itemscope][itemtype*="schema.org/Product"]');
  if (!scope) return undefined;
  const idEl = scope.querySelector('[itemprop="sku"], [itemprop="productID"]');
  const id = idEl?.getAttribute('content') ?? idEl?.textContent;
  return cleanText(id?.trim() ?? '', MAX_PRODUCT_ID_CHARS) || undefined;
}

/** The image's position among the images of the same product (or the page), for "which image" questions. */
export function imageIndexOf(img: Element): number | undefined {
  const scope = img.closest('[data-product-id], [itemscope]') ?? img.ownerDocument.body;
  const images = Array.from(scope.querySelectorAll('img'));
  const i = images.indexOf(img as HTMLImageElement);
  return i >= 0 ? i : undefined;
}

/** The image's role, from a data-image-role attribute or common gallery markup. */
export function imageRoleOf(img: Element): 'main' | 'gallery' | 'thumbnail' | 'other' {
  const explicit = img.closest('[data-image-role]')?.getAttribute('data-image-role');
  if (explicit === 'main' || explicit === 'gallery' || explicit === 'thumbnail') return explicit;
  // The image's own class says more than its container's: a "main-image" inside a "gallery" is the main one.
  for (const hint of [img.className, img.parentElement?.className ?? '']) {
    const role = roleFromClass(hint.toLowerCase());
    if (role) return role;
  }
  return 'other';
}

function roleFromClass(hint: string): 'main' | 'gallery' | 'thumbnail' | null {
  if (hint.includes('thumb')) return 'thumbnail';
  if (hint.includes('main') || hint.includes('hero') || hint.includes('primary')) return 'main';
  if (hint.includes('gallery')) return 'gallery';
  return null;
}
