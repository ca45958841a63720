import type { ShareOrigin } from '../share/origins';
import type { SharedProduct } from '../storefront/product';

/**
 * How the extension's overlay asks the pilot Seller page to share products or make a guess. The overlay runs in
 * the extension's isolated world and the page's WebSocket in the page's, so they talk through DOM events on the
 * document, with JSON strings as detail (objects do not cross between worlds). The page answers each request by
 * id once the server has stored it, or at once when it is offline and the request waits for the reconnect.
 * The page also states what the overlay needs on its phase element (attribute names below).
 */
export const BRIDGE_REQUEST = 'fw:request';
export const BRIDGE_REPLY = 'fw:reply';

export const PAGE_STATE_ATTRS = {
  phase: 'data-fw-phase',
  turns: 'data-fw-turns',
  minTurns: 'data-fw-min-turns',
  sharing: 'data-fw-sharing',
  /** 'open' while a guess waits for the Buyer's answer. */
  guess: 'data-fw-guess',
  /** The Buyer's answer to the last guess: 'accepted', 'rejected', or 'none' (no guess, or not answered yet). */
  outcome: 'data-fw-outcome',
  /** The participant the room records the Buyer's messages under. */
  buyerParticipant: 'data-fw-buyer-participant',
} as const;

/**
 * On each message element: the time of the room's event for the message. With the Buyer's participant (above) the
 * extension logs its copy of a Buyer message as the room's event itself, so the two copies of the id agree.
 */
export const MESSAGE_TIME_ATTR = 'data-fw-time';

/**
 * The Seller page's hidden element that holds the room's records (records.ts): the Buyer's answer to a guess, share
 * views, hovers on shared cards and the conversation's end. One child per record, named like a message (`data-id`,
 * MESSAGE_TIME_ATTR) with its agent, action and payload as JSON in RECORD_ATTR; the extension logs each as the room's
 * event under the Buyer's participant (above).
 */
export const RECORDS_ATTR = 'data-fw-records';
export const RECORD_ATTR = 'data-fw-record';

/**
 * What the overlay puts on the chat input (dataset keys) for the page to send with the message: the id of the
 * extension's Seller.utter event, its acts, how long it took to write, when it was written (epoch ms) and the
 * suggested reply it used (JSON), so the room stores its copy of the message as the same event.
 */
export const SEND_DATASET = { id: 'fwId', acts: 'fwActs', composeMs: 'fwComposeMs', time: 'fwTime', suggestion: 'fwSuggestion' } as const;

/**
 * What the overlay asks of the page (checked by the page with BridgeRequestSchema, in bridge-schema.ts). `time` is
 * when the Seller asked (epoch ms): the extension's event has it, and the room's copy of the event takes it too.
 */
export type BridgeRequest =
  | { kind: 'share'; id: string; time?: number; products: SharedProduct[]; message?: string; from: ShareOrigin }
  | { kind: 'guess'; id: string; time?: number; productId: string };

export type BridgeReply = { id: string; ok: true; state: 'sent' | 'queued' } | { id: string; ok: false; error: string };

/**
 * On a page that belongs to no conversation (the pilot's start page, where a Seller opens a room): what is logged
 * there is filed under no conversation, not the one last opened in a chat tab (as a product page's events are).
 */
export const NO_CONVERSATION_ATTR = 'data-fw-no-conversation';
