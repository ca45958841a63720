import type { PayloadOf } from '../events/event-schema';
import { MAX_IMAGE_ALT_CHARS, MIN_HOVER_IMAGE_PX, MIN_HOVER_MS } from '../limits';
import { sanitizeUrl } from '../privacy/url';
import { maskPii } from '../privacy/text';
import { cleanText } from '../text/unicode';
import { attributeImage, optional, pageMedia, type PageProduct } from './product';
import { pictureUnderPointer } from './hover-target';
import type { CardOf, ProductMedia } from '../storefront/media';
import { domMemo } from './dom-memo';
import { pictureKeys, shownUrl } from '../storefront/image-sources';
import { IMMEDIATE, type Batch } from './batch';

export type { PageProduct } from './product';

export interface TrackerOptions {
  /** Elements to leave alone, e.g. the overlay's own shadow host. */
  ignore?: (el: Element) => boolean;
  now?: () => number;
  /** The product the page is about (storefront pages): its images and controls are logged with its id. */
  pageProduct?: () => PageProduct | null;
  /** The product card an element is in (lib/storefront/cards): its pictures and controls carry the card's product. */
  cardOf?: CardOf;
}

/**
 * The event's target as an element. Checked by node type, not `instanceof`: the page's document may belong to another
 * realm than the script's globals (a frame's document, a DOM built in a test).
 */
export function elementOf(target: EventTarget | null): Element | null {
  return target && (target as Node).nodeType === 1 ? (target as Element) : null;
}

/**
 * Logs how long the pointer rests on a picture, with which product and which picture. One delegated, passive pointerover
 * listener for the whole page: nothing is attached per image, so images added later count too. A layer
 * stacked over a picture (a zoom lens, a lightbox button) counts as the picture under it.
 */
export function trackImageHovers(
  doc: Document,
  signal: AbortSignal,
  emit: (payload: PayloadOf<'hover'>, time?: number) => void,
  opts: TrackerOptions & { batch?: Batch } = {},
): void {
  const now = opts.now ?? (() => performance.now());
  const batch = opts.batch ?? IMMEDIATE;
  let current: { el: Element; picture: Element; start: number } | null = null;
  const noted: Noted[] = [];
  // The product's media region holds until the page or its layout changes (lib/logger/dom-memo): working it out reads
  // every picture on the page, and was most of what Floorwalker's hovers cost a product page (bench/logger session).
  const media = domMemo<Element, ProductMedia>(doc, signal, () => [opts.pageProduct?.() ?? null], { layout: true });

  const end = (at: number, time: number) => {
    if (!current) return;
    const { picture, start } = current;
    current = null;
    const dwellMs = Math.round(at - start);
    if (dwellMs < MIN_HOVER_MS) return;
    // Read only for looks long enough to log, in the batch (an idle callback, after the browser's own layout), never in
    // a handler. A ResizeObserver per look cost more (observe, a report at the next frame, unobserve: about 8 µs of
    // main thread per look in bench/logger) than this read of a layout that is already clean.
    const box = picture.getBoundingClientRect();
    if (box.width < MIN_HOVER_IMAGE_PX || box.height < MIN_HOVER_IMAGE_PX) return;
    const page = opts.pageProduct?.() ?? null;
    const found = attributeImage(picture, {
      page,
      cardOf: opts.cardOf,
      media: () => (page && doc.documentElement ? media.get(doc.documentElement, () => pageMedia(doc, page, opts.cardOf)) : null),
    });
    const { image, role, productId, index } = found;
    // Alt text is the page's: it may hold NULs or lone surrogates, and a plain cut could split an emoji.
    const alt = cleanText(maskPii(image.getAttribute('alt') || picture.getAttribute('alt') || ''), MAX_IMAGE_ALT_CHARS);
    emit(
      {
        target: productId ? 'product_image' : 'image',
        ...(productId ? { productId } : {}),
        image: {
          src: sanitizeUrl(shownUrl(image) ?? ''),
          ...optional('index', index),
          role,
          ...(alt ? { alt } : {}),
        },
        dwellMs,
      },
      time,
    );
  };

  const over = ({ target, at, time, point }: Noted & { kind: 'over' }, ignored: (el: Element) => boolean) => {
    if (ignored(target)) return end(at, time);
    const picture = pictureUnderPointer(target, point);
    if (current && picture && (picture === current.picture || isLayerOf(picture, current.picture))) {
      current.el = target; // onto a layer over the same picture (or off it back onto the picture): the same look
      return;
    }
    end(at, time);
    if (!picture) return;
    current = { el: target, picture, start: at };
  };
  // The pointer's moves, in the order they came, with the times they came at: the same looks as if each were handled at once.
  const finish = () => {
    // The page does not change during a batch: whether to leave an element alone is asked once per element.
    const asked = new Map<Element, boolean>();
    const ignored = (el: Element) => {
      let yes = asked.get(el);
      if (yes === undefined) asked.set(el, (yes = opts.ignore?.(el) ?? false));
      return yes;
    };
    for (const n of noted.splice(0)) {
      // Moving within the page is settled by the pointerover that follows; leaving it or hiding it ends the look.
      if (n.kind === 'over') over(n, ignored);
      else end(n.at, n.time);
    }
  };
  const note = (n: Noted) => {
    noted.push(n);
    if (noted.length === 1) batch.defer(finish);
  };

  const onOver = (e: Event) => {
    const target = elementOf(e.target);
    if (!target) return;
    const point = 'clientX' in e ? { x: (e as MouseEvent).clientX, y: (e as MouseEvent).clientY } : null;
    note({ kind: 'over', target, at: now(), time: Date.now(), point });
  };
  const onHide = () => note({ kind: 'hide', at: now(), time: Date.now() });

  const listen = { capture: true, passive: true, signal } as const;
  doc.addEventListener('pointerover', onOver, listen);
  // The pointer leaving the page (for another window, the browser's own bar, a lifted finger) is the root element's
  // pointerleave: heard on the root element itself, not captured, it runs once as the page is left, where a pointerout
  // listener ran at every move from one element to the next (each run costs the isolated world a few µs; bench/logger).
  doc.documentElement?.addEventListener('pointerleave', onHide, { passive: true, signal });
  doc.addEventListener('visibilitychange', onHide, listen);
  doc.defaultView?.addEventListener('pagehide', onHide, listen);
  signal.addEventListener('abort', onHide, { once: true });
}

/** A pointer event as its handler notes it: what, where, when (`at` on the dwell clock, `time` on the wall clock). */
type Noted =
  | { kind: 'over'; target: Element; at: number; time: number; point: { x: number; y: number } | null }
  | { kind: 'hide'; at: number; time: number };

/**
 * A zoom layer or lens image over `picture`: the same photo, stacked where it is. The photo is compared first: its keys
 * are remembered per element (lib/storefront/image-sources), while each box is a call into the page's layout that
 * costs a content script a few µs, and the pointer moving from one picture to another (not the same photo) is the
 * common case.
 */
function isLayerOf(layer: Element, picture: Element): boolean {
  const keys = pictureKeys(picture);
  let samePhoto = false;
  for (const k of pictureKeys(layer)) if (keys.has(k)) samePhoto = true;
  if (!samePhoto) return false;
  const a = layer.getBoundingClientRect();
  const b = picture.getBoundingClientRect();
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
