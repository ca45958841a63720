import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import { SHARE_ORIGINS } from '../share/origins';
import { SharedProductSchema } from '../storefront/product';
import { MAX_SHARED_PRODUCTS } from '../limits';
import type { BridgeRequest } from './bridge';

/**
 * The pilot Seller page checks each request from the overlay with this (kept apart from bridge.ts so the
 * extension's content script, which only sends requests, does not carry it).
 */
const Id = v.pipe(v.string(), v.regex(ID_PATTERN, 'must be a UUIDv7'));
/** Optional: an overlay from before requests carried their time sends none, and the room then uses its own. */
const Time = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)));

export const BridgeRequestSchema = v.variant('kind', [
  v.object({
    kind: v.literal('share'),
    id: Id,
    time: Time,
    products: v.pipe(v.array(SharedProductSchema), v.minLength(1), v.maxLength(MAX_SHARED_PRODUCTS)),
    message: v.optional(v.pipe(v.string(), v.maxLength(4000))),
    from: v.picklist(SHARE_ORIGINS),
  }),
  v.object({ kind: v.literal('guess'), id: Id, time: Time, productId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
]);

// The schema and the type the overlay sends must agree: this fails to compile if they drift apart.
const agree: (r: v.InferOutput<typeof BridgeRequestSchema>) => BridgeRequest = (r) => r;
void agree;
