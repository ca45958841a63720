import * as v from 'valibot';
import { SharedProductSchema } from '../storefront/product';
import type { ShareOutcome } from '../share/controller';

/**
 * Messages the background sends to a chat tab's content script (runtime.sendMessage to one tab): the one
 * channel that is not an RPC port, because the background starts it. One typed map, checked on arrival.
 */
export const TAB_MESSAGES = {
  /** A product page's "Share to chat": share this product in the chat's active conversation. */
  shareFromPage: 'fw:share-from-page',
} as const;

export const ShareFromPageSchema = v.object({
  type: v.literal(TAB_MESSAGES.shareFromPage),
  product: SharedProductSchema,
  message: v.optional(v.pipe(v.string(), v.maxLength(4000))),
});
export type ShareFromPage = v.InferOutput<typeof ShareFromPageSchema>;

/** What a chat tab did with a product sent from a product page, as the product page tells the Seller. */
export type ShareToChatResult = { ok: true; outcome: ShareOutcome; chat: string } | { ok: false; error: string };
