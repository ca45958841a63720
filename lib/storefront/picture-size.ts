import { urlSizeHint } from './image-url';
import { shownUrl } from './image-sources';

/**
 * How large a picture is and whether it is shown: from layout where there is one (a real browser), else from what
 * the markup declares, so that the structure can be checked in a DOM without layout too.
 */

/** A picture with less than this share of its area inside a clipping ancestor is scrolled out of its slider. */
const MIN_SHOWN_SHARE = 0.5;
const STYLE_PX = /(?:^|;)\s*(?:width|height)\s*:\s*(\d+(?:\.\d+)?)px/gi;

/** A real layout engine is at work (a browser, not a DOM emulation): sizes and clipping can be read from it. */
export function hasLayout(doc: Document): boolean {
  return (doc.documentElement?.getBoundingClientRect().width ?? 0) > 0;
}

/** Not hidden by style (display, visibility, content-visibility), as far as the DOM can tell. */
export function visibleByStyle(el: Element): boolean {
  const check = (el as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility;
  return typeof check === 'function' ? check.call(el, { visibilityProperty: true }) : true;
}

/** The larger side of the picture's box on screen; null when it has none (not displayed, or no layout). */
export function renderedExtent(el: Element): number | null {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? Math.max(r.width, r.height) : null;
}

/** Scrolled out of a slider's viewport (or otherwise outside an ancestor that clips its overflow). */
export function clippedOut(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView;
  if (!view) return false;
  let left = r.left;
  let top = r.top;
  let right = r.right;
  let bottom = r.bottom;
  for (let a = el.parentElement; a && a !== el.ownerDocument.body; a = a.parentElement) {
    const s = view.getComputedStyle(a);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const c = a.getBoundingClientRect();
    left = Math.max(left, c.left);
    top = Math.max(top, c.top);
    right = Math.min(right, c.right);
    bottom = Math.min(bottom, c.bottom);
    if (right <= left || bottom <= top) return true;
  }
  return (right - left) * (bottom - top) < MIN_SHOWN_SHARE * r.width * r.height;
}

/**
 * The size the markup gives a picture (larger side, CSS px): its width/height attributes, inline styles on it and its
 * wrappers up to `item`, a fixed `sizes`, or the size its URL asks for. Null when none says.
 */
export function declaredExtent(el: Element, item: Element | null, base: string): number | null {
  const attrs = ['width', 'height'].map((a) => parseFloat(el.getAttribute(a) ?? '')).filter((n) => n > 1);
  if (attrs.length > 0) return Math.max(...attrs);
  for (let a: Element | null = el; a; a = a.parentElement) {
    const px = [...(a.getAttribute('style') ?? '').matchAll(STYLE_PX)].map((m) => Number(m[1])).filter((n) => n > 1);
    if (px.length > 0) return Math.max(...px);
    if (a === item || !item) break;
  }
  // A lazy loader writes the box it measured ("0px" before layout), hence the floor.
  const sizes = (el.getAttribute('sizes') ?? '').split(',').pop()?.trim() ?? '';
  const fixed = /^(\d+(?:\.\d+)?)px$/.exec(sizes);
  if (fixed && Number(fixed[1]) > 1) return Number(fixed[1]);
  const src = el.getAttribute('src') ?? shownUrl(el);
  return src ? urlSizeHint(src, base) : null;
}
