import { SHARINGS } from '../study/condition';
import { groupBy, ratio, type StudyConversation } from './conversations';

/**
 * How Sellers shared products (paper 000, section 3.3, "Seller sharing settings"; 5.3 compares them): per condition
 * and mode (I a link in the message, II "Share Now" of one product, III a list of several), the shares made, the
 * products they carried, the conversations with at least one, and shares per conversation of the condition.
 */
export interface ShareModeRow {
  condition: string;
  mode: string;
  shares: number;
  products: number;
  /** Conversations with at least one share in this mode. */
  conversationsWith: number;
  /** All conversations in the condition. */
  conversations: number;
  sharesPerConversation: number;
}

export function shareModes(conversations: readonly StudyConversation[]): ShareModeRow[] {
  return groupBy(conversations, (c) => c.condition).flatMap(([condition, convs]) => {
    const rows = new Map<string, { shares: number; products: number; conversationsWith: number }>();
    for (const c of convs) {
      const modes = new Set<string>();
      for (const { event: e } of c.events) {
        if (e.action !== 'share') continue;
        const row = rows.get(e.payload.mode) ?? { shares: 0, products: 0, conversationsWith: 0 };
        row.shares++;
        row.products += e.payload.productIds.length;
        if (!modes.has(e.payload.mode)) row.conversationsWith++;
        modes.add(e.payload.mode);
        rows.set(e.payload.mode, row);
      }
    }
    return SHARINGS.flatMap((mode) => {
      const row = rows.get(mode);
      return row ? [{ condition, mode, ...row, conversations: convs.length, sharesPerConversation: ratio(row.shares, convs.length) }] : [];
    });
  });
}
