import { DEFAULT_COACHING_SCHEMA } from '../coach/default-schema';
import { groupBy, ratio, type StudyConversation } from './conversations';

/**
 * How often coached Sellers chose each act (paper 000, Table 3's checklist; the acts are what a coached Seller
 * picks before each message), by condition: a Seller message labelled with several acts counts once for each.
 */
export interface ActFrequencyRow {
  condition: string;
  act: string;
  /** Seller messages labelled with the act. */
  messages: number;
  /** All Seller messages in the condition. */
  sellerMessages: number;
  /** messages / sellerMessages. */
  share: number;
}

/** The checklist's order (1, 2, 3, 3a, …), so the table reads like Table 3; acts of other schemas follow by name. */
const SCHEMA_ORDER = new Map(DEFAULT_COACHING_SCHEMA.acts.map((a, i) => [a.id, i]));

function byChecklist(a: string, b: string): number {
  const ia = SCHEMA_ORDER.get(a) ?? Infinity;
  const ib = SCHEMA_ORDER.get(b) ?? Infinity;
  return ia !== ib ? ia - ib : a < b ? -1 : a > b ? 1 : 0;
}

export function actFrequency(conversations: readonly StudyConversation[]): ActFrequencyRow[] {
  return groupBy(conversations, (c) => c.condition).flatMap(([condition, convs]) => {
    let sellerMessages = 0;
    const counts = new Map<string, number>();
    for (const c of convs)
      for (const { event: e } of c.events) {
        if (e.action !== 'utter' || e.agent !== 'Seller') continue;
        sellerMessages++;
        for (const act of new Set(e.payload.acts ?? [])) counts.set(act, (counts.get(act) ?? 0) + 1);
      }
    return [...counts.keys()].sort(byChecklist).map((act) => {
      const messages = counts.get(act) ?? 0;
      return { condition, act, messages, sellerMessages, share: ratio(messages, sellerMessages) };
    });
  });
}
