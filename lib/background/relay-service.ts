import * as v from 'valibot';
import type { FloorwalkerDb } from '../db/database';
import { parseOrThrow } from '../validation';
import { SharedProductSchema } from '../storefront/product';
import { TAB_MESSAGES, type ShareFromPage, type ShareToChatResult } from '../rpc/tab-messages';
import { cleanText } from '../text/unicode';
import type { RelayApi } from '../rpc/types';

/** The chat tabs the Seller has open, most recently used first; kept in IndexedDB, since the worker may stop. */
export const CHAT_TABS_KEY = 'chatTabs';
const MAX_CHAT_TABS = 20;
/** A chat tab's conversation id and label (its page's title), as remembered for sharing. */
const MAX_CHAT_TAB_TEXT = 200;

export interface ChatTab {
  tabId: number;
  /** The frame the chat runs in: 0, the top page, unless it is a chat frame of another origin. Absent in older lists. */
  frameId?: number;
  conversation: string | null;
  label: string;
  seenAt: number;
}

export interface TabsLike {
  sendMessage(tabId: number, message: ShareFromPage, options: { frameId: number }): Promise<unknown>;
}

export const NO_CHAT_OPEN =
  'No chat is open. Open the chat with your Buyer in another tab (with the Floorwalker panel on it), then share again.';

/**
 * Relays products from product pages to the Seller's chat. Each content script's port knows its tab, so the
 * background builds the relay per caller; which chat tab is "active" is read from IndexedDB on every call.
 */
export function createRelayService(db: FloorwalkerDb, tabs: TabsLike, now: () => number = Date.now) {
  const load = async (): Promise<ChatTab[]> => ((await db.settings.get(CHAT_TABS_KEY))?.value as ChatTab[] | undefined) ?? [];
  const save = (list: ChatTab[]) => db.settings.put({ key: CHAT_TABS_KEY, value: list.slice(0, MAX_CHAT_TABS) });

  return {
    /** `frameId` is the caller's frame (a chat frame of another origin registers itself, not its top page). */
    forTab(tabId: number | undefined, frameId = 0): RelayApi {
      return {
        async registerChatTab(conversation, label) {
          if (tabId === undefined) throw new Error('Only a page in a browser tab can be a chat tab.');
          // Both come from the page (its conversation id and title): cleaned like any page text.
          const entry: ChatTab = {
            tabId,
            frameId,
            conversation: conversation === null ? null : cleanText(String(conversation), MAX_CHAT_TAB_TEXT),
            label: cleanText(String(label), MAX_CHAT_TAB_TEXT),
            seenAt: now(),
          };
          await db.transaction('rw', db.settings, async () => save([entry, ...(await load()).filter((t) => t.tabId !== tabId)]));
        },
        async shareToChat(product, message) {
          const checked = parseOrThrow(SharedProductSchema, product, 'product');
          const text = message === undefined ? undefined : parseOrThrow(v.pipe(v.string(), v.maxLength(4000)), message, 'message');
          const candidates = (await load()).filter((t) => t.tabId !== tabId).sort((a, b) => b.seenAt - a.seenAt);
          for (const tab of candidates) {
            let reply: unknown;
            try {
              reply = await tabs.sendMessage(
                tab.tabId,
                { type: TAB_MESSAGES.shareFromPage, product: checked, ...(text ? { message: text } : {}) },
                { frameId: tab.frameId ?? 0 },
              );
            } catch {
              reply = undefined; // the tab was closed or no longer has the chat
            }
            if (reply && typeof reply === 'object' && 'ok' in reply) return reply as ShareToChatResult;
            await db.transaction('rw', db.settings, async () => save((await load()).filter((t) => t.tabId !== tab.tabId)));
          }
          return { ok: false, error: NO_CHAT_OPEN };
        },
      };
    },
  };
}
export type RelayService = ReturnType<typeof createRelayService>;
