/**
 * How long after the last keystroke a page tells the other side its user has stopped typing. One value for the
 * Seller and the Buyer page, so both indicators behave alike.
 */
export const TYPING_IDLE_MS = 2000;

/**
 * A page's "is typing" signal: on at the first keystroke, off when the message is sent or after TYPING_IDLE_MS
 * without a keystroke (someone who stops mid-sentence is not typing any more). Says each change once.
 */
export class TypingSignal {
  private on = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (on: boolean) => void,
    private readonly idleMs = TYPING_IDLE_MS,
  ) {}

  /** The user typed something. */
  input(): void {
    if (!this.on) {
      this.on = true;
      this.send(true);
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.stop(), this.idleMs);
  }

  /** The message was sent, or the user went quiet. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.on) return;
    this.on = false;
    this.send(false);
  }
}
