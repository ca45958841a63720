import type { FwEvent } from '../events/event-schema';
import { buildConversation, type ConversationRecord } from '../export/conversation';
import { groupConversations } from '../export/formats';
import { suggestionCounts } from './suggestion-use';

/**
 * The researcher's list of conversations (this browser's, or a study export's) and the share of Seller messages
 * sent from a suggested reply. The paper's measures are in the study report (study-report.ts).
 */
export interface StudyStats {
  conversations: (ConversationRecord & { outcomeLabel: 'accepted' | 'rejected' | 'none' })[];
  /** Seller messages that used a suggested reply (as is or edited), out of all Seller messages. */
  suggestions: { used: number; sellerMessages: number; fraction: number };
}

export function studyStats(events: readonly FwEvent[]): StudyStats {
  const groups = groupConversations(events);
  const conversations = groups.flatMap((evs) => {
    const rec = buildConversation(evs);
    if (!rec) return [];
    const outcomeLabel = rec.outcome ? (rec.outcome.accepted ? ('accepted' as const) : ('rejected' as const)) : ('none' as const);
    return [{ ...rec, outcomeLabel }];
  });
  const n = suggestionCounts(groups.flat());
  const used = n.asIs + n.edited;
  return {
    conversations,
    suggestions: { used, sellerMessages: n.sellerMessages, fraction: n.sellerMessages ? used / n.sellerMessages : 0 },
  };
}
