import * as v from 'valibot';
import { parseOrThrow } from '../validation';

/**
 * The English lexicon extraction reads, as a file shipped with the extension: compromise's lexicon (word → part-of-speech
 * tags) reduced to the words and the few classes of word extraction asks about. It is made from the installed
 * compromise package (scripts/lexicon/generate.ts, run by the build) so the library itself, most of the background
 * script's size, stays out of every bundle: the worker fetches this data at its first extraction instead of parsing
 * the library at every start.
 *
 * Each list is the sorted words of one class joined by newlines (the JSON parse is then one string per list, and the
 * split is cheap); a word in several classes is in each of their lists, and `other` holds the words in none.
 */
export const LEXICON_PATH = 'lexicon.json';
export const LEXICON_KIND = 'floorwalker-lexicon';
export const LEXICON_FILE_FORMAT = 1;

/** The classes extraction asks about, each as the compromise tags that put a word in it. */
export const WORD_CLASSES = {
  /** "need", "wants", "broke": where a noun phrase such as a product name ends. */
  verb: ['Verb', 'Infinitive', 'PresentTense', 'PastTense', 'Gerund', 'Copula', 'Modal', 'Auxiliary', 'Participle'],
  /** "every", "on", "and", "just": never part of a product name. */
  function: ['Determiner', 'Preposition', 'Conjunction', 'Adverb', 'QuestionWord'],
  pronoun: ['Pronoun'],
} as const;
export type WordClass = keyof typeof WORD_CLASSES;
const CLASS_NAMES = Object.keys(WORD_CLASSES) as WordClass[];

/** Each class's bit in a word's class set; 0 is a word of no class asked about. */
export const CLASS_BIT: Readonly<Record<WordClass, number>> = { verb: 1, function: 2, pronoun: 4 };

/** compromise's lexicon as `nlp.model().one.lexicon` holds it: a word's tags as one comma-separated string or a list. */
export type TaggedLexicon = Readonly<Record<string, string | readonly string[]>>;

/** Word → the bits of its classes. */
export type WordClasses = ReadonlyMap<string, number>;

const WORD_SEPARATOR = '\n';

const FileSchema = v.object({
  kind: v.literal(LEXICON_KIND),
  format: v.literal(LEXICON_FILE_FORMAT),
  source: v.string(),
  count: v.number(),
  other: v.string(),
  verb: v.string(),
  function: v.string(),
  pronoun: v.string(),
});
type LexiconFile = v.InferOutput<typeof FileSchema>;

const tagsOf = (tags: string | readonly string[]): readonly string[] => (typeof tags === 'string' ? tags.split(',') : tags);

/** The file's text: deterministic (words sorted by code unit), so the same compromise always gives the same bytes. */
export function lexiconFileText(lexicon: TaggedLexicon, source: string): string {
  const lists: Record<WordClass | 'other', string[]> = { other: [], verb: [], function: [], pronoun: [] };
  const words = Object.keys(lexicon).sort();
  for (const word of words) {
    if (word.includes(WORD_SEPARATOR)) throw new Error(`The lexicon word ${JSON.stringify(word)} holds the list separator`);
    const tags = tagsOf(lexicon[word] ?? []);
    const classes = CLASS_NAMES.filter((c) => WORD_CLASSES[c].some((t) => tags.includes(t)));
    if (!classes.length) lists.other.push(word);
    for (const c of classes) lists[c].push(word);
  }
  const file: LexiconFile = {
    kind: LEXICON_KIND,
    format: LEXICON_FILE_FORMAT,
    source,
    count: words.length,
    other: lists.other.join(WORD_SEPARATOR),
    verb: lists.verb.join(WORD_SEPARATOR),
    function: lists.function.join(WORD_SEPARATOR),
    pronoun: lists.pronoun.join(WORD_SEPARATOR),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The file's words and classes, from its parsed JSON; a file of another format, or cut short, is refused. */
export function parseLexiconFile(json: unknown): WordClasses {
  const file = parseOrThrow(FileSchema, json, 'Invalid lexicon file');
  const classes = new Map<string, number>();
  const add = (list: string, bit: number) => {
    if (list) for (const word of list.split(WORD_SEPARATOR)) classes.set(word, (classes.get(word) ?? 0) | bit);
  };
  add(file.other, 0);
  for (const c of CLASS_NAMES) add(file[c], CLASS_BIT[c]);
  if (classes.size !== file.count) throw new Error(`Invalid lexicon file: ${classes.size} words where it says ${file.count}`);
  return classes;
}
