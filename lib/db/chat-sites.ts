import * as v from 'valibot';
import { SiteChatConfigSchema, type SiteChatConfig } from '../adapters/chat';
import { parseOrThrow } from '../validation';
import { parseSite } from '../sites/site';
import type { FloorwalkerDb } from './database';

/** The generic chat adapters the participant configured, one per site, in the settings table. */
export const CHAT_SITES_KEY = 'chatSites';
export const MAX_CHAT_SITES = 50;

export async function listChatSites(db: FloorwalkerDb): Promise<SiteChatConfig[]> {
  const parsed = v.safeParse(v.array(SiteChatConfigSchema), (await db.settings.get(CHAT_SITES_KEY))?.value ?? []);
  return parsed.success ? parsed.output : [];
}

/** Adds or replaces a site's configuration; bad input throws with the field named and changes nothing. */
export async function saveChatSite(db: FloorwalkerDb, input: unknown): Promise<SiteChatConfig[]> {
  const parsed = parseOrThrow(SiteChatConfigSchema, input, 'Invalid chat site');
  const site = parseSite(parsed.host);
  if (!site.ok) throw new Error(`Invalid chat site: host: ${site.error}`);
  const config = { ...parsed, host: site.host };
  return db.transaction('rw', db.settings, async () => {
    const rest = (await listChatSites(db)).filter((c) => c.host !== config.host);
    if (rest.length >= MAX_CHAT_SITES) throw new Error(`At most ${MAX_CHAT_SITES} chat sites can be configured`);
    const next = [...rest, config].sort((a, b) => a.host.localeCompare(b.host));
    await db.settings.put({ key: CHAT_SITES_KEY, value: next });
    return next;
  });
}

export async function removeChatSite(db: FloorwalkerDb, host: string): Promise<SiteChatConfig[]> {
  return db.transaction('rw', db.settings, async () => {
    const next = (await listChatSites(db)).filter((c) => c.host !== host);
    await db.settings.put({ key: CHAT_SITES_KEY, value: next });
    return next;
  });
}
