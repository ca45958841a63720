/**
 * Reading values a page wrote (links, pictures, text, prices) into safe, plain data. Free of dependencies (but the
 * shared limits and lib/text), so the pilot's Buyer page can check what it shows with the same rules the extension
 * and the server use.
 */
import { MAX_IMAGE_URL_CHARS } from '../limits';
import { cleanText, isStorableText } from '../text/unicode';

/** An http(s) URL, absolute, without credentials; anything else (javascript:, data:, mailto:, junk) is null. */
export function safeLinkUrl(raw: string | null | undefined, base?: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.username = '';
  url.password = '';
  return url.toString();
}

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i;

/** A picture an <img> may show: http(s), or a data:image (an <img> never runs script, even in SVG). */
export function safeImageUrl(raw: string | null | undefined, base?: string): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  // A data URL is kept as the page wrote it: one with a NUL or a lone surrogate is broken, and no store could keep it.
  if (DATA_IMAGE.test(trimmed)) return trimmed.length <= MAX_IMAGE_URL_CHARS && isStorableText(trimmed) ? trimmed : null;
  return safeLinkUrl(trimmed, base);
}

/**
 * One line of plain text: tags are not interpreted, just shown; whitespace collapsed; storable (NULs removed, lone
 * surrogates replaced) and cut to `max` without splitting an emoji.
 */
export function plainText(raw: unknown, max: number): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = cleanText(String(raw)).replace(/\s+/g, ' ').trim();
  return text ? cleanText(text, max) : undefined;
}

/** Prices as pages write them: 89.99, "1,299.00", "34,50", "€ 12", "USD 45" → a number, else undefined. */
export function parsePrice(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const digits = raw.replace(/[^\d.,]/g, '');
  if (!/\d/.test(digits)) return undefined;
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let normal: string;
  if (lastDot >= 0 && lastComma >= 0) {
    // Whichever comes last is the decimal mark: 1,299.00 and 1.299,00.
    normal = lastDot > lastComma ? digits.replace(/,/g, '') : digits.replace(/\./g, '').replace(',', '.');
  } else if (lastComma >= 0) {
    // 34,50 is a decimal; 1,299 is thousands.
    normal = /,\d{1,2}$/.test(digits) ? digits.replace(',', '.') : digits.replace(/,/g, '');
  } else {
    normal = /\.\d{3}$/.test(digits) && digits.split('.').length > 2 ? digits.replace(/\./g, '') : digits;
  }
  const n = Number.parseFloat(normal);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

const SYMBOLS: Record<string, string> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', CHF: 'CHF' };

/** A currency code from a code or a symbol; "$" alone is ambiguous and gives undefined. */
export function parseCurrency(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const code = raw.trim().toUpperCase();
  if (/^[A-Z]{3}$/.test(code)) return code;
  const found = /\b([A-Z]{3})\b/.exec(code)?.[1];
  if (found) return found;
  for (const [symbol, iso] of Object.entries(SYMBOLS)) if (raw.includes(symbol)) return iso;
  return undefined;
}
