import { imageRoleOf } from '../logger/product';
import type { DetectedProduct } from './detect';

/** Words in a control's class, id, name or label that tie it to the product on the page. */
const PRODUCT_CONTROL =
  /add[\s_-]?to[\s_-]?(cart|bag|basket|trolley)|buy[\s_-]?(it[\s_-]?)?now|wish[\s_-]?list|variant|swatch|size|colou?r|quantity|qty|gallery|thumb|zoom|warenkorb|panier|carrito/i;

function hints(el: Element): string {
  const parts = [
    el.id,
    el.getAttribute('class') ?? '',
    el.getAttribute('name') ?? '',
    el.getAttribute('aria-label') ?? '',
    el.getAttribute('data-testid') ?? '',
  ];
  if (el.matches('button, [role="button"], input[type="submit"], input[type="button"]'))
    parts.push((el.textContent ?? '').slice(0, 80), el.getAttribute('value') ?? '');
  return parts.join(' ');
}

/** A picture of the page's own product: a main, gallery or thumbnail image, or the product's own image file. */
export function isPageProductImage(img: Element, product: DetectedProduct): boolean {
  if (imageRoleOf(img) !== 'other') return true;
  const src = img instanceof HTMLImageElement ? img.currentSrc || img.src : null;
  return !!src && !!product.image && src === product.image;
}

/** A control about the page's product: add to cart, buy now, wish list, variant and quantity pickers, the gallery. */
export function isPageProductControl(el: Element): boolean {
  for (let node: Element | null = el, depth = 0; node && depth < 3; node = node.parentElement, depth++) {
    if (PRODUCT_CONTROL.test(hints(node))) return true;
  }
  return false;
}
