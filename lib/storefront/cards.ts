import { documentAddress, documentBase } from './address';
import { urlPath } from './candidate';
import { isProductItem, ITEM_SELECTOR, productItemOf } from './markup-items';
import { safeLinkUrl } from './values';

/**
 * Product cards: the repeated boxes of a category grid, a search result list, or a product page's related, "also
 * viewed" and recently viewed rows. A card is found by structure, not by class names: it is the largest element
 * around a link to a product (another page than this one, not a picture file) that holds no link to any other
 * product, has a picture, and stands beside siblings of its kind that are cards too; most of a row must show a price,
 * product markup or a buy button, so a row of blog posts or category tiles is not taken for products.
 */
export interface Card {
  /**
   * The card's product: the sku (else productID, gtin, mpn) of product markup in the card, else the one structured
   * data on the page gives for the card's link, else the path of the card's link (no query), e.g. `/products/cap`.
   */
  id: string;
  root: Element;
  /** The card's product link, absolute. */
  link?: string;
}

/** Ids that structured data gives for products, by the path of their address (see ./detect.ts `linkedIds`). */
export type LinkedIds = ReadonlyMap<string, string>;

/** A grid or a row has at least this many cards side by side. */
const MIN_CARDS_IN_ROW = 2;
/** How far above a link (or a picture) its card may start; deeper ones are not looked for. */
const MAX_CARD_DEPTH = 16;
/** A link to a picture file opens a lightbox or a zoom, not another product. */
const PICTURE_FILE = /\.(jpe?g|png|gif|webp|avif|svg|bmp|tiff?)$/i;
const PICTURE = 'img, picture, [style*="background-image"]';
/** Links that open a dialog or act as a button rather than lead to a page. */
const ACTION_LINK = '[role="button"], [data-toggle], [data-bs-toggle], [aria-haspopup]';
/** A price as shops print it: a currency sign or code next to a number. */
const PRICE_TEXT =
  /(?:[$€£¥₹₩₽]|\b(?:USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|SEK|NOK|DKK|PLN|CZK|HUF|INR|BRL|MXN|ZAR|kr)\b\.?)\s?\d|\d(?:[\d.,\s]*\d)?\s?(?:[€£¥₹₩₽]|\b(?:USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|SEK|NOK|DKK|PLN|CZK|HUF|INR|BRL|MXN|ZAR|kr|zł|Kč|Ft)\b)/;
const PRICE_MARKUP = '[itemprop="price"], [property="price"], [data-price], [class*="price" i]';
/** Buttons that say the thing they belong to is for sale. */
export const BUY_CONTROL = /\b(add to (cart|bag|basket|trolley)|buy (it )?now|in den warenkorb|ajouter au panier|añadir al carrito)\b/i;
const CONTROLS = 'button, input[type="submit"], input[type="button"], a[role="button"], [role="button"]';
/** `Node.DOCUMENT_POSITION_FOLLOWING`, without the page's global `Node`. */
const FOLLOWING = 4;
/** Marks an element that holds links to more than one product. */
const MANY = '\u0000';

/**
 * Every product card in the document, in page order. Cards are looked for first by their linked pictures only (a
 * card's brand, category or review links, being text, cannot split it), then by all links for what is left (grids
 * whose picture is not a link, like Shopify Dawn's).
 */
export function findProductCards(doc: Document, linkedIds?: LinkedIds): Card[] {
  const links = Array.from(doc.querySelectorAll('a[href]'));
  const cards: Card[] = [];
  const roots = new Set<Element>();
  const read = linkReader(doc);
  for (const pictured of [true, false]) {
    const scan = cardScan(doc, linkedIds, pictured, read, links);
    const tried = new Set<Element>();
    for (const a of links) {
      if (scan.pathOf(a) === null || isInside(a, roots)) continue;
      const root = scan.rootAbove(a);
      if (!root || tried.has(root)) continue;
      tried.add(root);
      const card = scan.cardAt(root);
      if (card) cards.push(card);
    }
    for (const c of cards) roots.add(c.root);
  }
  return cards.sort((x, y) => (x.root.compareDocumentPosition(y.root) & FOLLOWING ? -1 : 1));
}

/** The product card an element (a picture, a button) is in, or null when it is in none. */
export function productCardOf(el: Element, linkedIds?: LinkedIds): Card | null {
  const read = linkReader(el.ownerDocument);
  for (const pictured of [true, false]) {
    const scan = cardScan(el.ownerDocument, linkedIds, pictured, read);
    const root = scan.rootAbove(el);
    const card = root && scan.cardAt(root);
    if (card) return card;
  }
  return null;
}

/** `el` is one of `roots` or inside one. */
export function isInside(el: Element, roots: ReadonlySet<Element>): boolean {
  for (let node: Element | null = el; node; node = node.parentElement) if (roots.has(node)) return true;
  return false;
}

/** Buttons in `root` that put a product in the cart or buy it. */
export function buyControlsIn(root: ParentNode): Element[] {
  return Array.from(root.querySelectorAll(CONTROLS)).filter((b) =>
    BUY_CONTROL.test(`${b.textContent ?? ''} ${b.getAttribute('value') ?? ''} ${b.getAttribute('aria-label') ?? ''}`),
  );
}

interface CardScan {
  pathOf(a: Element): string | null;
  rootAbove(start: Element): Element | null;
  cardAt(root: Element): Card | null;
}

/** What a link leads to: a product page's path (null when it leads to no product), and whether it holds a picture. */
interface LinkInfo {
  path: string | null;
  picture: boolean;
}

/** A root-relative path the URL parser would keep as it is: no dot segments, nothing to escape. */
const PLAIN_PATH = /^\/(?![/\\])(?!.*\/\.\.?(?:\/|$))[\w\-.~!$&'()*+,;=:@/%]*$/;

/**
 * Reads links once per look at a document (both ways of looking share it): a link leads to no product when it goes
 * to this page or to a picture file, works as a button (quick view, wish list), or has neither a picture nor words (an
 * icon).
 */
function linkReader(doc: Document): (a: Element) => LinkInfo {
  const base = documentBase(doc);
  const pagePath = urlPath(documentAddress(doc));
  const byHref = new Map<string, string | null>();
  const byLink = new Map<Element, LinkInfo>();
  /** The path of an http(s) link, without parsing the most common kind (`/products/cap?variant=1`): pages have thousands. */
  const pathOfHref = (href: string): string | null => {
    if (!href || href.startsWith('#') || !base) return null;
    const before = href.split(/[?#]/, 1)[0] as string;
    if (PLAIN_PATH.test(before)) return before;
    try {
      const url = new URL(href, base);
      return /^https?:$/.test(url.protocol) ? url.pathname : null;
    } catch {
      return null; // not a URL: not a product link
    }
  };
  return (a) => {
    let info = byLink.get(a);
    if (info) return info;
    const picture = a.querySelector(PICTURE) !== null;
    info = { path: null, picture };
    if (!a.matches(ACTION_LINK) && (picture || /\p{L}/u.test(a.textContent ?? ''))) {
      const href = a.getAttribute('href')?.trim() ?? '';
      let path = byHref.get(href);
      if (path === undefined) {
        path = pathOfHref(href);
        if (path === pagePath || (path && PICTURE_FILE.test(path))) path = null;
        byHref.set(href, path);
      }
      info.path = path;
    }
    byLink.set(a, info);
    return info;
  };
}

/**
 * One look at a document: the product links under each element, found once. `pictured`: only links that hold a
 * picture count. With `allLinks` (every link of the document) the paths under every element are found in one pass up
 * from the links; without, each is found when asked, from the links under it.
 */
function cardScan(
  doc: Document,
  linkedIds: LinkedIds | undefined,
  pictured: boolean,
  read: (a: Element) => LinkInfo,
  allLinks?: readonly Element[],
): CardScan {
  const base = documentBase(doc);
  const under = new Map<Element, string | null>();
  const rows = new Map<Element, Set<Element>>();
  const pathOf = (a: Element): string | null => {
    const info = read(a);
    return pictured && !info.picture ? null : info.path;
  };
  for (const a of allLinks ?? []) {
    const path = pathOf(a);
    if (path === null) continue;
    for (let el: Element | null = a; el; el = el.parentElement) {
      const known = under.get(el);
      // Every element above one that has this path (or several) has it too, from an earlier link.
      if (known === path || known === MANY) break;
      under.set(el, known === undefined ? path : MANY);
    }
  }

  /** The one product path linked under `el` (and by `el` itself), MANY for several, null for none. */
  const pathsUnder = (el: Element): string | null => {
    let found = under.get(el);
    if (found !== undefined) return found;
    found = null;
    if (!allLinks) {
      const links = el.matches('a[href]') ? [el, ...el.querySelectorAll('a[href]')] : el.querySelectorAll('a[href]');
      for (const a of links) {
        const path = pathOf(a);
        if (path === null || path === found) continue;
        if (found !== null) {
          found = MANY;
          break;
        }
        found = path;
      }
    }
    under.set(el, found);
    return found;
  };

  /** Links to one product, shows a picture, and is not the page's own product (which has the page heading). */
  const isCardShaped = (el: Element): boolean => {
    const path = pathsUnder(el);
    return path !== null && path !== MANY && el.querySelector(PICTURE) !== null && el.querySelector('h1') === null;
  };

  /** The cards among `parent`'s children: rows of same-tag siblings shaped like cards, most of them showing a product. */
  const cardsAmong = (parent: Element): Set<Element> => {
    let cards = rows.get(parent);
    if (!cards) {
      cards = new Set();
      const byTag = new Map<string, Element[]>();
      for (const child of parent.children) {
        if (!isCardShaped(child)) continue;
        const same = byTag.get(child.tagName);
        if (same) same.push(child);
        else byTag.set(child.tagName, [child]);
      }
      for (const members of byTag.values()) {
        const shown = members.filter(showsProduct).length;
        if (members.length >= MIN_CARDS_IN_ROW && shown * 2 >= members.length) for (const m of members) cards.add(m);
      }
      rows.set(parent, cards);
    }
    return cards;
  };

  return {
    pathOf,
    /** The largest element above `start` (or `start` itself) that links to exactly one product: a card if any is. */
    rootAbove(start) {
      let root: Element | null = null;
      let el: Element | null = start;
      for (let depth = 0; el && el !== doc.body && el !== doc.documentElement; el = el.parentElement, depth++) {
        if (depth >= MAX_CARD_DEPTH) return null;
        const path = pathsUnder(el);
        if (path === MANY) return root;
        if (path !== null) root = el;
      }
      return null;
    },
    /** The card at `root`, if it is one: a picture, no page heading, and a row of cards around it. */
    cardAt(root) {
      if (!root.parentElement || !cardsAmong(root.parentElement).has(root)) return null;
      const path = pathsUnder(root) as string;
      const a = [root, ...root.querySelectorAll('a[href]')].find((l) => l.matches('a[href]') && pathOf(l) === path);
      const link = a ? safeLinkUrl(a.getAttribute('href'), base) : null;
      const id = productItemOf(root, base)?.id ?? linkedIds?.get(path) ?? path;
      return { id, root, ...(link ? { link } : {}) };
    },
  };
}

/** A price, product markup or a buy button: what tells a product card from a post or a category tile. */
function showsProduct(el: Element): boolean {
  return (
    PRICE_TEXT.test(el.textContent ?? '') ||
    el.querySelector(PRICE_MARKUP) !== null ||
    isProductItem(el) ||
    Array.from(el.querySelectorAll(ITEM_SELECTOR)).some(isProductItem) ||
    buyControlsIn(el).length > 0
  );
}
