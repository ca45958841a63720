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
export type TokenKind = 'brand' | 'product' | 'generic' | 'feature' | 'value' | 'person' | null;

export interface Owned {
  product: string;
  /** The product's tokens, [start, end). */
  start: number;
  end: number;
  /** Whether what the message says about it afterwards makes its brand liked (null: it does not say). */
  verdict: boolean | null;
  /** The token of the person it belongs to, when the message names one ("my brother has a garmin"). */
  owner?: number;
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
  'already',
  'alredy',
  'allready',
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
/** Verbs after which a book's title follows, in a category whose products go by titles. */
const READING_VERBS = new Set(['read', 'devoured', 'finished', 'loved', 'liked', 'enjoyed', 'reread', 'rereading']);
/** ... except where no title can follow ("loved it", "read a lot", "finished school"). */
const READING_NOT_AFTER = new Set([
  'it',
  'them',
  'that',
  'this',
  'those',
  'a',
  'to',
  'one',
  'reading',
  'everything',
  'all',
  'anything',
  'school',
  'pretty',
  'most',
  'some',
  'lots',
  'loads',
  'every',
  'more',
]);
/** E-readers are no books: "ebook for my kindle", "she has a paperwhite" own nothing of the category (one that died is replaced, and is). */
const READING_DEVICES = /^(?:kindle|paperwhite|kindle paperwhite|nook|kobo|e reader|ereader|ipad|tablet)$/i;
/** Words that name no product beside a theme: "the star wars stuff", "the city ones". */
const FILLER_NAMES = new Set(['stuff', 'ones', 'one', 'things', 'sets', 'set', 'collection', 'series', 'books', 'range', 'line']);
/** Verbs whose object may be a person before the product: "feed our dog X", "got him the X". */
const GIVING_VERBS = new Set(['feed', 'feeding', 'fed', 'give', 'giving', 'gave', 'got', 'get', 'bought', 'buy']);
/** Verbs of having, after which "the X" is a product had ("has the fire station", "built the bugatti"). */
const HAD_THE_VERBS = new Set(['has', 'have', 'had', 'got', 'own', 'owns', 'built', 'collects', 'did', 'done']);
const THIRD_PERSON_POSSESSIVES = new Set(['his', 'her', 'their']);
/** How far back a possessive looks for the person it means. */
const PERSON_REACH = 8;
/** Having verbs after a person: "my brother has a garmin". */
const PERSON_HAS_VERBS = new Set([
  'has',
  'had',
  'have',
  'owns',
  'owned',
  'uses',
  'used',
  'wears',
  'wore',
  'eats',
  'takes',
  'reads',
  'read',
]);
const HAVE_ADVERBS = new Set(['already', 'still', 'currently', 'also', 'just', 'only', 'both']);
/** What a product came in, skipped before "of" ("a bag of orijen", "a bottle of centrum"). */
const CONTAINERS = new Set(['bag', 'bags', 'box', 'bottle', 'bottles', 'tub', 'jar', 'pack', 'case', 'can', 'tin', 'packet', 'carton']);
/** A price paid before names what it bought: "paid $350 for the eiffel tower set". */
const PAID = new Set(['paid', 'spent']);
/** How far after "paid" its "for" may come ("paid like 90 dollars for"). */
const PAID_WINDOW = 5;

/** Replacing it with the same again, or saying how it was, after naming it. */
const LIKED_AFTER =
  /\b(?:same (?:brand|thing|pair|kind)|another (?:pair|one)|the newer|the newest|newer (?:one|version|model)|newest (?:one|version|model)|stick with|stay with|(?:lov(?:e|ed|es)|lik(?:e|ed|es)|swears? by) (?:it|them|em|those|that one)|(?:it|they) (?:was|were) (?:great|amazing|awesome)|(?:has|have) been (?:great|amazing|awesome|perfect)|(?:does|doing|did) (?:great|well|fine) on|(?:is|its|are) (?:great|amazing|awesome)|fave|favorite|favourite)\b/;
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

const COUNTING = /^(?:\d+|st|nd|rd|th|own|first|second|third|fourth|fifth|next|other|new|another|many|few|several|like|about)$/;
/** How many plain words may follow the last known one in a product's name ("royal canin *bag*", "duplo *train*"). */
const MAX_TRAILING_PLAIN = 2;

/**
 * Trims a span to what names a product: a brand or a product's name, or a generic product word with a name beside
 * it ("the eiffel tower set", not "my last pair"); few plain words trail the last known one.
 */
function productSpan(tokens: readonly string[], kinds: readonly TokenKind[], start: number, end: number): [number, number] | null {
  let named = false;
  let generic = false;
  let other = false;
  let lastKnown = -1;
  for (let i = start; i < end; i++) {
    const k = kinds[i];
    if (k === 'brand' || k === 'product') named = true;
    else if (k === 'generic') generic = true;
    // "my 5th pair", "30 sets", "her own pair": a count or an ordinal beside a product word names none.
    else if (!COUNTING.test(tokens[i] ?? '')) other = true;
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
  titled = false,
): Owned[] {
  const out: Owned[] = [];
  const part = (i: number) => namePart(tokens[i] ?? '', kinds[i] ?? null, isWord);
  const add = (span: [number, number] | null, owner?: number) => {
    if (!span || out.some((o) => o.start < span[1] && span[0] < o.end)) return;
    const [start, end] = span;
    const rest = tokens.slice(end).join(' ');
    const verdict = LIKED_AFTER.test(rest) ? true : DISLIKED_AFTER.test(rest) ? false : null;
    out.push({ product: spanText(text, tokens, start, end), start, end, verdict, ...(owner !== undefined ? { owner } : {}) });
  };
  /** The person a possessive before `at` points back to in its clause ("my flatmate swears by *her* sony ones"). */
  const personBefore = (at: number): number | undefined => {
    for (let j = at - 1; j >= 0 && at - j <= PERSON_REACH && !/^[.;!?]$/.test(tokens[j] ?? ''); j--) if (kinds[j] === 'person') return j;
    return undefined;
  };
  const skipLeading = (from: number) => {
    let i = from;
    while ((LEADING.has(tokens[i] ?? '') || (CONTAINERS.has(tokens[i] ?? '') && tokens[i + 1] === 'of')) && kinds[i] === null) i++;
    return i;
  };
  /**
   * The product named from `from` on; `anyName` takes any title, `listed` continues a list of definite things,
   * `owner` is the person whose it is.
   */
  const after = (
    from: number,
    { anyName = false, listed = false, owner }: { anyName?: boolean; listed?: boolean; owner?: number } = {},
  ): void => {
    let i = skipLeading(from);
    // "we feed our 2 cats purina cat chow", "got him the galaxy watch": past whom it is for to what it is.
    if (GIVING_VERBS.has(tokens[from - 1] ?? '')) {
      while (i < tokens.length && (kinds[i] === 'person' || /^\d+$/.test(tokens[i] ?? ''))) i++;
      i = skipLeading(i);
    }
    // "has the fire station": a definite thing had is a product, whatever its words (a theme's set, a title).
    const definite = tokens[i - 1] === 'the' && (listed || HAD_THE_VERBS.has(tokens[from - 1] ?? ''));
    const start = i;
    while (i < tokens.length && i - start < MAX_PRODUCT_WORDS && part(i)) i++;
    if (i <= start) return;
    const span = kinds.slice(start, i);
    // A title is any name ("she loved little women"), but never a genre, a format or a person.
    if (anyName && !/^\d/.test(tokens[start] ?? '') && span.every((k) => k === null || k === 'product' || k === 'brand'))
      add([start, i], owner);
    else if (
      definite &&
      span.every((k) => k !== 'person' && k !== 'generic') &&
      !span.every((k, j) => k === 'value' || FILLER_NAMES.has(tokens[start + j] ?? ''))
    )
      add([start, i], owner);
    else add(productSpan(tokens, kinds, start, i), owner);
    // "the millennium falcon and the at-at", "war and peace, anna karenina": a list of them.
    if (
      (tokens[i] === 'and' || tokens[i] === ',' || tokens[i] === '&') &&
      (anyName || definite || kinds[i + 1] === 'brand' || kinds[i + 1] === 'product') &&
      tokens[i + 1] !== 'i' &&
      !READING_VERBS.has(tokens[i + 1] ?? '') &&
      !isVerb(tokens[i + 1] ?? '')
    )
      after(i + 1, { anyName, listed: definite, owner });
  };
  // Books read or loved are books had: "she loved little women", "he devoured percy jackson".
  if (titled)
    tokens.forEach((t, i) => {
      if (READING_VERBS.has(t) && !READING_NOT_AFTER.has(tokens[i + 1] ?? '')) after(i + 1, { anyName: true });
    });
  tokens.forEach((t, i) => {
    if (!PAID.has(t)) return;
    const f = tokens.indexOf('for', i + 1);
    if (f > i && f - i <= PAID_WINDOW) after(f + 1);
  });
  // "my brother has a garmin", "grandma still uses her kindle": what a person has is theirs.
  tokens.forEach((t, i) => {
    if (!PERSON_HAS_VERBS.has(t)) return;
    let j = i - 1;
    while (j >= 0 && HAVE_ADVERBS.has(tokens[j] ?? '')) j--;
    if (kinds[j] === 'person') after(i + 1, { owner: j });
  });
  for (const c of cues) {
    // "my old brooks ghost 14s are ...": the product follows the cue.
    if (c.value.includes('owned')) {
      const before = out.length;
      after(c.end, { owner: THIRD_PERSON_POSSESSIVES.has(tokens[c.end - 1] ?? '') ? personBefore(c.start) : undefined });
      const got = out[before];
      if (titled && got && READING_DEVICES.test(got.product)) out.splice(before, 1);
    } else if (c.value.includes('owned-after')) {
      // "her fitbit versa is falling apart": the product comes before the cue.
      let i = c.start - 1;
      while (i >= 0 && FILLERS.has(tokens[i] ?? '')) i--;
      const end = i + 1;
      while (i >= 0 && end - i <= MAX_PRODUCT_WORDS && part(i) && !(LEADING.has(tokens[i] ?? '') && kinds[i] === null)) i--;
      if (end > i + 1) add(productSpan(tokens, kinds, i + 1, end));
    }
  }
  return out;
}
