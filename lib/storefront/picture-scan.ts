import { PICTURE_SELECTOR, pictureKeys } from './image-sources';

/**
 * One reading of a page's pictures, for finding a product's media region (lib/storefront/media.ts): which elements
 * count, what photo each shows, and the structures they sit in.
 */
export interface PictureScan {
  doc: Document;
  /** The document's base URL, read once (some DOMs walk the whole document to find it). */
  base: string;
  isCandidate: ReadonlySet<Element>;
  keys(el: Element): ReadonlySet<string>;
}

/** A run of same-tag siblings that each hold one photo: a thumbnail strip, a carousel's slides, a lightbox's copies. */
export interface PictureSet {
  container: Element;
  items: Element[];
  members: Element[];
}

/** How far above a picture its set's items may sit (Amazon's thumbnails are six levels down their <li>). */
export const MAX_SET_DEPTH = 8;
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg)(\?|#|$)/i;

export function isImageFileLink(href: string): boolean {
  return IMAGE_FILE.test(href);
}

export function scanPictures(doc: Document, candidates: readonly Element[]): PictureScan {
  const base = doc.baseURI;
  return { doc, base, isCandidate: new Set(candidates), keys: (el) => pictureKeys(el, base) };
}

export function overlaps(keys: ReadonlySet<string>, wanted: ReadonlySet<string>): boolean {
  for (const k of keys) if (wanted.has(k)) return true;
  return false;
}

export function picturesIn(root: Element, scan: PictureScan): Element[] {
  const out = scan.isCandidate.has(root) ? [root] : [];
  for (const el of root.querySelectorAll(PICTURE_SELECTOR)) if (scan.isCandidate.has(el)) out.push(el);
  return out;
}

/** How many different photos the elements show (a zoom layer and the image under it are one). */
export function distinctPictures(els: readonly Element[], scan: PictureScan): number {
  const seen = new Set<string>();
  let count = 0;
  for (const el of els) {
    const keys = scan.keys(el);
    if (overlaps(keys, seen)) continue;
    for (const k of keys) seen.add(k);
    count++;
  }
  return count;
}

/** The run of same-tag siblings around `el` that each hold one photo, or null when `el` stands alone. */
export function pictureSet(el: Element, scan: PictureScan): PictureSet | null {
  let node = el;
  for (let depth = 0; depth < MAX_SET_DEPTH; depth++) {
    const parent = node.parentElement;
    if (!parent) return null;
    const items = Array.from(parent.children).filter((c) => c.tagName === node.tagName);
    if (items.length >= 2) {
      const pictures = items.map((item) => picturesIn(item, scan));
      const holding = items.filter((_, i) => (pictures[i]?.length ?? 0) > 0);
      if (holding.length >= 2 && pictures.every((p) => distinctPictures(p, scan) <= 1))
        return { container: parent, items: holding, members: pictures.flat() };
    }
    // Climbing past the slot: above here sit other photos, so `el` is not one of a run.
    if (distinctPictures(picturesIn(parent, scan), scan) > 1) return null;
    node = parent;
  }
  return null;
}

/** Items that link to different pages: a grid or carousel of products, not one product's pictures. */
export function isProductList(set: PictureSet, scan: PictureScan): boolean {
  const paths = new Set<string>();
  let linked = 0;
  for (const item of set.items) {
    const a = item.closest('a[href]') ?? item.querySelector('a[href]');
    const href = a?.getAttribute('href') ?? '';
    if (!href || href.startsWith('#') || /^\s*javascript:/i.test(href) || isImageFileLink(href)) continue;
    try {
      paths.add(new URL(href, scan.base).pathname);
      linked++;
    } catch {
      // not a link to a page
    }
  }
  return paths.size >= 2 && linked * 2 >= set.items.length;
}

export function commonAncestor(a: Element, b: Element): Element | null {
  const above = new Set<Element>();
  for (let n: Element | null = a; n; n = n.parentElement) above.add(n);
  for (let n: Element | null = b; n; n = n.parentElement) if (above.has(n)) return n;
  return null;
}
