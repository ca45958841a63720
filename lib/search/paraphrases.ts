import table from './paraphrases.json';

/**
 * Words a shopper may use that the shopping thesaurus (lib/search/lexicon.ts) does not list, each with the listed
 * word nearest in meaning ("obese" → overweight). Made offline from GloVe word vectors by
 * scripts/lexicon/paraphrases.ts: the extension ships the pairs, not the vectors, and nothing is downloaded.
 */
const PARAPHRASES: ReadonlyMap<string, string> = new Map(Object.entries((table as { pairs: Record<string, string> }).pairs));

export function nearestListed(word: string): string | undefined {
  return PARAPHRASES.get(word);
}
