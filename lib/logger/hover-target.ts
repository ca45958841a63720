import { isPictureElement } from '../storefront/image-sources';

/**
 * The picture a pointer is over. Usually the event's target is the picture itself: an <img>, or an element painted
 * with a background image. Galleries also stack things over their pictures that take the pointer: a zoom lens that
 * follows it, a transparent button that opens the lightbox, a magnifier layer. A hover there is a look at the picture
 * underneath, found by hit-testing the point (only where the browser can: a DOM without layout has no stacking).
 */

/** How deep in the stack of elements under the pointer the picture may sit below the layer over it. */
const MAX_STACK = 8;
/** A layer holds little: a lens is empty, a lightbox button holds a hidden caption, a badge a few spans. */
const MAX_LAYER_CHILDREN = 3;
const TEXT_NODE = 3;
/** A layer larger than this many times the picture is a dialog or a page section over it, not a layer of the picture. */
const MAX_LAYER_AREA_RATIO = 1.5;

function area(r: DOMRect): number {
  return Math.max(0, r.width) * Math.max(0, r.height);
}

/**
 * Could be a layer over a picture: a lens, a transparent button, a label, but not text or a section of the page. Keeps
 * the hit test off most of a pointer's way across a page.
 */
function mayBeLayer(el: Element): boolean {
  if (el.childElementCount > MAX_LAYER_CHILDREN) return false;
  for (const node of el.childNodes) if (node.nodeType === TEXT_NODE && (node.textContent ?? '').trim() !== '') return false;
  return true;
}

export function pictureUnderPointer(target: Element, point: { x: number; y: number } | null): Element | null {
  if (isPictureElement(target)) return target;
  const doc = target.ownerDocument;
  if (target === doc.documentElement || target === doc.body || !point || !mayBeLayer(target)) return null;
  const { x: clientX, y: clientY } = point;
  const stack = typeof doc.elementsFromPoint === 'function' ? doc.elementsFromPoint(clientX, clientY) : [];
  // Only a layer on top: the target must be what the pointer hits first.
  if (stack[0] !== target) return null;
  for (const el of stack.slice(1, MAX_STACK)) {
    if (!isPictureElement(el)) continue;
    const picture = el.getBoundingClientRect();
    return area(target.getBoundingClientRect()) <= MAX_LAYER_AREA_RATIO * area(picture) ? el : null;
  }
  return null;
}
