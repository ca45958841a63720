import * as v from 'valibot';

/**
 * A conversation's coaching state: how often each act was used, the last act, and the turns so far (one turn =
 * a Buyer message answered by the Seller, as in the paper). Kept by the background per conversation, so a reload
 * does not reset limits such as "ask the budget at most once".
 */
export const CoachStateSchema = v.object({
  counts: v.record(v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer(), v.minValue(0))),
  last: v.nullable(v.pipe(v.string(), v.maxLength(40))),
  turns: v.pipe(v.number(), v.integer(), v.minValue(0)),
  lastSpeaker: v.nullable(v.picklist(['buyer', 'seller'])),
});
export type CoachState = v.InferOutput<typeof CoachStateSchema>;

export const EMPTY_COACH_STATE: CoachState = { counts: {}, last: null, turns: 0, lastSpeaker: null };

/** Storage key of a conversation's state in the settings table: this prefix, then the conversation. */
export const COACH_STATE_PREFIX = 'coach:';
export const coachStateKey = (conversation: string) => `${COACH_STATE_PREFIX}${conversation}`;

/** A message was sent or received: a Seller message answering the Buyer completes a turn. */
export function afterMessage(state: CoachState, sender: 'buyer' | 'seller', acts: readonly string[] = []): CoachState {
  const counts = { ...state.counts };
  for (const a of acts) counts[a] = (counts[a] ?? 0) + 1;
  return {
    counts,
    last: acts.at(-1) ?? state.last,
    turns: state.turns + (sender === 'seller' && state.lastSpeaker === 'buyer' ? 1 : 0),
    lastSpeaker: sender,
  };
}
