import type { PayloadOf } from '../events/event-schema';
import { SCROLL_THROTTLE_MS } from '../limits';
import { describeElement } from './describe';
import type { TrackerOptions } from './hover';

interface ContainerState {
  timer: ReturnType<typeof setTimeout> | null;
  maxDepth: number;
  lastDepth: number;
  ignored: boolean;
}

/**
 * Logs scroll depth per scroll container (the page, or any element that scrolls), at most once per
 * SCROLL_THROTTLE_MS each, on the trailing edge so the resting position is what gets logged.
 */
export function trackScrollDepth(
  doc: Document,
  signal: AbortSignal,
  emit: (payload: PayloadOf<'scroll'>) => void,
  opts: TrackerOptions & { throttleMs?: number } = {},
): void {
  const throttleMs = opts.throttleMs ?? SCROLL_THROTTLE_MS;
  const states = new Map<Element, ContainerState>();

  const report = (el: Element, state: ContainerState) => {
    state.timer = null;
    const depth = depthOf(el);
    if (depth === state.lastDepth) return;
    state.lastDepth = depth;
    state.maxDepth = Math.max(state.maxDepth, depth);
    const isPage = el === doc.scrollingElement || el === doc.documentElement || el === doc.body;
    emit({ container: isPage ? 'document' : describeElement(el).path, depthPct: depth, maxDepthPct: state.maxDepth });
  };

  const onScroll = (e: Event) => {
    const target = e.target;
    const el = target === doc ? (doc.scrollingElement ?? doc.documentElement) : target;
    if (!(el instanceof Element)) return;
    let state = states.get(el);
    if (!state) {
      // Whether to leave a container alone is asked once, at its first scroll, not on every one.
      state = { timer: null, maxDepth: 0, lastDepth: -1, ignored: opts.ignore?.(el) ?? false };
      states.set(el, state);
    }
    if (state.timer === null && !state.ignored) {
      const s = state;
      s.timer = setTimeout(() => report(el, s), throttleMs);
    }
  };
  const flush = () => {
    for (const [el, state] of states) {
      if (state.timer !== null) {
        clearTimeout(state.timer);
        report(el, state);
      }
    }
  };

  doc.addEventListener('scroll', onScroll, { capture: true, passive: true, signal });
  doc.defaultView?.addEventListener('pagehide', flush, { signal });
  signal.addEventListener('abort', flush, { once: true });
}

/** How far down the container's content the bottom of the visible area is, in whole percent. */
export function depthOf(el: Element): number {
  const max = el.scrollHeight;
  if (max <= 0) return 100;
  const pct = ((el.scrollTop + el.clientHeight) / max) * 100;
  return Math.max(0, Math.min(100, Math.round(pct)));
}
