import type { AttributeValue } from '../catalog/catalog-schema';
import { attributeLabel, DEFAULT_ATTRIBUTE_LABELS, keyToWords, type AttributeLabels } from '../catalog/attribute-labels';
import type { Columns } from './columns';
import { CONCEPTS, QUERY_STOP_WORDS, type Concept } from './lexicon';
import type { Understood } from './query';
import { isNumber, isUnit, numberWord, singular, tokenize, type Token } from './query-words';
import { words } from './text';
import { editDistance } from './spelling';

/**
 * Query understanding over the catalog's own schema: reads a Seller's words as constraints and ranking signals
 * (a category, attribute values, a number of pieces or days of battery, an age, a price, "cheapest first") and as
 * catalog words for what shoppers say (lib/search/lexicon.ts). Everything it knows of the catalog comes from the
 * columns (attribute names, their values, their labels) and the category labels, so an imported catalog is read
 * through its own attributes. Each reading is shown to the Seller as a chip and can be removed (`ignore`); the
 * words of a removed reading are then searched as plain words.
 */
export type Effect =
  /** `allowed` by value number; with `exact`, the values that are exactly what was asked score full, the rest of `allowed` less. */
  | { type: 'attr'; key: string; allowed: Uint8Array; exact?: Uint8Array }
  | { type: 'rank'; key: string; dir: 1 | -1 }
  /** `written`: the age as typed ("3-5", "18+"): a product rated in those very words fits best. */
  | { type: 'age'; age: number; plus: boolean; written?: string }
  | { type: 'price'; min?: number; max?: number }
  | { type: 'cheap' }
  | { type: 'category'; c: number }
  | { type: 'look'; words: string[] };

export interface Reading extends Understood {
  effects: Effect[];
  /** Read from who the product is for (lib/search/lexicon.ts `who`): it ranks, but never says the category. */
  who?: boolean;
}

export interface QueryReading {
  /** Readings in force (those the Seller removed are not here). */
  readings: Reading[];
  /** Every reading found, removed ones included: what the chips show is `readings`. */
  found: number;
  /** The words left to match against the catalog's text, stop words removed. */
  rest: Token[];
  /** Misspelt words read as the word they were taken for ("todlers" → toddlers). */
  corrections: { from: string; to: string }[];
}

type Target =
  | { kind: 'bool'; key: string }
  | { kind: 'value'; key: string; value: string }
  | { kind: 'category'; c: number }
  | { kind: 'concept'; concept: Concept };

interface NumericKey {
  key: string;
  /** What the number counts, in the catalog's unit ("day" for batteryDays), or null for a plain count. */
  unit: string | null;
  /** The size of the catalog's unit in its family's base unit (a day is 24 hours). */
  size: number;
  nouns: Set<string>;
  /** For amounts written as text ("10 ATM"): the number in the catalog's unit, else null. */
  amountOf?: (v: AttributeValue) => number | null;
  /** The unit as the catalog writes it there ("ATM"), for the chip. */
  written?: string;
}

const NEGATIONS = new Set(['no', 'not', 'non', 'without', 'dont', 'never', 'nothing', 'doesnt', 'isnt', 'wont']);
/**
 * Ways of saying one is fed up, not ill or tired: "sick of charging my watch" is about the battery, not vitamin C.
 * Read as nothing.
 */
const FED_UP: readonly string[][] = ['sick of', 'tired of', 'fed up', 'sick and tired', 'bored of', 'bored with'].map((c) => c.split(' '));
/**
 * How shoppers say what they do not want, before it: "allergic to chicken", "he hates fish", "can't eat dairy".
 * What follows (after function words) is read negated, or, where nothing reads it, ranks the products that say it
 * lower.
 */
const DISLIKE_CUES: readonly string[][] = [
  'allergic to',
  'allergy to',
  'intolerant to',
  'intolerant of',
  'sensitive to',
  'hates',
  'hate',
  'dislikes',
  'dislike',
  'doesnt like',
  'dont like',
  'doesnt eat',
  'wont eat',
  'cant eat',
  'cant have',
  'cant stand',
  'avoid',
  'avoids',
  'avoiding',
  'except',
  'other than',
  'not a fan of',
]
  .map((c) => c.split(' '))
  .sort((a, b) => b.length - a.length);
const MORE = ['over', 'more than', 'at least', 'above', 'min', 'minimum', 'greater than', 'bigger than', 'longer than', 'plus', 'from'];
const LESS = [
  'under',
  'less than',
  'below',
  'at most',
  'max',
  'maximum',
  'up to',
  'within',
  'fewer than',
  'no more than',
  'smaller than',
  'cheaper than',
  'shorter than',
  'lower than',
];
const ABOUT = ['around', 'about', 'approx', 'approximately', 'roughly', 'close to', 'near', 'circa'];
const HIGH = new Set([
  'long',
  'longer',
  'longest',
  'big',
  'bigger',
  'biggest',
  'large',
  'larger',
  'largest',
  'high',
  'higher',
  'highest',
  'most',
  'huge',
  'max',
  'maximum',
  'extended',
  'massive',
  'lot',
  'lots',
  'more',
  'great',
  'best',
]);
const LOW = new Set([
  'short',
  'shorter',
  'shortest',
  'small',
  'smaller',
  'smallest',
  'low',
  'lower',
  'lowest',
  'little',
  'least',
  'mini',
  'minimal',
  'zero',
  'less',
  'tiny',
]);
const CURRENCY = new Set([
  '$',
  '£',
  '€',
  'dollar',
  'dollars',
  'buck',
  'bucks',
  'usd',
  'quid',
  'pound',
  'pounds',
  'euro',
  'euros',
  'gbp',
  'eur',
]);
/** Units as a shopper writes them → the unit and its size in the base unit. */
const UNIT_OF: Record<string, [string, number]> = {
  h: ['hour', 1],
  hr: ['hour', 1],
  hrs: ['hour', 1],
  hour: ['hour', 1],
  hours: ['hour', 1],
  day: ['hour', 24],
  days: ['hour', 24],
  wk: ['hour', 168],
  week: ['hour', 168],
  weeks: ['hour', 168],
  month: ['hour', 720],
  months: ['hour', 720],
  mm: ['mm', 1],
  cm: ['mm', 10],
  // Depth a watch is rated to: an atmosphere (ATM) or a bar is about 10 m of water.
  m: ['m', 1],
  meter: ['m', 1],
  meters: ['m', 1],
  metre: ['m', 1],
  metres: ['m', 1],
  ft: ['m', 0.3048],
  feet: ['m', 0.3048],
  atm: ['m', 10],
  bar: ['m', 10],
  lb: ['lb', 1],
  lbs: ['lb', 1],
  pound: ['lb', 1],
  pounds: ['lb', 1],
  kg: ['lb', 2.2046],
  oz: ['lb', 1 / 16],
};
const AGE_WORDS = new Set(['year', 'years', 'yr', 'yrs', 'yo']);
const AGE_LEAD = new Set(['age', 'ages', 'aged', 'turning', 'turns', 'turned', 'hes', 'shes', 'is']);
const MAX_VALUES_PER_KEY = 5000;
const MAX_PHRASE = 4;
const MAX_RESPELLINGS = 2000;
/**
 * Words that say how many or which, never what: a catalog value spelt like one ("all" life stages) is not read from
 * it alone ("hardly see the sun all winter" asks nothing of a life stage).
 */
const QUANTIFIERS = new Set([
  'all',
  'any',
  'both',
  'each',
  'every',
  'none',
  'other',
  'others',
  'some',
  'more',
  'most',
  'few',
  'many',
  'much',
  'same',
]);
/** Words around a bare number that make it money: "100 to spend", "a budget of 60", "costs 40". */
const SPEND_AFTER = new Set(['spend', 'spare', 'budget']);
const SPEND_BEFORE = new Set(['budget', 'spend', 'spending', 'cost', 'costs', 'costing', 'priced', 'price', 'pay', 'paying']);

/** The words an amount is named by ("battery", "days" for batteryDays), units and "size" left out. */
function amountNouns(nameWords: readonly string[], labelWords: readonly string[]): Set<string> {
  return new Set([...nameWords, ...labelWords].filter((w) => !UNIT_OF[w] && !QUERY_STOP_WORDS.has(w) && w !== 'size'));
}

export class QueryReader {
  private readonly phrases = new Map<string, Target[]>();
  private readonly numeric: NumericKey[] = [];
  private readonly ageKeys: string[] = [];

  constructor(
    private readonly cols: Columns,
    private readonly categoryLabels: readonly string[],
    private readonly labels: AttributeLabels = DEFAULT_ATTRIBUTE_LABELS,
    /** Whether the catalog uses a word. */
    private readonly known: (word: string) => boolean = () => true,
    /** A word the thesaurus does not list → the listed word nearest in meaning (lib/search/paraphrases.ts). */
    private readonly paraphrase: (word: string) => string | undefined = () => undefined,
    /** The catalog's words nearest in spelling to a word it does not use. */
    private readonly nearInCatalog: (word: string) => string[] = () => [],
  ) {
    for (const [key, { values }] of Object.entries(cols.attributes)) this.learnAttribute(key, values);
    cols.categories.forEach((id, c) => {
      const label = categoryLabels[c] ?? id.replace(/_/g, ' ');
      const ws = words(label).map(singular);
      this.add(ws, { kind: 'category', c });
      this.add(words(id.replace(/_/g, ' ')).map(singular), { kind: 'category', c });
      const head = ws.at(-1);
      if (head && ws.length > 1) this.add([head], { kind: 'category', c });
    });
    for (const concept of CONCEPTS) for (const say of concept.say) this.add(words(say).map(singular), { kind: 'concept', concept }, false);
  }

  read(text: string, ignore: readonly string[] = []): QueryReading {
    // Number words are numbers only beside an age or a unit ("three year old"), so "purina one" stays a name.
    const raw = tokenize(text);
    const tokens = raw.map((t, i) => {
      const n = numberWord(t.w);
      const next = raw[i + 1]?.w ?? '';
      if (n === t.w) return t;
      const amount = () => this.numeric.some((k) => k.nouns.has(singular(next)));
      return AGE_WORDS.has(next) || UNIT_OF[next] || CURRENCY.has(next) || AGE_LEAD.has(raw[i - 1]?.w ?? '') || amount()
        ? { ...t, w: n }
        : t;
    });
    // A misspelt word the reader knows ("todlers", "andorid", "hesdphones") is read, and matched, as that word.
    const corrections: QueryReading['corrections'] = [];
    tokens.forEach((t, i) => {
      const fixed = t.sym ? undefined : this.respelled(tokens, i);
      if (fixed) {
        corrections.push({ from: t.w, to: fixed });
        tokens[i] = { ...t, w: fixed };
      }
    });
    // `used`: read already, so no other reading takes it; `consumed`: not matched as a plain word either. The
    // words of an attribute or a category ("wireless", "headphones") are both read and matched, so a product
    // saying them still counts; numbers, ages, prices and what shoppers say are read only.
    const used = new Uint8Array(tokens.length);
    const consumed = new Uint8Array(tokens.length);
    // `negAt`: a dislike cue ends just before; `negated`: said as not wanted, matched as a word to rank lower.
    const negAt = new Uint8Array(tokens.length);
    const negated = new Uint8Array(tokens.length);
    const found: Reading[] = [];
    const take = (from: number, to: number, r: Reading | null) => {
      if (!r) return;
      const keep = r.kind === 'attribute' || r.kind === 'category' || r.kind === 'meaning';
      const plain =
        keep && r.effects.every((e) => e.type === 'attr' || e.type === 'category' || e.type === 'look') && !r.id.startsWith('amount:');
      for (let k = from; k < to; k++) {
        used[k] = 1;
        // What a shopper said stays a word to match where the catalog uses it too ("light", "track"), and is only
        // read where it does not ("husband", "overpronate").
        if (!plain || (r.kind === 'meaning' && !this.known(tokens[k]?.w ?? ''))) consumed[k] = 1;
      }
      found.push(r);
    };
    // Numbers first: prices, ages, amounts of an attribute.
    for (let i = 0; i < tokens.length; i++) {
      if (used[i] || !isNumber(tokens[i]?.w)) continue;
      const span = this.readNumber(tokens, i, used);
      if (span) take(span.from, span.to, span.reading);
    }
    // Then phrases, longest first: attribute names and values, categories, what shoppers say.
    for (let i = 0; i < tokens.length; i++) {
      if (used[i] || tokens[i]?.sym) continue;
      const saysAt = (c: readonly string[]) => c.every((w, k) => !used[i + k] && tokens[i + k]?.w === w);
      const idiom = FED_UP.find(saysAt);
      if (idiom) {
        for (let k = i; k < i + idiom.length; k++) [used[k], consumed[k]] = [1, 1];
        i += idiom.length - 1;
        continue;
      }
      let read = false;
      for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 1 && !read; n--) {
        const span = tokens.slice(i, i + n);
        if (span.some((t, k) => t.sym || used[i + k])) continue;
        const ws = span.map((t) => singular(t.w));
        if (n === 1 && QUANTIFIERS.has(ws[0] ?? '')) continue;
        const targets = this.phrases.get(ws.join(' ')) ?? (n > 1 ? this.phrases.get(ws.join('')) : this.paraphrased(tokens, i));
        if (!targets) continue;
        const cued = negAt[i] === 1;
        const neg = cued || (i > 0 && !used[i - 1] && NEGATIONS.has(tokens[i - 1]?.w ?? ''));
        const reading = this.readPhrase(
          targets,
          span.map((t) => t.w),
          neg,
        );
        if (!reading) continue;
        take(neg && !cued ? i - 1 : i, i + n, reading);
        // What was said as not wanted is not looked for as wanted: its words rank the products that say them lower.
        if (neg) for (let k = i; k < i + n; k++) [consumed[k], negated[k]] = [0, 1];
        i += n - 1;
        read = true;
      }
      if (read) continue;
      // A dislike cue: what follows is not wanted.
      const cue = DISLIKE_CUES.find(saysAt);
      if (cue) {
        for (let k = i; k < i + cue.length; k++) [used[k], consumed[k]] = [1, 1];
        let next = i + cue.length;
        while (next < tokens.length && (tokens[next]?.sym || QUERY_STOP_WORDS.has(tokens[next]?.w ?? ''))) next++;
        if (next < tokens.length) negAt[next] = 1;
        i += cue.length - 1;
      }
    }
    // "long battery", "biggest bag", "low drop": a size word before an amount's name ranks by that amount.
    for (let i = 0; i + 1 < tokens.length; i++) {
      const dir = HIGH.has(tokens[i]?.w ?? '') ? -1 : LOW.has(tokens[i]?.w ?? '') ? 1 : 0;
      if (!dir || used[i]) continue;
      const noun = singular(tokens[i + 1]?.w ?? '');
      const keys = this.numeric.filter((k) => k.nouns.has(noun));
      if (!keys.length) continue;
      const what = attributeLabel(keys[0]?.key ?? '', this.labels);
      take(i, i + 2, {
        id: `rank:${keys.map((k) => k.key).join(',')}:${dir < 0 ? 'desc' : 'asc'}`,
        kind: 'rank',
        label: `${what}: ${dir < 0 ? 'highest' : 'lowest'} first`,
        words: [tokens[i]?.w ?? '', tokens[i + 1]?.w ?? ''],
        effects: keys.map((k) => ({ type: 'rank', key: k.key, dir: dir as 1 | -1 })),
      });
    }
    const ignored = new Set(ignore);
    const readings = found.filter((r) => !ignored.has(r.id));
    // A removed reading's words go back to the plain words.
    const back = new Set(found.filter((r) => ignored.has(r.id)).flatMap((r) => r.words));
    const rest: Token[] = [];
    tokens.forEach((t, i) => {
      if (t.sym || (consumed[i] && !back.has(t.w))) return;
      // A one-letter unit left after a number nothing read ("100m") is no word to look for: "m" is an initial.
      if (t.w.length === 1 && isUnit(t.w) && isNumber(tokens[i - 1]?.w)) return;
      if (used[i] && !consumed[i]) t = { ...t, read: true };
      // What follows a dislike cue, or was read negated, is not wanted ("he hates fish": fish oil falls behind). A
      // plain word after "no" is not: "no headphone jack" is about headphones.
      if (negated[i] || negAt[i]) t = { ...t, neg: true, read: true };
      const prev = rest.at(-1);
      // A hyphenated word stays one ("at-at", "wh-1000xm5"), even when a part is a function word.
      if (t.hyphened && prev && tokens[i - 1] === prev)
        rest[rest.length - 1] = { ...t, w: prev.w + t.w, parts: [...(prev.parts ?? [prev.w]), t.w] };
      else rest.push(t);
    });
    // In a short query a function word the catalog uses may be a name ("purina one", "the hobbit"): it stays, as
    // a word that may match but is never reported when it does not.
    const short = tokens.filter((t) => !t.sym).length <= 3;
    const kept = rest
      .filter((t) => t.parts || !NEGATIONS.has(t.w))
      .filter((t) => t.parts || !QUERY_STOP_WORDS.has(t.w) || (short && this.known(t.w) && rest.length > 1))
      .map((t) => (QUERY_STOP_WORDS.has(t.w) && !t.parts ? { ...t, read: true } : t));
    return { readings, found: found.length, rest: kept, corrections };
  }

  /**
   * The word the reader knows that a word it does not know was meant as: one slip away (two for words of eight
   * letters or more), the only word that near. Never a word the catalog uses, a word of the paraphrase table
   * (a real word, read by its meaning), or half of a word the catalog writes as one.
   */
  private respelled(tokens: readonly Token[], i: number): string | undefined {
    const t = tokens[i];
    const w = t?.w ?? '';
    if (!t || t.typing || w.length < 5 || /\d/.test(w) || !this.unknownAlone(tokens, i)) return undefined;
    // Whether it is half of a compound depends on its neighbours; the rest only on the word, so is kept.
    if (this.respellings.has(w)) return this.respellings.get(w) ?? undefined;
    const fixed = this.respell(w);
    if (this.respellings.size >= MAX_RESPELLINGS) this.respellings.clear();
    this.respellings.set(w, fixed ?? null);
    return fixed;
  }

  private respell(w: string): string | undefined {
    if (this.paraphrase(w) !== undefined) return undefined;
    // A word of one of the reader's phrases is itself ("allergic" of "allergic to chicken"), not a slip.
    if (this.phraseWords().has(w) || this.phraseWords().has(singular(w))) return undefined;
    const max = w.length >= 8 ? 2 : 1;
    // The reader's words are singular: "todlers" is compared as "todler" with "toddler".
    const sw = singular(w);
    let best: string | undefined;
    let bestD = max + 1;
    let ties = 0;
    // A slip is rarely in the first letter, save two letters swapped.
    const starts = [...new Set([sw[0] ?? '', sw[1] ?? ''])];
    for (const k of starts.flatMap((c) => this.readableWords().get(c) ?? [])) {
      if (Math.abs(k.length - sw.length) > max || (k[0] !== sw[0] && !(k[0] === sw[1] && k[1] === sw[0]))) continue;
      const d = editDistance(sw, k, max);
      if (d < bestD) [best, bestD, ties] = [k, d, 0];
      else if (d === bestD && singular(k) !== singular(best ?? '')) ties++;
    }
    if (best === undefined || ties > 0) return undefined;
    // A catalog word as near that is another word ("salamon": Salomon the brand, not salmon the flavour) is left
    // to the ranker, which corrects by what the query's other words are found with.
    const rivals = this.nearInCatalog(w).filter((c) => singular(c) !== best && editDistance(w, c, max) <= bestD);
    return rivals.length ? undefined : best;
  }

  /** Respellings worked out (null: none), by word: as-you-type searches read the same words again and again. */
  private readonly respellings = new Map<string, string | null>();

  /** Every word of the reader's phrases; made on the first word that might be misspelt. */
  private inPhrases: Set<string> | null = null;
  private phraseWords(): Set<string> {
    this.inPhrases ??= new Set([...this.phrases.keys()].flatMap((k) => k.split(' ')));
    return this.inPhrases;
  }

  /** The single words the reader has a reading for, by first letter, for respelling; made on the first misspelt word. */
  private readable: Map<string, string[]> | null = null;
  private readableWords(): Map<string, string[]> {
    if (!this.readable) {
      this.readable = new Map();
      for (const k of this.phrases.keys()) {
        if (k.length < 4 || k.includes(' ')) continue;
        const list = this.readable.get(k[0] ?? '') ?? [];
        list.push(k);
        this.readable.set(k[0] ?? '', list);
      }
    }
    return this.readable;
  }

  /**
   * A word the catalog does not use, in any form, nor as half of a word it writes as one ("fit bit"), and no
   * function word: only such a word is taken to mean something else or to be misspelt.
   */
  private unknownAlone(tokens: readonly Token[], i: number): boolean {
    const w = tokens[i]?.w ?? '';
    if (QUERY_STOP_WORDS.has(w) || this.known(w) || this.known(singular(w))) return false;
    return !this.known(`${tokens[i - 1]?.w ?? ''}${w}`) && !this.known(`${w}${tokens[i + 1]?.w ?? ''}`);
  }

  /**
   * What shoppers say, for a word the thesaurus does not list and the catalog does not use: read as the listed
   * word nearest in meaning ("obese" as overweight), what that word is read as.
   */
  private paraphrased(tokens: readonly Token[], i: number): Target[] | undefined {
    if (!this.unknownAlone(tokens, i)) return undefined;
    const near = this.paraphrase(tokens[i]?.w ?? '');
    return near === undefined ? undefined : this.phrases.get(singular(near))?.filter((t) => t.kind === 'concept');
  }

  private add(ws: string[], target: Target, joined = true): void {
    if (ws.length === 0 || ws.length > MAX_PHRASE) return;
    if (ws.length === 1 && (QUERY_STOP_WORDS.has(ws[0] ?? '') || (ws[0] ?? '').length < 2)) return;
    const keys = [ws.join(' ')];
    if (joined && ws.length > 1) keys.push(ws.join(''));
    for (const k of keys) {
      const list = this.phrases.get(k) ?? [];
      if (!list.some((t) => JSON.stringify(t) === JSON.stringify(target))) list.push(target);
      this.phrases.set(k, list);
    }
  }

  private learnAttribute(key: string, values: readonly AttributeValue[]): void {
    const nameWords = words(keyToWords(key)).map(singular);
    const labelWords = words(attributeLabel(key, this.labels)).map(singular);
    if (values.length && values.every((v) => typeof v === 'boolean')) {
      this.add(nameWords, { kind: 'bool', key });
      this.add(labelWords, { kind: 'bool', key });
      return;
    }
    if (values.length && values.every((v) => typeof v === 'number')) {
      if (nameWords.includes('age') || labelWords.includes('age')) {
        this.ageKeys.push(key);
        return;
      }
      const unitWord = [...nameWords, ...words(this.labels[key]?.unit ?? DEFAULT_ATTRIBUTE_LABELS[key]?.unit ?? '')].find(
        (w) => UNIT_OF[w],
      );
      const unit = unitWord ? UNIT_OF[unitWord] : undefined;
      this.numeric.push({ key, unit: unit?.[0] ?? null, size: unit?.[1] ?? 1, nouns: amountNouns(nameWords, labelWords) });
      return;
    }
    if (nameWords.includes('age') || labelWords.includes('age')) this.ageKeys.push(key);
    const strings = new Set<string>();
    for (const v of values) for (const s of Array.isArray(v) ? v : [v]) if (typeof s === 'string') strings.add(s);
    if (strings.size > MAX_VALUES_PER_KEY) return;
    // Amounts written as text with one unit ("5 ATM", "10 ATM") are amounts too: "100m water resistant" is 10 ATM.
    const written = [...strings].map((v) => /^(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(v.trim()));
    const unitWord = written[0]?.[2]?.toLowerCase() ?? '';
    const unit = UNIT_OF[unitWord];
    if (unit && written.every((m) => m?.[2]?.toLowerCase() === unitWord)) {
      const amountOf = (v: AttributeValue) => {
        const m = typeof v === 'string' ? /^(\d+(?:\.\d+)?)/.exec(v.trim()) : null;
        return m ? Number(m[1]) : null;
      };
      const nouns = amountNouns(nameWords, labelWords);
      this.numeric.push({ key, unit: unit[0], size: unit[1], nouns, amountOf, written: written[0]?.[2] ?? unitWord });
    }
    for (const s of strings) {
      const ws = words(s).map(singular);
      if (ws.length === 0 || ws.every((w) => /^\d+$/.test(w))) continue;
      this.add(ws, { kind: 'value', key, value: s });
      // The value with its attribute's name after it ("all life stages", "wide width"): read whole, even where
      // the value alone is not (a word that only says how many).
      this.add([...ws, ...labelWords], { kind: 'value', key, value: s }, false);
    }
  }

  /** The values of `key` that `test` accepts, as flags by value number. */
  private allowed(key: string, test: (v: AttributeValue) => boolean): Uint8Array | null {
    const attr = this.cols.attributes[key];
    if (!attr) return null;
    const flags = Uint8Array.from(attr.values, (v) => (test(v) ? 1 : 0));
    return flags.some((f) => f) ? flags : null;
  }

  private readPhrase(targets: Target[], typed: string[], neg: boolean): Reading | null {
    const effects: Effect[] = [];
    const labels: string[] = [];
    const ids: string[] = [];
    let kind: Understood['kind'] = 'attribute';
    let who = true;
    // A phrase that names an attribute or a category is read as that; what shoppers say only when it is not.
    const direct = targets.filter((t) => t.kind !== 'concept');
    for (const t of direct.length ? direct : targets) {
      if (t.kind === 'bool') {
        const allowed = this.allowed(t.key, (v) => v === !neg);
        if (!allowed) continue;
        effects.push({ type: 'attr', key: t.key, allowed });
        labels.push(`${attributeLabel(t.key, this.labels)}${neg ? ': No' : ''}`);
        ids.push(`attr:${t.key}=${String(!neg)}`);
      } else if (t.kind === 'value') {
        const want = t.value.toLowerCase();
        const allowed = this.allowed(
          t.key,
          (v) => (Array.isArray(v) ? v : [v]).some((x) => typeof x === 'string' && x.toLowerCase() === want) !== neg,
        );
        if (!allowed) continue;
        effects.push({ type: 'attr', key: t.key, allowed });
        labels.push(`${attributeLabel(t.key, this.labels)}: ${neg ? 'not ' : ''}${t.value}`);
        ids.push(`attr:${t.key}${neg ? '!=' : '='}${want}`);
      } else if (t.kind === 'category' && !neg) {
        kind = 'category';
        effects.push({ type: 'category', c: t.c });
        labels.push(this.categoryName(t.c));
        ids.push(`category:${this.cols.categories[t.c] ?? t.c}`);
      } else if (t.kind === 'concept') {
        const r = this.readConcept(t.concept, typed, neg);
        if (r) {
          who &&= r.who === true;
          kind = r.kind;
          effects.push(...r.effects);
          labels.push(r.label);
          ids.push(r.id);
        }
      }
    }
    if (!effects.length) return null;
    if (effects.every((e) => e.type === 'category') || kind !== 'attribute')
      kind = effects.every((e) => e.type === 'category') ? 'category' : kind;
    return {
      id: ids.join('|').slice(0, 100),
      kind,
      label: [...new Set(labels)].slice(0, 2).join(' · ').slice(0, 100),
      words: neg ? ['no', ...typed] : typed,
      effects,
      ...(who && direct.length === 0 ? { who: true } : {}),
    };
  }

  /** The category's label as the catalog names it ("Lego sets"), else its id as words. */
  private categoryName(c: number): string {
    return this.categoryLabels[c] || (this.cols.categories[c] ?? '').replace(/_/g, ' ').replace(/^./, (x) => x.toUpperCase());
  }

  private readConcept(concept: Concept, typed: string[], neg: boolean): Reading | null {
    const effects: Effect[] = [];
    const parts: string[] = [];
    for (const phrase of concept.means ?? []) {
      const ws = words(phrase).map(singular);
      const negated = neg !== (ws[0] === 'no');
      const targets = this.phrases.get((ws[0] === 'no' ? ws.slice(1) : ws).join(' '));
      const r =
        targets &&
        this.readPhrase(
          targets.filter((t) => t.kind !== 'concept'),
          ws,
          negated,
        );
      if (r) {
        effects.push(...r.effects);
        parts.push(r.label);
      }
    }
    // A word looked for that is one of the catalog's attribute values ("biography" a genre, "wet" a food form) is
    // read as that value too, as if meant.
    if (!neg) {
      for (const phrase of concept.look ?? []) {
        const targets = this.phrases.get(words(phrase).map(singular).join(' '))?.filter((t) => t.kind === 'value');
        const r = targets?.length ? this.readPhrase(targets, words(phrase), false) : null;
        if (r && !parts.includes(r.label)) {
          effects.push(...r.effects);
          parts.push(r.label);
        }
      }
    }
    // Only what the catalog has is looked for (and shown): a researcher's catalog may have none of it.
    const look = (concept.look ?? []).filter((phrase) => words(phrase).every((w) => this.known(w) || this.known(singular(w))));
    if (look.length && !neg) {
      effects.push({ type: 'look', words: look });
      parts.push(look.slice(0, 3).join(', '));
    }
    if (concept.cheap && !neg) {
      effects.push({ type: 'cheap' });
      parts.push('cheapest first');
    }
    const most = concept.most && !neg ? this.numeric.filter((k) => k.nouns.has(concept.most ?? '')) : [];
    if (most.length) {
      effects.push(...most.map((k): Effect => ({ type: 'rank', key: k.key, dir: -1 })));
      parts.push(`${attributeLabel(most[0]?.key ?? '', this.labels)}: highest first`);
    }
    if (concept.age !== undefined && this.ageKeys.length) {
      effects.push({ type: 'age', age: concept.age, plus: false });
      parts.push(`for age ${concept.age}`);
    }
    if (!effects.length) return null;
    const said = typed.join(' ');
    // Read only as attribute values ("iphone" → Works with: iOS), the chip says just those; with words looked
    // for, it says what was said and what is looked for ("gym: sport, workout").
    const onlyValues = effects.every((e) => e.type === 'attr');
    const label = onlyValues ? parts.join('; ') : `${said}: ${parts.join('; ')}`;
    return {
      id: `meaning:${said}`,
      kind: 'meaning',
      label: label.slice(0, 100),
      words: typed,
      effects,
      ...(concept.who ? { who: true } : {}),
    };
  }

  /** A number and the words around it: a price, an age, or an amount of a numeric attribute. */
  private readNumber(tokens: Token[], i: number, used: Uint8Array): { from: number; to: number; reading: Reading } | null {
    const w = (k: number) => (used[k] ? '' : (tokens[k]?.w ?? ''));
    const n = Number(w(i));
    let from: number;
    let to = i + 1;
    // A comparison before it: "over", "less than", "around".
    const before2 = `${w(i - 2)} ${w(i - 1)}`;
    let cmp: 'more' | 'less' | 'about' | null = null;
    const cur = w(i - 1) === '$' || CURRENCY.has(w(i - 1));
    const cmpAt = cur ? i - 1 : i;
    const b2 = cur ? `${w(cmpAt - 2)} ${w(cmpAt - 1)}` : before2;
    const b1 = w(cmpAt - 1);
    if (MORE.includes(b2)) [cmp, from] = ['more', cmpAt - 2];
    else if (LESS.includes(b2)) [cmp, from] = ['less', cmpAt - 2];
    else if (ABOUT.includes(b2)) [cmp, from] = ['about', cmpAt - 2];
    else if (MORE.includes(b1)) [cmp, from] = ['more', cmpAt - 1];
    else if (LESS.includes(b1)) [cmp, from] = ['less', cmpAt - 1];
    else if (ABOUT.includes(b1)) [cmp, from] = ['about', cmpAt - 1];
    else from = cmpAt;
    let hi: number | null = null;
    // A range: "3-5", "500 to 800", "between 20 and 40".
    if ((w(i + 1) === '-' || w(i + 1) === 'to' || (w(i + 1) === 'and' && w(i - 1) === 'between')) && isNumber(w(i + 2))) {
      hi = Number(w(i + 2));
      to = i + 3;
      if (w(i - 1) === 'between' && from === i) from = i - 1;
    }
    if (w(to) === '+') {
      cmp = 'more';
      to++;
    }
    const after = w(to);
    // A price: a currency sign or word, or a bare "under 50" that names nothing else.
    if (cur || CURRENCY.has(after)) {
      if (CURRENCY.has(after)) to++;
      return { from, to, reading: this.price(n, hi, cmp, tokens, from, to) };
    }
    // An age: "10 year old", "ages 3-5", "18+", "turning 9", "hes 8".
    const lead = w(i - 1);
    if (this.ageKeys.length && (AGE_WORDS.has(after) || (AGE_LEAD.has(lead) && n <= 21) || (w(to - 1) === '+' && n <= 21 && hi === null))) {
      if (AGE_WORDS.has(after)) {
        to++;
        if (w(to) === 'old' || w(to) === 'olds') to++;
      }
      if (AGE_LEAD.has(lead) && from === i) from = i - 1;
      const plus = w(to - 1) === '+';
      const label = hi !== null ? `Ages ${n}–${hi}` : plus ? `Ages ${n}+` : `For age ${n}`;
      const effects: Effect[] =
        hi !== null
          ? [{ type: 'age', age: (n + hi) / 2, plus: false, written: `${n}-${hi}` }]
          : [{ type: 'age', age: n, plus, ...(plus ? { written: `${n}+` } : {}) }];
      return {
        from,
        to,
        reading: {
          id: `age:${n}${hi !== null ? `-${hi}` : plus ? '+' : ''}`,
          kind: 'age',
          label,
          words: tokens.slice(from, to).map((t) => t.w),
          effects,
        },
      };
    }
    // An amount: "2000 pieces", "8 mm drop", "2 week battery", "30 lb bag".
    const unit = UNIT_OF[after];
    let end = unit ? to + 1 : to;
    const noun = singular(w(end));
    const nounBefore = singular(w(from - 1));
    const keys = this.numeric.filter((k) => k.nouns.has(noun) || (!unit && k.nouns.has(singular(after))) || k.nouns.has(nounBefore));
    let fit = keys.filter((k) => (unit ? k.unit === unit[0] : true));
    if (!unit) fit = fit.filter((k) => k.nouns.has(singular(after)) || k.nouns.has(nounBefore));
    if (fit.length) {
      if (fit.some((k) => k.nouns.has(noun)) && unit) end++;
      else if (!unit) end = to + 1;
      if (fit.every((k) => k.nouns.has(nounBefore)) && !fit.some((k) => k.nouns.has(noun) || k.nouns.has(singular(after)))) {
        from--;
        end = unit ? to + 1 : to;
      }
      // The amount in each attribute's own unit: the closest unit wins ("2 weeks" of battery → days, not hours).
      const scale = (k: NumericKey) => (unit && k.unit ? unit[1] / k.size : 1);
      const best = Math.min(...fit.map((k) => Math.abs(Math.log(scale(k)))));
      const chosen = fit.filter((k) => Math.abs(Math.abs(Math.log(scale(k))) - best) < 1e-9);
      const effects: Effect[] = [];
      const labels: string[] = [];
      for (const k of chosen) {
        const v = n * scale(k);
        const vHi = hi === null ? null : hi * scale(k);
        const timed = k.unit === 'hour';
        const [min, max] =
          vHi !== null
            ? [v, vHi]
            : cmp === 'more' || (cmp === null && timed)
              ? [v, Infinity]
              : cmp === 'less'
                ? [-Infinity, v]
                : [v * 0.75, Math.max(v * 1.25, v + 1)];
        const amountIn = (x: AttributeValue) => (k.amountOf ? k.amountOf(x) : typeof x === 'number' ? x : null);
        const allowed = this.allowed(k.key, (x) => {
          const a = amountIn(x);
          return a !== null && a >= min - 1e-9 && a <= max + 1e-9;
        });
        if (!allowed) {
          // No product has that much (or that little): the nearest first, and the chip says so.
          if (min === -Infinity || max === Infinity) {
            const dir = max === Infinity ? -1 : 1;
            effects.push({ type: 'rank', key: k.key, dir });
            labels.push(
              `${attributeLabel(k.key, this.labels)}: none ${dir < 0 ? `≥ ${n}` : `≤ ${n}`}, ${dir < 0 ? 'highest' : 'lowest'} first`,
            );
          }
          continue;
        }
        // "8 mm drop": 8 is best, 7 and 9 are near.
        const exact = vHi === null && cmp === null && !timed ? this.allowed(k.key, (x) => amountIn(x) === v) : null;
        effects.push({ type: 'attr', key: k.key, allowed, ...(exact ? { exact } : {}) });
        const unitText = this.labels[k.key]?.unit ?? DEFAULT_ATTRIBUTE_LABELS[k.key]?.unit ?? k.written ?? '';
        const amount = (x: number) => `${Math.round(x * 100) / 100}${unitText ? ` ${unitText}` : ''}`;
        const range =
          max === Infinity
            ? `≥ ${amount(min)}`
            : min === -Infinity
              ? `≤ ${amount(max)}`
              : vHi !== null
                ? `${amount(min)}–${amount(max)}`
                : `about ${amount(v)}`;
        labels.push(`${attributeLabel(k.key, this.labels)}: ${range}`);
      }
      if (!effects.length) return null;
      const span = tokens.slice(from, end).map((t) => t.w);
      return {
        from,
        to: end,
        reading: {
          id: `amount:${chosen.map((k) => k.key).join(',')}:${span.join(' ')}`.slice(0, 100),
          kind: 'attribute',
          label: labels.join(' · ').slice(0, 100),
          words: span,
          effects,
        },
      };
    }
    // "under 50" with nothing after it is a price.
    if (cmp && cmp !== 'about' && (!after || QUERY_STOP_WORDS.has(after)))
      return { from, to, reading: this.price(n, hi, cmp, tokens, from, to) };
    // So is a number someone has to spend: "about 100 to spend", "budget of 60".
    const spendAfter = SPEND_AFTER.has(after) || (after === 'to' && SPEND_AFTER.has(w(to + 1)));
    const spendBefore = SPEND_BEFORE.has(w(from - 1)) || (w(from - 1) === 'of' && SPEND_BEFORE.has(w(from - 2)));
    if (spendAfter || spendBefore) {
      if (cmp === null) cmp = 'less';
      const end = spendAfter ? (after === 'to' ? to + 2 : to + 1) : to;
      const start = spendBefore ? (w(from - 1) === 'of' ? from - 2 : from - 1) : from;
      return { from: start, to: end, reading: this.price(n, hi, cmp === 'about' ? 'less' : cmp, tokens, start, end) };
    }
    return null;
  }

  private price(n: number, hi: number | null, cmp: 'more' | 'less' | 'about' | null, tokens: Token[], from: number, to: number): Reading {
    const [min, max] = hi !== null ? [n, hi] : cmp === 'more' ? [n, undefined] : cmp === 'less' ? [undefined, n] : [n * 0.8, n * 1.2];
    const money = (x: number) => `$${Math.round(x * 100) / 100}`;
    const label =
      min !== undefined && max !== undefined
        ? hi !== null
          ? `${money(min)}–${money(max)}`
          : `About ${money(n)}`
        : max !== undefined
          ? `Under ${money(max)}`
          : `Over ${money(min ?? n)}`;
    return {
      id: `price:${min ?? ''}-${max ?? ''}`,
      kind: 'price',
      label,
      words: tokens.slice(from, to).map((t) => t.w),
      effects: [{ type: 'price', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }],
    };
  }
}
