import type { PayloadOf } from '../events/schema';
import { MIN_PRODUCT_VIEW_MS } from '../limits';
import type { Observable } from '../observable';
import type { DetectedProduct } from '../storefront/detect';

/**
 * Logs `Page.product_view` for each stretch of time a product page is in front of the participant: when the tab
 * is hidden or left, or when the page moves on to another product, with the visible time in that stretch.
 */
export function trackProductViews(doc: Document, signal: AbortSignal, product: Observable<DetectedProduct | null>, emit: (payload: PayloadOf<'product_view'>) => void, now: () => number = () => performance.now()): void {
  let shown: DetectedProduct | null = product.get();
  let since: number | null = doc.visibilityState === 'hidden' ? null : now();

  const report = () => {
    if (!shown || since === null) return;
    const timeOnPageMs = Math.max(0, Math.round(now() - since));
    since = null;
    if (timeOnPageMs < MIN_PRODUCT_VIEW_MS) return;
    emit({
      productId: shown.id,
      name: shown.title,
      ...(shown.price !== undefined ? { price: shown.price } : {}),
      ...(shown.currency ? { currency: shown.currency } : {}),
      source: shown.source,
      timeOnPageMs,
    });
  };
  const off = product.subscribe((next) => {
    report();
    shown = next;
    if (doc.visibilityState !== 'hidden') since = now();
  });
  const listen = { capture: true, passive: true, signal } as const;
  doc.addEventListener(
    'visibilitychange',
    () => {
      if (doc.visibilityState === 'hidden') report();
      else since ??= now();
    },
    listen,
  );
  doc.defaultView?.addEventListener('pagehide', report, listen);
  // Back from the back-forward cache: a new stretch starts.
  doc.defaultView?.addEventListener('pageshow', () => void (since ??= now()), listen);
  signal.addEventListener(
    'abort',
    () => {
      off();
      report();
    },
    { once: true },
  );
}
