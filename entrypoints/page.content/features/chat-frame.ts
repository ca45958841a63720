import { browser } from 'wxt/browser';
import { publishCoach } from '@/lib/coach/coach-publisher';
import { listenUntilAbort } from '@/lib/features/on-abort';
import { newId } from '@/lib/ids';
import { firstValue } from '@/lib/observable';
import { defineFeature } from '../define-feature';

/**
 * A chat in a frame (a support widget from another origin, configured under its own host): its coach runs here, and
 * the overlay in the tab's top page shows it and sends the Seller's commands back, through the background
 * (lib/rpc/frame-messages.ts). Nothing of it goes through window.postMessage, which the pages could read and forge.
 */
export default defineFeature({
  matches: 'chat',
  async start({ coach }, signal) {
    if (window.top === window) return;
    const controller = await firstValue(coach);
    const send = (message: unknown) =>
      void browser.runtime.sendMessage(message).catch(() => undefined /* no overlay yet: it says hello when it is */);
    const channel = publishCoach(controller, send, newId(), signal);
    const onMessage = (message: unknown, sender: { id?: string | undefined }) => {
      if (sender.id === browser.runtime.id) channel.receive(message);
      return undefined; // nothing to answer
    };
    listenUntilAbort(browser.runtime.onMessage, onMessage, signal);
  },
});
