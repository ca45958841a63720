import { sanitizeUrl } from '../privacy/url';
import { documentAddress } from './address';
import { buyControlsIn, isInside, type Card } from './cards';
import { MAX_TITLE_CHARS, type Candidate } from './candidate';
import { plainText, safeImageUrl, safeLinkUrl } from './values';

/**
 * What the page itself shows, for products its markup does not describe: its heading (or title), its address, and its
 * largest picture. Such a page is a product page only when it has a buy button of its own, outside any product card
 * (a grid's "Add to cart" buttons make a listing, not a product page). A price shown only as text is not read: on
 * such pages the first price-like text is as often a related product's, a crossed-out one or a monthly rate.
 */

/** Pictures smaller than this (in either side) are icons and thumbnails, not the product. */
const MIN_PICTURE_SIDE = 150;

/** The page's first heading, else its title without a trailing " – Shop" or " | Shop". */
export function pageHeading(doc: Document): string | undefined {
  return (
    plainText(doc.querySelector('h1')?.textContent, MAX_TITLE_CHARS) ??
    plainText(doc.title.replace(/\s+[|–—-]\s+[^|–—-]+$/, ''), MAX_TITLE_CHARS)
  );
}

/** The page's canonical address, else its own (a frame's creator's for about:blank and srcdoc frames). */
export function canonicalAddress(doc: Document, base: string | undefined): string | undefined {
  const link = doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
  const own = documentAddress(doc);
  return safeLinkUrl(link, base) ?? (own ? (safeLinkUrl(sanitizeUrl(own) ?? '') ?? undefined) : undefined);
}

/** The product a page with a buy button of its own shows, or null. */
export function fallbackProduct(doc: Document, base: string | undefined, cards: readonly Card[]): Candidate | null {
  const roots = new Set(cards.map((c) => c.root));
  const own = buyControlsIn(doc).some((b) => !isInside(b, roots));
  if (!own) return null;
  const title = pageHeading(doc);
  if (!title) return null;
  const image = largestPicture(doc, base, roots);
  return { source: 'fallback', title, images: image ? [image] : [] };
}

/** The page's largest picture outside product cards: as shown, else as loaded, else as its attributes say. */
function largestPicture(doc: Document, base: string | undefined, cards: ReadonlySet<Element>): string | undefined {
  let best: { area: number; src: string } | null = null;
  for (const img of doc.querySelectorAll('img')) {
    if (isInside(img, cards)) continue;
    const shown = img.getBoundingClientRect();
    const w = shown.width || img.naturalWidth || Number(img.getAttribute('width')) || 0;
    const h = shown.height || img.naturalHeight || Number(img.getAttribute('height')) || 0;
    const src = safeImageUrl(img.currentSrc || img.getAttribute('src'), base);
    if (src && w * h > (best?.area ?? MIN_PICTURE_SIDE * MIN_PICTURE_SIDE - 1)) best = { area: w * h, src };
  }
  return best?.src;
}
