import type { SearchResponse } from '@/lib/search/query';
import { wordsOf } from './ignored-readings';

/** A piece of a notice: plain text, or words the Seller typed (shown quoted and in bold). */
export type NoticePart = string | { words: string };

export interface Notice {
  kind: 'empty' | 'unmatched' | 'corrected' | 'partial';
  /** One sentence. */
  parts: NoticePart[];
}

/** Little words left dangling at either end once a word is taken out ("charger for iphone" → "charger"). */
const CONNECTORS = new Set(['a', 'an', 'and', 'or', 'the', 'for', 'with', 'of', 'to', 'in', 'at', 'by', 'from', 'my', 'some', 'any']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `word` as a whole word of any case: not inside another word. */
const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'giu');

/** The text as the search read it: each corrected word replaced, in the Seller's own spelling of the rest. */
function correctedText(text: string, corrections: SearchResponse['corrections']): string {
  let out = text;
  for (const c of corrections) out = out.replace(wholeWord(c.from), c.to);
  // The engine may have corrected a form of the word the text does not spell out: then say the corrections alone.
  return out === text && corrections.length ? corrections.map((c) => c.to).join(' ') : out;
}

/** The text without the words that matched nothing, tidied: no doubled spaces, no connector or punctuation left at the ends. */
function keptText(text: string, unmatched: readonly string[]): string {
  let out = text;
  for (const w of unmatched) out = out.replace(wholeWord(w), ' ');
  const tokens = out.split(/\s+/).filter((t) => t.length > 0);
  const dangling = (t: string | undefined) => t !== undefined && (wordsOf(t).length === 0 || CONNECTORS.has(t.toLowerCase()));
  while (dangling(tokens[0])) tokens.shift();
  while (dangling(tokens.at(-1))) tokens.pop();
  return tokens.join(' ');
}

const FEWER = 'Try fewer words or remove a filter.';

/** "“a”", "“a” or “b”", "“a”, “b” or “c”". */
function either(words: readonly string[]): NoticePart[] {
  const parts: NoticePart[] = [];
  words.forEach((w, i) => {
    if (i > 0) parts.push(i === words.length - 1 ? ' or ' : ', ');
    parts.push({ words: w });
  });
  return parts;
}

/**
 * What the Seller is told about a search besides the count, one sentence each: nothing found, words that matched
 * nothing (and which words the results are for instead), spelling corrected, or only partial matches.
 */
export function searchNotices(r: Pick<SearchResponse, 'total' | 'corrections' | 'partial' | 'unmatched'>, text: string): Notice[] {
  const corrected = correctedText(text.trim(), r.corrections);
  const kept = keptText(corrected, r.unmatched);
  if (r.total === 0) {
    if (!r.unmatched.length)
      return [
        {
          kind: 'empty',
          parts: text.trim() ? ['No products match ', { words: text.trim() }, `. ${FEWER}`] : [`No products match. ${FEWER}`],
        },
      ];
    const also: NoticePart[] = kept ? [', and nothing matches ', { words: kept }, ' either'] : [];
    return [{ kind: 'empty', parts: ['No results for ', ...either(r.unmatched), ...also, '. Try other words or remove a filter.'] }];
  }
  const notices: Notice[] = [];
  if (r.unmatched.length) {
    const rest: NoticePart[] = kept
      ? ['; showing results for ', { words: kept }, '.']
      : [r.unmatched.length === 1 ? ', so it was left out.' : ', so they were left out.'];
    notices.push({ kind: 'unmatched', parts: ['No results for ', ...either(r.unmatched), ...rest] });
  } else if (r.corrections.length) {
    // With words left out, the sentence above already names the corrected words the results are for.
    notices.push({ kind: 'corrected', parts: ['Showing results for ', { words: corrected }, '.'] });
  }
  if (r.partial) notices.push({ kind: 'partial', parts: ['No product has every word; showing the closest matches.'] });
  return notices;
}

/** A notice as plain text, as it reads on screen. */
export function noticeText(n: Notice): string {
  return n.parts.map((p) => (typeof p === 'string' ? p : `“${p.words}”`)).join('');
}
