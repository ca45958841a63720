import { observable, type Observable } from '../observable';
import { FRAME_MESSAGES, type ShareCommandUp, type ShareViewDown } from '../rpc/frame-messages';
import { FrameViewOrder } from '../rpc/frame-view-order';
import type { SharedProduct } from '../storefront/product';
import type { ShareAnswer, ShareCommand, ShareHandle, ShareItem, ShareState } from './handle';
import type { ShareOutcome } from './outcome';

/**
 * The overlay's stand-in for a share controller that runs in a chat frame of another origin (as RemoteCoach is for
 * the coach): it shows the state the frame last published and sends the Seller's commands there, through the
 * background, resolving with the frame's answer. Shares are made and logged in the frame, where the chat is.
 */
export class RemoteShare implements ShareHandle {
  readonly state: Observable<ShareState>;
  private readonly order: FrameViewOrder;

  constructor(
    first: ShareViewDown,
    /** Sends a command up; resolves with what came back (the frame's answer, or nothing when it is gone). */
    private readonly send: (message: ShareCommandUp) => Promise<unknown>,
  ) {
    this.state = observable(first.state);
    this.order = new FrameViewOrder(first);
  }

  /** A state from the frame: newer ones win; a new session starts over. */
  receive(m: ShareViewDown): void {
    if (this.order.accept(m)) this.state.set(m.state);
  }

  setDraft(draft: ShareItem | null): void {
    void this.command({ op: 'setDraft', draft }).catch(() => undefined); // the status line says what went wrong
  }

  share(items: readonly ShareItem[], message?: string): Promise<ShareOutcome> {
    return this.command({ op: 'share', items: [...items], ...(message === undefined ? {} : { message }) }) as Promise<ShareOutcome>;
  }

  addToList(item: ShareItem): void {
    void this.command({ op: 'addToList', item }).catch(() => undefined);
  }

  removeFromList(id: string): void {
    void this.command({ op: 'removeFromList', id }).catch(() => undefined);
  }

  shareList(message?: string): Promise<ShareOutcome> {
    return this.command({ op: 'shareList', ...(message === undefined ? {} : { message }) }) as Promise<ShareOutcome>;
  }

  guess(product: SharedProduct): Promise<'sent' | 'queued'> {
    return this.command({ op: 'guess', product }) as Promise<'sent' | 'queued'>;
  }

  /** Runs a command in the frame: its result, or its error (which the frame's next state also shows). */
  private async command(command: ShareCommand): Promise<unknown> {
    const answer = await this.send({ type: FRAME_MESSAGES.shareCommand, frameId: this.order.frame, command }).catch(() => undefined);
    if (!isAnswer(answer)) {
      const text = 'The chat did not answer: is its frame still open? Reload the page to try again.';
      this.state.set({ ...this.state.get(), status: { kind: 'error', text } });
      throw new Error(text);
    }
    if (!answer.ok) throw new Error(answer.error);
    return answer.result;
  }
}

function isAnswer(a: unknown): a is ShareAnswer {
  if (typeof a !== 'object' || a === null || !('ok' in a)) return false;
  return a.ok === true ? 'result' in a : 'error' in a && typeof a.error === 'string';
}
