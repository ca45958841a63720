import type { Action, FwEvent, PayloadOf } from '../events/event-schema';
import type { PageContext } from '../rpc/api';
import { createEventLog } from './event-log';
import { createBatch, flushOnHide } from './batch';
import { documentAddress } from '../storefront/address';
import { productCardOf, type Card } from '../storefront/cards';
import { domMemo } from './dom-memo';
import { trackClicks } from './click';
import { HOVER_BATCH_MS, trackImageHovers } from './hover';
import { trackScrollDepth } from './scroll';
import { trackProductViews } from './product-view';
import { trackListingViews } from './listing-view';
import type { Observable } from '../observable';
import type { DetectedPage } from '../storefront/detect';
import { pageProductOf } from '../storefront/watch';

export interface LoggerDeps {
  doc: Document;
  context: PageContext;
  enqueue: (event: FwEvent) => void;
  /** The overlay logs its own, richer events; its elements are not page content. */
  ignore: (el: Element) => boolean;
  /** What the storefront page is about (lib/storefront/watch): its product, or a listing, or neither. */
  page?: Observable<DetectedPage>;
  /** Keeps a product or listing view, so far or ended, where it outlives the page (lib/logger/view-journal). */
  journal?: (event: FwEvent, final: boolean) => void;
}

/** Starts the page logger: hovers on images, scroll depth per container, clicks on controls, product and listing views. */
export function startPageLogger({ doc, context, enqueue, ignore, page, journal }: LoggerDeps, signal: AbortSignal): void {
  const log = createEventLog(
    () => context,
    enqueue,
    // A srcdoc or about:blank frame logs under the address of the page that made it (its own is about:…).
    () => documentAddress(doc) ?? doc.location.href,
  );
  const emit =
    <A extends Action>(action: A) =>
    (payload: PayloadOf<A>, time?: number) =>
      log('Page', action, payload, time === undefined ? undefined : { time });
  // Handlers only note what happened; clicks are finished right after their handler (before the page's own listeners
  // change the control), hovers a window after the first move of a sweep (lib/logger/batch, HOVER_BATCH_MS).
  const clicks = createBatch(doc.defaultView, 'microtask');
  const hovers = createBatch(doc.defaultView, { windowMs: HOVER_BATCH_MS });
  const product = page && pageProductOf(page, signal);
  const pageProduct = product ? () => product.get() : undefined;
  // Pictures and controls in product cards (a listing's grid, related products) are the cards' products', known by
  // the sku the page's structured data gives for the card's link where it gives one.
  const linkedIds = () => {
    const now = page?.get();
    return now && now.kind !== 'none' ? now.linkedIds : undefined;
  };
  // Which card an element is in holds until the page changes (lib/logger/dom-memo): most of a click's cost otherwise.
  const cards = domMemo<Element, Card | null>(doc, signal, () => [linkedIds()]);
  const cardOf = (el: Element) => cards.get(el, () => productCardOf(el, linkedIds()));
  trackImageHovers(doc, signal, emit('hover'), { ignore, cardOf, batch: hovers, ...(pageProduct ? { pageProduct } : {}) });
  trackScrollDepth(doc, signal, emit('scroll'), { ignore });
  trackClicks(doc, signal, emit('click'), {
    ignore,
    cardOf,
    keepUrlQuery: context.keepUrlQuery,
    batch: clicks,
    later: hovers,
    ...(pageProduct ? { pageProduct } : {}),
  });
  flushOnHide(doc, signal, clicks, hovers);
  if (page && product) {
    // An ended view is sent as usual and kept too, in case the page is gone before the send; one under way is only kept.
    const logView =
      <A extends 'product_view' | 'listing_view'>(action: A) =>
      (payload: PayloadOf<A>, view: { id: string; final: boolean }) => {
        const event = log('Page', action, payload, { id: view.id, draft: !view.final });
        if (event) journal?.(event, view.final);
      };
    trackProductViews(doc, signal, product, logView('product_view'));
    trackListingViews(doc, signal, page, logView('listing_view'));
  }
}
