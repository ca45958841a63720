import type { PayloadOf } from '../events/event-schema';
import { sanitizeUrl } from '../privacy/url';
import { describeElement } from './describe';
import { elementOf, type TrackerOptions } from './hover';
import { otherProductOf, pageMedia, type PageProduct } from './product';
import type { ProductMedia } from '../storefront/media';
import { urlPath } from '../storefront/candidate';
import { documentAddress, documentBase } from '../storefront/address';
import { isNumberField, isPageProductControl } from '../storefront/controls';
import { PICTURE_SELECTOR, isPictureElement } from '../storefront/image-sources';
import { IMMEDIATE, type Batch } from './batch';
import { domMemo } from './dom-memo';
import { readyPayload } from '../events/build';

/** What counts as a control worth logging when clicked (a quantity field's value is never read, only the click). */
export const CLICKABLE =
  'a[href], button, summary, select, label, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"], [role="radio"], input[type="submit"], input[type="button"], input[type="reset"], input[type="checkbox"], input[type="radio"], input[type="image"], input[type="number"]';

/** How far above a control the block of pictures it steps through may start (Next.js: button, its bar, the overlay, the gallery). */
const MAX_GALLERY_DEPTH = 4;

/** The control a click is on: the link, button or field around the target, or a number field typed as text (a quantity). */
export function controlOf(target: Element): Element | null {
  return target.closest(CLICKABLE) ?? (isNumberField(target) ? target : null);
}

/** A click as its handler notes it: the element, when, and what `byPerson` needs (the focus, for a key's click). */
interface NotedClick {
  target: Element;
  time: number;
  byPointer: boolean;
  focused: Element | null;
}

/** What a click on a control logs, the same for every click on it while the page does not change. */
type Finished = Pick<PayloadOf<'click'>, 'element' | 'href' | 'productId'>;

/**
 * Logs clicks on links and buttons with a stable description of the element, never typed text. The handler only
 * notes the click; `batch` finishes the burst (lib/logger/batch): the control, its description, its product. A click
 * on an element whose answer is still kept from an earlier click (the page has not changed since: lib/logger/dom-memo)
 * is already described as it was when clicked, and is logged by `later`, a batch that can wait and that other events
 * share, so the click costs no callback of its own.
 */
export function trackClicks(
  doc: Document,
  signal: AbortSignal,
  emit: (payload: PayloadOf<'click'>, time?: number) => void,
  opts: TrackerOptions & { keepUrlQuery?: boolean; batch?: Batch; later?: Batch } = {},
): void {
  const batch = opts.batch ?? IMMEDIATE;
  const later = opts.later ?? batch;
  const noted: NotedClick[] = [];
  const known: { finished: Finished; time: number }[] = [];
  const logKnown = () => {
    for (const click of known.splice(0)) emit(click.finished, click.time);
  };
  // What a click on an element logs holds until the page changes (lib/logger/dom-memo): the page's product and whether
  // the document is being edited (no label is read then) are what it depends on besides the DOM.
  const clicked = domMemo<Element, Clicked>(doc, signal, () => [opts.pageProduct?.() ?? null, doc.designMode]);
  const finish = () => {
    logKnown(); // clicks that came before these are logged before them
    const page = opts.pageProduct?.() ?? null;
    for (const click of noted.splice(0)) {
      const on = clicked.get(click.target, () => ({ control: opts.ignore?.(click.target) ? null : controlOf(click.target) }));
      const el = on.control;
      if (!el || !(click.byPointer || (click.focused !== null && el.contains(click.focused)))) continue;
      // Made storable and frozen once, and shared by every event of a click on this control (lib/events/build).
      on.finished ??= readyPayload(finished(el, page, opts));
      emit(on.finished, click.time);
    }
  };
  const onClick = (e: Event) => {
    const target = elementOf(e.target);
    if (!target) return;
    const byPointer = !('detail' in e) || typeof e.detail !== 'number' || e.detail > 0;
    // Focus is read now, not later: a key's click counts only on the control that had it then.
    const focused = byPointer ? null : (target.getRootNode() as Document | ShadowRoot).activeElement;
    const time = Date.now();
    // Behind a click still to finish, a click waits its turn; otherwise what the page answered last time may do.
    const kept = noted.length === 0 ? clicked.peek(target) : undefined;
    if (kept && (kept.control === null || kept.finished)) {
      const { control, finished } = kept;
      // On no control (or one left alone), nothing to log; on a control, logged if it counts, as `finish` would.
      if (control && finished && (byPointer || (focused !== null && control.contains(focused)))) {
        known.push({ finished, time });
        if (known.length === 1) later.defer(logKnown);
      }
      return;
    }
    noted.push({ target, time, byPointer, focused });
    if (noted.length === 1) batch.defer(finish);
  };
  doc.addEventListener('click', onClick, { capture: true, passive: true, signal });
}

/** What a click on an element is on (its control, null for none or one left alone) and, once a click counted, what it logs. */
interface Clicked {
  control: Element | null;
  finished?: Finished;
}

function finished(el: Element, page: PageProduct | null, opts: TrackerOptions & { keepUrlQuery?: boolean }): Finished {
  const href = el.tagName === 'A' ? sanitizeUrl((el as HTMLAnchorElement).href, { keepQuery: opts.keepUrlQuery ?? false }) : undefined;
  const productId = productOfControl(el, page, opts);
  return { element: describeElement(el), ...(href !== undefined ? { href } : {}), ...(productId ? { productId } : {}) };
}

/**
 * Whether a click is a person's on this control: a pointer's (it counts its clicks in `detail`), or a key pressed on
 * the control itself while it has focus (Enter on a link, Space on a button). The clicks no pointer made on a control
 * nobody focused are not: the browser's for Enter in a form's text field (implicit submission clicks the form's
 * submit button) and a script's `click()` (a page's own, or the overlay pressing Send for a message the coach held).
 * Sending a message is logged as the message, not as a click on Send.
 */
export function byPerson(e: Event, control: Element): boolean {
  if (!('detail' in e) || typeof e.detail !== 'number' || e.detail > 0) return true;
  const focused = (control.getRootNode() as Document | ShadowRoot).activeElement;
  return focused !== null && control.contains(focused);
}

/**
 * The product a control acts on: a product card's (its add-to-cart, its link), one the markup tags it with, or the
 * page's product for the page's own product controls (add to cart, options, quantity) and its gallery's controls.
 */
function productOfControl(el: Element, page: PageProduct | null, opts: TrackerOptions): string | undefined {
  const other = otherProductOf(el, page, opts.cardOf);
  if (other) return other;
  if (!page) return undefined;
  if (isPageProductControl(el)) return page.id;
  return isGalleryControl(el, page, opts) ? page.id : undefined;
}

/**
 * A control of the product's media region (lib/storefront/media): one around a picture of it (a thumbnail that shows
 * another view), or one beside its pictures that leads nowhere else (the gallery's arrows, a zoom or lightbox button,
 * the hit area laid over a thumbnail). The nearest block above such a control that holds pictures holds the product's,
 * and not the page's heading: a block with the heading is the whole product, info column and all, with the shop's
 * links in it too.
 */
function isGalleryControl(el: Element, page: PageProduct, opts: TrackerOptions): boolean {
  let media: ProductMedia | null = null;
  const isProducts = (p: Element) => (media ??= pageMedia(el.ownerDocument, page, opts.cardOf)).roleOf(p) !== null;
  const own = el.matches(PICTURE_SELECTOR) ? [el] : picturesIn(el);
  if (own.some(isProducts)) return true;
  if (leadsElsewhere(el)) return false;
  let node = el.parentElement;
  for (let depth = 1; node && depth <= MAX_GALLERY_DEPTH && node !== node.ownerDocument.body; depth++, node = node.parentElement) {
    // The control's own icon (an arrow, a magnifier) is not one of the pictures it steps through.
    const pictures = picturesIn(node).filter((p) => !el.contains(p));
    if (pictures.length === 0) continue;
    return node.querySelector('h1') === null && pictures.some(isProducts);
  }
  return false;
}

/** A link to another page than this one (not an anchor on it, not a script): a gallery's controls stay on the page. */
function leadsElsewhere(el: Element): boolean {
  const href = el.closest('a[href]')?.getAttribute('href')?.trim() ?? '';
  if (href === '' || href.startsWith('#') || /^javascript:/i.test(href)) return false;
  const doc = el.ownerDocument;
  return urlPath(href, documentBase(doc)) !== urlPath(documentAddress(doc));
}

function picturesIn(el: Element): Element[] {
  return Array.from(el.querySelectorAll(PICTURE_SELECTOR)).filter(isPictureElement);
}
