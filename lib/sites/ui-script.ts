import { originsFor } from './site';

/**
 * The content script's UI (entrypoints/content-ui) as the build names it, and where it is registered to run with the
 * content script rather than injected when a frame asks: on chat pages the overlay then shows without a round trip to
 * the background, whose service worker may be stopped (and takes longer to start than the rest of the way to the panel).
 * The built-in sites, where the pilot chat is, have it in the manifest (wxt.config.ts); the sites a participant allowed
 * and configured as chat sites, or whose server runs their study (its pilot chat), in one dynamic registration.
 * Elsewhere, the storefronts where the "Share to chat" button may show, it stays on demand.
 */
export const UI_SCRIPT_FILE = 'content-ui.js';
/** The dynamic registration of the UI script on chat sites (lib/background/site-service.ts keeps it in step). */
export const UI_SCRIPT_ID = 'fw-chat-ui';

/**
 * The match patterns the UI script is registered for: those of `chatHosts` that the content script's own registration
 * covers (`siteMatches`: allowed sites the browser gave access to), since the UI script serves only that script.
 */
export function uiScriptMatches(siteMatches: readonly string[], chatHosts: readonly string[]): string[] {
  const wanted = new Set(chatHosts.flatMap(originsFor));
  return siteMatches.filter((m) => wanted.has(m));
}

/** The host of a study server's address, whose pilot chat is a chat page; null for none or a malformed one. */
export function studyServerHost(base: string | undefined): string | null {
  if (!base) return null;
  try {
    return new URL(base).hostname;
  } catch {
    return null;
  }
}
