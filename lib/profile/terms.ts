import { distance } from 'fastest-levenshtein';

/**
 * Finding known phrases (brands, feature words, recipients, uses) in a Buyer's message, tolerant of typos: a
 * word that is not English and is one or two edits from a known word counts as that word ("sennheisser").
 */

/** A message as lowercase words and clause punctuation; apostrophes dropped ("don't" → "dont"), hyphens split. */
export function tokenize(text: string): string[] {
  const s = text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'/g, '')
    .replace(/[-_/]+/g, ' ');
  return s.match(/\$?\d+(?:\.\d+)?\$?|[a-z0-9]+|&|[.,;!?]/g) ?? [];
}

export interface Match<T> {
  start: number;
  /** Exclusive. */
  end: number;
  value: T;
}

interface Entry<T> {
  tokens: string[];
  value: T;
}

const MIN_FUZZY_LENGTH = 5;
const maxEdits = (length: number) => (length >= 8 ? 2 : 1);

/** Whether `a` is `b` with two neighbouring letters swapped ("sacuony", "gamrin"): one slip, though Levenshtein counts two. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
  const [i, j] = diff;
  return diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
}

/** Edits between a typo and a known word, a swap of neighbours counting as one. */
export function typoEdits(token: string, known: string): number {
  return swapped(token, known) ? 1 : distance(token, known);
}

export class PhraseMatcher<T> {
  private readonly byFirst = new Map<string, Entry<T>[]>();
  private readonly firstByLength = new Map<number, string[]>();
  /** First words a typo may stand for. */
  private readonly fuzzy = new Set<string>();

  /** `isWord` says a token is ordinary English, which is never read as a typo of a known phrase. */
  constructor(private readonly isWord: (token: string) => boolean = () => false) {}

  /**
   * `typos: false` for a form made up rather than known (a brand's plural, "knexs"), which a typo must not reach:
   * "knees" is one edit from it.
   */
  add(phrase: string, value: T, { typos = true }: { typos?: boolean } = {}): this {
    const tokens = tokenize(phrase);
    if (!tokens.length) return this;
    const forms = tokens.length > 1 ? [tokens, [tokens.join('')]] : [tokens]; // "audio technica" and "audiotechnica"
    for (const t of forms) {
      const first = t[0] ?? '';
      const list = this.byFirst.get(first);
      if (list) list.push({ tokens: t, value });
      else this.byFirst.set(first, [{ tokens: t, value }]);
      if (typos && first.length >= MIN_FUZZY_LENGTH && !this.fuzzy.has(first)) {
        this.fuzzy.add(first);
        const same = this.firstByLength.get(first.length) ?? [];
        same.push(first);
        this.firstByLength.set(first.length, same);
      }
    }
    return this;
  }

  /** Non-overlapping matches, longest first at each position, left to right. */
  find(tokens: readonly string[]): Match<T>[] {
    const out: Match<T>[] = [];
    for (let i = 0; i < tokens.length;) {
      const m = this.longestAt(tokens, i);
      if (m) {
        out.push(m);
        i = m.end;
      } else i++;
    }
    return out;
  }

  private longestAt(tokens: readonly string[], i: number): Match<T> | null {
    let best: Match<T> | null = null;
    const consider = (first: string) => {
      for (const e of this.byFirst.get(first) ?? []) {
        if (best && e.tokens.length <= best.end - best.start) continue;
        let ok = true;
        for (let k = 1; k < e.tokens.length && ok; k++) ok = this.same(tokens[i + k], e.tokens[k] ?? '');
        if (ok) best = { start: i, end: i + e.tokens.length, value: e.value };
      }
    };
    const token = tokens[i] ?? '';
    consider(token);
    if (!best) for (const near of this.near(token)) consider(near);
    return best;
  }

  private same(token: string | undefined, known: string): boolean {
    if (token === undefined) return false;
    return token === known || (this.typoOf(token) && typoEdits(token, known) <= maxEdits(known.length) && known.length >= MIN_FUZZY_LENGTH);
  }

  private typoOf(token: string): boolean {
    return token.length >= MIN_FUZZY_LENGTH - 1 && /^[a-z]+$/.test(token) && !this.isWord(token);
  }

  /** Known first words a typo could stand for. */
  private near(token: string): string[] {
    if (!this.typoOf(token)) return [];
    const out: string[] = [];
    for (let len = token.length - 2; len <= token.length + 2; len++) {
      for (const known of this.firstByLength.get(len) ?? []) {
        if (known[0] !== token[0]) continue;
        if (typoEdits(token, known) <= maxEdits(known.length)) out.push(known);
      }
    }
    return out;
  }
}
