import { browser } from 'wxt/browser';
import { publishCoach } from '@/lib/coach/coach-publisher';
import { listenUntilAbort } from '@/lib/features/on-abort';
import { newId } from '@/lib/ids';
import { firstValue } from '@/lib/observable';
import { isShareCommandDown } from '@/lib/rpc/frame-messages';
import { publishShare } from '@/lib/share/share-publisher';
import { defineFeature } from '../define-feature';

/**
 * A chat in a frame (a support widget from another origin, configured under its own host): its coach and share
 * controller run here, and the overlay in the tab's top page shows them and sends the Seller's commands back,
 * through the background (lib/rpc/frame-messages.ts). Nothing of it goes through window.postMessage, which the
 * pages could read and forge.
 */
export default defineFeature({
  matches: 'chat',
  async start({ coach, share }, signal) {
    if (window.top === window) return;
    const send = (message: unknown) =>
      void browser.runtime.sendMessage(message).catch(() => undefined /* no overlay yet: it says hello when it is */);
    const session = newId();
    const coaching = publishCoach(await firstValue(coach), send, session, signal);
    // The share feature starts on its own: its commands are answered once it has.
    const sharing = firstValue(share).then((s) => publishShare(s, send, session, signal));
    const onMessage = (message: unknown, sender: { id?: string | undefined }, sendResponse: (answer: unknown) => void) => {
      if (sender.id !== browser.runtime.id || coaching.receive(message)) return undefined;
      const command = isShareCommandDown(message);
      void sharing.then((channel) => {
        const answer = channel.receive(message);
        if (answer instanceof Promise) void answer.then(sendResponse);
      });
      return command || undefined; // a share command is answered asynchronously
    };
    listenUntilAbort(browser.runtime.onMessage, onMessage, signal);
  },
});
