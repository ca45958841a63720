import type { Product } from '../catalog/catalog-schema';
import { fold } from '../search/text';

/**
 * What a Buyer shown only a target's picture (priming B) can say about it: words on the box or the cover that
 * fewer products of the category carry ("Interceptor", "Speedcross", "Tune", "42146"). Asked what was wrong with
 * a product, a Buyer names what its picture has and the product shown does not, the rarest first; a Seller can
 * type such words into the search. Words most titles share ("building", "running shoe") say nothing.
 */

/** A title word more than this share of a category's titles carry does not describe one product. */
export const DESCRIBING_SHARE = 0.5;

/** Function words, shop words and units that never describe a look, even where a title happens to carry them. */
const NOT_A_CUE = new Set(
  'a an the and or of to for with in on at by from as it its is are be my me i you your one ones that this those these some any new more most very just like kind sort thing really special edition novel pack count bundle mcg mg iu lb oz mm'.split(
    ' ',
  ),
);
/** A size ("46mm", "23.5 lb") is not on the picture. */
const SIZE = /^\d+(mm|cm|lb|oz|mg|mcg|iu|ct)$/i;

export const isFunctionWord = (word: string) => NOT_A_CUE.has(word);

export const TOKEN = /[\p{L}\p{N}]+/gu;

/** How many titles of a category carry each word (folded to lower case). */
export class TitleWords {
  private readonly df = new Map<string, number>();
  readonly titles: number;

  constructor(products: readonly Product[]) {
    this.titles = products.length;
    for (const p of products) for (const w of new Set(fold(p.title).match(TOKEN) ?? [])) this.df.set(w, (this.df.get(w) ?? 0) + 1);
  }

  /** Titles carrying `word` (folded). */
  count(word: string): number {
    return this.df.get(fold(word)) ?? 0;
  }

  /** A title word that picks out part of the category: not a function word, a size, or a word most titles carry. */
  describes(word: string): boolean {
    const w = fold(word);
    const n = this.df.get(w) ?? 0;
    return n > 0 && n <= DESCRIBING_SHARE * this.titles && w.length >= 3 && !NOT_A_CUE.has(w) && !SIZE.test(w);
  }

  /** The describing words of a text, folded, once each, the rarest first (prices are not model numbers). */
  describingIn(text: string): string[] {
    const words = new Set((fold(text.replace(/\$\s*[\d.,]+/g, ' ')).match(TOKEN) ?? []).filter((w) => this.describes(w)));
    return [...words].sort((a, b) => this.count(a) - this.count(b));
  }
}

/**
 * A target's look cues: its describing title words as written, the rarest first (numbers after words), leaving out
 * the brand and the words of wants the Buyer states anyway (`known`, folded).
 */
export function lookCues(target: Product, words: TitleWords, known: ReadonlySet<string>): string[] {
  const skip = new Set([...(fold(target.brand).match(TOKEN) ?? []), ...known]);
  const seen = new Set<string>();
  const cues: string[] = [];
  for (const token of target.title.match(TOKEN) ?? []) {
    const w = fold(token);
    if (seen.has(w) || skip.has(w) || !words.describes(w)) continue;
    seen.add(w);
    cues.push(token);
  }
  // Words before numbers: a Buyer names the set ("Interceptor") before its number ("75022").
  const numeric = (t: string) => (/^\d/.test(t) ? 1 : 0);
  return cues.sort((a, b) => numeric(a) - numeric(b) || words.count(a) - words.count(b));
}
