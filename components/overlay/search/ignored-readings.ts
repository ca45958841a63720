import { MAX_IGNORED, type Understood } from '@/lib/search/query';

/** A reading of the words the Seller removed (an "Understood" chip's ×): its id for the search, its words to know when it is stale. */
export interface IgnoredReading {
  id: string;
  words: string[];
}

/** The words of a text as the chips' words are compared with it: lower case, split at anything not a letter or digit. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Adds a removed reading, once, keeping the newest MAX_IGNORED (the most a search takes). */
export function addIgnored(ignored: readonly IgnoredReading[], reading: Pick<Understood, 'id' | 'words'>): readonly IgnoredReading[] {
  if (ignored.some((r) => r.id === reading.id)) return ignored;
  return [...ignored, { id: reading.id, words: [...reading.words] }].slice(-MAX_IGNORED);
}

/**
 * The removed readings that still apply to new words. A Seller who removed "Under $100" and then adds "wireless"
 * expects the price to stay off; one who deletes "under $100" and later types it again (or types a new search)
 * expects it to be read afresh. So a removal lasts while every word it was read from is still in the text, and
 * goes with them.
 */
export function keepIgnored(ignored: readonly IgnoredReading[], text: string): readonly IgnoredReading[] {
  const present = new Set(wordsOf(text));
  const kept = ignored.filter((r) => present.size > 0 && r.words.flatMap(wordsOf).every((w) => present.has(w)));
  return kept.length === ignored.length ? ignored : kept;
}
