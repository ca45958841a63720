import type { PayloadOf } from '../events/event-schema';
import { sanitizeUrl } from '../privacy/url';
import { describeElement } from './describe';
import { elementOf, type TrackerOptions } from './hover';
import { otherProductOf, pageMedia, type PageProduct } from './product';
import { isPageProductControl } from '../storefront/controls';
import { PICTURE_SELECTOR } from '../storefront/image-sources';

/** What counts as a control worth logging when clicked (a quantity field's value is never read, only the click). */
export const CLICKABLE =
  'a[href], button, summary, select, label, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"], [role="radio"], input[type="submit"], input[type="button"], input[type="reset"], input[type="checkbox"], input[type="radio"], input[type="image"], input[type="number"]';

/** Logs clicks on links and buttons with a stable description of the element, never typed text. */
export function trackClicks(
  doc: Document,
  signal: AbortSignal,
  emit: (payload: PayloadOf<'click'>) => void,
  opts: TrackerOptions & { keepUrlQuery?: boolean } = {},
): void {
  const onClick = (e: Event) => {
    const target = elementOf(e.target);
    if (!target || opts.ignore?.(target)) return;
    const el = target.closest(CLICKABLE);
    if (!el) return;
    const href = el.tagName === 'A' ? sanitizeUrl((el as HTMLAnchorElement).href, { keepQuery: opts.keepUrlQuery ?? false }) : undefined;
    const productId = productOfControl(el, opts.pageProduct?.() ?? null, opts);
    emit({
      element: describeElement(el),
      ...(href !== undefined ? { href } : {}),
      ...(productId ? { productId } : {}),
    });
  };
  doc.addEventListener('click', onClick, { capture: true, passive: true, signal });
}

/**
 * The product a control acts on: a product card's (its add-to-cart, its link), one the markup tags it with, or the
 * page's product for the page's own product controls (add to cart, options, quantity, its gallery's thumbnails).
 */
function productOfControl(el: Element, page: PageProduct | null, opts: TrackerOptions): string | undefined {
  const other = otherProductOf(el, page, opts.cardOf);
  if (other) return other;
  if (!page) return undefined;
  if (isPageProductControl(el)) return page.id;
  return showsProductPicture(el, page, opts) ? page.id : undefined;
}

/** A control around a picture of the product's media region: a thumbnail that shows another view. */
function showsProductPicture(el: Element, page: PageProduct, opts: TrackerOptions): boolean {
  const pictures = el.matches(PICTURE_SELECTOR) ? [el] : Array.from(el.querySelectorAll(PICTURE_SELECTOR));
  if (pictures.length === 0) return false;
  const media = pageMedia(el.ownerDocument, page, opts.cardOf);
  return pictures.some((p) => media.roleOf(p) !== null);
}
