import { FRAME_MESSAGES, isCoachCommandDown, isFrameHello, type CoachViewUp } from '../rpc/frame-messages';
import { publishView } from '../rpc/publish-view';
import { applyCoachCommand, type CoachHandle } from './handle';

/**
 * The chat frame's side of the channel to the overlay in its tab's top page: publishes the coach's view on every
 * change (and again when the overlay says hello), and runs the commands the overlay sends. `session` tells this
 * coach from one in an earlier document of the same frame.
 */
export function publishCoach(coach: CoachHandle, send: (message: CoachViewUp) => void, session: string, signal: AbortSignal) {
  const { republish } = publishView(coach.view, (seq, view) => send({ type: FRAME_MESSAGES.coachView, session, seq, view }), signal);
  return {
    /** A message from the extension: a command is run, a hello is answered with the view. True when it was one. */
    receive(message: unknown): boolean {
      if (signal.aborted) return false;
      if (isCoachCommandDown(message)) {
        applyCoachCommand(coach, message.command);
        return true;
      }
      if (isFrameHello(message)) {
        republish();
        return true;
      }
      return false;
    },
  };
}
