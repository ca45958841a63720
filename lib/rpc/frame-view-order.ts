import type { FrameViewStamp } from './frame-messages';

/**
 * Which views from a chat frame the overlay takes: newer ones win (messages may arrive out of order); a new session
 * (the frame reloaded, or another chat frame) starts over. Tracks the frame that views come from, where commands go.
 */
export class FrameViewOrder {
  private last: FrameViewStamp;

  constructor(first: FrameViewStamp) {
    this.last = { frameId: first.frameId, session: first.session, seq: first.seq };
  }

  /** Whether a view is newer than the last taken (and then it is the last). */
  accept(m: FrameViewStamp): boolean {
    const { frameId, session, seq } = this.last;
    if (m.session === session && m.frameId === frameId && m.seq <= seq) return false;
    this.last = { frameId: m.frameId, session: m.session, seq: m.seq };
    return true;
  }

  /** The frame the views come from. */
  get frame(): number {
    return this.last.frameId;
  }
}
