/**
 * Text that every store can hold. IndexedDB keeps any JavaScript string, but PostgreSQL's text and jsonb refuse a
 * NUL and a lone UTF-16 surrogate (half of an emoji), so an event carrying either could never be uploaded. Text read
 * from a page may hold both, and cutting text with `.slice` can split an emoji: every place that takes text from a
 * page or cuts it goes through `cleanText`, and the event schema refuses what is still not well-formed.
 */

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
// eslint-disable-next-line no-control-regex -- NUL is exactly what is removed
const NULS = /\u0000/g;

/**
 * True when the string is well-formed UTF-16 (no lone surrogate). The browser's own check where it has one: it walks
 * the string once, where the regular expression's look-behind costs several times more on every event's text.
 */
export const isWellFormed: (s: string) => boolean =
  typeof ''.isWellFormed === 'function' ? (s) => s.isWellFormed() : (s) => !LONE_SURROGATE.test(s);

/** True when the string holds a NUL character. */
export const hasNul = (s: string): boolean => s.includes('\u0000');

/** True when PostgreSQL's text and jsonb can store the string as it is. */
export const isStorableText = (s: string): boolean => isWellFormed(s) && !hasNul(s);

/**
 * Cuts a string to at most `max` UTF-16 code units without splitting a surrogate pair: the schema's length limits
 * count code units, and a cut between the halves of an emoji would leave a lone surrogate.
 */
export function truncateText(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.charCodeAt(max - 1);
  // The last unit kept is the first half of a pair whose second half would be cut off: drop it too.
  const end = cut >= 0xd800 && cut <= 0xdbff ? max - 1 : max;
  return s.slice(0, Math.max(0, end));
}

/** Page text made storable: NULs removed, lone surrogates replaced by U+FFFD, then cut to `max` code units. */
export function cleanText(s: string, max: number = Infinity): string {
  // Most page text is storable already: checked first, it is kept as it is instead of copied twice.
  const storable = !hasNul(s) && isWellFormed(s) ? s : s.replace(NULS, '').replace(LONE_SURROGATES, '\uFFFD');
  return Number.isFinite(max) ? truncateText(storable, max) : storable;
}
