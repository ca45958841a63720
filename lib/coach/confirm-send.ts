import type { ChatMessage } from '../adapters/chat';
import type { PayloadOf } from '../events/event-schema';

/** What the Seller is told when a message they sent never showed in the chat. */
export const PAGE_DROPPED_SEND = 'The page did not send your message, so it is not logged as said. Send it again.';

/**
 * Text as compared between what was sent (read from the input) and what the chat shows: pages collapse spaces and
 * line breaks when they render a message, so runs of white space count as one space.
 */
const comparable = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Which of the sends waiting for confirmation a Seller message in the chat is, or -1: the one with its id, when the
 * page names its messages by the id the coach gave (the pilot chat); else the first with the same text; else the
 * first whose text the message holds (a message whose text part was not configured also shows its time).
 */
export function confirmedSend(m: ChatMessage, pending: readonly { id: string; payload: PayloadOf<'utter'> }[]): number {
  const byId = m.id === null ? -1 : pending.findIndex((p) => p.id === m.id);
  if (byId >= 0) return byId;
  const shown = comparable(m.text);
  if (!shown) return -1;
  const same = pending.findIndex((p) => comparable(p.payload.text) === shown);
  return same >= 0 ? same : pending.findIndex((p) => shown.includes(comparable(p.payload.text)));
}
