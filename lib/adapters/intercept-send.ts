import { inputText, isHtml, type ChatAdapter } from './chat';
import { onChatWindows } from './chat-windows';
import { closestDeep, eventTargetMatch, queryAllDeep, queryDeep } from './deep-query';

/** How a send was attempted: Enter, Ctrl/⌘+Enter, or a click on the send control. */
export type SendVia = 'enter' | 'mod-enter' | 'button';

/**
 * Decides each attempt to send: true lets the page send, false holds the message (the page never sees the Enter
 * or the click). It is asked once per attempt, even when a click also submits a form.
 */
export type SendGate = (text: string, via: SendVia) => boolean;

export interface SendControl {
  /** Sends what is in the input now, through the page's own send path, without asking the gate. */
  release(): void;
  input(): Element | null;
}

/**
 * What a click on a send control is a click on: the picked element may be an icon or a label inside the button
 * (an `<svg>`, its `<path>`, a `<span>`), and the whole button sends, its edge as much as its icon.
 */
export const SEND_CONTROL = 'button, [role="button"], input[type="submit"], input[type="button"]';

/** The send controls a selector names, each as its button (see SEND_CONTROL) when it is inside one. */
export function sendControls(doc: Document, selector: string): Element[] {
  return [...new Set(queryAllDeep(doc, selector).map((el) => closestDeep(el, SEND_CONTROL) ?? el))];
}

/** Whether a keydown is one of the adapter's send keys: Enter, or Ctrl/⌘+Enter; never Shift+Enter or IME input. */
export function sendKeyOf(e: KeyboardEvent, adapter: ChatAdapter): SendVia | null {
  // 229: the key that ends an IME composition in browsers that do not set isComposing on it.
  if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.isComposing || e.keyCode === 229) return null;
  const mod = e.ctrlKey || e.metaKey;
  if (!mod) return adapter.enterSends ? 'enter' : null;
  return adapter.modEnterSends && e.ctrlKey !== e.metaKey ? 'mod-enter' : null;
}

/**
 * Intercepts sending on a chat page: a send key in the chat input, a click on the send control, and a form submit,
 * caught in the capture phase on the window, before any of the page's own handlers. The chat's parts may be inside
 * open shadow roots (events are matched on their composed path) or in a readable frame (listeners go on the frame's
 * window too, and again when the frame reloads).
 */
export function interceptSend(doc: Document, adapter: ChatAdapter, gate: SendGate, signal: AbortSignal): SendControl {
  let decided: boolean | null = null; // the decision for the attempt being dispatched (Enter → submit, click → submit)
  let heldVia: SendVia = 'enter';
  let bypass = false;
  const settle = (allowed: boolean) => {
    decided = allowed;
    setTimeout(() => (decided = null)); // one user action dispatches its events in one task
  };
  const inputEl = () => queryDeep(doc, adapter.input);
  const controls = () => (adapter.send ? sendControls(doc, adapter.send) : []);

  const decide = (e: Event, via: SendVia) => {
    if (bypass) return;
    if (decided === null) {
      const text = inputText(inputEl());
      if (!text.trim()) return; // nothing to send: the page does what it does with an empty message
      const allowed = gate(text, via);
      if (!allowed) heldVia = via;
      settle(allowed);
    }
    if (decided === false) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };

  const listen = (win: Window) => {
    win.addEventListener(
      'keydown',
      (e) => {
        const via = sendKeyOf(e, adapter);
        if (via && eventTargetMatch(e, adapter.input)) decide(e, via);
      },
      { capture: true, signal },
    );
    win.addEventListener(
      'click',
      (e) => {
        const path = e.composedPath();
        if (controls().some((c) => path.includes(c))) decide(e, 'button');
      },
      { capture: true, signal },
    );
    win.addEventListener(
      'submit',
      (e) => {
        const form = e.composedPath()[0];
        const input = inputEl();
        if (form && input && (form as Node).contains?.(input)) decide(e, 'enter');
      },
      { capture: true, signal },
    );
  };
  onChatWindows(doc, () => [inputEl(), ...controls()], listen, signal);

  return {
    input: inputEl,
    release() {
      bypass = true;
      try {
        const input = inputEl();
        const button = controls()[0];
        const form = input?.closest('form');
        if (button) clickOn(button);
        else if (form) form.requestSubmit();
        else if (input) pressEnter(input, heldVia === 'mod-enter' || !adapter.enterSends);
      } finally {
        bypass = false;
      }
    },
  };
}

/** Clicks an element as a person would: a button's own click(), or a click event for what has none (an svg). */
function clickOn(el: Element): void {
  if (isHtml(el)) el.click();
  else {
    const Mouse = el.ownerDocument.defaultView?.MouseEvent ?? MouseEvent;
    el.dispatchEvent(new Mouse('click', { bubbles: true, cancelable: true, composed: true }));
  }
}

/** Presses Enter in the input (with Ctrl when that is how the page sends), for pages whose only send is a key. */
function pressEnter(input: Element, ctrlKey: boolean): void {
  const Keyboard = input.ownerDocument.defaultView?.KeyboardEvent ?? KeyboardEvent;
  const init = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13, ctrlKey, bubbles: true, cancelable: true, composed: true };
  input.dispatchEvent(new Keyboard('keydown', init));
}
