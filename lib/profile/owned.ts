import type { Cue } from './cues';
import { isFunctionWord, isPronoun, isVerb } from './lexicon';
import type { Match } from './terms';

/**
 * Products the Buyer (or whoever it is for) owned: named after a cue ("my old", "i had", "ive been taking") or
 * before one ("her fitbit versa is falling apart", "my jbl buds died"). A phrase is a
 * product only if it holds a brand or a product word, and it ends where a verb, a person or a pet begins: "my two
 * kittens need food" owns nothing.
 */

/**
 * What a token is part of, for reading product names: a brand, a product's name ("kindle"), a generic product word
 * ("watch", "set"), a feature term, a person or pet, or nothing known.
 */
export type TokenKind = 'brand' | 'product' | 'generic' | 'feature' | 'person' | null;

export interface Owned {
  product: string;
  /** The product's tokens, [start, end). */
  start: number;
  end: number;
  /** Whether what the message says about it afterwards makes its brand liked (null: it does not say). */
  verdict: boolean | null;
}

/** Words that never belong to a product name, whatever the lexicon says of them. */
const STOP = new Set([
  '.',
  ',',
  ';',
  '!',
  '?',
  '&',
  'and',
  'or',
  'but',
  'is',
  'are',
  'was',
  'were',
  'for',
  'from',
  'with',
  'in',
  'on',
  'at',
  'to',
  'of',
  'it',
  'its',
  'they',
  'them',
  'that',
  'which',
  'who',
  'i',
  'im',
  'ive',
  'so',
  'because',
  'since',
  'last',
  'years',
  'year',
  'months',
  'ago',
  'now',
  'rn',
  'too',
  'like',
  'lol',
  'tho',
  'anymore',
  'again',
  'right',
  'currently',
  'atm',
]);
/** Before a product (skipped): articles and the like ("the", "a pair of", "my old"). */
const LEADING = new Set([
  'a',
  'an',
  'the',
  'some',
  'my',
  'our',
  'his',
  'her',
  'their',
  'him',
  'them',
  'pair',
  'of',
  'old',
  'current',
  'previous',
  'last',
  // How it was is no part of its name: "had a bad pair" names nothing.
  'bad',
  'good',
  'great',
  'nice',
  'cheap',
  'terrible',
]);
/** Between a product and the cue after it: "my garmin *finally* died", "her versa *is* falling apart". */
const FILLERS = new Set([
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'just',
  'finally',
  'totally',
  'completely',
  'got',
  'kinda',
  'basically',
  'already',
  'both',
  'all',
  'literally',
  'pretty',
  'much',
]);
const MAX_PRODUCT_WORDS = 6;
/** Having verbs after a person: "my brother has a garmin". */
const HAVE_VERBS = new Set(['has', 'had', 'have', 'owns', 'owned', 'uses', 'used', 'wears', 'wore', 'eats', 'takes', 'reads', 'read']);
const HAVE_ADVERBS = new Set(['already', 'still', 'currently', 'also', 'just', 'only', 'both']);
/** What a product came in, skipped before "of" ("a bag of orijen", "a bottle of centrum"). */
const CONTAINERS = new Set(['bag', 'bags', 'box', 'bottle', 'bottles', 'tub', 'jar', 'pack', 'case', 'can', 'tin', 'packet', 'carton']);
/** A price paid before names what it bought: "paid $350 for the eiffel tower set". */
const PAID = new Set(['paid', 'spent']);
/** How far after "paid" its "for" may come ("paid like 90 dollars for"). */
const PAID_WINDOW = 5;

/** Replacing it with the same again, or saying how it was, after naming it. */
const LIKED_AFTER =
  /\b(?:same (?:brand|thing|pair|kind)|another (?:pair|one)|the newer|the newest|newer (?:one|version|model)|newest (?:one|version|model)|stick with|stay with|(?:lov(?:e|ed|es)|lik(?:e|ed|es)|swears? by) (?:it|them|em|those|that one)|(?:it|they) (?:was|were) (?:great|amazing|awesome))\b/;
const DISLIKED_AFTER =
  /\b(?:never again|not again|hat(?:e|ed|es) (?:it|them|em)|(?:was|were) junk|(?:it|they) (?:was|were) (?:terrible|awful))\b/;

/** A token that can be part of a product's name: known to be one, a model number, or a word no lexicon knows. */
function namePart(token: string, kind: TokenKind, isWord: (t: string) => boolean): boolean {
  if (kind === 'person') return false;
  if (kind !== null) return true;
  if (STOP.has(token) || /^[.,;!?]$/.test(token)) return false;
  if (/\d/.test(token)) return true; // "45", "qc35", "14s"
  if (!isWord(token)) return true; // "versa", "kinvaras", "se"
  return !isVerb(token) && !isFunctionWord(token) && !isPronoun(token);
}

function spanText(text: string, tokens: readonly string[], start: number, end: number): string {
  const words = tokens.slice(start, end);
  const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(String.raw`[\s'’\-_/]*`), 'i');
  return re.exec(text)?.[0] ?? words.join(' ');
}

/** How many plain words may follow the last known one in a product's name ("royal canin *bag*", "duplo *train*"). */
const MAX_TRAILING_PLAIN = 2;

/**
 * Trims a span to what names a product: a brand or a product's name, or a generic product word with a name beside
 * it ("the eiffel tower set", not "my last pair"); few plain words trail the last known one.
 */
function productSpan(kinds: readonly TokenKind[], start: number, end: number): [number, number] | null {
  let named = false;
  let generic = false;
  let other = false;
  let lastKnown = -1;
  for (let i = start; i < end; i++) {
    const k = kinds[i];
    if (k === 'brand' || k === 'product') named = true;
    else if (k === 'generic') generic = true;
    else other = true;
    if (k !== null) lastKnown = i;
  }
  return named || (generic && other) ? [start, Math.min(end, lastKnown + 1 + MAX_TRAILING_PLAIN)] : null;
}

export function findOwned(
  text: string,
  tokens: readonly string[],
  kinds: readonly TokenKind[],
  cues: readonly Match<Cue[]>[],
  isWord: (t: string) => boolean,
): Owned[] {
  const out: Owned[] = [];
  const part = (i: number) => namePart(tokens[i] ?? '', kinds[i] ?? null, isWord);
  const add = (span: [number, number] | null) => {
    if (!span || out.some((o) => o.start < span[1] && span[0] < o.end)) return;
    const [start, end] = span;
    const rest = tokens.slice(end).join(' ');
    const verdict = LIKED_AFTER.test(rest) ? true : DISLIKED_AFTER.test(rest) ? false : null;
    out.push({ product: spanText(text, tokens, start, end), start, end, verdict });
  };
  const after = (from: number) => {
    let i = from;
    while ((LEADING.has(tokens[i] ?? '') || (CONTAINERS.has(tokens[i] ?? '') && tokens[i + 1] === 'of')) && kinds[i] === null) i++;
    const start = i;
    while (i < tokens.length && i - start < MAX_PRODUCT_WORDS && part(i)) i++;
    if (i > start) add(productSpan(kinds, start, i));
  };
  tokens.forEach((t, i) => {
    if (!PAID.has(t)) return;
    const f = tokens.indexOf('for', i + 1);
    if (f > i && f - i <= PAID_WINDOW) after(f + 1);
  });
  // "my brother has a garmin", "grandma still uses her kindle": what a person has is theirs.
  tokens.forEach((t, i) => {
    if (!HAVE_VERBS.has(t)) return;
    let j = i - 1;
    while (j >= 0 && HAVE_ADVERBS.has(tokens[j] ?? '')) j--;
    if (kinds[j] === 'person') after(i + 1);
  });
  for (const c of cues) {
    // "my old brooks ghost 14s are ...": the product follows the cue.
    if (c.value.includes('owned')) after(c.end);
    else if (c.value.includes('owned-after')) {
      // "her fitbit versa is falling apart": the product comes before the cue.
      let i = c.start - 1;
      while (i >= 0 && FILLERS.has(tokens[i] ?? '')) i--;
      const end = i + 1;
      while (i >= 0 && end - i <= MAX_PRODUCT_WORDS && part(i) && !(LEADING.has(tokens[i] ?? '') && kinds[i] === null)) i--;
      if (end > i + 1) add(productSpan(kinds, i + 1, end));
    }
  }
  return out;
}
