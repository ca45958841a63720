import { groupBy, ratio, type StudyConversation } from './conversations';

/**
 * How conversations ended (paper 000, section 3.1, "Ending the conversation": after the minimum turns the Seller
 * may Guess, and the Buyer confirms or rejects it). Per condition, each conversation counts once by its last
 * Guess: accepted, rejected, or unanswered; or it had no Guess. A Seller may guess again after a rejection, so
 * `guesses` (all of them) can exceed the conversations that guessed.
 */
export interface GuessOutcomeRow {
  condition: string;
  conversations: number;
  guesses: number;
  accepted: number;
  rejected: number;
  unanswered: number;
  noGuess: number;
  /** accepted / conversations: the share of conversations that found the Buyer's product. */
  successRate: number;
  /** accepted / (accepted + rejected): how often an answered last Guess was right. */
  acceptanceRate: number;
}

type Ending = 'accepted' | 'rejected' | 'unanswered' | 'noGuess';

function endingOf(c: StudyConversation): { ending: Ending; guesses: number } {
  let ending: Ending = 'noGuess';
  let guesses = 0;
  for (const { event: e } of c.events) {
    if (e.action === 'guess') {
      guesses++;
      ending = 'unanswered';
    } else if (e.action === 'confirm' && ending === 'unanswered') ending = e.payload.accepted ? 'accepted' : 'rejected';
  }
  return { ending, guesses };
}

export function guessOutcomes(conversations: readonly StudyConversation[]): GuessOutcomeRow[] {
  return groupBy(conversations, (c) => c.condition).map(([condition, convs]) => {
    const counts: Record<Ending, number> = { accepted: 0, rejected: 0, unanswered: 0, noGuess: 0 };
    let guesses = 0;
    for (const c of convs) {
      const e = endingOf(c);
      counts[e.ending]++;
      guesses += e.guesses;
    }
    return {
      condition,
      conversations: convs.length,
      guesses,
      ...counts,
      successRate: ratio(counts.accepted, convs.length),
      acceptanceRate: ratio(counts.accepted, counts.accepted + counts.rejected),
    };
  });
}
