import type { PayloadOf } from '../events/event-schema';
import { MIN_PRODUCT_VIEW_MS, VIEW_CHECKPOINT_MS } from '../limits';
import type { Observable } from '../observable';
import type { DetectedProduct } from '../storefront/detect';
import { newId } from '../ids';

/** Which view a report is about: one id from its start, and whether the view has ended. */
export interface ViewReport {
  id: string;
  /** False: the view goes on, and this is how long it has lasted so far. True: it has ended. */
  final: boolean;
}

export interface ProductViewOptions {
  now?: () => number;
  newId?: () => string;
  checkpointMs?: number;
}

/**
 * Logs `Page.product_view` for each stretch of time a product page is in front of the participant: when the tab
 * is hidden or left, or when the page moves on to another product, with the visible time in that stretch.
 *
 * Leaving is the worst moment to send anything: the page is being torn down, and when the next page is one the
 * extension does not run on (about:blank, chrome://) the message may never leave it. So the view is also reported
 * while it lasts (`final: false`, once it is long enough to count and then every VIEW_CHECKPOINT_MS), under the id it
 * will end with, for the caller to keep somewhere that outlives the page (lib/logger/view-journal).
 */
export function trackProductViews(
  doc: Document,
  signal: AbortSignal,
  product: Observable<DetectedProduct | null>,
  emit: (payload: PayloadOf<'product_view'>, view: ViewReport) => void,
  opts: ProductViewOptions = {},
): void {
  const now = opts.now ?? (() => performance.now());
  const makeId = opts.newId ?? newId;
  const checkpointMs = opts.checkpointMs ?? VIEW_CHECKPOINT_MS;
  let shown: DetectedProduct | null = product.get();
  /** The stretch under way: since when, and its id. */
  let stretch: { since: number; id: string } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const payloadOf = (p: DetectedProduct, timeOnPageMs: number): PayloadOf<'product_view'> => ({
    productId: p.id,
    name: p.title,
    ...(p.price !== undefined ? { price: p.price } : {}),
    ...(p.currency ? { currency: p.currency } : {}),
    source: p.source,
    timeOnPageMs,
  });
  const elapsed = (s: { since: number }) => Math.max(0, Math.round(now() - s.since));

  const checkpoint = () => {
    timer = null;
    if (!shown || !stretch || signal.aborted) return;
    const ms = elapsed(stretch);
    if (ms >= MIN_PRODUCT_VIEW_MS) emit(payloadOf(shown, ms), { id: stretch.id, final: false });
    timer = setTimeout(checkpoint, ms >= MIN_PRODUCT_VIEW_MS ? checkpointMs : MIN_PRODUCT_VIEW_MS - ms);
  };
  const start = () => {
    if (stretch || doc.visibilityState === 'hidden') return;
    stretch = { since: now(), id: makeId() };
    if (timer) clearTimeout(timer);
    timer = setTimeout(checkpoint, MIN_PRODUCT_VIEW_MS);
  };
  const report = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const s = stretch;
    stretch = null;
    if (!shown || !s) return;
    const ms = elapsed(s);
    if (ms < MIN_PRODUCT_VIEW_MS) return;
    emit(payloadOf(shown, ms), { id: s.id, final: true });
  };

  start();
  const off = product.subscribe((next) => {
    report();
    shown = next;
    start();
  });
  const listen = { capture: true, passive: true, signal } as const;
  doc.addEventListener('visibilitychange', () => (doc.visibilityState === 'hidden' ? report() : start()), listen);
  doc.defaultView?.addEventListener('pagehide', report, listen);
  // Back from the back-forward cache: a new stretch starts.
  doc.defaultView?.addEventListener('pageshow', start, listen);
  signal.addEventListener(
    'abort',
    () => {
      off();
      report();
    },
    { once: true },
  );
}
