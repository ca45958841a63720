/**
 * Which picture an image URL shows, as a key that is the same for every rendition of it. Shops serve one photo at many
 * sizes and through resizing CDNs, and name it in their structured data at yet another size, so two URLs are the same
 * picture when they differ only by:
 * - size suffixes in the file name: `-300x300` (WordPress, OpenCart), `_600x`, `_345x345@2x`, `_grande` (Shopify),
 *   `._AC_SX679_` (Amazon), `-w900`, `-home_default` (PrestaShop), `-scaled`;
 * - resize path segments: Magento's `cache/<hash>/` (and Magento 1's `cache/1/image/1800x/<hash>/`), BigCommerce's
 *   `stencil/<size>/`, PrestaShop's `<id>-home_default/`, plain `500x500/` or `large/` folders;
 * - CDN transform parameters (`?width=`, `&v=`, `?sw=&sh=`…): the query of a URL whose path names an image file;
 * - host and protocol (a CDN host and the shop's own serve the same file; `//` is protocol-relative);
 * - resizing proxies that carry the original URL: Next.js `/_next/image?url=…`, Cloudflare `/cdn-cgi/image/<opts>/…`.
 * Only string work: no DOM, so the rules can be tested on their own.
 */

/** A file name stem this long is specific enough on its own; shorter ones ("1", "front") are keyed with their folder. */
const DISTINCT_STEM_CHARS = 8;
/** How many times a proxy URL may wrap another (a proxy of a proxy) before the key is taken as it is. */
const MAX_UNWRAP = 3;
const BASE_FALLBACK = 'https://page.invalid/';

const IMAGE_EXT = /\.(jpe?g|png|gif|webp|avif|svg|bmp|jxl|tiff?|heic|ico)$/i;
/** Query parameters that pick a rendition, not a picture: dropped even where the query names the picture. */
const TRANSFORM_PARAMS = new Set([
  'w',
  'h',
  'width',
  'height',
  'wid',
  'hei',
  'q',
  'quality',
  'fit',
  'crop',
  'sw',
  'sh',
  'sm',
  'sfrm',
  'v',
  'ver',
  'version',
  'format',
  'fm',
  'auto',
  'dpr',
  'c',
  'size',
  'resize',
  'scale',
  'imwidth',
  'imheight',
  'op_sharpen',
  'strip',
]);

/** Folder names that hold one rendition of every picture (the same file name sits under each). */
const SIZE_FOLDER =
  /^(\d{2,4}x\d{0,4}|x\d{2,4}|\d{2,4}w|[wh]_?\d{2,4}|original|large|medium|small|thumb|thumbs|thumbnail|thumbnails|zoom|hires|hi-res|xlarge|xl|big|mini|preview|full|fullsize|popup)$/;
/** File-name endings that name a rendition; applied repeatedly (`_345x345@2x` is a size then a density). */
const SIZE_SUFFIXES = [
  /\.(_[a-z0-9,]+)+_$/, // Amazon: ._AC_SX679_, ._AC_UL160_SR160,160_
  /@\dx$/, // density: @2x
  /_(\d{1,4}x\d{0,4}|x\d{1,4}|pico|icon|thumb|small|compact|medium|large|grande|original|master)(_crop_[a-z]+)?$/, // Shopify
  /-\d{1,4}x\d{1,4}$/, // WordPress, OpenCart: -416x416
  /-scaled$/, // WordPress: a big upload's reduced original
  /[-_][wh]\d{2,4}$/, // -w900
  /-[a-z]+_default$/, // PrestaShop: -home_default
];
/** PrestaShop's rendition folders: `2-home_default/` holds image 2 at the "home" size. */
const PRESTASHOP_FOLDER = /^(\d+)-[a-z_]+_default$/;
const HASH_SEGMENT = /^[0-9a-f]{32}$/;

function segmentsOf(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
}

/**
 * `raw` resolved against `base`; against a stand-in when `base` cannot resolve it (an about:blank or srcdoc frame in
 * a DOM that does not give it its parent's base): keys use only the path, so the host does not matter.
 */
function parseUrl(raw: string, base: string): URL | null {
  for (const b of [base, BASE_FALLBACK]) {
    try {
      return new URL(raw, b);
    } catch {
      // try the stand-in base
    }
  }
  return null;
}

/** The URL a resizing proxy serves, when `url` is one; else null. */
function proxiedUrl(url: URL): string | null {
  if (/\/_(next|vercel)\/image\/?$/i.test(url.pathname)) return url.searchParams.get('url');
  const cdn = /\/cdn-cgi\/image\/[^/]+\/(.+)$/i.exec(url.pathname);
  return cdn?.[1] ?? null;
}

/** Drops the folders that pick a rendition: Magento's and BigCommerce's resize caches, size-named folders. */
function pictureFolders(dirs: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < dirs.length; i++) {
    const seg = dirs[i] ?? '';
    if (seg === 'cache') {
      // Magento 2: cache/<hash>/; Magento 1: cache/<store>/<type>/<size>/<hash>/. Skip up to the hash.
      const hashAt = dirs.slice(i + 1, i + 6).findIndex((s) => HASH_SEGMENT.test(s));
      if (hashAt >= 0) {
        i += hashAt + 1;
        continue;
      }
    }
    if (seg === 'stencil' && i + 1 < dirs.length) {
      i += 1; // BigCommerce: stencil/<size>/
      continue;
    }
    if (SIZE_FOLDER.test(seg)) continue;
    out.push(seg.replace(PRESTASHOP_FOLDER, '$1'));
  }
  return out;
}

function stemOf(fileName: string): string {
  let stem = fileName.replace(IMAGE_EXT, '');
  for (let pass = 0; pass < 3; pass++) {
    const before = stem;
    for (const suffix of SIZE_SUFFIXES) stem = stem.replace(suffix, '');
    if (stem === before || stem === '') break;
  }
  return stem === '' ? fileName.replace(IMAGE_EXT, '') : stem;
}

/**
 * The key of the picture `raw` shows (resolved against `base`), or null for URLs that name no picture of their own
 * (data:, blob:, javascript:, junk).
 */
export function imageKey(raw: string, base: string = BASE_FALLBACK): string | null {
  let text = raw.trim();
  if (text === '') return null;
  if (text.startsWith('//')) text = `https:${text}`;
  let url = parseUrl(text, base);
  if (!url) return null;
  for (let i = 0; i < MAX_UNWRAP; i++) {
    const inner = proxiedUrl(url);
    if (!inner) break;
    try {
      url = new URL(inner.startsWith('//') ? `https:${inner}` : inner, url);
    } catch {
      break;
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const segments = segmentsOf(url.pathname);
  const file = segments.pop();
  if (!file) return null;
  let stem = stemOf(file);
  if (!IMAGE_EXT.test(file)) {
    // A script that serves pictures (image.php?id=7): the query names the picture, less its rendition parameters.
    const named = [...url.searchParams].filter(([k]) => !TRANSFORM_PARAMS.has(k.toLowerCase())).map(([k, v]) => `${k}=${v}`);
    if (named.length > 0) stem += `?${named.sort().join('&')}`;
  }
  if (stem.length >= DISTINCT_STEM_CHARS) return stem;
  const folder = pictureFolders(segments).pop();
  return folder ? `${folder}/${stem}` : stem;
}

/** The URLs of a `srcset` (or `data-srcset`): each candidate's URL, without its width or density descriptor. */
export function srcsetUrls(value: string | null | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  // As the HTML parser reads it: a URL runs to the next whitespace (so it may hold commas, as Amazon's _SR160,160_
  // does), trailing commas end a candidate, and otherwise its descriptors run to the next comma.
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i] ?? '')) i++;
    let end = i;
    while (end < value.length && !/\s/.test(value[end] ?? '')) end++;
    const token = value.slice(i, end);
    const url = token.replace(/,+$/, '');
    i = end;
    if (url === token) {
      while (i < value.length && value[i] !== ',') i++;
    }
    if (url) out.push(url);
  }
  return out;
}

/** Matches the size a URL asks for: `500x659`, `_600x`, `_AC_SX679_`, `-w900`; or its `?width=`. */
const URL_SIZE = [
  /(?:^|[^a-z0-9])(\d{2,4})x(\d{2,4})(?![0-9])/i,
  /[_/](\d{2,4})x(?![0-9a-z])/i,
  /_(?:SX|SY|SL|US|UX|UY|UL|SR|SS)(\d{2,4})/,
  /-w(\d{2,4})\b/,
];
const SIZE_PARAMS = ['width', 'w', 'sw', 'wid'];

/** The width (or larger side) in pixels that an image URL names, for telling a thumbnail from a main image; else null. */
export function urlSizeHint(raw: string, base: string = BASE_FALLBACK): number | null {
  const url = parseUrl(raw.startsWith('//') ? `https:${raw}` : raw, base);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  const path = url.pathname;
  for (const pattern of URL_SIZE) {
    const m = pattern.exec(path);
    if (m) return Math.max(...m.slice(1).map((n) => Number(n) || 0));
  }
  for (const p of SIZE_PARAMS) {
    const n = Number(url.searchParams.get(p));
    if (Number.isFinite(n) && n > 1) return n;
  }
  return null;
}
