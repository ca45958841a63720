import type { PayloadOf } from '../events/event-schema';
import { MAX_IMAGE_ALT_CHARS, MIN_HOVER_IMAGE_PX, MIN_HOVER_MS } from '../limits';
import { sanitizeUrl } from '../privacy/url';
import { maskPii } from '../privacy/text';
import { cleanText } from '../text/unicode';
import { attributeImage, optional, pageMedia, type ImageAttribution, type PageProduct } from './product';
import { domMemo } from './dom-memo';
import { picturesAt, pictureUnderPointer } from './hover-target';
import type { CardOf, ProductMedia } from '../storefront/media';
import { pictureKeys, shownUrl } from '../storefront/image-sources';
import { IMMEDIATE, type Batch } from './batch';

export type { PageProduct } from './product';

/**
 * How long the pointer's moves are noted before they are worked through, together: a person's pointer crossing a page
 * enters a new element every frame or two, and one run for the whole sweep costs one callback into the content script's
 * world where a run per move cost one each (bench/logger). No look shorter than MIN_HOVER_MS is logged, so a look
 * comes out at most this much later than it would have one at a time, and the page hidden or left flushes at once.
 */
export const HOVER_BATCH_MS = MIN_HOVER_MS;

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
  // What a look at a picture logs besides its length and address holds as long: a person looks at the same few
  // pictures again and again. Its role and index come from the media region, so a layout change drops it too. The
  // address is read at each look: a picture's shown source changes as it loads, with no change to the DOM.
  const looked = domMemo<Element, Looked>(doc, signal, () => [opts.pageProduct?.() ?? null], { layout: true });
  const pictureAt = picturesAt(doc, signal);
  const lookedAt = (picture: Element): Looked => {
    const page = opts.pageProduct?.() ?? null;
    const found = attributeImage(picture, {
      page,
      cardOf: opts.cardOf,
      media: () => (page && doc.documentElement ? media.get(doc.documentElement, () => pageMedia(doc, page, opts.cardOf)) : null),
    });
    // Alt text is the page's: it may hold NULs or lone surrogates, and a plain cut could split an emoji.
    const alt = cleanText(maskPii(found.image.getAttribute('alt') || picture.getAttribute('alt') || ''), MAX_IMAGE_ALT_CHARS);
    return { ...found, alt };
  };

  const end = (at: number, time: number) => {
    if (!current) return;
    const { picture, start } = current;
    current = null;
    const dwellMs = Math.round(at - start);
    if (dwellMs < MIN_HOVER_MS) return;
    // Read only for looks long enough to log, in the batch, never in a handler. A ResizeObserver per look cost more (observe, a report at the next frame, unobserve: about 8 µs of
    // main thread per look in bench/logger) than this read of a layout that is already clean.
    const box = picture.getBoundingClientRect();
    if (box.width < MIN_HOVER_IMAGE_PX || box.height < MIN_HOVER_IMAGE_PX) return;
    const { image, role, productId, index, alt } = looked.get(picture, () => lookedAt(picture));
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

  const over = (target: Element, event: Event, at: number, time: number, ignored: (el: Element) => boolean) => {
    if (ignored(target)) return end(at, time);
    const picture = pictureUnderPointer(target, () => pointOf(event), pictureAt);
    if (current && picture && (picture === current.picture || isLayerOf(picture, current.picture))) {
      current.el = target; // onto a layer over the same picture (or off it back onto the picture): the same look
      return;
    }
    end(at, time);
    if (!picture) return;
    current = { el: target, picture, start: at };
  };
  /** A batch is on its way for the moves noted. */
  let deferred = false;
  // The pointer's moves, in the order they came, with the times they came at: the same looks as if each were handled at once.
  const finish = () => {
    deferred = false;
    // The page does not change during a batch: whether to leave an element alone is asked once per element.
    const asked = new Map<Element, boolean>();
    const ignored = (el: Element) => {
      let yes = asked.get(el);
      if (yes === undefined) asked.set(el, (yes = opts.ignore?.(el) ?? false));
      return yes;
    };
    // The wall clock of an event's time stamp: one pair of clock reads per batch, not two reads per move.
    let wallOffset: number | undefined;
    const wallTime = (stamp: number) => Math.round(stamp + (wallOffset ??= Date.now() - performance.now()));
    for (const n of noted.splice(0)) {
      // Moving within the page is settled by the pointerover that follows; leaving it or hiding it ends the look.
      if (n.kind === 'over') {
        const at = n.at ?? n.event.timeStamp;
        over(n.target, n.event, at, n.time ?? wallTime(at), ignored);
      } else end(n.at, n.time);
    }
  };
  /**
   * Whether a batch is needed for what was just noted. The pointer moving from one image straight onto another sooner
   * than MIN_HOVER_MS after the earliest look that can still be under way ended no look long enough to log, and an
   * image needs no hit test: such moves wait for the next one that may end a look (or for the page to be hidden or
   * left), and a run of them costs one callback into this world, not one each. Anything else (a layer that may need
   * the hit test while it is there, leaving the page) gets its batch.
   */
  const due = (n: Noted): boolean => {
    if (n.kind !== 'over' || n.target.tagName !== 'IMG') return true;
    const at = (n.at ??= n.event.timeStamp);
    const first = noted[0];
    const since = current ? current.start : first?.kind === 'over' ? (first.at ?? at) : at;
    return at - since >= MIN_HOVER_MS;
  };
  const note = (n: Noted) => {
    const now = due(n);
    noted.push(n);
    if (deferred || !now) return;
    deferred = true;
    batch.defer(finish);
  };

  const onOver = (e: Event) => {
    const target = elementOf(e.target);
    if (!target) return;
    // Only the target is read here (after the dispatch it is gone for a target in a shadow tree); when the pointer came
    // (the event's time stamp, on performance.now()'s clock) and where are read from the event in the batch: a handler
    // that reads less costs the page less at every move. A caller's own clock (tests drive one) is read now.
    note(opts.now ? { kind: 'over', target, event: e, at: now(), time: Date.now() } : { kind: 'over', target, event: e });
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

/** What a look at a picture logs, worked out once per picture while the page does not change. */
type Looked = ImageAttribution & { alt: string };

/**
 * A pointer event as its handler notes it: what, and when (`at` on the dwell clock, `time` on the wall clock); for a
 * pointerover, the event, whose time stamp and coordinates are read in the batch unless the caller's clock gave `at`.
 */
type Noted = { kind: 'over'; target: Element; event: Event; at?: number; time?: number } | { kind: 'hide'; at: number; time: number };

/** Where the pointer was, in the viewport, when it entered the event's target. */
function pointOf(e: Event): { x: number; y: number } | null {
  return 'clientX' in e ? { x: (e as MouseEvent).clientX, y: (e as MouseEvent).clientY } : null;
}

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
