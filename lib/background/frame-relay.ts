import {
  FRAME_MESSAGES,
  isCoachCommandUp,
  isCoachViewUp,
  isFrameHello,
  isShareCommandUp,
  isShareViewUp,
  type FrameMessageMap,
} from '../rpc/frame-messages';

/** The top frame of a tab, where the overlay is. */
export const TOP_FRAME_ID = 0;

/** Who sent a runtime message, as the browser says (not the message): its tab, its frame, its address. */
export interface FrameSender {
  tab?: { id?: number | undefined } | undefined;
  frameId?: number | undefined;
  url?: string | undefined;
}

export interface FrameTabs {
  /** To one frame of a tab, or, with no frameId, to every frame of it. */
  sendMessage(tabId: number, message: FrameMessageMap['down'], options?: { frameId: number }): Promise<unknown>;
}

/**
 * The background's side of the chat-frame channel (lib/rpc/frame-messages.ts). Stateless on purpose: the sender's tab
 * and frame come from the browser with every message, so a worker stopped between two messages forgets nothing.
 * A frame's view goes only to its own tab's top frame; a command only from a top frame to a frame of its own tab:
 * one tab's page cannot read or drive the coach of another.
 */
export function createFrameRelay(tabs: FrameTabs) {
  return {
    /**
     * Relays `message` when it is this channel's, resolving with the receiver's answer (a share command's ShareAnswer;
     * nothing for the others); null for any other message.
     */
    relay(message: unknown, sender: FrameSender): Promise<unknown> | null {
      const tabId = sender.tab?.id;
      const frameId = sender.frameId;
      if (tabId === undefined || frameId === undefined) return null;
      const send = (down: FrameMessageMap['down'], to?: number) =>
        tabs.sendMessage(tabId, down, ...(to === undefined ? [] : [{ frameId: to }]));
      if (isCoachViewUp(message)) {
        if (frameId === TOP_FRAME_ID) return null; // a chat in the top page has its overlay there
        const { session, seq, view } = message;
        return send({ type: FRAME_MESSAGES.coachView, session, seq, view, frameId, url: sender.url ?? '' }, TOP_FRAME_ID);
      }
      if (isCoachCommandUp(message)) {
        if (frameId !== TOP_FRAME_ID || message.frameId === TOP_FRAME_ID) return null;
        return send({ type: FRAME_MESSAGES.coachCommand, command: message.command }, message.frameId);
      }
      if (isShareViewUp(message)) {
        if (frameId === TOP_FRAME_ID) return null;
        const { session, seq, state } = message;
        return send({ type: FRAME_MESSAGES.shareView, session, seq, state, frameId, url: sender.url ?? '' }, TOP_FRAME_ID);
      }
      if (isShareCommandUp(message)) {
        if (frameId !== TOP_FRAME_ID || message.frameId === TOP_FRAME_ID) return null;
        return send({ type: FRAME_MESSAGES.shareCommand, command: message.command }, message.frameId);
      }
      if (isFrameHello(message)) {
        if (frameId !== TOP_FRAME_ID) return null;
        return send({ type: FRAME_MESSAGES.hello });
      }
      return null;
    },
  };
}
