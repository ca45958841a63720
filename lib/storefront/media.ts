import { urlPath } from './candidate';
import { imageKey } from './image-url';
import { PICTURE_SELECTOR, isPictureElement } from './image-sources';
import { assignRoles, type ProductMedia } from './media-roles';
import {
  MAX_SET_DEPTH,
  distinctPictures,
  isProductList,
  overlaps,
  pictureSet,
  picturesIn,
  scanPictures,
  type PictureScan,
  type PictureSet,
} from './picture-scan';
import { declaredExtent, hasLayout, renderedExtent, visibleByStyle } from './picture-size';

export type { MediaRole, ProductMedia } from './media-roles';

/**
 * The product's media region on a product page: which pictures are the page product's, and in what role, found from
 * the page's structure rather than its class names.
 *
 * - Seeds are the pictures whose URLs are the product's (lib/storefront/image-url: sizes, CDN parameters and srcset
 *   candidates aside). When none is on the page, the largest picture outside product cards and the header stands in.
 * - A picture's set is the run of same-tag siblings around it that each hold one photo (a thumbnail strip, the slides
 *   of a carousel, a lightbox's copies; lib/storefront/picture-scan). Every picture in a seed's set is the product's,
 *   and each new picture names the product's photos in turn, so a strip of thumbnails brings in the main image.
 * - A main picture standing alone takes the strip of other photos in the block beside it (thumbnails of the other
 *   views only).
 * - A set whose items link to different pages is a list of products, never the product's gallery; pictures inside a
 *   product card (`cardOf`: related products, recently viewed, a listing) are never the page product's.
 * - Roles come from each picture's place and size (lib/storefront/media-roles).
 */

/** A product card (lib/storefront/cards): the repeated element around a product link with a picture. */
export interface ProductCard {
  id: string;
  root: Element;
  link?: string;
}
export type CardOf = (el: Element) => ProductCard | null;

export interface MediaOptions {
  /** Finds the product card an element is in (listing grids, related products): its pictures are not the page's. */
  cardOf?: CardOf;
}

/** Pages hold hundreds of pictures at most; a hostile one may hold more than is worth looking at. */
const MAX_PICTURES = 3_000;
/** Rounds of "these pictures are the product's, so pictures of the same photos are too". */
const MAX_ROUNDS = 6;
/** The stand-in seed when no picture has the product's URLs must be at least this large (CSS px). */
const MIN_MAIN_PX = 150;
/** A block around a lone picture holding more pictures than this is a page section, not a gallery. */
const MAX_BLOCK_PICTURES = 40;
const PAGE_CHROME = 'header, footer, [role="banner"], [role="contentinfo"]';
/** A header inside an article is the article's (a post's title and picture), not the site's. */
const ARTICLE = 'article';

export function productMedia(doc: Document, productImageUrls: readonly string[], opts: MediaOptions = {}): ProductMedia {
  const base = doc.baseURI;
  const candidates = Array.from(doc.querySelectorAll(PICTURE_SELECTOR))
    .slice(0, MAX_PICTURES)
    .filter((el) => isPictureElement(el) && !otherProductCard(el, opts.cardOf, base));
  const scan = scanPictures(doc, candidates);
  const wanted = new Set<string>();
  for (const url of productImageUrls) {
    const key = imageKey(url, base);
    if (key) wanted.add(key);
  }

  const sets = new Map<Element, PictureSet | null>();
  const rejected = new Set<Element>();
  const take = (seed: Element): boolean => {
    const set = pictureSet(seed, scan);
    if (set && isProductList(set, scan)) {
      rejected.add(seed);
      return false;
    }
    let grew = false;
    for (const m of set?.members ?? [seed]) {
      if (sets.has(m)) continue;
      sets.set(m, set);
      for (const k of scan.keys(m)) wanted.add(k);
      grew = true;
    }
    return grew;
  };
  // Pictures of the same photos as the product's are the product's too, until no new photo turns up.
  const grow = () => {
    for (let round = 0, grew = true; grew && round < MAX_ROUNDS; round++) {
      grew = false;
      for (const el of candidates) {
        if (sets.has(el) || rejected.has(el) || !overlaps(scan.keys(el), wanted) || inPageChrome(el)) continue;
        grew = take(el) || grew;
      }
    }
  };
  grow();
  if (sets.size === 0) {
    const stand = largestPicture(candidates, scan);
    if (stand) take(stand);
    grow();
  }
  let added = false;
  for (const [el, set] of [...sets]) if (set === null) added = takeNeighbours(el, scan, sets, take) || added;
  if (added) grow();

  return assignRoles(
    scan,
    candidates.filter((el) => sets.has(el)),
    sets,
  );
}

/** The product card an element is in, unless that card is this page's own product (a card linking to this very page). */
export function otherProductCard(el: Element, cardOf: CardOf | undefined, base: string = el.ownerDocument.baseURI): ProductCard | null {
  const card = cardOf?.(el) ?? null;
  if (!card?.link) return card;
  return urlPath(card.link, base) === urlPath(base, base) ? null : card;
}

/**
 * In the page's header or footer (its logo, payment badges): never the product's, even where structured data names the
 * shop's logo beside the product (some themes put the site header inside <main>). An <article>'s own header is content.
 */
function inPageChrome(el: Element): boolean {
  const chrome = el.closest(PAGE_CHROME);
  return !!chrome && !chrome.parentElement?.closest(ARTICLE);
}

/** The largest picture outside the page's header, navigation and footer (sizes from layout, else from the markup). */
function largestPicture(candidates: readonly Element[], scan: PictureScan): Element | null {
  const layout = hasLayout(scan.doc);
  let best: { el: Element; size: number } | null = null;
  for (const el of candidates) {
    const size = (layout ? renderedExtent(el) : null) ?? declaredExtent(el, null, scan.base) ?? 0;
    if (size < MIN_MAIN_PX || size <= (best?.size ?? 0) || el.closest('nav') || inPageChrome(el) || !visibleByStyle(el)) continue;
    best = { el, size };
  }
  return best?.el ?? null;
}

/** Takes the sets of different photos in the smallest block around a lone picture (its slot and what sits beside it). */
function takeNeighbours(
  el: Element,
  scan: PictureScan,
  sets: ReadonlyMap<Element, PictureSet | null>,
  take: (seed: Element) => boolean,
): boolean {
  let block: Element | null = el.parentElement;
  for (let depth = 0; block && depth < MAX_SET_DEPTH; depth++, block = block.parentElement) {
    if (distinctPictures(picturesIn(block, scan), scan) > 1) break;
  }
  if (!block || block === scan.doc.body || inPageChrome(block)) return false;
  const inBlock = picturesIn(block, scan);
  if (inBlock.length > MAX_BLOCK_PICTURES) return false;
  let added = false;
  for (const other of inBlock) {
    if (sets.has(other)) continue;
    const set = pictureSet(other, scan);
    // A strip, not a repeated icon (a carousel's two arrow buttons show one picture).
    if (!set || !block.contains(set.container) || distinctPictures(set.members, scan) < 2 || isProductList(set, scan)) continue;
    added = take(other) || added;
  }
  return added;
}
