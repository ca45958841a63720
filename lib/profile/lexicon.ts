import { CLASS_BIT, parseLexiconFile, type WordClasses } from './lexicon-file';

/**
 * compromise's English lexicon, as the classes extraction asks about (lib/profile/lexicon-file.ts): it tells typos
 * from ordinary words and verbs from nouns, by lookup alone (compromise's full parse costs about a millisecond a
 * phrase). It is data loaded once, at the first extraction: callers `await ensureLexicon(read)` and the questions
 * below then answer synchronously, so extraction stays pure. In the background this is a cache of a file shipped
 * with the extension, read again after the worker restarts; Node (tests, scripts) installs the same file.
 */
let classes: WordClasses | null = null;
let loading: Promise<void> | null = null;

/** Installs the lexicon from the file's parsed JSON, replacing any loaded before. */
export function installLexicon(file: unknown): void {
  classes = parseLexiconFile(file);
}

export const lexiconLoaded = (): boolean => classes !== null;

/** Loads the lexicon with `read` (the file's parsed JSON) unless it is loaded; concurrent callers share one read, and a failed read is tried again by the next caller. */
export function ensureLexicon(read: () => Promise<unknown>): Promise<void> {
  if (classes) return Promise.resolve();
  loading ??= read()
    .then(installLexicon)
    .finally(() => {
      loading = null;
    });
  return loading;
}

function classesOf(token: string): number | undefined {
  if (!classes) throw new Error('The lexicon is not loaded: await ensureLexicon() before reading text');
  return classes.get(token);
}

const inClass = (token: string, bit: number): boolean => ((classesOf(token) ?? 0) & bit) !== 0;

export const isWord = (token: string): boolean => classesOf(token) !== undefined;

/** A verb in the lexicon ("need", "wants", "broke"): where a noun phrase such as a product name ends. */
export const isVerb = (token: string): boolean => inClass(token, CLASS_BIT.verb);

/** A determiner, preposition, conjunction or adverb ("every", "on", "and", "just"): never part of a product name. */
export const isFunctionWord = (token: string): boolean => inClass(token, CLASS_BIT.function);

export const isPronoun = (token: string): boolean => inClass(token, CLASS_BIT.pronoun);
