import type { Index } from 'flexsearch';
import type { Columns } from './columns';
import { type Fit, Fits } from './fits';
import { QUERY_STOP_WORDS } from './lexicon';
import { singular, spellings, type Token } from './query-words';
import type { Effect, QueryReading } from './understand';
import type { Vocabulary } from './vocabulary';

/**
 * Scores products for a query: each word (and each meaning read from the words) is a term whose alternatives are
 * catalog words (itself, its singular, the words it begins while typed, a model number it begins, a compound or
 * split form, a correction); a term scores a product by its best field times its rarity (idf), and products are
 * ranked by the sum, plus what the readings ask (attribute values, amounts, age, price, ranking), times how well
 * their category explains the query. Words are OR-ed: a product matching most of a long, descriptive query still
 * ranks, and a word the catalog has nowhere is reported, not silently dropped.
 */
export const SEARCH_FIELDS = ['title', 'brand', 'attrs', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const FIELD_WEIGHT: Record<SearchField, number> = { title: 3, brand: 2.5, attrs: 1.5, description: 1 };
/** A word the Seller has typed in full scores higher than words it merely begins. */
const PREFIX_FACTOR = 0.85;
/** A prefix stands for at most this many words (the most used first): "s" must not mean 3,000 words. */
const MAX_EXPANSIONS = 24;
/** Words looked for in place of what a shopper said ("gym" → sport, workout) count less than typed words. */
const MEANING_FACTOR = 0.6;
/** What a reading adds to a product that meets it, in the units of a typed word in a title. */
const READING_WEIGHT = 10;
const MAX_IDF = 4;
/** Another ending of a typed word ("hiking" for hike). */
const INFLECTION_FACTOR = 0.9;
/** A reading of what a shopper's word means counts this much of one named outright. */
const MEANT_FACTOR = 0.5;
const RANK_WEIGHT = 4;
/** A product that says what the Seller said is not wanted keeps this much of its score. */
const UNWANTED_FACTOR = 0.3;
/** How sharply products of a category that explains less of the query fall behind. */
const CATEGORY_POWER = 2;
/** How much a reading met by a category's products says the query is about that category, against a word's idf. */
const READING_COVER = 4;
/** A category explaining less than this share of what the best one explains is not what the query is about. */
const ABOUT_SHARE = 0.5;
/** A word still being typed this short, after other words, only ranks what they find. */
const MAX_FRAGMENT = 2;
/** A category the Seller named. */
const NAMED_CATEGORY_COVER = 16;

interface Term {
  /** The word as typed (for unmatched and corrections). */
  typed: string;
  alts: [string, number][];
  /** A meaning's words: never reported as unmatched, and weighed less. */
  meaning: boolean;
  /** Read as an attribute or a category too: not reported when it matches nothing. */
  read?: boolean;
  /** Terms of one group count once towards how much of the query a product meets (a meaning's words). */
  group: number;
  /** Looked for because of who the product is for: says nothing of the category. */
  who?: boolean;
  /** Said as not wanted: products that say it rank lower, and it is never reported as matching nothing. */
  negated?: boolean;
  typing: boolean;
}

export interface RankResult {
  candidates: number[];
  score: Float32Array;
  terms: string[];
  corrections: { from: string; to: string }[];
  unmatched: string[];
  partial: boolean;
}

export class Ranker {
  private readonly termStamp: Uint32Array;
  private readonly termBest: Float32Array;
  private readonly queryStamp: Uint32Array;
  readonly score: Float32Array;
  private readonly covered: Float32Array;
  private readonly matchedTerms: Uint8Array;
  private readonly groupStamp: Uint32Array;
  private readonly typedCount: Uint8Array;
  private generation = 0;
  private readonly fits: Fits;

  constructor(
    private readonly cols: Columns,
    private readonly indexes: Record<SearchField, Index>,
    private readonly vocabulary: Vocabulary,
  ) {
    const n = cols.n;
    this.fits = new Fits(cols);
    this.termStamp = new Uint32Array(n);
    this.termBest = new Float32Array(n);
    this.queryStamp = new Uint32Array(n);
    this.score = new Float32Array(n);
    this.covered = new Float32Array(n);
    this.matchedTerms = new Uint8Array(n);
    this.groupStamp = new Uint32Array(n);
    this.typedCount = new Uint8Array(n);
  }

  rank(reading: QueryReading, filter: ((i: number) => boolean) | null): RankResult {
    const { cols, score, covered, queryStamp, matchedTerms, typedCount } = this;
    const n = cols.n;
    const q = ++this.generation;
    const touched: number[] = [];
    const categoryCover = new Float32Array(cols.categories.length);
    const terms = this.termsOf(reading);
    const corrections: RankResult['corrections'] = [];
    const unmatched: string[] = [];
    const used: string[] = [];
    let typedWeight = 0;
    let typedMatched = 0;
    let typedTerms = 0;
    const pending: Term[] = [];
    const unwanted: Term[] = [];
    // A letter or two still being typed after other words ("sony headphones with usb-c", "… switch off and re")
    // is too little to bring in products of its own: it ranks those the rest of the query finds, once they are known.
    const fragments: Term[] = [];
    const alone = terms.filter((t) => !t.negated).length === 1 && reading.readings.length === 0;
    /** What a scored term adds to the query's totals; `unmatched`: where a term that matched nothing goes. */
    const count = (term: Term, w: number, unmatched: Term[] | null = pending) => {
      if (w > 0) {
        used.push(...term.alts.filter(([, f]) => f === 1).map(([a]) => a));
        if (!term.meaning) typedTerms++;
        if (!term.meaning) typedMatched += w;
      } else if (!term.meaning) unmatched?.push(term);
      if (!term.meaning) typedWeight += w;
    };
    for (const term of terms) {
      if (term.negated) {
        unwanted.push(term);
        continue;
      }
      if (term.alts.length === 0) {
        pending.push(term);
        continue;
      }
      if (term.typing && !term.meaning && term.typed.length <= MAX_FRAGMENT && !alone) {
        fragments.push(term);
        continue;
      }
      count(term, this.scoreTerm(term, q, touched, categoryCover));
    }
    // Words that matched nothing: a correction the query's other words agree with, else reported.
    const others = touched.length > 0;
    for (const term of pending) {
      const fixed = this.correct(term, q, others);
      if (fixed) {
        // A word still being typed is corrected as a beginning: every word it begins matches.
        const alts = term.typing ? this.altsOf(fixed.search, true) : [[fixed.search, 1] as [string, number]];
        const w = this.scoreTerm({ ...term, alts }, q, touched, categoryCover);
        if (w > 0) {
          corrections.push({ from: term.typed, to: fixed.word });
          used.push(fixed.search);
          typedMatched += w;
          typedWeight += w;
          continue;
        }
      }
      if (!term.meaning && !term.read) unmatched.push(term.typed);
    }

    // Nothing matched at all: rather than an empty answer, each unmatched word by its stem, or its beginning
    // ("hypoallergenic" → hypo…), with what it was read as said.
    const understood = reading.readings.some((r) => r.effects.some((e) => e.type !== 'look'));
    if (touched.length === 0 && !understood) {
      for (const word of [...unmatched]) {
        const alts = this.relaxed(word);
        if (!alts.length) continue;
        const w = this.scoreTerm({ typed: word, alts, meaning: false, typing: false, group: 63 }, q, touched, categoryCover);
        if (w > 0) {
          corrections.push({ from: word, to: alts[0]?.[0] ?? word });
          unmatched.splice(unmatched.indexOf(word), 1);
          typedMatched += w;
          typedWeight += w;
        }
      }
    }

    // Readings: attribute values, amounts, age, price and ranking add to the products that meet them.
    // What a shopper's word was taken to mean ("her" → for women) is weaker evidence than an attribute named
    // outright, and the same effect read twice ("a woman … her") counts once, at its strongest.
    const strength = new Map<string, { e: Effect; weight: number; reading: number }>();
    reading.readings.forEach((r, k) => {
      for (const e of r.effects) {
        if (e.type === 'look' || e.type === 'category') continue;
        const key = effectKey(e);
        const weight = r.kind === 'meaning' ? MEANT_FACTOR : 1;
        if ((strength.get(key)?.weight ?? 0) < weight) strength.set(key, { e, weight, reading: k });
      }
    });
    // A price nothing meets ("under $3") ranks the nearest first instead of emptying the answer.
    for (const [key, x] of strength) {
      if (x.e.type !== 'price') continue;
      const { max } = x.e;
      if (!this.fits.best(x.e).some((fit) => fit > 0))
        strength.set(key, { ...x, e: max !== undefined ? { type: 'cheap' } : { type: 'rank', key: '', dir: -1 } });
    }
    const effects = reading.readings.flatMap((r) => r.effects);
    const scoring = [...strength.values()].map((x) => x.e);
    const weightOf = new Map([...strength.values()].map((x) => [x.e, x.weight]));
    const readingOf = new Map([...strength.values()].map((x) => [x.e, x.reading]));
    // Per reading, per category, how well the category's best product meets it: one reading's effects are
    // alternatives ("sick": vitamin C or zinc; "fish": salmon, tuna or whitefish), so they count once, at their best.
    const readingFit = new Map<number, Float32Array>();
    const explicit = new Set(effects.filter((e) => e.type === 'category').map((e) => (e as { c: number }).c));
    // A reading credits each category by how well its best product meets it, however many do: "18+" is as
    // much about the 66 sets rated 18+ as about the 400 books for adults. Worked out for the whole catalog before any
    // product is taken in, so that what the query is about is known first.
    const category = cols.category;
    const fitOf = new Map<Effect, Fit>();
    for (const e of scoring) {
      if (ranks(e)) continue;
      const fit = this.fits.of(e);
      fitOf.set(e, fit);
      // Who the product is for says nothing of the category ("heart health for dad" is not about men's shoes).
      const k = readingOf.get(e) ?? -1;
      if (reading.readings[k]?.who) continue;
      const bestFit = this.fits.best(e);
      let r = readingFit.get(k);
      if (!r) readingFit.set(k, (r = new Float32Array(cols.categories.length)));
      const weight = READING_COVER * (weightOf.get(e) ?? 1);
      bestFit.forEach((x, c) => {
        if (weight * x > (r[c] ?? 0)) r[c] = weight * x;
      });
    }
    for (const fit of readingFit.values()) fit.forEach((x, c) => (categoryCover[c] = (categoryCover[c] ?? 0) + x));
    for (const c of explicit) categoryCover[c] = (categoryCover[c] ?? 0) + NAMED_CATEGORY_COVER;
    let best = 0;
    for (const v of categoryCover) best = Math.max(best, v);

    // Every product meeting a reading in a category the query is about is a candidate, whether or not it has the
    // query's words: "we just brought home a kitten" wants kitten food, which says neither "brought" nor "home". A
    // ranking alone ("low drop") takes the products that have the amount. Products of a category that explains
    // less than half of what the best one does are not taken in by a reading alone: "on ear headphones under $100"
    // is not about the books under $100, which would rank below every headphone anyway but be counted as results.
    const about = Uint8Array.from(categoryCover, (x, c) => (explicit.has(c) || x >= ABOUT_SHARE * best ? 1 : 0));
    for (const c of explicit) for (let i = 0; i < n; i++) if (category[i] === c && queryStamp[i] !== q) this.enter(i, q, touched);
    // One tight pass per reading over its own column, not a test of every reading per product.
    for (const e of scoring) {
      if (e.type === 'cheap') continue;
      const fit = fitOf.get(e);
      if (fit) {
        for (let i = 0; i < n; i++) if (queryStamp[i] !== q && about[category[i] ?? 0] === 1 && fit(i) > 0) this.enter(i, q, touched);
      } else if (e.type === 'rank') {
        const amount = this.fits.amount(e.key);
        for (let i = 0; i < n; i++)
          if (queryStamp[i] !== q && about[category[i] ?? 0] === 1 && !Number.isNaN(amount(i))) this.enter(i, q, touched);
      }
    }
    // A fragment that begins no catalog word is not reported: it is still being typed.
    for (const term of fragments) count(term, this.scoreTerm(term, q, touched, categoryCover, touched.length > 0), null);
    const ranges = new Map<string, [number, number]>();
    for (const e of scoring) {
      const key = e.type === 'rank' ? e.key : e.type === 'cheap' ? '' : null;
      if (key !== null && !ranges.has(key)) ranges.set(key, this.fits.range(key, touched));
    }
    for (const e of scoring) {
      const ranking = ranks(e);
      // Every other reading's fit was resolved above; a ranking's needs the candidates' range of its amount.
      const fit = ranking ? this.fits.of(e, ranges.get(e.type === 'rank' ? e.key : '')) : fitOf.get(e);
      if (!fit) continue;
      const add = (ranking ? RANK_WEIGHT : READING_WEIGHT) * (weightOf.get(e) ?? 1);
      for (const i of touched) {
        const m = fit(i);
        if (m > 0) {
          score[i] = (score[i] ?? 0) + add * m;
          if (!ranking) matchedTerms[i] = (matchedTerms[i] ?? 0) + 1;
        }
      }
    }

    // What was said as not wanted: the products that say it fall behind the others.
    const demoted = new Set<number>();
    for (const term of unwanted)
      for (const [word] of term.alts)
        for (const f of SEARCH_FIELDS)
          for (const i of this.indexes[f].search(word, { limit: n }) as number[])
            if (queryStamp[i] === q && !demoted.has(i)) {
              demoted.add(i);
              score[i] = (score[i] ?? 0) * UNWANTED_FACTOR;
            }

    // Each product's score falls with how much less of the query its category explains than the best one.
    const candidates: number[] = [];
    let bestCovered = 0;
    // How many of the query's terms the best product of each category matches.
    const mostTerms = new Uint8Array(cols.categories.length);
    for (const i of touched) {
      if ((covered[i] ?? 0) > bestCovered) bestCovered = covered[i] ?? 0;
      const c = category[i] ?? 0;
      if ((matchedTerms[i] ?? 0) > (mostTerms[c] ?? 0)) mostTerms[c] = matchedTerms[i] ?? 0;
    }
    // Per category, worked out once: the factor of its products' scores and the terms a result must match.
    const factor = Float32Array.from(categoryCover, (x) => (best > 0 ? (x / best) ** CATEGORY_POWER : 1));
    const fewest = Uint8Array.from(mostTerms, (m) => Math.ceil(m / 2));
    for (const i of touched) {
      if (filter && !filter(i)) continue;
      const c = category[i] ?? 0;
      // A product with every typed word is a whole answer wherever it is ("little women" is a book, though
      // "women" is mostly shoes).
      const whole = typedTerms > 1 && (typedCount[i] ?? 0) >= typedTerms;
      if (!whole) score[i] = (score[i] ?? 0) * (factor[c] ?? 1);
      // Only products matching at least half as many of the query's terms as the best match of their category are
      // counted as results: the best match overall may be of a category the query is not about ("running in the
      // rain, need buds that stay put" matches trail shoes in three ways, earbuds in one).
      if ((matchedTerms[i] ?? 0) >= (fewest[c] ?? 0)) candidates.push(i);
    }
    return {
      candidates,
      score,
      terms: [...new Set(used)],
      corrections,
      unmatched,
      partial: typedWeight > 0 && bestCovered + 1e-6 < typedWeight && typedMatched > 0,
    };
  }

  /** The query's words as terms with their catalog alternatives; the meanings read from them as terms too. */
  private termsOf(reading: QueryReading): Term[] {
    const out: Term[] = [];
    const rest = reading.rest;
    for (let k = 0; k < rest.length; k++) {
      const t = rest[k] as Token;
      const next = rest[k + 1];
      if (t.neg) {
        const alts = this.altsOf(t.w, false).filter(([, f]) => f === 1);
        if (alts.length) out.push({ typed: t.w, alts, meaning: false, typing: false, read: true, group: out.length, negated: true });
        continue;
      }
      // "on-ear", "at-at", "wh-1000xm5": the joined word, as the index also keeps it, else its parts.
      if (t.parts) {
        if (this.vocabulary.has(t.w))
          out.push({ typed: t.parts.join('-'), alts: [[t.w, 1]], meaning: false, typing: t.typing, read: t.read, group: out.length });
        else
          for (const part of t.parts)
            if (!QUERY_STOP_WORDS.has(part))
              out.push({ typed: part, alts: this.altsOf(part, false), meaning: false, typing: false, read: t.read, group: out.length });
        continue;
      }
      // "smart watch", "fit bit", "pro biotics": two words the catalog writes as one.
      if (next && !t.typing) {
        const joined = t.w + next.w;
        if (this.vocabulary.has(joined) || this.vocabulary.has(singular(joined))) {
          out.push({
            typed: `${t.w} ${next.w}`,
            alts: [[this.vocabulary.has(joined) ? joined : singular(joined), 1]],
            meaning: false,
            typing: next.typing,
            read: t.read,
            group: out.length,
          });
          k++;
          continue;
        }
      }
      const prev = rest[k - 1];
      const afterName = !!prev && !prev.read && !/^\d+$/.test(prev.w) && this.vocabulary.has(prev.w);
      const alts = this.altsOf(t.w, t.typing, afterName);
      if (alts.length === 0) {
        // "starwars", "newbalance", "grainfree": a word the catalog writes as two.
        const split = this.split(t.w);
        if (split) {
          for (const part of split)
            out.push({ typed: part, alts: [[part, 1]], meaning: false, typing: false, read: t.read, group: out.length });
          continue;
        }
      }
      out.push({ typed: t.w, alts, meaning: false, typing: t.typing, read: t.read, group: out.length });
    }
    const seen = new Set(out.flatMap((t) => t.alts.map(([a]) => a)));
    let group = out.length;
    for (const r of reading.readings) {
      group++;
      for (const e of r.effects) {
        if (e.type !== 'look') continue;
        // Each word looked for is a term of its own, so a rare one ("stability") says more than a common one ("support").
        for (const phrase of e.words) {
          for (const w of phrase.split(' ')) {
            if (seen.has(w)) continue;
            seen.add(w);
            const alts = this.altsOf(w, false).filter(([, f]) => f === 1);
            if (alts.length) out.push({ typed: w, alts, meaning: true, typing: false, group, ...(r.who ? { who: true } : {}) });
          }
        }
      }
    }
    return out;
  }

  /** The catalog words a typed word stands for: itself, its singular or plural, the words it begins. */
  private altsOf(w: string, typing: boolean, afterName = false): [string, number][] {
    const v = this.vocabulary;
    const alts = new Map<string, number>();
    if (v.has(w)) alts.set(w, 1);
    for (const form of [singular(w), `${w}s`, w.endsWith('y') ? `${w.slice(0, -1)}ies` : ''])
      if (form && form !== w && v.has(form)) alts.set(form, 1);
    // The other spelling of English ("colour", "canceling"), as good as the word itself.
    if (alts.size === 0) for (const form of spellings(w)) if (v.has(form)) alts.set(form, 1);
    // Other endings of the same word ("hiking" → hike, "flights" → flight, "running" → run), a little less.
    for (const form of inflections(w)) if (!alts.has(form) && v.has(form)) alts.set(form, INFLECTION_FACTOR);
    // The end of a model number ("xm4" of WH-1000XM4): catalog words that end with it, when nothing else matched.
    if (alts.size === 0 && /\d/.test(w) && /[a-z]/.test(w) && w.length >= 3)
      for (const x of v.endingWith(w, MAX_EXPANSIONS)) alts.set(x, PREFIX_FACTOR);
    if (/^\d+$/.test(w)) {
      // A model number typed in part ("1080" → 1080v14): the number then letters, never a longer number ("100" ≠ "1000xm5").
      // After a name the catalog uses ("forerunner 26", "nimbus 2"), it may be the start of a longer number too.
      for (const x of v.expand(w, MAX_EXPANSIONS))
        if (x !== w && (/^[a-z]/.test(x.slice(w.length)) || afterName)) alts.set(x, PREFIX_FACTOR);
    } else if (typing || alts.size === 0) {
      // A model code typed in part ("m50" of ATH-M50x) is a beginning from three characters, a word from four.
      const code = /\d/.test(w) && /[a-z]/.test(w);
      for (const x of v.expand(w, w.length <= 2 ? 8 : MAX_EXPANSIONS))
        if (!alts.has(x) && (typing || w.length >= 4 || (code && w.length >= 3))) alts.set(x, PREFIX_FACTOR);
    }
    return [...alts];
  }

  /** Looser forms of a word that matched nothing: its stem, then ever shorter beginnings (at least 4 letters). */
  private relaxed(w: string): [string, number][] {
    const stem = w.replace(/(ings?|ed|ers?|ly|ness|ful|less|able|ic|al)$/, '');
    for (const form of [stem, ...Array.from({ length: Math.max(0, w.length - 4) }, (_, k) => w.slice(0, w.length - 1 - k))]) {
      if (form.length < 4) continue;
      const found = this.vocabulary.expand(form, MAX_EXPANSIONS);
      if (found.length) return found.map((x) => [x, PREFIX_FACTOR * 0.8]);
    }
    const near = this.vocabulary.candidates(w, true);
    return near.length ? this.altsOf(near[0]?.search ?? '', true) : [];
  }

  private split(w: string): [string, string] | null {
    if (w.length < 5) return null;
    let best: [string, string] | null = null;
    let bestCount = 0;
    for (let k = 2; k <= w.length - 2; k++) {
      const a = w.slice(0, k);
      const b = w.slice(k);
      if (!this.vocabulary.has(a) || !(this.vocabulary.has(b) || this.vocabulary.has(singular(b)))) continue;
      const c = Math.min(this.vocabulary.count(a), this.vocabulary.count(b));
      if (c > bestCount) [best, bestCount] = [[a, this.vocabulary.has(b) ? b : singular(b)], c];
    }
    return best;
  }

  /** Of the near spellings of a word that matched nothing, the one found most with the query's other words. */
  private correct(term: Term, q: number, others: boolean): { search: string; word: string } | null {
    const options = this.vocabulary.candidates(term.typed.replace(/[\s-]/g, ''), term.typing);
    if (!others) return options[0] ?? null;
    // With other words matched, a correction must be found with them: in "we just brought home a kitten",
    // "brought" is talk, not a misspelt "thought".
    let best: { search: string; word: string } | null = null;
    let bestTogether = 0;
    for (const o of options) {
      let together = 0;
      for (const [w] of this.altsOf(o.search, term.typing)) {
        for (const f of SEARCH_FIELDS)
          for (const i of this.indexes[f].search(w, { limit: this.cols.n }) as number[]) if (this.queryStamp[i] === q) together++;
      }
      if (together > bestTogether) [best, bestTogether] = [o, together];
    }
    return best;
  }

  /** Adds one term's best field score times its rarity to each product it matches; returns the weight it added. */
  private scoreTerm(term: Term, q: number, touched: number[], categoryCover: Float32Array, refine = false): number {
    const termGen = ++this.generation;
    const { termStamp, termBest, queryStamp, score, covered, matchedTerms, groupStamp, typedCount, cols } = this;
    // Unique per query and group: a group's terms are scored one after another.
    const groupId = q * 64 + (term.group % 64) + 1;
    const limit = cols.n;
    const mine: number[] = [];
    // How many products have the term, found or not: its rarity does not depend on what else the query found.
    let df = 0;
    for (const [word, factor] of term.alts) {
      for (const f of SEARCH_FIELDS) {
        const ids = this.indexes[f].search(word, { limit }) as number[];
        const s = FIELD_WEIGHT[f] * factor;
        for (const i of ids) {
          if (termStamp[i] !== termGen) {
            termStamp[i] = termGen;
            termBest[i] = s;
            df++;
            // Refining: only the products the rest of the query found.
            if (!refine || queryStamp[i] === q) mine.push(i);
          } else if (s > (termBest[i] as number)) termBest[i] = s;
        }
      }
    }
    if (mine.length === 0) return 0;
    // Rarer words say more: a product matching "speedcross" is a better answer than one matching "shoe".
    // Capped: in a long, chatty query a word that only two products happen to use ("home") must not outweigh
    // what was understood.
    const idf = Math.min(MAX_IDF, Math.log(1 + cols.n / df));
    const weight = idf * (term.meaning ? MEANING_FACTOR : 1);
    const cats = new Uint32Array(cols.categories.length);
    for (const i of mine) {
      if (queryStamp[i] !== q) this.enter(i, q, touched);
      if (!term.meaning) typedCount[i] = (typedCount[i] ?? 0) + 1;
      if (groupStamp[i] !== groupId) {
        groupStamp[i] = groupId;
        matchedTerms[i] = (matchedTerms[i] ?? 0) + 1;
      }
      score[i] = (score[i] ?? 0) + idf * (termBest[i] ?? 0) * (term.meaning ? MEANING_FACTOR : 1);
      if (!term.meaning) covered[i] = (covered[i] ?? 0) + weight;
      cats[cols.category[i] ?? 0] = (cats[cols.category[i] ?? 0] ?? 0) + 1;
    }
    // A category is credited with the share of the term's matches it holds: "restful" (all vitamins) points to
    // vitamins, "sleep" (books and vitamins) to both a little.
    // Words looked for because of who the product is for ("dad" → men) say nothing of what it is.
    // Nor does a fragment refining what was found: what the query is about was settled without it.
    if (!term.who && !refine) addShares(categoryCover, cats, mine.length, weight);
    return weight;
  }

  /** Makes product i a candidate of query q, with nothing counted yet. */
  private enter(i: number, q: number, touched: number[]): void {
    this.queryStamp[i] = q;
    this.score[i] = 0;
    this.covered[i] = 0;
    this.matchedTerms[i] = 0;
    this.typedCount[i] = 0;
    touched.push(i);
  }
}

/** The same word with another ending: its stem and the stem's usual forms. */
export function inflections(w: string): string[] {
  if (w.length < 5 || /\d/.test(w)) return [];
  const stems = new Set<string>();
  const m = /^(.{3,}?)(ing|ed|es|s|ly|ness)$/.exec(w);
  if (m?.[1]) {
    const stem = m[1];
    stems.add(stem);
    stems.add(`${stem}e`);
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) stems.add(stem.slice(0, -1)); // "running" → run
  }
  const out = new Set<string>();
  for (const stem of stems) for (const end of ['', 's', 'ing', 'ed', 'er', 'ers']) out.add(stem + end);
  out.delete(w);
  return [...out];
}

/** Cheapest-first and other rankings say nothing of the category: every product has a price. */
function ranks(e: Effect): boolean {
  return e.type === 'rank' || e.type === 'cheap';
}

function effectKey(e: Effect): string {
  return e.type === 'attr' ? `attr:${e.key}:${e.allowed.join('')}` : JSON.stringify(e);
}

function addShares(cover: Float32Array, perCategory: Uint32Array, total: number, weight: number): void {
  if (total === 0) return;
  perCategory.forEach((k, c) => (cover[c] = (cover[c] ?? 0) + (weight * k) / total));
}
