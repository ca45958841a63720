import type { PayloadOf } from '../events/event-schema';
import { CARD_IN_VIEW_RATIO, MAX_LISTING_VIEW_IDS } from '../limits';
import { observable, type Observable } from '../observable';
import type { DetectedPage, ListingItem } from '../storefront/detected';
import { trackViewStretches, type ViewOptions, type ViewReport } from './view-stretch';

/** Watches elements come into and leave the viewport; `stop` forgets them all. */
export interface InViewWatch {
  watch(el: Element): void;
  unwatch(el: Element): void;
  stop(): void;
}
export type InViewWatcher = (doc: Document, onChange: (el: Element, inView: boolean) => void) => InViewWatch;

export interface ListingViewOptions extends ViewOptions {
  /** How cards are seen to come into view; IntersectionObserver unless given (tests). */
  inView?: InViewWatcher;
}

/**
 * Logs `Page.listing_view` for each stretch of time a listing (a category grid, search results) is in front of the
 * participant, like product views (./view-stretch.ts), with the products whose cards came into view in that stretch,
 * in the order they did: the listing's products the participant could have looked at, not only those the page holds.
 * Cards a listing adds as it scrolls are watched as they come; the stretch goes on while the address stays, so
 * "load more" does not split it. A listing known only from its structured data (no cards to watch) names every product.
 */
export function trackListingViews(
  doc: Document,
  signal: AbortSignal,
  page: Observable<DetectedPage>,
  emit: (payload: PayloadOf<'listing_view'>, view: ViewReport) => void,
  opts: ListingViewOptions = {},
): void {
  let items: readonly ListingItem[] = [];
  /** Which product each watched card shows. */
  const cardIds = new Map<Element, string>();
  /** Products whose cards are in view now, and those seen in the stretch under way (in the order they came). */
  const inViewNow = new Set<string>();
  let seen = new Set<string>();

  const watcher = (opts.inView ?? intersectionWatcher)(doc, (el, inView) => {
    const id = cardIds.get(el);
    if (id === undefined) return;
    if (!inView) {
      inViewNow.delete(id);
      return;
    }
    inViewNow.add(id);
    seen.add(id);
  });
  // The stretch's subject is the listing's address: cards loaded as it scrolls change the items, not the view.
  const listing = observable<string | null>(null);
  const follow = (next: DetectedPage) => {
    items = next.kind === 'listing' ? next.items : [];
    const roots = new Map(items.flatMap((item) => (item.card ? [[item.card.root, item.id] as const] : [])));
    for (const el of [...cardIds.keys()].filter((el) => !roots.has(el))) {
      watcher.unwatch(el);
      cardIds.delete(el);
    }
    for (const [el, id] of roots) {
      if (cardIds.get(el) === id) continue;
      cardIds.set(el, id);
      watcher.watch(el);
    }
    listing.set(next.kind === 'listing' ? (doc.location?.href ?? doc.URL) : null);
  };
  follow(page.get());
  const off = page.subscribe(follow);
  signal.addEventListener(
    'abort',
    () => {
      off();
      watcher.stop();
    },
    { once: true },
  );

  const payloadOf = (timeOnPageMs: number): PayloadOf<'listing_view'> => {
    const watched = items.some((item) => item.card);
    const ids = watched ? [...seen] : items.map((item) => item.id);
    return { productIds: ids.slice(0, MAX_LISTING_VIEW_IDS), basis: watched ? 'in_view' : 'listed', listed: items.length, timeOnPageMs };
  };
  trackViewStretches(doc, signal, listing, (_address, ms, view) => emit(payloadOf(ms), view), {
    ...opts,
    // A new stretch has seen what is in view as it starts, and nothing else yet.
    onStart: () => (seen = new Set(inViewNow)),
  });
}

/** A card is in view once CARD_IN_VIEW_RATIO of it is, or it fills that share of the viewport (a card taller than it). */
const intersectionWatcher: InViewWatcher = (doc, onChange) => {
  const Observer = doc.defaultView?.IntersectionObserver;
  if (!Observer) return { watch: () => undefined, unwatch: () => undefined, stop: () => undefined };
  const observer = new Observer(
    (entries) => {
      for (const entry of entries) {
        const viewport = entry.rootBounds?.height ?? doc.defaultView?.innerHeight ?? 0;
        const fills = viewport > 0 && entry.intersectionRect.height >= viewport * CARD_IN_VIEW_RATIO;
        onChange(entry.target, entry.isIntersecting && (entry.intersectionRatio >= CARD_IN_VIEW_RATIO || fills));
      }
    },
    { threshold: [0, CARD_IN_VIEW_RATIO, 1] },
  );
  return { watch: (el) => observer.observe(el), unwatch: (el) => observer.unobserve(el), stop: () => observer.disconnect() };
};
