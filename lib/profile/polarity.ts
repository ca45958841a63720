import { isBreak, type Cue } from './cues';
import { isPronoun, isVerb } from './lexicon';
import type { Match } from './terms';

/**
 * Whether the Buyer wants what a phrase names, from the words around it. A negation reaches over the rest of its
 * clause ("I don't need GPS or a heart rate monitor") until a comma or "but", "just"/"only"/"instead", or a new
 * subject starts another thought ("she doesn't need GPS she just wants her texts"); a negated liking is a
 * dislike ("she doesn't like chicken").
 */

/** Words that end a negation's reach without a comma: "no GPS just steps", "not nike, only brooks". */
const SCOPE_STOPS = new Set([
  'just',
  'only',
  'instead',
  'except',
  'unless',
  'because',
  'cause',
  'cuz',
  'since',
  'so',
  'then',
  'maybe',
  'perhaps',
]);
/** Negations that turn a liking right after them around ("doesn't like"); "no, i like nike" keeps it. */
const VERB_NEGATIONS = new Set(['not', 'dont', 'doesnt', 'didnt', 'never', 'wouldnt', 'wont', 'cant', 'isnt', 'arent', 'wasnt']);
/** After these a new subject still belongs to the negation ("I don't think she needs GPS"). */
const NEGATION_RAISERS = new Set(['think', 'guess', 'believe', 'suppose', 'reckon', 'know', 'say', 'said', 'want', 'need']);
/** Words before "like" that make it the verb (to like) rather than a filler or a comparison ("like 8 months"). */
const LIKE_SUBJECTS = new Set([
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'really',
  'also',
  'do',
  'does',
  'did',
  'would',
  'id',
  'wed',
  'theyd',
  'still',
  'both',
  'totally',
  'usually',
  'always',
  'kinda',
  'definitely',
  'dont',
  'doesnt',
  'didnt',
  'wouldnt',
  'not',
  'might',
  'may',
  'actually',
  'generally',
  'mostly',
]);
/** A negation directly before a liking turns it around: "doesn't like", "never really liked". */
const NEGATED_LIKING_GAP = 2;

/** For each token, the index where its clause starts; a "but" inside a cue ("anythng but nike") is no break. */
export function clauseStarts(tokens: readonly string[], cues: readonly Match<Cue[]>[]): number[] {
  const inCue = new Set<number>();
  for (const c of cues) for (let i = c.start; i < c.end; i++) inCue.add(i);
  const starts: number[] = [];
  let start = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (isBreak(tokens, i) && !inCue.has(i)) start = i + 1;
    starts.push(start);
  }
  return starts;
}

export function clauseEndAt(starts: readonly number[], i: number): number {
  let j = i + 1;
  while (j < starts.length && starts[j] === starts[i]) j++;
  return j; // exclusive: the break token (or the message's end) ends the clause
}

/** "like" said as a verb: after a subject or an adverb ("i like", "really like"), never "like 8 months". */
function isLiking(tokens: readonly string[], c: Match<Cue[]>): boolean {
  if (tokens[c.start] !== 'like' || c.end - c.start > 1) return true;
  return LIKE_SUBJECTS.has(tokens[c.start - 1] ?? '') && !/^\d/.test(tokens[c.end] ?? '');
}

/** Whether something between a cue and the phrase it would reach ends its reach. */
function scopeEnds(tokens: readonly string[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const t = tokens[i] ?? '';
    if (SCOPE_STOPS.has(t) && !(t === 'just' && tokens[i - 1] === 'not')) return true;
    // A new subject with its own verb: "... she just wants", "... i need".
    if (i > from && isPronoun(t) && t !== 'it' && !NEGATION_RAISERS.has(tokens[i - 1] ?? '')) {
      const next = tokens[i + 1] ?? '';
      if (isVerb(next) || isVerb(tokens[i + 2] ?? '')) return true;
    }
  }
  return false;
}

/** Whether the words around match `m` want it (null: they do not say). */
export function liked(
  tokens: readonly string[],
  cues: readonly Match<Cue[]>[],
  m: Pick<Match<unknown>, 'start' | 'end'>,
  clauseStart: number,
  clauseEnd: number,
): boolean | null {
  let state: boolean | null = null;
  let lastNegEnd = -Infinity;
  let lastEnd = clauseStart;
  for (const c of cues) {
    if (c.start < clauseStart || c.end > m.start) continue;
    const neg = c.value.includes('neg');
    const pos = c.value.includes('pos') && isLiking(tokens, c);
    if (!neg && !pos) continue;
    if (pos && !neg) state = state === false && c.start - lastNegEnd <= NEGATED_LIKING_GAP ? false : true;
    else state = false;
    if (neg && VERB_NEGATIONS.has(tokens[c.end - 1] ?? '')) lastNegEnd = c.end;
    lastEnd = c.end;
  }
  if (state !== null && !scopeEnds(tokens, lastEnd, m.start)) return state;
  for (const c of cues) {
    if (c.start < m.end || c.end > clauseEnd) continue;
    if (c.value.includes('after-neg')) return false;
    if (c.value.includes('after-pos') || (c.value.includes('pos') && isLiking(tokens, c))) return true;
  }
  return null;
}
