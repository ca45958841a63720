import nlp from 'compromise';

/**
 * compromise's English lexicon (word → part-of-speech tags), read without running its tagger: a full parse costs
 * about a millisecond a phrase, a lookup nothing. It tells typos from ordinary words and verbs from nouns.
 */
const lexicon = (nlp.model() as { one: { lexicon: Record<string, string | readonly string[]> } }).one.lexicon;

export const isWord = (token: string): boolean => token in lexicon;

function tagsOf(token: string): readonly string[] {
  const t = lexicon[token];
  return t === undefined ? [] : typeof t === 'string' ? t.split(',') : t;
}

const VERB_TAGS = new Set(['Verb', 'Infinitive', 'PresentTense', 'PastTense', 'Gerund', 'Copula', 'Modal', 'Auxiliary', 'Participle']);

/** A verb in the lexicon ("need", "wants", "broke"): where a noun phrase such as a product name ends. */
export const isVerb = (token: string): boolean => tagsOf(token).some((t) => VERB_TAGS.has(t));

/** A determiner, preposition, conjunction or adverb ("every", "on", "and", "just"): never part of a product name. */
export const isFunctionWord = (token: string): boolean =>
  tagsOf(token).some((t) => t === 'Determiner' || t === 'Preposition' || t === 'Conjunction' || t === 'Adverb' || t === 'QuestionWord');

export const isPronoun = (token: string): boolean => tagsOf(token).includes('Pronoun');
