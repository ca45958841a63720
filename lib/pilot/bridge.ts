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
} as const;

/** What the overlay asks of the page (checked by the page with BridgeRequestSchema, in bridge-schema.ts). */
export type BridgeRequest =
  | { kind: 'share'; id: string; products: SharedProduct[]; message?: string; from: ShareOrigin }
  | { kind: 'guess'; id: string; productId: string };

export type BridgeReply = { id: string; ok: true; state: 'sent' | 'queued' } | { id: string; ok: false; error: string };
