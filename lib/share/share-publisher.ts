import { FRAME_MESSAGES, isFrameHello, isShareCommandDown, type ShareViewUp } from '../rpc/frame-messages';
import { publishView } from '../rpc/publish-view';
import { applyShareCommand, type ShareAnswer, type ShareHandle } from './handle';

/**
 * The chat frame's share controller, published to the overlay in its tab's top page as the coach is
 * (coach-publisher.ts): its state on every change and on hello; the overlay's commands run here, and answered.
 */
export function publishShare(share: ShareHandle, send: (message: ShareViewUp) => void, session: string, signal: AbortSignal) {
  const { republish } = publishView(share.state, (seq, state) => send({ type: FRAME_MESSAGES.shareView, session, seq, state }), signal);
  return {
    /**
     * A message from the extension: a command is run and its answer returned (to send back), a hello is answered
     * with the state (true); null for anything else.
     */
    receive(message: unknown): Promise<ShareAnswer> | true | null {
      if (signal.aborted) return null;
      if (isShareCommandDown(message)) return applyShareCommand(share, message.command);
      if (isFrameHello(message)) {
        republish();
        return true;
      }
      return null;
    },
  };
}
