import type { PayloadOf } from '../events/event-schema';
import { sanitizeUrl } from '../privacy/url';
import { describeElement } from './describe';
import type { TrackerOptions } from './hover';
import { productIdOf } from './product';
import { isPageProductControl } from '../storefront/controls';

/** What counts as a control worth logging when clicked. */
export const CLICKABLE =
  'a[href], button, summary, select, label, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"], input[type="submit"], input[type="button"], input[type="reset"], input[type="checkbox"], input[type="radio"], input[type="image"]';

/** Logs clicks on links and buttons with a stable description of the element, never typed text. */
export function trackClicks(
  doc: Document,
  signal: AbortSignal,
  emit: (payload: PayloadOf<'click'>) => void,
  opts: TrackerOptions & { keepUrlQuery?: boolean } = {},
): void {
  const onClick = (e: Event) => {
    const target = e.target;
    if (!(target instanceof Element) || opts.ignore?.(target)) return;
    const el = target.closest(CLICKABLE);
    if (!el) return;
    const href = el instanceof HTMLAnchorElement ? sanitizeUrl(el.href, { keepQuery: opts.keepUrlQuery ?? false }) : undefined;
    const page = opts.pageProduct?.();
    const productId = productIdOf(el) ?? (page && isPageProductControl(el) ? page.id : undefined);
    emit({
      element: describeElement(el),
      ...(href !== undefined ? { href } : {}),
      ...(productId ? { productId } : {}),
    });
  };
  doc.addEventListener('click', onClick, { capture: true, passive: true, signal });
}
