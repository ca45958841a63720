import { mean } from 'd3-array';
import type { FwEvent } from '../events/event-schema';
import { groupBy, ratio, type StudyConversation } from './conversations';

/**
 * Paper 000, Appendix D: a retrieval agent suggests Seller replies, and "if the Seller used the agent response without
 * editing in three of five turns, then f = 0.6". Per condition: Seller messages sent as suggested, edited from a
 * suggestion, or written anew; f per conversation (as-is suggestions over its Seller messages), its mean over the
 * conversations with a Seller message, and how many of those never sent one as is (the paper's "0" group).
 */
export interface SuggestionUseRow {
  condition: string;
  sellerMessages: number;
  asIs: number;
  edited: number;
  /** asIs / sellerMessages. */
  asIsShare: number;
  /** (asIs + edited) / sellerMessages. */
  usedShare: number;
  /** Conversations with at least one Seller message. */
  conversations: number;
  meanF: number;
  /** Conversations whose f is 0. */
  fZero: number;
}

interface Counts {
  sellerMessages: number;
  asIs: number;
  edited: number;
}

/** Seller messages, and those sent from a suggestion as is or edited, among `events`. */
export function suggestionCounts(events: Iterable<FwEvent>): Counts {
  const counts: Counts = { sellerMessages: 0, asIs: 0, edited: 0 };
  for (const e of events) {
    if (e.action !== 'utter' || e.agent !== 'Seller') continue;
    counts.sellerMessages++;
    if (e.payload.suggestion?.usedAs === 'as_is') counts.asIs++;
    else if (e.payload.suggestion?.usedAs === 'edited') counts.edited++;
  }
  return counts;
}

export function suggestionUse(conversations: readonly StudyConversation[]): SuggestionUseRow[] {
  return groupBy(conversations, (c) => c.condition).map(([condition, convs]) => {
    const per = convs.map((c) => suggestionCounts(c.events.map((t) => t.event))).filter((n) => n.sellerMessages > 0);
    const sum = (k: keyof Counts) => per.reduce((s, n) => s + n[k], 0);
    const f = per.map((n) => n.asIs / n.sellerMessages);
    const sellerMessages = sum('sellerMessages');
    return {
      condition,
      sellerMessages,
      asIs: sum('asIs'),
      edited: sum('edited'),
      asIsShare: ratio(sum('asIs'), sellerMessages),
      usedShare: ratio(sum('asIs') + sum('edited'), sellerMessages),
      conversations: per.length,
      meanF: mean(f) ?? 0,
      fZero: f.filter((x) => x === 0).length,
    };
  });
}
