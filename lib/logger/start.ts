import type { Action, FwEvent, PayloadOf } from '../events/event-schema';
import type { PageContext } from '../rpc/api';
import { createEventLog } from './event-log';
import { documentAddress } from '../storefront/address';
import { productCardOf } from '../storefront/cards';
import { trackClicks } from './click';
import { trackImageHovers } from './hover';
import { trackScrollDepth } from './scroll';
import { trackProductViews } from './product-view';
import type { Observable } from '../observable';
import type { DetectedProduct } from '../storefront/detect';

export interface LoggerDeps {
  doc: Document;
  context: PageContext;
  enqueue: (event: FwEvent) => void;
  /** The overlay logs its own, richer events; its elements are not page content. */
  ignore: (el: Element) => boolean;
  /** The storefront product on this page, when there is one. */
  product?: Observable<DetectedProduct | null>;
  /** Keeps a product view, so far or ended, where it outlives the page (lib/logger/view-journal). */
  journal?: (event: FwEvent, final: boolean) => void;
}

/** Starts the page logger: hovers on images, scroll depth per container, clicks on controls, product views. */
export function startPageLogger({ doc, context, enqueue, ignore, product, journal }: LoggerDeps, signal: AbortSignal): void {
  const log = createEventLog(
    () => context,
    enqueue,
    // A srcdoc or about:blank frame logs under the address of the page that made it (its own is about:…).
    () => documentAddress(doc) ?? doc.location.href,
  );
  const emit =
    <A extends Action>(action: A) =>
    (payload: PayloadOf<A>) =>
      log('Page', action, payload);
  const pageProduct = product ? () => product.get() : undefined;
  // Pictures and controls in product cards (a listing's grid, related products) are the cards' products'.
  const cardOf = (el: Element) => productCardOf(el);
  trackImageHovers(doc, signal, emit('hover'), { ignore, cardOf, ...(pageProduct ? { pageProduct } : {}) });
  trackScrollDepth(doc, signal, emit('scroll'), { ignore });
  trackClicks(doc, signal, emit('click'), {
    ignore,
    cardOf,
    keepUrlQuery: context.keepUrlQuery,
    ...(pageProduct ? { pageProduct } : {}),
  });
  if (product) {
    trackProductViews(doc, signal, product, (payload, view) => {
      // An ended view is sent as usual and kept too, in case the page is gone before the send; one under way is only kept.
      const event = log('Page', 'product_view', payload, { id: view.id, draft: !view.final });
      if (event) journal?.(event, view.final);
    });
  }
}
