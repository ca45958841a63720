import { browser } from 'wxt/browser';
import type { ChatAdapter } from '@/lib/adapters/chat';
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
          const el = selector ? document.querySelector(selector) : null;
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
