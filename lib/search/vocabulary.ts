import { distance } from 'fastest-levenshtein';

/** Endings that turn one English word into another ("charge" → charger, charges, charged, charging). */
const WORD_ENDINGS = /^(r|er|ers|s|es|d|ed|ing|y|ly|ness|al|ful)$/;

/** The catalog's words, compact enough to persist with the index: one string and one typed array. */
export interface VocabularySnapshot {
  /** Sorted words joined by "\n". */
  words: string;
  counts: Uint32Array;
}

/**
 * The catalog's own words, sorted, with how many products use each. It turns what the Seller is typing into
 * the whole words it can mean (prefix expansion, so the index needs only whole words), and corrects a word
 * that matches nothing to the nearest catalog word.
 */
export class Vocabulary {
  private byLength: Map<number, number[]> | null = null;

  private constructor(
    private readonly words: string[],
    private readonly counts: Uint32Array,
  ) {}

  static fromCounts(counts: Map<string, number>): Vocabulary {
    const words = [...counts.keys()].sort();
    return new Vocabulary(
      words,
      Uint32Array.from(words, (w) => counts.get(w) ?? 0),
    );
  }

  static fromSnapshot(s: VocabularySnapshot): Vocabulary {
    return new Vocabulary(s.words ? s.words.split('\n') : [], s.counts);
  }

  toSnapshot(): VocabularySnapshot {
    return { words: this.words.join('\n'), counts: this.counts };
  }

  get size(): number {
    return this.words.length;
  }

  has(word: string): boolean {
    const i = this.lowerBound(word);
    return this.words[i] === word;
  }

  /** How often the catalog uses the word (0 when it never does). */
  count(word: string): number {
    const i = this.lowerBound(word);
    return this.words[i] === word ? (this.counts[i] ?? 0) : 0;
  }

  /** Words ending with `suffix` (a model number's end), the most used first, at most `max`: a scan, for rare use. */
  endingWith(suffix: string, max: number): string[] {
    const found: number[] = [];
    this.words.forEach((w, i) => {
      if (w.length > suffix.length && w.endsWith(suffix)) found.push(i);
    });
    found.sort((a, b) => (this.counts[b] ?? 0) - (this.counts[a] ?? 0));
    return found.slice(0, max).map((i) => this.words[i] ?? '');
  }

  /** Words starting with `prefix`, the word itself first if it is one, then the most used, at most `max`. */
  expand(prefix: string, max: number): string[] {
    const start = this.lowerBound(prefix);
    const found: number[] = [];
    for (let i = start; i < this.words.length && (this.words[i] ?? '').startsWith(prefix); i++) found.push(i);
    if (found.length > max) {
      found.sort((a, b) => (this.words[a] === prefix ? -1 : this.words[b] === prefix ? 1 : (this.counts[b] ?? 0) - (this.counts[a] ?? 0)));
      found.length = max;
    }
    return found.map((i) => this.words[i] ?? '');
  }

  /**
   * The nearest catalog word within the allowed edits (1 for words of 4-6 letters, 2 for longer), most
   * used first among equals. With `prefix`, the word being typed is compared with word beginnings: `search` is
   * then the corrected beginning (so every word it starts still matches) and `word` the whole word, to show.
   */
  correct(term: string, prefix = false): { search: string; word: string } | null {
    return this.candidates(term, prefix, 1)[0] ?? null;
  }

  /**
   * Near spellings of a word that matches nothing: the fewest edits first, then the most used, at most `max`
   * (distinct words shown). The caller may prefer one its query's other words agree with ("salamon speedcross" →
   * Salomon, not salmon).
   */
  candidates(term: string, prefix = false, max = 8): { search: string; word: string }[] {
    if (term.length < 4 || /^\d+$/.test(term)) return [];
    const maxEdits = term.length >= 8 ? 2 : 1;
    const found: { search: string; word: string; d: number; count: number }[] = [];
    for (const [len, list] of this.lengthIndex()) {
      if (!prefix && Math.abs(len - term.length) > maxEdits) continue;
      if (prefix && len < term.length - maxEdits) continue;
      for (const i of list) {
        const word = this.words[i] ?? '';
        const count = this.counts[i] ?? 0;
        const candidate = prefix && word.length > term.length ? word.slice(0, term.length) : word;
        if (candidate[0] !== term[0] && maxEdits < 2) continue; // first letters are rarely wrong
        // A word the Seller typed longer than a catalog word by an ending that makes words is another word, not a
        // typo: "charger" is not "charge"; "endorphine" is "endorphin".
        if (candidate.length < term.length && term.startsWith(candidate) && WORD_ENDINGS.test(term.slice(candidate.length))) continue;
        const d = distance(term, candidate);
        if (d === 0 || d > maxEdits) continue;
        found.push({ search: candidate, word, d, count });
      }
    }
    found.sort((a, b) => a.d - b.d || b.count - a.count);
    const out: { search: string; word: string }[] = [];
    const seen = new Set<string>();
    for (const f of found) {
      if (out.length >= max) break;
      if (seen.has(f.search)) continue;
      seen.add(f.search);
      // Only the fewest edits compete; a word two edits away never beats one that is one away.
      if (f.d > (found[0]?.d ?? 0)) break;
      out.push({ search: f.search, word: f.word });
    }
    return out;
  }

  /** Built on the first correction only: most searches never need it. */
  private lengthIndex(): Map<number, number[]> {
    if (!this.byLength) {
      this.byLength = new Map();
      this.words.forEach((w, i) => {
        if (w.length < 3 || /^\d+$/.test(w)) return;
        const list = this.byLength?.get(w.length) ?? [];
        list.push(i);
        this.byLength?.set(w.length, list);
      });
    }
    return this.byLength;
  }

  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.words[mid] ?? '') < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
