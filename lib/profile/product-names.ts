import type { Product } from '../catalog/catalog-schema';
import { isFunctionWord, isPronoun, isWord } from './lexicon';
import { tokenize } from './terms';

/**
 * The names a catalog's products go by, read from their titles, so that "her hogwarts castle", "we're on pro plan"
 * and "she already read war and peace" name a product the Buyer owns: words nobody would list by hand, and that an
 * imported catalog brings for itself.
 *
 * A title is brand, name, then description ("LEGO Harry Potter Hogwarts Castle 76451 Building Set for Adults",
 * "Purina Pro Plan Complete Essentials Adult Beef & Rice Recipe Dry Dog Food, 18 lb Bag"). The name is what is left
 * after the brand, up to the first punctuation, set number, size or description word (a word most of the category's
 * titles use, or one of its attribute values once the name has begun). Attribute values may lead a name ("harry
 * potter hogwarts castle"), but never make one on their own ("harry potter" is the theme).
 */

/** A word in this share of a category's titles describes rather than names ("building", "recipe", "running"). */
const DESCRIPTIVE_SHARE = 0.2;
/** ... and in at least this many titles, so that a small catalog's names are not taken for descriptions. */
const MIN_DESCRIPTIVE_TITLES = 3;
/** Where a title's name has certainly ended: punctuation, " by " (books' authors), " - ". */
const NAME_END = /[(,:|–—]|\s-\s|\sby\s/i;
/** A set number (five digits: "76451"; four may be a model, "1080"), a size or a unit: "51mm", "lb". */
const NOT_NAME_TOKEN = /^(?:\d{5,}|\d+(?:mm|lb|lbs|oz|ct|mg|iu|mcg|ml|g)|lb|lbs|oz|mm)$/;
/** Longest name kept, in words. */
const MAX_NAME_WORDS = 5;
/** A model code this short is no name ("v8", "s"). */
const MIN_SINGLE_WORD = 3;

export interface ProductNameTerm {
  phrase: string;
  category: string;
}

type Titled = Pick<Product, 'brand' | 'category' | 'title'>;

/** The name part of one title, as tokens (empty when it has none). */
function nameTokens(p: Titled, describes: (token: string) => boolean, attribute: (token: string) => boolean): string[] {
  let title = p.title;
  if (title.toLowerCase().startsWith(p.brand.toLowerCase())) title = title.slice(p.brand.length);
  const head = title.split(NAME_END)[0] ?? '';
  const brandWords = new Set(tokenize(p.brand));
  const tokens = tokenize(head).filter((t) => !brandWords.has(t));
  const out: string[] = [];
  let named = false;
  for (const t of tokens) {
    if (NOT_NAME_TOKEN.test(t) || /^[.,;!?&]$/.test(t) || out.length >= MAX_NAME_WORDS * 2) break;
    // Attribute values lead some names ("harry potter hogwarts castle"); after the name they describe it.
    if (describes(t) && (named || !attribute(t))) break;
    if (!attribute(t)) named = true;
    out.push(t);
  }
  return named ? out : [];
}

const content = (t: string) => !isFunctionWord(t) && !isPronoun(t) && !/^\d+$/.test(t) && !['the', 'a', 'an', 'and', 'of'].includes(t);
/** A number with a unit or an ordinal, which has letters and digits but is no model: "4th", "90s", "10mm", "5lbs". */
const MEASURE = /^\d+(?:st|nd|rd|th|s|k|mm|lb|lbs|oz|mg)$/;
/**
 * A model code names a product wherever it is said: two letters and a digit ("xm4s", "m50x", "gtr4"; "b12" is a
 * nutrient), no English word and no measure. A single word is a name only as one: the lexicon knows too few nouns
 * to tell "hogwarts" from "forest", so one-word series names stay in `OWNED_PRODUCT_WORDS`.
 */
export const isModelCode = (t: string): boolean =>
  t.length >= MIN_SINGLE_WORD && /[a-z].*[a-z]/.test(t) && /\d/.test(t) && /^[a-z0-9]+$/.test(t) && !MEASURE.test(t) && !isWord(t);

/**
 * The phrases a name can be said by: all of it, any run of two or more words that starts on a content word and
 * ends on a word, and its model codes alone ("m50x").
 */
function phrasesOf(name: readonly string[], attribute: (token: string) => boolean): string[] {
  const out = new Set<string>();
  if (name.length > 1 ? name.some(content) : isModelCode(name[0] ?? '')) out.add(name.join(' '));
  for (let a = 0; a < name.length; a++)
    for (let b = a + 2; b <= name.length && b - a <= MAX_NAME_WORDS; b++) {
      const run = name.slice(a, b);
      if (run.every(attribute)) continue; // "harry potter" is the theme
      if (content(run[0] ?? '') && /[a-z]/.test(run[run.length - 1] ?? '') && !isFunctionWord(run[run.length - 1] ?? ''))
        out.add(run.join(' '));
    }
  for (const t of name) if (isModelCode(t)) out.add(t);
  return [...out];
}

/**
 * Every product name of the catalog, per category. `attributeWords` holds each category's attribute-value words
 * (single tokens), which describe a product and never start or continue its name.
 */
export function productNamesFromCatalog(
  products: Iterable<Titled>,
  attributeWords: ReadonlyMap<string, ReadonlySet<string>>,
): ProductNameTerm[] {
  const byCategory = new Map<string, Titled[]>();
  for (const p of products) {
    const list = byCategory.get(p.category);
    if (list) list.push(p);
    else byCategory.set(p.category, [p]);
  }
  const out = new Map<string, ProductNameTerm>();
  for (const [category, list] of byCategory) {
    const df = new Map<string, number>();
    for (const p of list) for (const t of new Set(tokenize(p.title))) df.set(t, (df.get(t) ?? 0) + 1);
    const attrs = attributeWords.get(category);
    const brandWords = new Set(list.flatMap((p) => tokenize(p.brand)));
    // "the" and "of" are in most titles but inside names ("war and peace", "the secret orchard").
    const attribute = (t: string) => attrs?.has(t) ?? false;
    const describes = (t: string) =>
      content(t) &&
      ((df.get(t) ?? 0) >= Math.max(MIN_DESCRIPTIVE_TITLES, DESCRIPTIVE_SHARE * list.length) || attribute(t) || brandWords.has(t));
    for (const p of list)
      for (const phrase of phrasesOf(nameTokens(p, describes, attribute), attribute))
        out.set(`${category}\u0000${phrase}`, { phrase, category });
  }
  return [...out.values()];
}
