import nlp from 'compromise';
import { readAge, readBudget } from './amounts';
import { cueMatcher, isBreak, type Cue } from './cues';
import { PhraseMatcher, tokenize, type Match } from './terms';
import type { ItemOf, ProfileItem } from './profile-schema';
import { CATEGORY_WORDS, OWNED_PRODUCT_WORDS, RECIPIENT_WORDS, USE_WORDS, type ProfileVocabulary } from './vocabulary';

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
  | { k: 'product' };

export interface ExtractOptions {
  /** The conversation's category when known (it decides between "dry" food and a dry sense of humour). */
  category?: string | null;
}

export interface Extraction {
  items: ProfileItem[];
  /** The category the message is about: the one given, or the one its words point to. */
  category: string | null;
}

const lexicon = (nlp.model() as { one: { lexicon: Record<string, unknown> } }).one.lexicon;
const isWord = (t: string) => t in lexicon;
const matchers = new WeakMap<ProfileVocabulary, PhraseMatcher<Term[]>>();

function termMatcher(vocab: ProfileVocabulary): PhraseMatcher<Term[]> {
  const cached = matchers.get(vocab);
  if (cached) return cached;
  const byPhrase = new Map<string, Term[]>();
  const add = (phrase: string, term: Term) => {
    const key = tokenize(phrase).join(' ');
    if (key) byPhrase.set(key, [...(byPhrase.get(key) ?? []), term]);
  };
  for (const b of vocab.brands) {
    const term: Term = { k: 'brand', brand: b.brand, category: b.category };
    const words = tokenize(b.brand);
    add(b.brand, term);
    // "nikes", and the distinctive word of a longer name ("anker" for Anker Soundcore).
    if (words.length === 1) add(`${b.brand}s`, term);
    else for (const w of words) if (w.length >= 4 && !isWord(w)) add(w, term);
  }
  for (const f of vocab.features) {
    const common = (w: string) => !w.includes(' ') && isWord(w);
    for (const w of f.words) add(w, { k: 'feature', feature: f.feature, category: f.category, mode: 'want', common: common(w) });
    for (const w of f.not) add(w, { k: 'feature', feature: f.feature, category: f.category, mode: 'not', common: common(w) });
    for (const w of f.free) add(w, { k: 'feature', feature: f.feature, category: f.category, mode: 'free', common: true });
    for (const w of f.weak) add(w, { k: 'feature', feature: f.feature, category: f.category, mode: 'weak', common: true });
  }
  for (const [who, words] of Object.entries(RECIPIENT_WORDS)) for (const w of words) add(w, { k: 'recipient', who });
  for (const [use, words] of Object.entries(USE_WORDS)) for (const w of words) add(w, { k: 'use', use });
  for (const [id, words] of Object.entries(CATEGORY_WORDS)) for (const w of words) add(w, { k: 'category', id });
  for (const p of OWNED_PRODUCT_WORDS) add(p, { k: 'product' });
  // A longer phrase hides the words inside it: "old dog" is a senior dog and also says who it is for.
  const recipientOf = new Map(Object.entries(RECIPIENT_WORDS).flatMap(([who, words]) => words.map((w) => [w, who] as const)));
  for (const [phrase, terms] of byPhrase) {
    if (!phrase.includes(' ') || !terms.some((t) => t.k === 'feature')) continue;
    for (const w of phrase.split(' ')) {
      const who = recipientOf.get(w);
      if (who) terms.push({ k: 'recipient', who });
    }
  }
  const m = new PhraseMatcher<Term[]>(isWord);
  for (const [phrase, terms] of byPhrase) m.add(phrase, terms);
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

/**
 * Turns "a hundred and fifty bucks" into "150 bucks" and "2 hundred" into "200", so amounts and ages read as
 * digits. (compromise can do this too, but its full parse of even a short phrase costs about a millisecond.)
 */
export function digitsForNumbers(text: string): string {
  return text
    .replace(/[’‘]/g, "'")
    .replace(/(\d+(?:\.\d+)?)\s*(hundred|thousand)\b/gi, (_, n: string, scale: string) =>
      String(Number(n) * (scale.toLowerCase() === 'hundred' ? 100 : 1000)),
    )
    .replace(NUMBER_RUN, (run) => String(numberFromWords(run)))
    .toLowerCase()
    .replace(/\ba grand\b/g, '1000 dollars')
    .replace(/(\d+(?:\.\d+)?)\s*grand\b/g, (_, n: string) => `${Number(n) * 1000} dollars`);
}

const RECIPIENT_LEAD = new Set([
  'for',
  'my',
  'our',
  'his',
  'her',
  'a',
  'an',
  'the',
  'gift',
  'little',
  'two',
  'three',
  '2',
  '3',
  'of',
  'both',
  'old',
  'new',
  'year',
  'yo',
  'grand',
  'younger',
  'older',
  'big',
  'teenage',
  'teen',
  'baby',
  'senior',
  'adult',
  'lil',
]);
const PET = new Set(['dog', 'cat']);
const OWNED_STOP = new Set([
  '.',
  ',',
  ';',
  '!',
  '?',
  'and',
  'but',
  'which',
  'that',
  'for',
  'from',
  'it',
  'is',
  'was',
  'were',
  'has',
  'had',
  'died',
  'broke',
  'lasted',
  'are',
  'who',
  'i',
  'so',
  'because',
  'since',
  'to',
  'with',
  'in',
  'on',
  'at',
  'when',
  'last',
  'years',
  'year',
  'months',
  'ago',
  'forever',
  'finally',
  'just',
  'have',
  'do',
  'does',
  'did',
  'gave',
  'got',
  'wore',
  'worked',
  'anymore',
  'now',
  'too',
  'really',
  'kept',
  'keeps',
  'feel',
  'felt',
  'lately',
  'like',
  'fits',
  'fit',
  'hurt',
  'hurts',
  'started',
  'or',
  'they',
  'them',
  'he',
  'she',
  'we',
  'you',
  'its',
  'im',
  'ive',
  'wants',
  'needs',
  'loves',
  'likes',
  'would',
  'will',
  'should',
  'can',
  'stopped',
  'fell',
  'theyre',
  'as',
]);
const RECIPIENT_WORD_SET = new Set(Object.values(RECIPIENT_WORDS).flat());
const ARTICLES = new Set(['a', 'an', 'the', 'some', 'my', 'pair', 'of']);

/** Whether the words around a match want it (null: they do not say): the nearest cue before it in its clause, else one after it. */
function liked(cues: Match<Cue[]>[], m: Match<Term[]>, clauseStart: number, clauseEnd: number): boolean | null {
  let before: Cue[] | null = null;
  for (const c of cues) if (c.start >= clauseStart && c.end <= m.start) before = c.value;
  if (before?.includes('pos')) return true;
  if (before?.includes('neg')) return false;
  for (const c of cues) {
    if (c.start < m.end || c.end > clauseEnd) continue;
    if (c.value.includes('after-neg')) return false;
    if (c.value.includes('after-pos') || c.value.includes('pos')) return true;
  }
  return null;
}

/** For each token, the index where its clause starts. */
function clauseStarts(tokens: readonly string[]): number[] {
  const starts: number[] = [];
  let start = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (isBreak(tokens, i)) start = i + 1;
    starts.push(start);
  }
  return starts;
}

function clauseEndAt(tokens: readonly string[], i: number): number {
  let j = i;
  while (j < tokens.length && !isBreak(tokens, j)) j++;
  return j;
}

/** The owned product after an "I had" / "my old" cue, as written in the message; null when it is not a product. */
function ownedAfter(text: string, tokens: readonly string[], from: number, terms: Match<Term[]>[], until = tokens.length): string | null {
  let i = from;
  while (i < until && ARTICLES.has(tokens[i] ?? '')) i++;
  const start = i;
  while (i < until && i - start < 5 && !OWNED_STOP.has(tokens[i] ?? '')) i++;
  if (i === start || RECIPIENT_WORD_SET.has(tokens[start] ?? '')) return null;
  const isProduct = terms.some((t) => t.start >= start && t.start < i && t.value.some((v) => v.k === 'brand' || v.k === 'product'));
  if (!isProduct) return null;
  const words = tokens.slice(start, i);
  const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(String.raw`[\s'’\-_/]*`), 'i');
  return re.exec(text)?.[0] ?? words.join(' ');
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

export function extractProfile(text: string, vocab: ProfileVocabulary, options: ExtractOptions = {}): Extraction {
  const tokens = tokenize(text);
  const terms = termMatcher(vocab).find(tokens);
  const cues = cueMatcher().find(tokens);
  const category = options.category ?? inferCategory(terms);
  const starts = clauseStarts(tokens);
  const items: ProfileItem[] = [];
  const digits = digitsForNumbers(text);

  const budget = readBudget(digits);
  if (budget) items.push(budget);

  // Products they owned; a brand inside one is a preference only when they say how they liked it.
  const ownedSpans: [number, number][] = [];
  const owned = new Set<string>();
  for (const c of cues) {
    if (!c.value.includes('owned') && !c.value.includes('owned-after')) continue;
    // "my Fitbit Charge 5 died": the product is the brand phrase just before the cue.
    const from = c.value.includes('owned')
      ? c.end
      : (terms.findLast((t) => t.end <= c.start && c.start - t.end <= 4 && t.value.some((v) => v.k === 'brand'))?.start ?? -1);
    if (from < 0) continue;
    const product = ownedAfter(text, tokens, from, terms, c.value.includes('owned') ? tokens.length : c.start);
    if (!product || owned.has(product.toLowerCase())) continue;
    owned.add(product.toLowerCase());
    ownedSpans.push([Math.min(c.start, from), clauseEndAt(tokens, Math.max(c.end, from))]);
    items.push({ slot: 'owned', product });
  }
  const inOwned = (m: Match<Term[]>) => ownedSpans.some(([s, e]) => m.start >= s && m.start < e);

  const brands = new Map<string, ItemOf<'brand'>>();
  const features = new Map<string, ItemOf<'feature'>>();
  const uses = new Set<string>();
  let recipient: { who: string; at: number; led: boolean } | null = null;
  const self = cues.some((c) => c.value.includes('self'));
  const inCategory = (c: string) => category === null || c === category;

  for (const m of terms) {
    const pol = () => liked(cues, m, starts[m.start] ?? 0, clauseEndAt(tokens, m.start));
    const brand = m.value.find((t): t is Extract<Term, { k: 'brand' }> => t.k === 'brand' && inCategory(t.category));
    if (brand) {
      const like = pol();
      if (inOwned(m) && like === null) continue;
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
        if (tokens[m.start - 1] === 'for' && tokens[m.start - 2] === 'not') continue;
        uses.add(t.use);
      } else if (t.k === 'recipient') {
        if (PET.has(t.who) && category !== null && category !== 'pet_food') continue;
        // People need a lead-in ("for my", "a 9 year old"); pets are named without one.
        const led = RECIPIENT_LEAD.has(tokens[m.start - 1] ?? '') || RECIPIENT_LEAD.has(tokens[m.start - 2] ?? '') || PET.has(t.who);
        if (!led) continue;
        // "my son's teacher": the last of two people in a row is the one it is for.
        const chained = recipient !== null && recipient.at === m.start - 1;
        if (!recipient || (led && !recipient.led) || chained) recipient = { who: t.who, at: m.end - 1, led };
      }
    }
  }
  items.push(...brands.values(), ...features.values());
  const who = recipient?.who ?? (self ? 'self' : null);
  if (who) {
    const age = readAge(digits);
    items.push({ slot: 'recipient', who, ...(age !== null ? { age } : {}) });
  }
  for (const use of uses) items.push({ slot: 'use', use });
  return { items, category };
}
