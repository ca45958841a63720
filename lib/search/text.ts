import type { AttributeValue, Product } from '../catalog/catalog-schema';
import type { Range } from './query';

/** Lowercase words of letters and digits, accents removed; the unit of highlighting and spelling correction. */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The words indexed for a field: its words, and each hyphenated word also joined ("AT-AT" → "atat", "on-ear" →
 * "onear", "WH-1000XM5" → "wh1000xm5"), since shoppers type them joined, split or hyphenated, and a function word
 * in one ("at") is not indexed alone.
 */
export function indexWords(text: string): string[] {
  const out = words(text);
  for (const m of fold(text).matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) out.push(m[0].replace(/-/g, ''));
  return out;
}

export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** "noiseCancelling" → "noise cancelling". */
export function humanizeKey(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/**
 * Attributes as searchable text: values as they read ("Star Wars", "over-ear", "iOS Android"), and true
 * booleans as their name ("wireless", "noise cancelling", "grain free"). False booleans add nothing.
 */
export function attributeText(attributes: Record<string, AttributeValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (value === true) parts.push(humanizeKey(key));
    else if (Array.isArray(value)) parts.push(value.join(' '));
    else if (typeof value === 'string') parts.push(value);
    else if (typeof value === 'number' && /pieces|count|pages/i.test(key)) parts.push(String(value));
  }
  return parts.join(' ');
}

export function productSearchFields(
  p: Product,
  categoryLabel: string,
): { title: string; brand: string; attrs: string; description: string } {
  return { title: p.title, brand: p.brand, attrs: `${categoryLabel} ${attributeText(p.attributes)}`, description: p.description };
}

/** Character ranges of words in `text` that start with one of `terms` (or with a term's singular form). */
export function highlightRanges(text: string, terms: readonly string[]): Range[] {
  if (terms.length === 0) return [];
  // A term, and its singular forms ("shoes" → "shoe", "boxes" → "box"), may each prefix a word.
  const forms = terms.map((t) => [t, t.replace(/s$/, ''), t.replace(/es$/, '')].filter((f, i) => i === 0 || f.length >= 3));
  const ranges: Range[] = [];
  const folded = fold(text);
  // fold() keeps the string's length unless it removed combining marks; then offsets would be wrong, so
  // nothing is highlighted rather than the wrong letters.
  if (folded.length !== text.length) return [];
  for (const m of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    let best = 0;
    for (const list of forms) for (const f of list) if (f.length > best && w.startsWith(f)) best = f.length;
    if (best > 0) ranges.push([m.index, m.index + Math.min(best, w.length)]);
  }
  return ranges;
}
