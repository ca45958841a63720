import { observable, type Observable } from '../observable';
import type { ProfileOp } from '../profile/memory';
import { FRAME_MESSAGES, type CoachCommandUp, type CoachViewDown } from '../rpc/frame-messages';
import { FrameViewOrder } from '../rpc/frame-view-order';
import type { CoachView } from './controller';
import type { CoachCommand, CoachHandle } from './handle';

/**
 * The overlay's stand-in for a coach that runs in a chat frame of another origin: it shows the view the frame last
 * published and sends the Seller's commands to that frame (through the background, see lib/rpc/frame-messages.ts).
 * What a command changes comes back as the frame's next view, so the stand-in keeps no coaching state of its own.
 */
export class RemoteCoach implements CoachHandle {
  readonly view: Observable<CoachView>;
  private readonly order: FrameViewOrder;

  constructor(
    first: CoachViewDown,
    private readonly send: (message: CoachCommandUp) => void,
  ) {
    this.view = observable(first.view);
    this.order = new FrameViewOrder(first);
  }

  /** A view from the frame: newer ones win; a new session (the frame reloaded, or another chat frame) starts over. */
  receive(m: CoachViewDown): void {
    if (this.order.accept(m)) this.view.set(m.view);
  }

  /** The frame the coach runs in. */
  get frame(): number {
    return this.order.frame;
  }

  clickAct(act: string): void {
    this.command({ op: 'clickAct', act });
  }

  cancel(): void {
    this.command({ op: 'cancel' });
  }

  useSuggestion(id: string): void {
    this.command({ op: 'useSuggestion', id });
  }

  /** Resolves once sent: the change (or why it failed) shows in the frame's next view. */
  changeProfile(change: ProfileOp): Promise<void> {
    this.command({ op: 'changeProfile', change });
    return Promise.resolve();
  }

  private command(command: CoachCommand): void {
    this.send({ type: FRAME_MESSAGES.coachCommand, frameId: this.order.frame, command });
  }
}
