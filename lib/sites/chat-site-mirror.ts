import * as v from 'valibot';
import { SiteChatConfigSchema, type SiteChatConfig } from '../adapters/chat';

/**
 * The configured chat sites, mirrored by the background into browser.storage.local. A content script reads its
 * page's configuration from here at start instead of asking the worker: an RPC round trip (and perhaps waking the
 * worker) before the overlay could show. The settings table in IndexedDB stays the source of truth.
 */
export const CHAT_SITES_MIRROR_KEY = 'fw:chatSites';

/** The mirrored configuration for a host; anything unreadable counts as no configuration. */
export function chatSiteFromMirror(mirrored: unknown, host: string): SiteChatConfig | null {
  const parsed = v.safeParse(v.array(SiteChatConfigSchema), mirrored ?? []);
  return parsed.success ? (parsed.output.find((c) => c.host === host.toLowerCase()) ?? null) : null;
}
