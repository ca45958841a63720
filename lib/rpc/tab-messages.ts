import type { SharedProduct } from '../storefront/product';
import type { ShareOutcome } from '../share/outcome';

/**
 * Messages the background sends to a chat tab's content script (runtime.sendMessage to one tab): the one
 * channel that is not an RPC port, because the background starts it. One typed map.
 */
export const TAB_MESSAGES = {
  /** A product page's "Share to chat": share this product in the chat's active conversation. */
  shareFromPage: 'fw:share-from-page',
} as const;

/** The product was checked by the background (SharedProductSchema) before it was sent. */
export interface ShareFromPage {
  type: typeof TAB_MESSAGES.shareFromPage;
  product: SharedProduct;
  message?: string;
}

/** A cheap shape check for the receiving tab, which only takes messages from its own extension. */
export function isShareFromPage(msg: unknown): msg is ShareFromPage {
  if (typeof msg !== 'object' || msg === null) return false;
  const m = msg as Partial<ShareFromPage>;
  return (
    m.type === TAB_MESSAGES.shareFromPage &&
    typeof m.product?.id === 'string' &&
    typeof m.product.title === 'string' &&
    (m.message === undefined || typeof m.message === 'string')
  );
}

/** What a chat tab did with a product sent from a product page, as the product page tells the Seller. */
export type ShareToChatResult = { ok: true; outcome: ShareOutcome; chat: string } | { ok: false; error: string };
