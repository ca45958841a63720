import { browser } from 'wxt/browser';
import type { ChatAdapter } from '@/lib/adapters/chat';
import { queryDeep } from '@/lib/adapters/deep-query';
import { OVERLAY_MIRROR_KEY, placeFromMirror } from '@/lib/overlay/site-prefs';
import { defineFeature } from '../define-feature';
import { OVERLAY_TAG, mountOverlay } from '../overlay';

/** The panel on a chat page: coach, search, share tray and session status, placed where it leaves the chat clear. */
export default defineFeature({
  matches: 'chat',
  async start({ ctx, context, status, log, coach, share, rpc, adapter: adapterReady }, signal) {
    // The place on this site from the background's mirror in extension storage: no wait on the service worker.
    const mirrored = await browser.storage.local.get(OVERLAY_MIRROR_KEY).catch(() => ({}) as Record<string, unknown>);
    const place = placeFromMirror(mirrored[OVERLAY_MIRROR_KEY], location.hostname);
    // The built-in chat mounts before its adapter resolves; the chat's parts are looked up from then on.
    let adapter: ChatAdapter | null = null;
    void adapterReady.then((a) => (adapter = a));
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
    await mountOverlay(
      ctx,
      {
        context,
        status,
        log,
        coach,
        share,
        search: rpc,
        place,
        savePrefs: (next) => void rpc.setOverlayPrefs(location.href, next),
        chatParts,
        isOurs: (el) => el.closest(OVERLAY_TAG) !== null,
      },
      signal,
    );
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
