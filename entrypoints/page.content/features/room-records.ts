import { logRoomRecord } from '@/lib/pilot/log-record';
import { firstValue } from '@/lib/observable';
import { defineFeature } from '../define-feature';

/**
 * The chat server's records on the chat page (the pilot room's: the Buyer's answer to a guess, share views, hovers on
 * shared cards, the end), each logged as the server's own event, so this browser's exports have the conversation's
 * outcome as the server's do. Read once the page context is known: nothing is logged before it.
 */
export default defineFeature({
  matches: 'chat',
  async start({ adapter, context, log }, signal) {
    const cards = (await adapter).cards;
    if (!cards) return;
    await firstValue(context);
    if (!signal.aborted) cards.records(document, signal, (r) => logRoomRecord(log, r));
  },
});
