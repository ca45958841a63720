import type { EventOf, FwEvent } from '../events/event-schema';
import { buildConversation, type ConversationRecord } from '../export/conversation';
import { groupConversations } from '../export/formats';

/**
 * The researcher's summary of a set of events (this browser's, or a study export): conversations, and the
 * numbers behind the paper's charts. Pure, so the same figures come out of any context.
 */
export interface StudyStats {
  conversations: (ConversationRecord & { outcomeLabel: 'accepted' | 'rejected' | 'none' })[];
  /** Per condition, per turn (1-based): share of conversations reaching that turn with an image hover in it. */
  hoverRateByTurn: Record<string, { turn: number; rate: number; reached: number }[]>;
  actCounts: Record<string, number>;
  turnsHistogram: Record<number, number>;
  sharesByMode: Record<string, number>;
  /** Seller messages that used a suggested reply, out of all Seller messages. */
  suggestions: { used: number; sellerMessages: number; fraction: number };
}

export function studyStats(events: readonly FwEvent[]): StudyStats {
  const groups = groupConversations(events);
  const conversations: StudyStats['conversations'] = [];
  const hover: Record<string, Map<number, { reached: number; withHover: number }>> = {};
  const actCounts: Record<string, number> = {};
  const turnsHistogram: Record<number, number> = {};
  const sharesByMode: Record<string, number> = {};
  let used = 0;
  let sellerMessages = 0;

  for (const evs of groups) {
    const rec = buildConversation(evs);
    if (!rec) continue;
    conversations.push({ ...rec, outcomeLabel: rec.outcome ? (rec.outcome.accepted ? 'accepted' : 'rejected') : 'none' });
    turnsHistogram[rec.turnCount] = (turnsHistogram[rec.turnCount] ?? 0) + 1;
    // Walk the events, numbering turns as the export does (a Buyer message answered by the Seller ends one).
    let turn = 1;
    let lastSpeaker: string | null = null;
    const hovered = new Set<number>();
    for (const e of evs) {
      if (e.action === 'utter' && (e.agent === 'Buyer' || e.agent === 'Seller')) {
        if (e.agent === 'Seller') {
          sellerMessages++;
          if ((e as EventOf<'utter'>).payload.suggestion) used++;
          if (lastSpeaker === 'Buyer') turn++;
        }
        lastSpeaker = e.agent;
        for (const act of (e as EventOf<'utter'>).payload.acts ?? []) actCounts[act] = (actCounts[act] ?? 0) + 1;
      } else if (
        e.action === 'hover' &&
        ['product_image', 'result_image', 'shared_card'].includes((e as EventOf<'hover'>).payload.target)
      ) {
        hovered.add(turn);
      } else if (e.action === 'share') {
        const mode = (e as EventOf<'share'>).payload.mode;
        sharesByMode[mode] = (sharesByMode[mode] ?? 0) + 1;
      }
    }
    const reachedTurns = Math.max(1, rec.turnCount);
    const byTurn = (hover[rec.condition] ??= new Map());
    for (let t = 1; t <= reachedTurns; t++) {
      const cell = byTurn.get(t) ?? { reached: 0, withHover: 0 };
      cell.reached++;
      if (hovered.has(t)) cell.withHover++;
      byTurn.set(t, cell);
    }
  }
  const hoverRateByTurn: StudyStats['hoverRateByTurn'] = {};
  for (const [condition, byTurn] of Object.entries(hover)) {
    hoverRateByTurn[condition] = [...byTurn.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([turn, c]) => ({ turn, rate: c.withHover / c.reached, reached: c.reached }));
  }
  return {
    conversations,
    hoverRateByTurn,
    actCounts,
    turnsHistogram,
    sharesByMode,
    suggestions: { used, sellerMessages, fraction: sellerMessages ? used / sellerMessages : 0 },
  };
}
