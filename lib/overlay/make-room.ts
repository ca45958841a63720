import { PANEL_WIDTH_PX, pageBand, panelColumn, type Viewport } from './placement';
import type { Side } from './site-prefs';

/** How far down the page the top-level layout is searched for parts too wide for what is left (100vw apps). */
const MAX_FIT_DEPTH = 4;
const MAX_FIT_ELEMENTS = 400;
/** Spacing of the points probed under the panel for fixed parts of the page (chat widgets, bars) it would cover. */
const PROBE_STEP_PX = 24;
/** Rounding slack when comparing layout boxes. */
const SLACK_PX = 1;

/**
 * Makes room for the panel beside the page, as browser side panels do, with inline styles only (they work under
 * any page CSP and are put back exactly):
 * - `<html>` gets a margin the panel's width on its side, so the page's layout area shrinks;
 * - top-level boxes wider than what is left (`width: 100vw` apps) get `max-width: 100%`;
 * - fixed boxes (and absolute ones placed against the viewport) that the panel would cover, which a margin on
 *   `<html>` does not move, are moved with `translate` and, if wider than what is left, narrowed with `max-width`.
 */
export interface PageRoom {
  /** Makes room on `side` for the current viewport; calling it again fits parts added since, and changes nothing else. */
  make(side: Side): void;
  /** Puts every style it changed back as the page had it. */
  restore(): void;
}

interface SavedProp {
  value: string;
  priority: string;
}

export function createPageRoom(win: Window & typeof globalThis, isOurs: (el: Element) => boolean, width = PANEL_WIDTH_PX): PageRoom {
  const doc = win.document;
  const saved = new Map<HTMLElement, { hadStyle: boolean; props: Map<string, SavedProp> }>();
  const shifted = new Map<HTMLElement, number>();
  let madeFor: { side: Side; width: number; height: number } | null = null;

  const set = (el: HTMLElement, prop: string, value: string) => {
    let entry = saved.get(el);
    if (!entry) saved.set(el, (entry = { hadStyle: el.hasAttribute('style'), props: new Map() }));
    if (!entry.props.has(prop))
      entry.props.set(prop, { value: el.style.getPropertyValue(prop), priority: el.style.getPropertyPriority(prop) });
    // Writing the same value again would still be a mutation the page (and our own observer) hears.
    if (el.style.getPropertyValue(prop) !== value || el.style.getPropertyPriority(prop) !== 'important')
      el.style.setProperty(prop, value, 'important');
  };

  const restore = () => {
    for (const [el, { hadStyle, props }] of saved) {
      for (const [prop, { value, priority }] of props) {
        if (value) el.style.setProperty(prop, value, priority);
        else el.style.removeProperty(prop);
      }
      if (!hadStyle && el.getAttribute('style') === '') el.removeAttribute('style');
    }
    saved.clear();
    shifted.clear();
    madeFor = null;
  };

  /** The viewport fixed boxes (the panel among them) are placed in: without a classic scrollbar. */
  const viewport = (): Viewport => ({ width: doc.documentElement.clientWidth || win.innerWidth, height: win.innerHeight });

  /** Top-level in-flow boxes wider than the page's band are held to their parent's width. */
  const fitWide = (band: { left: number; right: number }) => {
    const bandWidth = band.right - band.left;
    const queue: [Element, number][] = doc.body ? [[doc.body, 0]] : [];
    for (let seen = 0, next = queue.shift(); next && seen < MAX_FIT_ELEMENTS; seen++, next = queue.shift()) {
      const [el, depth] = next;
      if (isOurs(el) || !(el instanceof win.HTMLElement)) continue;
      const position = win.getComputedStyle(el).position;
      if (position === 'fixed' || position === 'absolute') continue; // out of flow: see fitCovered
      if (el.getBoundingClientRect().width > bandWidth + SLACK_PX) set(el, 'max-width', '100%');
      if (depth < MAX_FIT_DEPTH) for (const child of el.children) queue.push([child, depth + 1]);
    }
  };

  /** The outermost box around `el` that is placed against the viewport, which the margin on <html> does not move. */
  const viewportPlaced = (el: Element): HTMLElement | null => {
    let found: HTMLElement | null = null;
    const bodyStatic = !doc.body || win.getComputedStyle(doc.body).position === 'static';
    for (let a: Element | null = el; a && a !== doc.body && a !== doc.documentElement; a = a.parentElement) {
      if (!(a instanceof win.HTMLElement)) continue;
      const position = win.getComputedStyle(a).position;
      if (position === 'fixed' || (position === 'absolute' && bodyStatic && a.offsetParent === doc.body)) found = a;
    }
    return found;
  };

  /** Moves (and if need be narrows) fixed parts of the page still under the panel into the page's band. */
  const fitCovered = (side: Side, vp: Viewport, band: { left: number; right: number }) => {
    const col = panelColumn(side, vp, width);
    const done = new Set<Element>();
    for (let y = SLACK_PX; y < vp.height; y += PROBE_STEP_PX) {
      for (const x of [col.left + 2, (col.left + col.right) / 2, col.right - 2]) {
        for (const hit of doc.elementsFromPoint(x, y)) {
          if (hit === doc.documentElement || hit === doc.body || isOurs(hit)) continue;
          const box = viewportPlaced(hit);
          if (!box || done.has(box)) continue;
          done.add(box);
          if (box.getBoundingClientRect().width > band.right - band.left + SLACK_PX) set(box, 'max-width', `${band.right - band.left}px`);
          const r = box.getBoundingClientRect();
          const dx = side === 'right' ? Math.min(0, band.right - r.right) : Math.max(0, band.left - r.left);
          if (Math.abs(dx) < SLACK_PX) continue;
          const total = (shifted.get(box) ?? 0) + dx;
          shifted.set(box, total);
          set(box, 'translate', `${Math.round(total)}px 0px`);
        }
      }
    }
  };

  return {
    make(side) {
      const vp = viewport();
      // Another side or another window size: start again from the page's own styles.
      if (madeFor && (madeFor.side !== side || madeFor.height !== win.innerHeight || madeFor.width !== win.innerWidth)) restore();
      if (!madeFor) madeFor = { side, width: win.innerWidth, height: win.innerHeight };
      set(doc.documentElement, side === 'left' ? 'margin-left' : 'margin-right', `${width}px`);
      const band = pageBand(side, vp, width);
      fitWide(band);
      fitCovered(side, vp, band);
    },
    restore,
  };
}
