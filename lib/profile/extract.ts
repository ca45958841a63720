import { readBudget } from './amounts';
import { ORDINAL_NOT_BIRTHDAY, readAge } from './ages';
import { isWord } from './lexicon';
import { cueMatcher, type Cue } from './cues';
import { clauseEndAt, clauseStarts, liked } from './polarity';
import { findOwned, type TokenKind } from './owned';
import { isModelCode } from './product-names';
import { AGE_UNITS, pickRecipient, type RecipientMention } from './recipient';
import { otherSense } from './senses';
import { PhraseMatcher, tokenize, type Match } from './terms';
import type { ItemOf, ProfileItem } from './profile-schema';
import { BRAND_LINES } from './world-brands';
import {
  CATEGORY_PURPOSES,
  CATEGORY_WORDS,
  OWNED_PRODUCT_WORDS,
  PHONE_MAKERS,
  RECIPIENT_WORDS,
  USE_WORDS,
  type ProfileVocabulary,
} from './vocabulary';

/**
 * Reads a Buyer's message for what they want (LAPS's preference memory): budget, brands liked and disliked, who
 * it is for and their age, uses, wanted and unwanted features, and products they owned. Runs in the background
 * (compromise's English lexicon tells typos from ordinary words; the content script never loads it). Pure: the
 * same text and vocabulary always give the same items.
 */
type Term =
  | { k: 'brand'; brand: string; category: string }
  | { k: 'feature'; feature: string; category: string; mode: 'want' | 'not' | 'free' | 'weak'; common: boolean }
  | { k: 'recipient'; who: string }
  | { k: 'use'; use: string }
  | { k: 'category'; id: string }
  | { k: 'product'; generic: boolean };

export interface ExtractOptions {
  /** The conversation's category when known (it decides between "dry" food and a dry sense of humour). */
  category?: string | null;
}

export interface Extraction {
  items: ProfileItem[];
  /** The category the message is about: the one given, or the one its words point to. */
  category: string | null;
}

const matchers = new WeakMap<ProfileVocabulary, PhraseMatcher<Term[]>>();

function termMatcher(vocab: ProfileVocabulary): PhraseMatcher<Term[]> {
  const cached = matchers.get(vocab);
  if (cached) return cached;
  const byPhrase = new Map<string, Term[]>();
  // Phrases known as said; the forms made up here (plurals) are not, and no typo may reach them ("knees" is not
  // "knexs").
  const known = new Set<string>();
  const add = (phrase: string, term: Term, said = true) => {
    const key = tokenize(phrase).join(' ');
    if (!key) return;
    byPhrase.set(key, [...(byPhrase.get(key) ?? []), term]);
    if (said) known.add(key);
  };
  for (const b of vocab.brands) {
    const term: Term = { k: 'brand', brand: b.brand, category: b.category };
    for (const line of BRAND_LINES[b.brand] ?? []) add(line, term);
    if (b.said) {
      for (const phrase of b.said) add(phrase, term);
      continue;
    }
    const words = tokenize(b.brand);
    add(b.brand, term);
    // "nikes", and the distinctive word of a longer name ("anker" for Anker Soundcore).
    if (words.length === 1) add(`${b.brand}s`, term, false);
    else if (!b.world) for (const w of words) if (w.length >= 4 && !isWord(w)) add(w, term);
  }
  for (const f of vocab.features) {
    const common = (w: string) => !w.includes(' ') && isWord(w);
    for (const w of f.words) add(w, { k: 'feature', feature: f.feature, category: f.category, mode: 'want', common: common(w) });
    for (const w of f.not) add(w, { k: 'feature', feature: f.feature, category: f.category, mode: 'not', common: common(w) });
    for (const w of f.free) add(w, { k: 'feature', feature: f.feature, category: f.category, mode: 'free', common: true });
    for (const w of f.weak) add(w, { k: 'feature', feature: f.feature, category: f.category, mode: 'weak', common: true });
  }
  // "my sisters birthday", "my dads old watch": possessives lose their apostrophe in tokens (unless the plural is a
  // recipient of its own: "kids" are children).
  const named = new Set(Object.values(RECIPIENT_WORDS).flat());
  for (const [who, words] of Object.entries(RECIPIENT_WORDS))
    for (const w of words)
      for (const form of w.endsWith('s') || w.includes(' ') || named.has(`${w}s`) ? [w] : [w, `${w}s`])
        add(form, { k: 'recipient', who }, form === w);
  for (const [use, words] of Object.entries(USE_WORDS)) for (const w of words) add(w, { k: 'use', use });
  for (const [id, words] of Object.entries(CATEGORY_WORDS)) for (const w of words) add(w, { k: 'category', id });
  for (const p of OWNED_PRODUCT_WORDS.named) add(p, { k: 'product', generic: false });
  for (const p of vocab.products) add(p.phrase, { k: 'product', generic: false });
  for (const p of OWNED_PRODUCT_WORDS.generic) add(p, { k: 'product', generic: true });
  // A longer phrase hides the words inside it: "old dog" is a senior dog and also says who it is for.
  const recipientOf = new Map(Object.entries(RECIPIENT_WORDS).flatMap(([who, words]) => words.map((w) => [w, who] as const)));
  for (const [phrase, terms] of byPhrase) {
    // "dog food" names the food's species, not a pet of the Buyer's.
    if (!phrase.includes(' ') || !terms.some((t) => t.k === 'feature' && !t.feature.startsWith('species='))) continue;
    for (const w of phrase.split(' ')) {
      const who = recipientOf.get(w);
      if (who) terms.push({ k: 'recipient', who });
    }
  }
  const m = new PhraseMatcher<Term[]>(isWord);
  for (const [phrase, terms] of byPhrase) m.add(phrase, terms, { typos: known.has(phrase) });
  matchers.set(vocab, m);
  return m;
}

const NUMBER_VALUES: Record<string, number> = Object.fromEntries(
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'
    .split(' ')
    .map((w, i) => [w, i] as const)
    .concat('twenty thirty forty fifty sixty seventy eighty ninety'.split(' ').map((w, i) => [w, (i + 2) * 10] as const)),
);
const UNITS = Object.keys(NUMBER_VALUES)
  .filter((w) => w !== 'zero')
  .join('|');
const SCALES = 'hundred|thousand|dozen';
/** A run of number words: "a hundred and fifty", "twenty-five", "three" (but not a lone "one", as in "this one"). */
const NUMBER_RUN = new RegExp(
  String.raw`\b(?:(?:a|one)[\s-]+(?:${SCALES})|(?:${UNITS.replace(/^one\|/, '')}|${SCALES}))(?:(?:[\s-]+(?:and[\s-]+)?)(?:${UNITS}|${SCALES})\b)*\b`,
  'gi',
);

const DIGIT_WORDS = 'one|two|three|four|five|six|seven|eight|nine';
const TEEN_AND_TENS_WORDS = Object.keys(NUMBER_VALUES)
  .filter((w) => (NUMBER_VALUES[w] ?? 0) >= 10)
  .join('|');
/**
 * A price said the way people say prices: a digit word and then a two-digit one ("two fifty" is 250, "one twenty
 * nine" 129). Read that way, since two such words never make a sum ("twenty five" does, and is read below).
 */
const SPOKEN_PRICE = new RegExp(
  String.raw`(?<!\b(?:${TEEN_AND_TENS_WORDS})[\s-]+)\b(${DIGIT_WORDS})[\s-]+(${TEEN_AND_TENS_WORDS})(?:[\s-]+(${DIGIT_WORDS}))?\b`,
  'gi',
);

const VITAMIN_SAID = new RegExp(String.raw`\b([bdk])[\s-]+(one|two|three|five|six|seven|nine|twelve)\b`, 'gi');

/** "a hundred and fifty" → 150, "twenty-five" → 25, "two thousand" → 2000. */
export function numberFromWords(run: string): number {
  let total = 0;
  let current = 0;
  for (const w of run.toLowerCase().split(/[\s-]+/)) {
    if (w in NUMBER_VALUES) current += NUMBER_VALUES[w] ?? 0;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'dozen') current = (current || 1) * 12;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    }
  }
  return total + current;
}

/** "twenty five thirty" is two numbers: a tens or teens word after a units, teens or tens word starts a new one. */
function splitNumberRun(run: string): string[] {
  const out: string[][] = [[]];
  let last = -1;
  for (const w of run.split(/[\s-]+/)) {
    const v = NUMBER_VALUES[w.toLowerCase()];
    if (v !== undefined && v >= 10 && last >= 0 && last !== 0) out.push([]);
    out[out.length - 1]?.push(w);
    last = v ?? (w.toLowerCase() === 'and' ? -1 : 0);
  }
  return out.map((ws) => ws.join(' '));
}

/**
 * Turns "a hundred and fifty bucks" into "150 bucks" and "2 hundred" into "200", so amounts and ages read as
 * digits. (compromise can do this too, but its full parse of even a short phrase costs about a millisecond.)
 */
export function digitsForNumbers(text: string): string {
  return (
    text
      .replace(/[’‘]/g, "'")
      .replace(/(\d+(?:\.\d+)?)\s*(hundred|thousand)\b/gi, (_, n: string, scale: string) =>
        String(Number(n) * (scale.toLowerCase() === 'hundred' ? 100 : 1000)),
      )
      .replace(SPOKEN_PRICE, (_, hundreds: string, tens: string, units: string | undefined) =>
        String(numberFromWords(hundreds) * 100 + numberFromWords(tens) + (units ? numberFromWords(units) : 0)),
      )
      .replace(NUMBER_RUN, (run) => splitNumberRun(run).map(numberFromWords).join(' '))
      .toLowerCase()
      .replace(/\ba grand\b/g, '1000 dollars')
      // "a buck fifty" is 150, "a tenner" 10, "a fiver" 5.
      .replace(/\ba buck (\d{2})\b/g, (_, n: string) => `${100 + Number(n)} dollars`)
      .replace(/\ba tenner\b/g, '10 quid')
      .replace(/\ba fiver\b/g, '5 quid')
      .replace(/(\d+(?:\.\d+)?)\s*grand\b/g, (_, n: string) => `${Number(n) * 1000} dollars`)
  );
}

/** The Buyer giving their own age ("i'm 50"): it is for them. */
const OWN_AGE = /\b(?:im|i'm|i am)\s+(?:like\s+|about\s+)?\d{1,2}\b(?!\s*(?:\$|bucks|dollars|usd|lbs?|pounds|kg|weeks?|months?))/;
/** Words that make a product someone else's ("his", "she has"), and how far from it they may be. */
const THIRD_PERSON = new Set(['he', 'she', 'they', 'his', 'her', 'him', 'their', 'them', 'hes', 'shes', 'theyre']);
const FIRST_PERSON_REACH = 4;
const POLARITY = new Set<Cue>(['neg', 'pos', 'after-neg', 'after-pos', 'neutral']);
/** What a matched phrase is, for reading product names: the first of these kinds among its terms. */
function kindOf(terms: readonly Term[]): TokenKind {
  if (terms.some((t) => t.k === 'brand')) return 'brand';
  const product = terms.find((t): t is Extract<Term, { k: 'product' }> => t.k === 'product');
  if (product) return product.generic ? 'generic' : 'product';
  if (terms.some((t) => t.k === 'recipient')) return 'person';
  return terms.some((t) => t.k === 'feature') ? 'feature' : null;
}

/** A feature said by its value's own name ("star wars", "city"), not by a thing that has it ("millennium falcon"). */
function valueNamed(terms: readonly Term[], phrase: string): boolean {
  return terms.some((t) => t.k === 'feature' && tokenize(t.feature.slice(t.feature.indexOf('=') + 1)).join(' ') === phrase);
}

/** "grandpa's 90th", "her 18th": a birthday, so a present. */
const BIRTHDAY_ORDINAL = new RegExp(String.raw`(?:'s|\bher|\bhis|\btheir|\bmy)\s+\d+(?:st|nd|rd|th)\b${ORDINAL_NOT_BIRTHDAY}`);
/** Words before a phone maker's name that make it the Buyer's phone ("works with my samsung", "pairs with apple"). */
const PHONE_BEFORE = new Set(['with', 'to']);
/** ... unless a device of the category follows ("with samsung watches i had bad luck"). */
const DEVICE_AFTER = new Set(['watch', 'watches', 'smartwatch', 'buds', 'earbuds', 'headphones', 'one', 'ones']);
const PRICE_WORDS = new Set(['pricey', 'expensive', 'much', 'steep', 'dear', 'costly', 'spendy']);
const RACES = new Set(['marathon', 'half marathon', 'ultras', '5k', '10k', 'triathlon', 'cross country']);
const SENTENCE_ENDS = new Set(['.', '?', '!', ';']);
/** Words that open a question about something ("is", "would", "whats the diff between"). */
const QUESTION_OPENERS = new Set([
  'is',
  'are',
  'does',
  'do',
  'would',
  'should',
  'will',
  'whats',
  'what',
  'which',
  'how',
  'was',
  'were',
  'could',
  'isnt',
]);
/** ... unless it asks to see it: "is there any garmin?", "do you have beats", "can u find". */
const ASKS_TO_SEE = new Set(['there', 'you', 'u', 'ya', 'yall', 'i', 'we', 'anything', 'any']);
/** The category whose products go by titles, any words at all ("she loved little women"). */
const TITLED_CATEGORY = 'books';

/** What each token is part of. */
function tokenKinds(tokens: readonly string[], terms: readonly Match<Term[]>[]): TokenKind[] {
  const kinds: TokenKind[] = tokens.map((t) => (isModelCode(t) ? 'product' : null));
  for (const m of terms) {
    const kind = kindOf(m.value);
    const value = kind === 'feature' && valueNamed(m.value, tokens.slice(m.start, m.end).join(' '));
    for (let i = m.start; i < m.end; i++) kinds[i] = value ? 'value' : kind;
  }
  return kinds;
}

function inferCategory(terms: Match<Term[]>[]): string | null {
  const votes = new Map<string, number>();
  const vote = (id: string, n: number) => votes.set(id, (votes.get(id) ?? 0) + n);
  for (const m of terms) {
    const cats = new Set<string>();
    for (const t of m.value) {
      if (t.k === 'category') cats.add(t.id);
      else if (t.k === 'brand' || (t.k === 'feature' && !t.common)) cats.add(t.category);
    }
    for (const c of cats) vote(c, 1 / cats.size);
  }
  const [first, second] = [...votes].sort((a, b) => b[1] - a[1]);
  if (!first || (second && second[1] === first[1])) return null;
  return first[0];
}

export function extractProfile(said: string, vocab: ProfileVocabulary, options: ExtractOptions = {}): Extraction {
  // "b twelve", "d three": a vitamin's letter and number, said.
  const text = said.replace(VITAMIN_SAID, (_, letter: string, n: string) => `${letter}${numberFromWords(n)}`);
  const tokens = tokenize(text);
  // An age phrase is read before the pet-food phrase it touches: "a 5 yr old boy" holds no "old boy".
  const termTokens = tokens.map((t, i) => (t === 'old' && AGE_UNITS.has(tokens[i - 1] ?? '') ? '' : t));
  const terms = termMatcher(vocab)
    .find(termTokens)
    .filter((m) => !otherSense(tokens, m));
  // A term's own words are no cue about it or anything else ("over ear" is no "over", "no grains" no "no").
  const cues = cueMatcher()
    .find(tokens)
    .filter((c) => !POLARITY.has(c.value[0] ?? 'self') || !terms.some((t) => c.start < t.end && t.start < c.end));
  const category = options.category ?? inferCategory(terms);
  const starts = clauseStarts(tokens, cues);
  const items: ProfileItem[] = [];
  const digits = digitsForNumbers(text);

  const budget = readBudget(digits);
  if (budget) items.push(budget);

  // Products they owned; a brand inside one is a preference only when they say how they liked it.
  const owned = findOwned(text, tokens, tokenKinds(tokens, terms), cues, isWord, category === TITLED_CATEGORY);
  const ownedAt = (m: Match<Term[]>) => owned.find((o) => m.start >= o.start && m.start < o.end);
  const inOwned = (m: Match<Term[]>) => ownedAt(m) !== undefined;

  const brands = new Map<string, ItemOf<'brand'>>();
  const features = new Map<string, ItemOf<'feature'>>();
  const uses = new Set<string>();
  const useAfterMy: boolean[] = [];
  const mentions: RecipientMention[] = [];
  // "too pricey for me" is about the price, not who it is for.
  const self = cues.some((c) => c.value.includes('self') && !PRICE_WORDS.has(tokens[c.start - 1] ?? '')) || OWN_AGE.test(digits);
  const inCategory = (c: string) => category === null || c === category;
  // "thoughts on amazfit?", "jbl is ok but i want something nicer": a brand talked about, not chosen.
  const onlyMentioned = (m: Match<Term[]>) =>
    cues.some(
      (c) =>
        (c.value.includes('mention') || c.value.includes('ask')) &&
        ((c.end <= m.start && c.start >= (starts[m.start] ?? 0)) ||
          (c.value.includes('mention') && c.start >= m.end && c.start <= m.end + 1)),
    );

  const sentenceStart = (i: number) => {
    let j = i;
    while (j > 0 && !SENTENCE_ENDS.has(tokens[j - 1] ?? '')) j--;
    return j;
  };
  const sentenceEnd = (i: number) => {
    let j = i;
    while (j < tokens.length && !SENTENCE_ENDS.has(tokens[j] ?? '')) j++;
    return j;
  };
  // "is nordic naturals worth the price", "would a polar or a garmin be better": a brand in a question about it
  // (not "is there anything from garmin?", "do you have beats?", which ask to see it).
  const askedAbout = (m: Match<Term[]>) => {
    const s = sentenceStart(m.start);
    return QUESTION_OPENERS.has(tokens[s] ?? '') && !ASKS_TO_SEE.has(tokens[s + 1] ?? '');
  };
  // A price complaint after a brand in its sentence rules it out, unless another brand comes between.
  const priced = (m: Match<Term[]>) => {
    const end = sentenceEnd(m.end);
    const c = cues.find((c) => c.value.includes('price') && c.start >= m.end && c.end <= end);
    return c !== undefined && !terms.some((t) => t.start >= m.end && t.end <= c.start && t.value.some((v) => v.k === 'brand'));
  };

  // "works with her samsung", "his samsung phone": the maker of the Buyer's phone.
  const phoneSaid = (m: Match<Term[]>) =>
    !DEVICE_AFTER.has(tokens[m.end] ?? '') &&
    (PHONE_BEFORE.has(tokens[m.start - 1] ?? '') ||
      PHONE_BEFORE.has(tokens[m.start - 2] ?? '') ||
      ['phone', 'galaxy', 'iphone', 'pixel'].includes(tokens[m.end] ?? ''));
  const phones: Match<Term[]>[] = [];
  for (const m of terms) {
    const pol = () => liked(tokens, cues, m, starts[m.start] ?? 0, clauseEndAt(starts, m.start));
    const brand = m.value.find((t): t is Extract<Term, { k: 'brand' }> => t.k === 'brand' && inCategory(t.category));
    if (brand) {
      const phone = PHONE_MAKERS[brand.brand];
      if (phone && phoneSaid(m) && vocab.features.some((f) => f.feature === phone && inCategory(f.category))) {
        features.set(phone, { slot: 'feature', feature: phone, want: true });
        phones.push(m);
        continue;
      }
      const like = priced(m) ? false : (pol() ?? ownedAt(m)?.verdict ?? null);
      if (like === null && (inOwned(m) || onlyMentioned(m) || askedAbout(m))) continue;
      brands.set(brand.brand, { slot: 'brand', brand: brand.brand, like: like !== false });
      continue;
    }
    for (const t of m.value) {
      if (t.k === 'feature' && inCategory(t.category)) {
        // Ordinary words ("dry", and every weak or free word) count only once the category is known.
        if (t.common && category === null) continue;
        const like = pol();
        if (t.mode === 'free') {
          if (like === false) features.set(t.feature, { slot: 'feature', feature: t.feature, want: true });
          continue;
        }
        if (inOwned(m) && like === null) continue;
        const want = t.mode === 'not' ? like === false : like !== false;
        features.delete(t.feature); // the last mention wins
        features.set(t.feature, { slot: 'feature', feature: t.feature, want });
      } else if (t.k === 'use') {
        // "i dont swim", "nothing for running", "not just for display": a use they rule out is none.
        if (pol() === false || (category !== null && CATEGORY_PURPOSES[category]?.has(t.use))) continue;
        uses.add(t.use);
        useAfterMy.push(tokens[m.start - 1] === 'my' || tokens[m.start - 2] === 'my');
      } else if (t.k === 'recipient') mentions.push({ who: t.who, start: m.start, end: m.end });
    }
  }
  items.push(...brands.values(), ...features.values());
  // Their own things and habits say it is for them: "my old fitbit died", "ive been taking centrum", "for my runs".
  // A product nobody else is said to have is the Buyer's ("apple watch se died, iphone user", "the solo 3s i had").
  const ownSelf =
    owned.some(
      (o) =>
        o.owner === undefined &&
        !tokens.slice(Math.max(0, o.start - FIRST_PERSON_REACH), o.start).some((t) => THIRD_PERSON.has(t) || t === 'we' || t === 'our') &&
        !tokens.slice(o.end, o.end + FIRST_PERSON_REACH).some((t) => THIRD_PERSON.has(t)),
    ) || useAfterMy.some(Boolean);
  const who = pickRecipient(tokens, mentions, category) ?? (self || ownSelf ? 'self' : null);
  // What someone else has is no product of the Buyer's or the recipient's ("my brother has sennheiser and says
  // they're good"), though it still keeps its brand from being a choice.
  const ownerWho = (i: number) => mentions.find((m) => i >= m.start && i < m.end)?.who;
  // A phone is no product of the category ("needs to work with her samsung").
  const phone = (o: (typeof owned)[number]) => phones.some((p) => p.start === o.start && p.end === o.end);
  for (const o of owned)
    if ((o.owner === undefined || ownerWho(o.owner) === who) && !phone(o)) items.push({ slot: 'owned', product: o.product });
  if (who) {
    const age = readAge(digits);
    items.push({ slot: 'recipient', who, ...(age !== null ? { age } : {}) });
  }
  if (BIRTHDAY_ORDINAL.test(digits)) uses.add('gift');
  // "he runs marathons": the race says more than the running.
  if ([...uses].some((u) => RACES.has(u))) uses.delete('running');
  for (const use of uses) items.push({ slot: 'use', use });
  return { items, category };
}
