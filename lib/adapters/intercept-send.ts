import { inputText, type ChatAdapter } from './chat';

export type SendVia = 'enter' | 'button';

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
 * Intercepts sending on a chat page: Enter in the chat input, a click on the send control, and a form submit,
 * caught in the capture phase on the window, before any of the page's own handlers.
 */
export function interceptSend(doc: Document, adapter: ChatAdapter, gate: SendGate, signal: AbortSignal): SendControl {
  const win = doc.defaultView ?? window;
  let decided: boolean | null = null; // the decision for the attempt being dispatched (Enter → submit, click → submit)
  let bypass = false;
  const settle = (allowed: boolean) => {
    decided = allowed;
    setTimeout(() => (decided = null)); // one user action dispatches its events in one task
  };
  const inputEl = () => doc.querySelector(adapter.input);
  const targetOf = (e: Event) => (e.composedPath()[0] instanceof Element ? (e.composedPath()[0] as Element) : null);

  const decide = (e: Event, via: SendVia) => {
    if (bypass) return;
    if (decided === null) {
      const text = inputText(inputEl());
      if (!text.trim()) return; // nothing to send: the page does what it does with an empty message
      settle(gate(text, via));
    }
    if (decided === false) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };

  win.addEventListener(
    'keydown',
    (e) => {
      if (!adapter.enterSends || e.key !== 'Enter' || e.shiftKey || e.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
      if (targetOf(e)?.closest(adapter.input)) decide(e, 'enter');
    },
    { capture: true, signal },
  );
  win.addEventListener(
    'click',
    (e) => {
      if (adapter.send && targetOf(e)?.closest(adapter.send)) decide(e, 'button');
    },
    { capture: true, signal },
  );
  win.addEventListener(
    'submit',
    (e) => {
      const form = targetOf(e);
      const input = inputEl();
      if (form && input && form.contains(input)) decide(e, 'enter');
    },
    { capture: true, signal },
  );

  return {
    input: inputEl,
    release() {
      bypass = true;
      try {
        const input = inputEl();
        const button = adapter.send ? doc.querySelector<HTMLElement>(adapter.send) : null;
        const form = input?.closest('form');
        if (button) button.click();
        else if (form) form.requestSubmit();
        else
          input?.dispatchEvent(
            new KeyboardEvent('keydown', {
              key: 'Enter',
              code: 'Enter',
              keyCode: 13,
              which: 13,
              bubbles: true,
              cancelable: true,
              composed: true,
            }),
          );
      } finally {
        bypass = false;
      }
    },
  };
}
