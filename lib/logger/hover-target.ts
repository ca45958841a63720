import { isPictureElement, PICTURE_SELECTOR } from '../storefront/image-sources';
import { domMemo } from './dom-memo';

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

/**
 * The longest the pictures' boxes are kept: a picture can also move with no scroll and no change to the DOM (a CSS
 * animation, a :hover transform), and a layer over it is missed only until they are read again.
 */
const MAX_BOX_AGE_MS = 1_000;

/** A picture's box in the viewport, as the page was when it was read. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Whether a point of the viewport is on any picture of the page at all: a layer can only be over a picture where one
 * is. The boxes are read once (every picture's, in one go, against a layout that is clean after the first) and kept
 * until the page scrolls (anything on it: the viewport's coordinates move), changes, loads a resource or is resized
 * (lib/logger/dom-memo), and at most MAX_BOX_AGE_MS; a pointer crossing the page between scrolls then costs no hit test where no picture is under
 * it. A hit test is a call into the page's layout that forces a style update for the :hover states the pointer just
 * changed: most of what a layer-shaped element under the pointer cost a product page (bench/logger session).
 */
export type PictureAt = (x: number, y: number) => boolean;

export function picturesAt(doc: Document, signal: AbortSignal): PictureAt {
  let scrolls = 0;
  let listening = false;
  const scrolled = () => {
    scrolls++;
    listening = false;
  };
  const age = () => Math.floor(performance.now() / MAX_BOX_AGE_MS);
  const boxes = domMemo<Element, Box[]>(doc, signal, () => [scrolls, age()], { layout: true });
  // Which elements are pictures holds until the DOM changes: a selector matched against every element of a large page
  // cost more than the boxes themselves, read again after every scroll.
  const pictures = domMemo<Element, Element[]>(doc, signal);
  const list = () => [...doc.querySelectorAll(PICTURE_SELECTOR)].filter(isPictureElement);
  const read = (root: Element): Box[] => {
    // Heard once, while boxes are kept: a wheel gesture's dozens of scroll events cost one call into this world.
    if (!listening) {
      listening = true;
      doc.addEventListener('scroll', scrolled, { capture: true, passive: true, once: true, signal });
    }
    const out: Box[] = [];
    for (const el of pictures.get(root, list)) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) out.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    }
    return out;
  };
  return (x, y) => {
    const root = doc.documentElement;
    if (!root) return false;
    for (const b of boxes.get(root, () => read(root))) if (x >= b.left && x <= b.right && y >= b.top && y <= b.bottom) return true;
    return false;
  };
}

/**
 * The picture under the pointer at `pointOf()` (client coordinates) when `target` is what the pointer entered. `pictureAt`
 * (picturesAt) tells the hit test where no picture is under the point, so none is made there.
 */
export function pictureUnderPointer(
  target: Element,
  pointOf: () => { x: number; y: number } | null,
  pictureAt?: PictureAt,
): Element | null {
  if (isPictureElement(target)) return target;
  const doc = target.ownerDocument;
  if (target === doc.documentElement || target === doc.body || !mayBeLayer(target)) return null;
  // Read here, only for what may be a layer: the event's coordinates are still on it after its dispatch.
  const point = pointOf();
  if (!point) return null;
  const { x: clientX, y: clientY } = point;
  if (typeof doc.elementsFromPoint !== 'function' || (pictureAt && !pictureAt(clientX, clientY))) return null;
  const stack = doc.elementsFromPoint(clientX, clientY);
  // Only a layer on top: the target must be what the pointer hits first.
  if (stack[0] !== target) return null;
  for (const el of stack.slice(1, MAX_STACK)) {
    if (!isPictureElement(el)) continue;
    const picture = el.getBoundingClientRect();
    return area(target.getBoundingClientRect()) <= MAX_LAYER_AREA_RATIO * area(picture) ? el : null;
  }
  return null;
}
