import { distance } from 'fastest-levenshtein';

/**
 * Spelling correction against the catalog's own words. Only consulted for a word that matched nothing, so
 * the scan over the vocabulary costs nothing on the usual path.
 */
export class Vocabulary {
  private readonly byLength = new Map<number, [string, number][]>();

  constructor(entries: Iterable<[string, number]>) {
    for (const [word, count] of entries) {
      if (word.length < 3 || /^\d+$/.test(word)) continue;
      const list = this.byLength.get(word.length) ?? [];
      list.push([word, count]);
      this.byLength.set(word.length, list);
    }
  }

  static fromTexts(texts: Iterable<string[]>): Map<string, number> {
    const counts = new Map<string, number>();
    for (const ws of texts) for (const w of ws) counts.set(w, (counts.get(w) ?? 0) + 1);
    return counts;
  }

  /**
   * The nearest catalog word within the allowed edits (1 for words of 4-6 letters, 2 for longer), most
   * frequent first among equals. With `prefix`, the word being typed is compared with word beginnings: `search`
   * is then the corrected beginning (so every word it starts still matches) and `word` the whole word, to show.
   */
  correct(term: string, prefix = false): { search: string; word: string } | null {
    if (term.length < 4 || /^\d+$/.test(term)) return null;
    const maxEdits = term.length >= 7 ? 2 : 1;
    let best: { search: string; word: string; d: number; count: number } | null = null;
    for (const [len, list] of this.byLength) {
      if (!prefix && Math.abs(len - term.length) > maxEdits) continue;
      if (prefix && len < term.length - maxEdits) continue;
      for (const [word, count] of list) {
        const candidate = prefix && word.length > term.length ? word.slice(0, term.length) : word;
        if (candidate[0] !== term[0] && maxEdits < 2) continue; // first letters are rarely wrong
        const d = distance(term, candidate);
        if (d === 0 || d > maxEdits) continue;
        if (!best || d < best.d || (d === best.d && count > best.count)) best = { search: candidate, word, d, count };
      }
    }
    return best ? { search: best.search, word: best.word } : null;
  }

  entries(): [string, number][] {
    return [...this.byLength.values()].flat();
  }
}
