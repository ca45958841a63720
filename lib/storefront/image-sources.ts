import { imageKey, srcsetUrls } from './image-url';

/**
 * The pictures an element on a page shows: an <img> with all its candidates (what it shows now, its srcset, its
 * <picture> sources, the lazy-loading and zoom attributes galleries keep the other renditions in, the full-size file it
 * links to), or an element painted with a CSS background image in its style attribute (a carousel of <div>s or <a>s).
 */

/** Attributes that hold one URL of the same picture: lazy loading, zoom and lightbox renditions. */
const URL_ATTRS = [
  'src',
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-large_image',
  'data-zoom-image',
  'data-zoom',
  'data-old-hires',
  'data-full-size-image-url',
];
const SRCSET_ATTRS = ['srcset', 'data-srcset'];
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg)(\?|#|$)/i;
const BACKGROUND_URL = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;

/** Elements that may show a picture: images, and elements with a background image in their style attribute. */
export const PICTURE_SELECTOR = 'img, [style*="url("]';

/** The background image URLs an element's style attribute paints it with. */
function backgroundUrls(el: Element): string[] {
  const style = el.getAttribute('style') ?? '';
  if (!/background/i.test(style)) return [];
  return [...style.matchAll(BACKGROUND_URL)].flatMap((m) => (m[2] ? [m[2]] : []));
}

/** Amazon keeps every rendition of an image as the keys of a JSON object in `data-a-dynamic-image`. */
function dynamicImageUrls(el: Element): string[] {
  const raw = el.getAttribute('data-a-dynamic-image');
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? Object.keys(parsed) : [];
  } catch {
    return [];
  }
}

/** Every URL the element shows or keeps for the same picture. */
export function pictureUrls(el: Element): string[] {
  if (el.tagName !== 'IMG') return backgroundUrls(el);
  const urls: string[] = [];
  const current = (el as HTMLImageElement).currentSrc;
  if (current) urls.push(current);
  for (const a of URL_ATTRS) {
    const v = el.getAttribute(a);
    if (v) urls.push(v);
  }
  for (const a of SRCSET_ATTRS) urls.push(...srcsetUrls(el.getAttribute(a)));
  urls.push(...dynamicImageUrls(el));
  const picture = el.parentElement;
  if (picture?.tagName === 'PICTURE') {
    for (const source of picture.querySelectorAll('source')) for (const a of SRCSET_ATTRS) urls.push(...srcsetUrls(source.getAttribute(a)));
  }
  // A gallery image that links to its full-size file (WooCommerce, OpenCart, lightboxes): that file is the same picture.
  const link = el.closest('a[href]');
  const href = link?.getAttribute('href') ?? '';
  if (link && link.contains(el) && IMAGE_FILE.test(href) && link.querySelectorAll('img').length === 1) urls.push(href);
  return urls;
}

/** A cache of keys per element, valid while the attributes they came from are unchanged (a gallery swaps `src`). */
const cache = new WeakMap<Element, { signature: string; keys: ReadonlySet<string> }>();

function signatureOf(el: Element): string {
  return `${el.getAttribute('src')}\n${el.getAttribute('srcset')}\n${el.getAttribute('style')}\n${(el as HTMLImageElement).currentSrc ?? ''}`;
}

/**
 * The picture keys (lib/storefront/image-url) of what the element shows. `base` is the document's base URL: pass it
 * when keying many elements (some DOMs look it up by walking the document each time).
 */
export function pictureKeys(el: Element, base: string = el.ownerDocument.baseURI): ReadonlySet<string> {
  const signature = signatureOf(el);
  const cached = cache.get(el);
  if (cached?.signature === signature) return cached.keys;
  const keys = new Set<string>();
  for (const url of pictureUrls(el)) {
    const key = imageKey(url, base);
    if (key) keys.add(key);
  }
  cache.set(el, { signature, keys });
  return keys;
}

/** The URL to report for the element: what an image shows now, or its background image. */
export function shownUrl(el: Element): string | null {
  if (el.tagName === 'IMG') {
    const img = el as HTMLImageElement;
    return img.currentSrc || img.src || null;
  }
  const first = backgroundUrls(el)[0];
  if (!first) return null;
  try {
    return new URL(first, el.ownerDocument.baseURI).href;
  } catch {
    return first; // a frame without a usable base (about:blank in a DOM emulation): the URL as written
  }
}

/** An element that shows a picture: an image, or an element painted with a background image. */
export function isPictureElement(el: Element): boolean {
  return el.tagName === 'IMG' || backgroundUrls(el).length > 0;
}
