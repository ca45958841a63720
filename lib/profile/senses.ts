import type { Match } from './terms';

/**
 * Word-sense guards: words the extractor knows in one sense that Buyers also use in another. "My vet said to
 * switch" is changing food, not a Nintendo Switch; "I make beats" is music, not the brand; "90 max" is a budget
 * bound, not maximal cushioning.
 */
type Guard = (tokens: readonly string[], start: number, end: number) => boolean;

const at = (tokens: readonly string[], i: number) => tokens[i] ?? '';
const isNumber = (t: string) => /^\$?\d/.test(t);

/** After "switch": it is a change ("switch to grain free", "switch from wired", "switch brands"). */
const CHANGE_AFTER = new Set([
  'to',
  'from',
  'over',
  'back',
  'brands',
  'it',
  'him',
  'her',
  'them',
  'up',
  'out',
  'between',
  'foods',
  'food',
  'formulas',
]);
/** Before "switch": it is the verb ("said to switch", "we might switch"). */
const VERB_BEFORE = new Set([
  'to',
  'will',
  'would',
  'should',
  'could',
  'can',
  'gonna',
  'wanna',
  'might',
  'lets',
  'please',
  'and',
  'i',
  'we',
  'you',
  'may',
]);
const PRODUCE = new Set(['make', 'making', 'made', 'makes', 'produce', 'producing', 'produces', 'drop', 'dropping', 'mix', 'mixing']);
/** Before "read": it was read already ("she's read all of them"), not what the product is for. */
const PERFECT = new Set(['has', 'have', 'hes', 'shes', 'ive', 'weve', 'theyve', 'youve', 'already', 'had', 'never', 'havent', 'hasnt']);
/** Around "ideas": asking for suggestions ("any ideas for a 10 year old"), not LEGO Ideas. */
const SUGGESTION_BEFORE = new Set(['any', 'some', 'got', 'good', 'gift', 'no', 'your', 'other', 'more', 'great']);

const GUARDS: Record<string, Guard> = {
  switch: (t, s, e) => CHANGE_AFTER.has(at(t, e)) || VERB_BEFORE.has(at(t, s - 1)),
  beats: (t, s) => PRODUCE.has(at(t, s - 1)),
  max: (t, s, e) => isNumber(at(t, s - 1)) || isNumber(at(t, e)) || at(t, s - 1) === 'budget' || at(t, s - 1) === 'is',
  read: (t, s) => PERFECT.has(at(t, s - 1)),
  ideas: (t, s, e) => SUGGESTION_BEFORE.has(at(t, s - 1)) || at(t, e) === 'for' || at(t, e) === 'on',
};

/** Whether a one-word match is used here in its other sense. */
export function otherSense(tokens: readonly string[], m: Pick<Match<unknown>, 'start' | 'end'>): boolean {
  if (m.end - m.start !== 1) return false;
  const guard = GUARDS[at(tokens, m.start)];
  return guard ? guard(tokens, m.start, m.end) : false;
}
