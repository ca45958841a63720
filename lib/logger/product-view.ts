import type { PayloadOf } from '../events/event-schema';
import type { Observable } from '../observable';
import type { DetectedProduct } from '../storefront/detect';
import { trackViewStretches, type ViewOptions, type ViewReport } from './view-stretch';

export type { ViewReport } from './view-stretch';
export type ProductViewOptions = ViewOptions;

/**
 * Logs `Page.product_view` for each stretch of time a product page is in front of the participant (see
 * ./view-stretch.ts): when the tab is hidden or left, or when the page moves on to another product, with the visible
 * time in that stretch, and while it lasts, for the view journal.
 */
export function trackProductViews(
  doc: Document,
  signal: AbortSignal,
  product: Observable<DetectedProduct | null>,
  emit: (payload: PayloadOf<'product_view'>, view: ViewReport) => void,
  opts: ProductViewOptions = {},
): void {
  const payloadOf = (p: DetectedProduct, timeOnPageMs: number): PayloadOf<'product_view'> => ({
    productId: p.id,
    name: p.title,
    ...(p.price !== undefined ? { price: p.price } : {}),
    ...(p.currency ? { currency: p.currency } : {}),
    source: p.source,
    timeOnPageMs,
  });
  trackViewStretches(doc, signal, product, (p, ms, view) => emit(payloadOf(p, ms), view), opts);
}
