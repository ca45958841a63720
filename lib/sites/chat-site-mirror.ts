import type { SiteChatConfig } from '../adapters/chat';

/**
 * The configured chat sites, mirrored by the background into browser.storage.local. A content script reads its
 * page's configuration from here at start instead of asking the worker: an RPC round trip (and perhaps waking the
 * worker) before the overlay could show. The settings table in IndexedDB stays the source of truth.
 */
export const CHAT_SITES_MIRROR_KEY = 'fw:chatSites';

/**
 * The mirrored configuration for a host, or null. Only the background writes the mirror, from configurations it
 * validated and again on every install or update, so the content script checks its shape, not every field: the
 * validator would add several KB to the content script.
 */
export function chatSiteFromMirror(mirrored: unknown, host: string): SiteChatConfig | null {
  if (!Array.isArray(mirrored)) return null;
  const wanted = host.toLowerCase();
  const found: unknown = mirrored.find((c: unknown) => typeof c === 'object' && c !== null && (c as { host?: unknown }).host === wanted);
  return isConfig(found) ? found : null;
}

function isConfig(c: unknown): c is SiteChatConfig {
  if (typeof c !== 'object' || c === null) return false;
  const { messageList, message, mine, input, enterSends } = c as Record<string, unknown>;
  // modEnterSends is optional here: configurations saved before it existed are mirrored as they were.
  return [messageList, message, mine, input].every((s) => typeof s === 'string') && typeof enterSends === 'boolean';
}
