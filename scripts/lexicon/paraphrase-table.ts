/**
 * The paraphrase table (lib/search/paraphrases.ts) from word vectors: each word of a general English vocabulary
 * that the thesaurus does not list, paired with the listed word nearest to it in meaning, where they are near
 * enough. Pure, so it is tested on small vectors; scripts/lexicon/paraphrases.ts runs it on GloVe.
 */
export interface ParaphraseOptions {
  /** Cosine similarity a pair needs. */
  minCosine: number;
  /**
   * The most frequent words are skipped: a common word that mattered to a shopper is listed already, and common
   * words lie near many others ("has" near "both").
   */
  skipMostFrequent: number;
  /** Words shorter than this are skipped. */
  minLength: number;
  /**
   * A pair is kept only if the word is also among this many words nearest to the listed word: "glad" lies nearest
   * to "tired" of the listed words, but "tired" has hundreds of words nearer than "glad".
   */
  mutual: number;
}

export const PARAPHRASE_OPTIONS: ParaphraseOptions = { minCosine: 0.65, skipMostFrequent: 3000, minLength: 3, mutual: 50 };

/**
 * `words` in frequency order with unit-length `vectors` (dims per word, row-major); `listed` the thesaurus' single
 * words; `skip` words never paired (stop words). Returns word → nearest listed word, sorted by word.
 */
export function paraphraseTable(
  words: readonly string[],
  vectors: Float32Array,
  dims: number,
  listed: ReadonlySet<string>,
  skip: ReadonlySet<string>,
  options: ParaphraseOptions = PARAPHRASE_OPTIONS,
): Record<string, string> {
  const rows = new Map(words.map((w, i) => [w, i]));
  const targets = [...listed].filter((w) => rows.has(w)).map((w) => ({ w, row: rows.get(w) ?? 0 }));
  const out: [string, string][] = [];
  const nearCache = new Map<string, Set<string>>();
  for (let i = options.skipMostFrequent; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w.length < options.minLength || listed.has(w) || skip.has(w) || !/^[a-z]+$/.test(w)) continue;
    let best = -Infinity;
    let nearest = '';
    for (const t of targets) {
      let dot = 0;
      for (let k = 0; k < dims; k++) dot += (vectors[i * dims + k] ?? 0) * (vectors[t.row * dims + k] ?? 0);
      if (dot > best) [best, nearest] = [dot, t.w];
    }
    // Another form of the same word ("diets", "lasted") is read by its ending already; only other words are kept.
    if (best >= options.minCosine && !sameStem(w, nearest)) out.push([w, nearest]);
  }
  const kept = out.filter(([w, listedWord]) => nearestTo(listedWord).has(w));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(kept);

  function nearestTo(listedWord: string): Set<string> {
    let near = nearCache.get(listedWord);
    if (near) return near;
    const row = rows.get(listedWord) ?? 0;
    const sims: [number, number][] = [];
    for (let i = options.skipMostFrequent; i < words.length; i++) {
      if (i === row) continue;
      let dot = 0;
      for (let k = 0; k < dims; k++) dot += (vectors[i * dims + k] ?? 0) * (vectors[row * dims + k] ?? 0);
      if (dot >= options.minCosine) sims.push([dot, i]);
    }
    sims.sort((a, b) => b[0] - a[0]);
    near = new Set(sims.slice(0, options.mutual).map(([, i]) => words[i] ?? ''));
    nearCache.set(listedWord, near);
    return near;
  }
}

/** Words that begin alike for four letters, or one the other's beginning, are taken for forms of one word. */
function sameStem(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a) || (a.length >= 4 && b.length >= 4 && a.slice(0, 4) === b.slice(0, 4));
}
