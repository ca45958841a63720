import type { ChatAdapter } from '@/lib/adapters/chat';
import { watchChatCategory } from '@/lib/adapters/chat-category';
import { queryDeep } from '@/lib/adapters/deep-query';
import { defineFeature } from '../define-feature';
import { mountPageOverlay } from '../mount-page-overlay';

/** The panel on a chat page: coach, search, share tray and session status, placed where it leaves the chat clear. */
export default defineFeature({
  matches: 'chat',
  async start(deps, signal) {
    // A chat frame's coach is shown by the overlay in its top page (features/chat-frame.ts, frame-overlay.ts).
    if (window.top !== window) return;
    // The built-in chat mounts before its adapter resolves; the chat's parts are looked up from then on.
    let adapter: ChatAdapter | null = null;
    void deps.adapter.then((a) => (adapter = a));
    const chatParts = () => {
      if (!adapter) return [];
      const parts: Element[] = [];
      for (const selector of [adapter.input, adapter.send]) {
        try {
          const el = selector ? inTopDocument(queryDeep(document, selector)) : null;
          if (el) parts.push(el);
        } catch {
          // A selector the page's document cannot answer (the adapter finds that part its own way).
        }
      }
      return parts;
    };
    // What the chat is about, when the page says: the search stays in that category until the Seller removes it.
    const chatCategory = watchChatCategory(document, deps.adapter, signal);
    await mountPageOverlay(deps, { coach: deps.coach, share: deps.share, chatParts, chatCategory }, signal);
  },
});

/**
 * The element of this page that shows `el`: itself, or for a part inside a frame (a support widget) the frame, whose
 * box is what the panel must keep clear; the part's own box is in the frame's coordinates.
 */
function inTopDocument(el: Element | null): Element | null {
  let x = el;
  while (x && x.ownerDocument !== document) x = x.ownerDocument.defaultView?.frameElement ?? null;
  return x;
}
