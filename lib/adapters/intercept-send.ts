import { inputText, isHtml, type ChatAdapter } from './chat';
import { onChatWindows } from './chat-windows';
import { closestDeep, eventTargetMatch, queryAllDeep, queryDeep } from './deep-query';
import { isPicking } from './picking';

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
 * The events of one press on the send control, from the pointer going down to the click. Pages send on any of them
 * (ChatUI on mousedown, most on click): the first one asks the gate, and the rest of the press follows its answer.
 */
const PRESS_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'] as const;
const PRESS_STARTS: ReadonlySet<string> = new Set(['pointerdown', 'mousedown']);
/** The events that end a press, wherever they land (a press released off the button ends with no click). */
const PRESS_ENDS = ['pointerup', 'mouseup', 'pointercancel', 'click'] as const;

/**
 * Intercepts sending on a chat page: a send key in the chat input, a press on the send control, and a form submit,
 * caught in the capture phase on the window, before any of the page's own handlers. The chat's parts may be inside
 * open shadow roots (events are matched on their composed path) or in a readable frame (listeners go on the frame's
 * window too, and again when the frame reloads). One user action gets one decision: a key's keydown and its keyup
 * (some pages send on keyup), a press's pointerdown to its click (some send on mousedown), a click and the submit it
 * causes.
 */
export function interceptSend(doc: Document, adapter: ChatAdapter, gate: SendGate, signal: AbortSignal): SendControl {
  let decided: boolean | null = null; // the decision for the attempt being dispatched (Enter → submit, click → submit)
  let pressed: boolean | null = null; // the decision for the press on the send control under way (down → click)
  let keyHeld = false; // a send key's keydown was held: its keyup is held too
  let heldVia: SendVia = 'enter';
  let bypass = false;
  const settle = (allowed: boolean) => {
    decided = allowed;
    setTimeout(() => (decided = null)); // one user action dispatches its events in one task
  };
  const inputEl = () => queryDeep(doc, adapter.input);
  const controls = () => (adapter.send ? sendControls(doc, adapter.send) : []);

  const decide = (e: Event, via: SendVia) => {
    if (bypass || isPicking(doc)) return;
    if (decided === null) {
      const text = inputText(inputEl());
      if (!text.trim()) return; // nothing to send: the page does what it does with an empty message
      const allowed = gate(text, via);
      if (!allowed) heldVia = via;
      settle(allowed);
    }
    if (decided === false) hold(e);
  };

  const onPress = (e: Event) => {
    if (bypass || isPicking(doc) || !controls().some((c) => e.composedPath().includes(c))) return;
    if (PRESS_STARTS.has(e.type) && decided === null) pressed = null; // a new press (mousedown follows pointerdown in one task)
    if (pressed !== null && decided === null) settle(pressed); // a later event of a press already decided
    decide(e, 'button');
    if (PRESS_STARTS.has(e.type)) pressed = decided;
  };

  const listen = (win: Window) => {
    const opts = { capture: true, signal };
    win.addEventListener(
      'keydown',
      (e) => {
        const via = sendKeyOf(e, adapter);
        if (!via || !eventTargetMatch(e, adapter.input)) return;
        decide(e, via);
        keyHeld = decided === false;
      },
      opts,
    );
    win.addEventListener(
      'keyup',
      (e) => {
        // Pages that send on keyup (vue-advanced-chat) would send what the keydown held, modifiers released or not.
        if (bypass || e.key !== 'Enter' || !keyHeld || !eventTargetMatch(e, adapter.input)) return;
        keyHeld = false;
        hold(e);
      },
      opts,
    );
    // After the click that ends a press (dispatched in the same task as its pointerup), the next press is new. Added
    // first: a held event stops the listeners after it.
    for (const type of PRESS_ENDS) win.addEventListener(type, () => setTimeout(() => (pressed = null)), opts);
    for (const type of PRESS_EVENTS) win.addEventListener(type, onPress, opts);
    win.addEventListener(
      'submit',
      (e) => {
        const form = e.composedPath()[0];
        const input = inputEl();
        if (form && input && (form as Node).contains?.(input)) decide(e, 'enter');
      },
      opts,
    );
  };
  onChatWindows(doc, () => [inputEl(), ...controls()], listen, signal);

  return {
    input: inputEl,
    release() {
      bypass = true;
      keyHeld = false;
      try {
        const input = inputEl();
        const button = controls()[0];
        const form = input?.closest('form');
        // A press the Seller made on Send is replayed as a click (a count of 1, as the mouse's); Enter's is not one.
        if (button) pressOn(button, heldVia === 'button' ? 1 : 0);
        else if (form) form.requestSubmit();
        else if (input) pressEnter(input, heldVia === 'mod-enter' || !adapter.enterSends);
      } finally {
        bypass = false;
      }
    },
  };
}

/** Keeps an event from the page: no default action, no other listener. */
function hold(e: Event): void {
  e.preventDefault();
  e.stopImmediatePropagation();
}

/**
 * Presses and releases an element as a person does: pointer and mouse down and up, then the click (a button's own
 * click(), or a click event for what has none, an svg, or that replays a mouse's click), for pages that send on any
 * of them. `detail` is the click count: the logger (lib/logger/click.ts) files a click without one as no one's.
 */
function pressOn(el: Element, detail: number): void {
  const win = el.ownerDocument.defaultView;
  const Mouse = win?.MouseEvent ?? MouseEvent;
  const Pointer = win?.PointerEvent ?? Mouse;
  const init = { bubbles: true, cancelable: true, composed: true, button: 0 };
  el.dispatchEvent(new Pointer('pointerdown', { ...init, buttons: 1, pointerType: 'mouse', isPrimary: true }));
  el.dispatchEvent(new Mouse('mousedown', { ...init, buttons: 1 }));
  el.dispatchEvent(new Pointer('pointerup', { ...init, pointerType: 'mouse', isPrimary: true }));
  el.dispatchEvent(new Mouse('mouseup', init));
  if (isHtml(el) && detail === 0) el.click();
  else el.dispatchEvent(new Mouse('click', { ...init, detail }));
}

/**
 * Presses Enter in the input (with Ctrl when that is how the page sends), for pages whose only send is a key: keydown,
 * keypress unless the keydown was cancelled (as browsers do) and keyup, since pages send on any of the three.
 */
function pressEnter(input: Element, ctrlKey: boolean): void {
  const Keyboard = input.ownerDocument.defaultView?.KeyboardEvent ?? KeyboardEvent;
  const init = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13, ctrlKey, bubbles: true, cancelable: true, composed: true };
  if (input.dispatchEvent(new Keyboard('keydown', init))) input.dispatchEvent(new Keyboard('keypress', { ...init, charCode: 13 }));
  input.dispatchEvent(new Keyboard('keyup', init));
}
