import { MIN_PRODUCT_VIEW_MS, VIEW_CHECKPOINT_MAX_MS, VIEW_CHECKPOINT_MS } from '../limits';
import type { Observable } from '../observable';
import { newId } from '../ids';

/** Which view a report is about: one id from its start, and whether the view has ended. */
export interface ViewReport {
  id: string;
  /** False: the view goes on, and this is how long it has lasted so far. True: it has ended. */
  final: boolean;
}

export interface ViewOptions {
  now?: () => number;
  newId?: () => string;
  checkpointMs?: number;
  /** The longest gap between checkpoints (they start `checkpointMs` apart, each twice the last). */
  maxCheckpointMs?: number;
}

/**
 * Reports each stretch of time a page's subject (its product, its listing) is in front of the participant: it ends
 * when the tab is hidden or left, or when the subject changes, and is reported with its visible time.
 *
 * Leaving is the worst moment to send anything: the page is being torn down, and when the next page is one the
 * extension does not run on (about:blank, chrome://) the message may never leave it. So the view is also reported
 * while it lasts (`final: false`, once it is long enough to count, VIEW_CHECKPOINT_MS later, and then at twice the last
 * gap up to VIEW_CHECKPOINT_MAX_MS: a view that goes on is written a few times a minute), under the id it
 * will end with, for the caller to keep somewhere that outlives the page (lib/logger/view-journal). Stretches shorter
 * than MIN_PRODUCT_VIEW_MS are a page passed through, and not reported.
 */
export function trackViewStretches<S>(
  doc: Document,
  signal: AbortSignal,
  subject: Observable<S | null>,
  report: (shown: S, timeOnPageMs: number, view: ViewReport) => void,
  opts: ViewOptions & {
    /** A stretch of `shown` begins (the first, after a change of subject, or back from a hidden tab). */
    onStart?: (shown: S) => void;
  } = {},
): void {
  const now = opts.now ?? (() => performance.now());
  const makeId = opts.newId ?? newId;
  const checkpointMs = opts.checkpointMs ?? VIEW_CHECKPOINT_MS;
  const maxCheckpointMs = Math.max(checkpointMs, opts.maxCheckpointMs ?? VIEW_CHECKPOINT_MAX_MS);
  let shown: S | null = subject.get();
  /** The stretch under way: since when, its id, and the gap to its next checkpoint once it counts. */
  let stretch: { since: number; id: string; gap: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const elapsed = (s: { since: number }) => Math.max(0, Math.round(now() - s.since));

  const checkpoint = () => {
    timer = null;
    if (shown === null || !stretch || signal.aborted) return;
    const ms = elapsed(stretch);
    if (ms < MIN_PRODUCT_VIEW_MS) {
      timer = setTimeout(checkpoint, MIN_PRODUCT_VIEW_MS - ms);
      return;
    }
    report(shown, ms, { id: stretch.id, final: false });
    timer = setTimeout(checkpoint, stretch.gap);
    stretch.gap = Math.min(maxCheckpointMs, stretch.gap * 2);
  };
  const start = () => {
    if (stretch || doc.visibilityState === 'hidden') return;
    stretch = { since: now(), id: makeId(), gap: checkpointMs };
    if (shown !== null) opts.onStart?.(shown);
    if (timer) clearTimeout(timer);
    timer = setTimeout(checkpoint, MIN_PRODUCT_VIEW_MS);
  };
  const end = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const s = stretch;
    stretch = null;
    if (shown === null || !s) return;
    const ms = elapsed(s);
    if (ms < MIN_PRODUCT_VIEW_MS) return;
    report(shown, ms, { id: s.id, final: true });
  };

  start();
  const off = subject.subscribe((next) => {
    end();
    shown = next;
    start();
  });
  const listen = { capture: true, passive: true, signal } as const;
  doc.addEventListener('visibilitychange', () => (doc.visibilityState === 'hidden' ? end() : start()), listen);
  doc.defaultView?.addEventListener('pagehide', end, listen);
  // Back from the back-forward cache: a new stretch starts.
  doc.defaultView?.addEventListener('pageshow', start, listen);
  signal.addEventListener(
    'abort',
    () => {
      off();
      end();
    },
    { once: true },
  );
}
