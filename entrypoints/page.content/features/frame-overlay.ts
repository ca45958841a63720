import { browser } from 'wxt/browser';
import type { CoachHandle } from '@/lib/coach/handle';
import { RemoteCoach } from '@/lib/coach/remote-coach';
import { listenUntilAbort } from '@/lib/features/on-abort';
import { observable } from '@/lib/observable';
import { FRAME_MESSAGES, isCoachViewDown, isShareViewDown, type CoachViewDown } from '@/lib/rpc/frame-messages';
import { RemoteShare } from '@/lib/share/remote-share';
import type { ShareHandle } from '@/lib/share/handle';
import { defineFeature } from '../define-feature';
import { mountPageOverlay } from '../mount-page-overlay';

/**
 * A top page that is not a chat itself but holds one in a frame of another origin (features/chat-frame.ts): the
 * overlay shows here, over the page, once that frame's coach first publishes its view, with stand-ins for the coach
 * and the share controller that run there.
 */
export default defineFeature({
  matches: 'product',
  start(deps, signal) {
    if (window.top !== window) return;
    const coach = observable<CoachHandle | null>(null);
    const share = observable<ShareHandle | null>(null);
    let remote: RemoteCoach | null = null;
    let remoteShare: RemoteShare | null = null;
    let url = '';
    const send = (message: unknown) => void browser.runtime.sendMessage(message).catch(() => undefined);
    const first = (m: CoachViewDown) => {
      remote = new RemoteCoach(m, send);
      coach.set(remote);
      void mountPageOverlay(deps, { coach, share, chatParts: () => frameOf(url) }, signal).catch((e: unknown) =>
        console.warn('[floorwalker] overlay for the chat frame', e),
      );
    };
    const onMessage = (message: unknown, sender: { id?: string | undefined }) => {
      if (sender.id !== browser.runtime.id) return undefined;
      if (isCoachViewDown(message)) {
        url = message.url;
        if (remote) remote.receive(message);
        else first(message);
      } else if (isShareViewDown(message)) {
        if (remoteShare) remoteShare.receive(message);
        else share.set((remoteShare = new RemoteShare(message, (up) => browser.runtime.sendMessage(up))));
      }
      return undefined;
    };
    listenUntilAbort(browser.runtime.onMessage, onMessage, signal);
    // A chat frame that published before this page listened does so again.
    send({ type: FRAME_MESSAGES.hello });
  },
});

/** The frame showing the chat (whose box the panel keeps clear): the iframe whose address has the chat's origin. */
function frameOf(url: string): Element[] {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return [];
  }
  const frames = [...document.querySelectorAll('iframe')].filter((f) => {
    try {
      return new URL(f.src, location.href).origin === origin;
    } catch {
      return false;
    }
  });
  return frames.slice(0, 1);
}
