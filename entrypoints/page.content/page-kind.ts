import { browser } from 'wxt/browser';
import { adapterFromConfig, detectChatAdapter, waitForChatAdapter, type ChatAdapter } from '@/lib/adapters/chat';
import { CHAT_LIST_WAIT_MS } from '@/lib/limits';
import { CHAT_SITES_MIRROR_KEY, chatSiteFromMirror } from '@/lib/sites/chat-site-mirror';
import type { PageKind } from './run-features';

/**
 * Whether this page is a chat. The pilot chat's built-in adapter is seen at once, so the overlay shows without
 * waiting for anything. The chat features wait for the full answer: a site the participant configured by selectors
 * in the options page (read from the storage mirror, not over the RPC) comes first, and its message list may render
 * late. The pilot chat is a top page; a frame is a chat when a site is configured for the frame's own host (a support
 * widget served from another origin, which the top page cannot reach into): its coach then runs there and the
 * overlay in the top page shows it (features/chat-frame.ts).
 */
export function pageKindOf(signal: AbortSignal): PageKind {
  const topFrame = window.top === window;
  return {
    builtInChat: topFrame && detectChatAdapter(document) !== null,
    adapter: chatAdapterOf(signal, topFrame),
  };
}

async function chatAdapterOf(signal: AbortSignal, topFrame: boolean): Promise<ChatAdapter | null> {
  const mirrored = await browser.storage.local.get(CHAT_SITES_MIRROR_KEY).catch(() => ({}) as Record<string, unknown>);
  const siteConfig = chatSiteFromMirror(mirrored[CHAT_SITES_MIRROR_KEY], location.hostname);
  // A frame of a site with no configuration of its own is not a chat: no wait, and no built-in adapter looked for.
  if (!topFrame && !siteConfig) return null;
  return waitForChatAdapter(document, siteConfig ? [adapterFromConfig(siteConfig)] : [], signal, CHAT_LIST_WAIT_MS);
}
