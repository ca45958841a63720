import type { Product } from './catalog-schema';

/**
 * Product images drawn locally: a catalog image whose src is "img/…" is never fetched; it is an SVG made from the
 * product (brand colour, category pictogram, brand name), so the bundled catalog works offline and leaks nothing.
 */

const DATA_SVG = 'data:image/svg+xml;charset=utf-8,';
const W = 320;
const H = 240;

const PLACEHOLDER_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
  `<rect width="${W}" height="${H}" fill="#e5e7eb"/><rect x="120" y="80" width="80" height="70" rx="8" fill="none" stroke="#9ca3af" stroke-width="6"/>` +
  `<circle cx="145" cy="105" r="8" fill="#9ca3af"/><path d="M126 144l24-26 16 16 10-10 18 20z" fill="#9ca3af"/></svg>`;

/** A neutral image for a missing, out-of-range or unsafe image. */
export const PLACEHOLDER_IMAGE_URL = DATA_SVG + encodeURIComponent(PLACEHOLDER_SVG);

/** FNV-1a, 32-bit. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Keeps characters XML 1.0 allows (drops control characters and lone surrogates) and at most `max` of them. */
function clean(text: string, max: number): string {
  const chars = Array.from(text).filter((ch) => {
    const c = ch.codePointAt(0) ?? 0;
    return c === 9 || c === 10 || c === 13 || (c >= 0x20 && c < 0xd800) || (c > 0xdfff && c < 0xfffe) || c > 0xffff;
  });
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : chars.join('');
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? '');
}

/** A brick with a row of studs (one dashed line) on top. */
function brick(x: number, y: number, w: number, fill: string): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="30" rx="2" fill="${fill}" stroke="rgba(0,0,0,.2)"/>` +
    `<path d="M${x + 10} ${y - 3.5}h${w - 20}" stroke="${fill}" stroke-width="7" stroke-dasharray="10 10"/>`
  );
}

/** A pictogram for each default category, drawn around (0, 0). */
const PICTOGRAMS: Record<string, (fg: string, accent: string) => string> = {
  lego: (fg, accent) => brick(-60, 26, 120, fg) + brick(-40, -10, 80, accent) + brick(-20, -46, 40, fg),
  headphones: (fg, accent) =>
    `<path d="M-52 24V4a52 52 0 0 1 104 0v20" fill="none" stroke="${fg}" stroke-width="10"/>` +
    `<rect x="-68" y="10" width="30" height="50" rx="12" fill="${accent}"/><rect x="38" y="10" width="30" height="50" rx="12" fill="${accent}"/>`,
  smartwatches: (fg, accent) =>
    `<rect x="-22" y="-80" width="44" height="160" rx="10" fill="${fg}"/><rect x="-38" y="-42" width="76" height="84" rx="18" fill="#222" stroke="${accent}" stroke-width="5"/>` +
    `<path d="M0 0V-24M0 0H16" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  books: (fg, accent) =>
    `<rect x="-50" y="-70" width="100" height="140" rx="4" fill="${fg}"/><rect x="-50" y="-70" width="12" height="140" fill="${accent}"/>` +
    `<path d="M-26-44h58M-26-30h46M-26-16h52" stroke="#fff" stroke-width="7" opacity=".85"/>`,
  vitamins: (fg, accent) =>
    `<rect x="-30" y="-78" width="60" height="22" rx="4" fill="${accent}"/><rect x="-44" y="-58" width="88" height="130" rx="16" fill="${fg}"/>` +
    `<rect x="-44" y="-20" width="88" height="50" fill="#fff" opacity=".9"/><rect x="-16" y="-2" width="32" height="14" rx="7" fill="${accent}"/>`,
  running_shoes: (fg, accent) =>
    `<path d="M-80 28l2-38q18-10 38-20l30-10q10 20 30 30q40 10 60 30v8z" fill="${fg}"/>` +
    `<rect x="-82" y="26" width="164" height="12" rx="6" fill="${accent}"/><path d="M-30-26l10 14M-18-32l10 14" stroke="#fff" stroke-width="4"/>`,
  pet_food: (fg, accent) =>
    `<path d="M-55-70H55L62 70H-62z" fill="${fg}"/><rect x="-55" y="-70" width="110" height="14" fill="${accent}"/>` +
    `<g fill="#fff"><ellipse cx="0" cy="20" rx="18" ry="15"/><circle cx="-20" cy="-6" r="7"/><circle cx="-7" cy="-16" r="7"/>` +
    `<circle cx="7" cy="-16" r="7"/><circle cx="20" cy="-6" r="7"/></g>`,
};

const box = (fg: string, accent: string): string =>
  `<rect x="-50" y="-50" width="100" height="100" rx="8" fill="${fg}"/><rect x="-50" y="-50" width="100" height="18" fill="${accent}"/>`;

/** Four views: angle (degrees), scale, horizontal offset, background lightness (%). */
const VIEWS = [
  [0, 0.95, 0, 90],
  [-12, 1.15, -10, 82],
  [10, 0.8, 20, 94],
  [-4, 1.05, 0, 86],
] as const;

/** A complete SVG document for image `index` of a product: the same product and index always give the same picture. */
export function renderProductSvg(product: Product, index: number): string {
  const i = Number.isFinite(index) ? Math.abs(Math.trunc(index)) % VIEWS.length : 0;
  const [angle, scale, dx, light] = VIEWS[i] ?? VIEWS[0];
  const hue = hash(product.brand) % 360;
  const fg = `hsl(${(hue + 180) % 360},55%,40%)`;
  const accent = `hsl(${(hue + 40) % 360},65%,55%)`;
  const draw = PICTOGRAMS[product.category] ?? box;
  const extra =
    i === 1
      ? `<circle cx="260" cy="50" r="70" fill="#fff" opacity=".35"/>`
      : i === 3
        ? `<ellipse cx="160" cy="190" rx="100" ry="12" fill="rgba(0,0,0,.13)"/>`
        : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="hsl(${hue},45%,${light}%)"/>${extra}` +
    `<g transform="translate(${160 + dx} 120) rotate(${angle}) scale(${scale})">${draw(fg, accent)}</g>` +
    `<text x="12" y="22" font-family="sans-serif" font-size="11" fill="#333">${escapeXml(clean(product.title, 48))}</text>` +
    `<text x="160" y="226" font-family="sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="#222">${escapeXml(clean(product.brand, 28))}</text>` +
    `</svg>`
  );
}

function isHttpUrl(src: string): boolean {
  try {
    const { protocol } = new URL(src);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A URL an <img> can show for image `index` of a product: locally drawn "img/…" images become SVG data URLs,
 * http(s) URLs pass through unchanged, and anything else (javascript:, data:, missing index) gets the placeholder.
 */
export function productImageUrl(product: Product, index = 0): string {
  if (!Number.isInteger(index) || index < 0) return PLACEHOLDER_IMAGE_URL;
  const image = product.images[index];
  if (!image) return PLACEHOLDER_IMAGE_URL;
  if (image.src.startsWith('img/')) return DATA_SVG + encodeURIComponent(renderProductSvg(product, index));
  if (/^https?:\/\//i.test(image.src) && isHttpUrl(image.src)) return image.src;
  return PLACEHOLDER_IMAGE_URL;
}
