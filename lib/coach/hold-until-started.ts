import type { ChatAdapter } from '../adapters/chat';
import { interceptSend } from '../adapters/intercept-send';

export interface HoldUntilStarted {
  /** Stops holding; says whether the Seller tried to send meanwhile (what they tried is still in the input). */
  stop(): boolean;
}

/**
 * Holds every send on a chat page from the moment the chat is known until the coach has started: it needs the
 * study's schema and the conversation's state from the service worker first (a few round trips; more when the worker
 * was stopped), and a message sent meanwhile would go out with no act. The coach takes up a send held here once it
 * has started (CoachController.retryHeldSend).
 */
export function holdSendsUntilStarted(doc: Document, adapter: ChatAdapter, signal: AbortSignal): HoldUntilStarted {
  const stopped = new AbortController();
  let tried = false;
  interceptSend(
    doc,
    adapter,
    () => {
      tried = true;
      return false;
    },
    AbortSignal.any([signal, stopped.signal]),
  );
  return {
    stop() {
      stopped.abort();
      return tried;
    },
  };
}
