import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import { SHARE_ORIGINS } from '../events/schema';
import { SharedProductSchema } from '../storefront/product';
import { MAX_SHARED_PRODUCTS } from '../limits';

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

const Id = v.pipe(v.string(), v.regex(ID_PATTERN, 'must be a UUIDv7'));

export const BridgeRequestSchema = v.variant('kind', [
  v.object({
    kind: v.literal('share'),
    id: Id,
    products: v.pipe(v.array(SharedProductSchema), v.minLength(1), v.maxLength(MAX_SHARED_PRODUCTS)),
    message: v.optional(v.pipe(v.string(), v.maxLength(4000))),
    from: v.picklist(SHARE_ORIGINS),
  }),
  v.object({ kind: v.literal('guess'), id: Id, productId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
]);
export type BridgeRequest = v.InferOutput<typeof BridgeRequestSchema>;

export type BridgeReply = { id: string; ok: true; state: 'sent' | 'queued' } | { id: string; ok: false; error: string };
