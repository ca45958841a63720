import { MAX_COACH_ACTS, MAX_SHARED_PRODUCTS, SHARED_PRODUCT_MAX_CHARS } from '../limits';

/**
 * Limits of the pilot chat's WebSocket protocol (lib/pilot/protocol.ts), kept free of dependencies so the pilot
 * pages can check a message's size before they send it. Text lengths count UTF-16 code units, as valibot does.
 */

/** A person's message: a `say`, a share's note, each half of a voice transcript. */
export const MAX_MESSAGE_CHARS = 4000;
/** Why a Buyer rejected a guess. */
export const MAX_REASON_CHARS = 2000;
/** One act id (the coaching schema's act ids are at most 40 characters). */
export const MAX_ACT_CHARS = 40;
/** Acts on one message: at most every act of the coaching schema. */
export const MAX_ACTS_PER_MESSAGE = MAX_COACH_ACTS;
/** A category id (a study's categories are at most 64 characters). */
export const MAX_CATEGORY_CHARS = 64;
/** Categories in one offer: far more than any study has, so only a forged offer meets it. */
export const MAX_OFFERED_CATEGORIES = 100;
/** A catalog product id. */
export const MAX_PRODUCT_ID_CHARS = SHARED_PRODUCT_MAX_CHARS.id;

/** A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4). */
const UTF8_BYTES_PER_UNIT = 3;
/** Room for one product's keys, quotes, commas, price, currency and source beside its text. */
const PRODUCT_JSON_OVERHEAD_BYTES = 512;
/** Room for a message's type, id, keys and the other short fields. */
const MESSAGE_JSON_OVERHEAD_BYTES = 4096;
const PRODUCT_TEXT_CHARS = Object.values(SHARED_PRODUCT_MAX_CHARS).reduce((sum, n) => sum + n, 0);

/**
 * The largest frame a page may send, in bytes: a share of MAX_SHARED_PRODUCTS storefront products with every field
 * at its limit, and the longest note. Every other message is far smaller. The server closes a connection that sends
 * a larger frame (before reading it whole), and the pages refuse to send one, so it can never come back as a resend.
 * Almost all of it is the products' data:image pictures (MAX_IMAGE_URL_CHARS each): a lower limit there lowers this.
 */
export const MAX_CLIENT_MESSAGE_BYTES =
  UTF8_BYTES_PER_UNIT * (MAX_SHARED_PRODUCTS * PRODUCT_TEXT_CHARS + MAX_MESSAGE_CHARS) +
  MAX_SHARED_PRODUCTS * PRODUCT_JSON_OVERHEAD_BYTES +
  MESSAGE_JSON_OVERHEAD_BYTES;
