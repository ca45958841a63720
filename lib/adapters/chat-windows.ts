import { CHAT_PARTS_RECHECK_MS } from '../limits';

/**
 * Calls `attach` once for the top document's window and once for each window whose document holds one of the chat's
 * parts (`parts()`, e.g. the input inside a same-origin or srcdoc frame): events do not cross frames, so listeners
 * for a chat in a frame go on the frame's window. A frame that loads or reloads has a new document (its old listeners
 * are gone with the old one), so the parts are looked up again when a frame loads and every CHAT_PARTS_RECHECK_MS
 * (a frame inside a shadow root fires no load event the document sees).
 */
export function onChatWindows(
  doc: Document,
  parts: () => readonly (Element | null)[],
  attach: (win: Window, doc: Document) => void,
  signal: AbortSignal,
): void {
  const attached = new WeakSet<Document>();
  const check = () => {
    for (const d of [doc, ...parts().map((p) => p?.ownerDocument)]) {
      const win = d?.defaultView;
      if (!d || !win || attached.has(d)) continue;
      attached.add(d);
      attach(win, d);
    }
  };
  check();
  // `load` does not bubble, but a capturing listener on the document sees a frame's.
  doc.addEventListener('load', check, { capture: true, signal });
  const timer = setInterval(check, CHAT_PARTS_RECHECK_MS);
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
