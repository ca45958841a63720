import type { PayloadOf } from '../events/event-schema';
import { SCROLL_THROTTLE_MS } from '../limits';
import { describeElement } from './describe';
import type { TrackerOptions } from './hover';

/** What is known of one scroll container: the deepest it has been, and what was last logged of it. */
interface ContainerState {
  ignored: boolean;
  maxDepth: number;
  /** The depth and the deepest logged last: a rest at the same depth after going deeper is logged again. */
  loggedDepth: number;
  loggedMax: number;
}

export interface ScrollOptions extends TrackerOptions {
  throttleMs?: number;
  /**
   * Hear the end of each scroll gesture (`scrollend`, Chrome 114, Firefox 109) rather than every scroll event: by
   * default where the browser has it.
   */
  scrollEnd?: boolean;
}

/**
 * Logs scroll depth per scroll container (the page, or any element that scrolls): where it comes to rest and the
 * deepest it has been, once per scroll gesture.
 *
 * A gesture (a wheel's spin, a flick, a scrollbar drag) fires a scroll event every frame, and every one run in a
 * content script's isolated world costs a few µs before its handler does anything (bench/logger). So where the browser
 * fires `scrollend`, only the first scroll of a gesture is heard: the scroll listener then comes off until the gesture
 * ends, while a timer samples the depth every `throttleMs` (so a long drag down and back up still counts how deep it
 * went), and the rest is logged at `scrollend`. Elsewhere, every scroll event is heard and the depth logged at most once
 * per `throttleMs` per container, on the trailing edge.
 */
export function trackScrollDepth(
  doc: Document,
  signal: AbortSignal,
  emit: (payload: PayloadOf<'scroll'>) => void,
  opts: ScrollOptions = {},
): void {
  const throttleMs = opts.throttleMs ?? SCROLL_THROTTLE_MS;
  const win = doc.defaultView;
  const states = new Map<Element, ContainerState>();
  const stateOf = (el: Element): ContainerState => {
    let state = states.get(el);
    if (!state) {
      // Whether to leave a container alone is asked once, at its first scroll, not on every one.
      state = { ignored: opts.ignore?.(el) ?? false, maxDepth: 0, loggedDepth: -1, loggedMax: -1 };
      states.set(el, state);
    }
    return state;
  };
  const containerOf = (target: EventTarget | null): Element | null => {
    const el = target === doc ? (doc.scrollingElement ?? doc.documentElement) : target;
    return el && (el as Node).nodeType === 1 ? (el as Element) : null;
  };
  /** Logs where `el` is now and the deepest it has been, unless both are what was logged last. */
  const report = (el: Element) => {
    const state = stateOf(el);
    if (state.ignored) return;
    const depth = depthOf(el);
    state.maxDepth = Math.max(state.maxDepth, depth);
    if (depth === state.loggedDepth && state.maxDepth === state.loggedMax) return;
    state.loggedDepth = depth;
    state.loggedMax = state.maxDepth;
    const isPage = el === doc.scrollingElement || el === doc.documentElement || el === doc.body;
    emit({ container: isPage ? 'document' : describeElement(el).path, depthPct: depth, maxDepthPct: state.maxDepth });
  };
  const useScrollEnd = opts.scrollEnd ?? (win !== null && 'onscrollend' in win);
  if (useScrollEnd) perGesture(doc, signal, { containerOf, stateOf, report, throttleMs });
  else perEvent(doc, signal, { containerOf, stateOf, report, throttleMs });
}

interface Tracking {
  containerOf: (target: EventTarget | null) => Element | null;
  stateOf: (el: Element) => ContainerState;
  report: (el: Element) => void;
  throttleMs: number;
}

/**
 * Once per gesture: the first scroll event notes the container and takes the scroll listener off, a timer samples the
 * depth of what is moving while it moves, and `scrollend` logs where it came to rest and puts the listener back once
 * nothing moves. A container whose depth stopped changing between two samples without a `scrollend` (a finger held
 * still, an element removed while it scrolled) is logged as at rest, and the listener comes back, so no gesture is
 * missed for want of a `scrollend`.
 */
function perGesture(doc: Document, signal: AbortSignal, { containerOf, stateOf, report, throttleMs }: Tracking): void {
  const moving = new Map<Element, number>(); // container → its depth at the last sample (-1 before the first)
  let sampler: ReturnType<typeof setTimeout> | null = null;
  let listening = false;
  const listen = { capture: true, passive: true } as const;

  const arm = () => {
    if (listening || signal.aborted) return;
    listening = true;
    doc.addEventListener('scroll', onFirstScroll, listen);
  };
  const disarm = () => {
    if (!listening) return;
    listening = false;
    doc.removeEventListener('scroll', onFirstScroll, listen);
  };
  const sample = () => {
    sampler = null;
    for (const [el, last] of moving) {
      const state = stateOf(el);
      const depth = state.ignored ? last : depthOf(el);
      state.maxDepth = Math.max(state.maxDepth, depth);
      if (depth !== last) moving.set(el, depth);
      else {
        moving.delete(el);
        report(el);
      }
    }
    if (moving.size > 0) sampler = setTimeout(sample, throttleMs);
    else arm();
  };
  function onFirstScroll(e: Event) {
    const el = containerOf(e.target);
    if (!el) return;
    disarm();
    if (!moving.has(el)) moving.set(el, -1);
    sampler ??= setTimeout(sample, throttleMs);
  }
  const onScrollEnd = (e: Event) => {
    const el = containerOf(e.target);
    if (!el) return;
    // scrollend comes once, after the gesture: the moment to finish it (the layout is the one just painted).
    moving.delete(el);
    report(el);
    if (moving.size > 0) return;
    if (sampler !== null) clearTimeout(sampler);
    sampler = null;
    arm();
  };
  const flush = () => {
    if (sampler !== null) clearTimeout(sampler);
    sampler = null;
    for (const el of moving.keys()) report(el);
    moving.clear();
    if (signal.aborted) disarm();
    else arm();
  };

  arm();
  doc.addEventListener('scrollend', onScrollEnd, { ...listen, signal });
  doc.defaultView?.addEventListener('pagehide', flush, { signal });
  signal.addEventListener('abort', flush, { once: true });
}

/** Every scroll event: the depth logged at most once per `throttleMs` per container, on the trailing edge. */
function perEvent(doc: Document, signal: AbortSignal, { containerOf, stateOf, report, throttleMs }: Tracking): void {
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const onScroll = (e: Event) => {
    const el = containerOf(e.target);
    if (!el || timers.has(el) || stateOf(el).ignored) return;
    timers.set(
      el,
      setTimeout(() => {
        timers.delete(el);
        report(el);
      }, throttleMs),
    );
  };
  const flush = () => {
    for (const [el, timer] of timers) {
      clearTimeout(timer);
      report(el);
    }
    timers.clear();
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
