import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import { SharedProductSchema } from '../storefront/product';
import { MAX_SHARED_PRODUCTS } from '../limits';
import { SHARE_ORIGINS } from '../share/origins';
import { ACCEPT_MODES } from '../simulator/preferences';
import { StorableString } from '../text/storable';
import {
  MAX_ACT_CHARS,
  MAX_ACTS_PER_MESSAGE,
  MAX_CATEGORY_CHARS,
  MAX_MESSAGE_CHARS,
  MAX_OFFERED_CATEGORIES,
  MAX_PRODUCT_ID_CHARS,
  MAX_REASON_CHARS,
} from './limits';
import { ACTION_PAYLOADS } from '../events/event-schema';
import { findUnstorable } from '../events/storable';
import type { RoomRecord } from './records';

/**
 * The pilot chat's WebSocket protocol: what a Buyer or Seller page may send, and what the server sends back.
 * Every message a person sends carries an id made on the client, so a message resent after a reconnect is
 * stored and shown once.
 */
/** A participant code as typed (spaces and all); a real one is nine characters. */
const MAX_TYPED_CODE_CHARS = 64;
const Id = v.pipe(v.string(), v.regex(ID_PATTERN, 'must be a UUIDv7'));
/** Free text, refused when PostgreSQL could not store it (NUL, lone surrogate), so a refusal names the field. */
const Free = (max: number) => v.pipe(StorableString, v.maxLength(max));
const Text = v.pipe(StorableString, v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(MAX_MESSAGE_CHARS));
const ProductId = Free(MAX_PRODUCT_ID_CHARS);
const Category = Free(MAX_CATEGORY_CHARS);
/**
 * When the sender wrote the message (epoch ms, their clock): the Seller's extension logs the message at that time,
 * and the room stores its copy of the event with it when it is near the server's clock (server/pilot/room-rules.ts).
 */
const WrittenAt = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)));
/** The suggested reply a Seller's message used, as the Seller's extension logs it (the utter event's own field). */
const UsedSuggestion = v.optional(
  v.pipe(
    ACTION_PAYLOADS.utter.entries.suggestion.wrapped,
    v.check((s) => findUnstorable(s) === null, 'must hold only text PostgreSQL can store (no NUL, no lone surrogate)'),
  ),
);

export const ClientMessageSchema = v.variant('type', [
  v.object({
    type: v.literal('hello'),
    lastSeq: v.pipe(v.number(), v.integer(), v.minValue(0)),
    /**
     * The page (one per load) the connection is from: a page reconnecting replaces its own earlier socket, while
     * another window holding the Buyer seat is only replaced when the hello asks to `takeover`.
     */
    window: v.optional(Id),
    takeover: v.optional(v.boolean()),
    /**
     * The Buyer's participant code, when the study issued Buyer codes: the Buyer is recorded as that participant. Its
     * form is checked with the seat (a mistyped code is refused as `bad-code`, and the page asks again).
     */
    participantCode: v.optional(v.pipe(v.string(), v.maxLength(MAX_TYPED_CODE_CHARS))),
  }),
  v.object({
    type: v.literal('say'),
    id: Id,
    time: WrittenAt,
    text: Text,
    acts: v.optional(v.pipe(v.array(Free(MAX_ACT_CHARS)), v.maxLength(MAX_ACTS_PER_MESSAGE))),
    composeMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    suggestion: UsedSuggestion,
    voice: v.optional(v.object({ raw: Free(MAX_MESSAGE_CHARS), edited: Free(MAX_MESSAGE_CHARS) })),
  }),
  v.object({ type: v.literal('typing'), on: v.boolean() }),
  v.object({
    type: v.literal('offer'),
    id: Id,
    categories: v.pipe(v.array(Category), v.minLength(1), v.maxLength(MAX_OFFERED_CATEGORIES)),
  }),
  v.object({ type: v.literal('pick'), id: Id, category: Category }),
  v.pipe(
    v.object({
      type: v.literal('share'),
      id: Id,
      time: WrittenAt,
      /** Catalog products, by id. */
      productIds: v.optional(v.pipe(v.array(ProductId), v.maxLength(MAX_SHARED_PRODUCTS))),
      /**
       * Products in the order the Seller chose: catalog ones (source 'catalog') are looked up by id, and only their id
       * is used; storefront ones are shown as given (checked: text, http(s) links and images).
       */
      products: v.optional(v.pipe(v.array(SharedProductSchema), v.maxLength(MAX_SHARED_PRODUCTS))),
      message: v.optional(Free(MAX_MESSAGE_CHARS)),
      from: v.optional(v.picklist(SHARE_ORIGINS)),
    }),
    v.check((m) => (m.productIds?.length ?? 0) + (m.products?.length ?? 0) >= 1, 'a share needs at least one product'),
    v.check(
      (m) => (m.productIds?.length ?? 0) + (m.products?.length ?? 0) <= MAX_SHARED_PRODUCTS,
      `a share holds at most ${MAX_SHARED_PRODUCTS} products`,
    ),
  ),
  v.object({ type: v.literal('viewed'), shareId: Id }),
  v.object({ type: v.literal('guess'), id: Id, time: WrittenAt, productId: ProductId }),
  v.object({ type: v.literal('confirm'), id: Id, accepted: v.boolean(), reason: v.optional(Free(MAX_REASON_CHARS)) }),
  v.object({ type: v.literal('end'), id: Id }),
  /** The Buyer rested the pointer on a shared product's card. */
  v.object({
    type: v.literal('hover'),
    id: Id,
    shareId: Id,
    productId: ProductId,
    dwellMs: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3_600_000)),
  }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;
export type Hello = Extract<ClientMessage, { type: 'hello' }>;

/**
 * Why a Buyer's hello was refused, for the page to act on (the message says it in words):
 * - `code-needed`: the study issued Buyer codes; the page asks for one.
 * - `bad-code`: the code given is not a Buyer code of this room's study.
 * - `seat-taken`: another Buyer holds the seat (this browser has no key for it).
 * - `in-use`: this Buyer's seat is open in another window; the page offers to take over.
 * - `taken-over`: sent to the window that held the seat when another window took it over.
 */
export const SEAT_REFUSALS = ['code-needed', 'bad-code', 'seat-taken', 'in-use', 'taken-over'] as const;
export type SeatRefusal = (typeof SEAT_REFUSALS)[number];

/** On the Buyer page's body: "yes" when the study issued Buyer codes, so the page asks for one before joining. */
export const BUYER_CODES_ATTR = 'data-buyer-codes';

/**
 * Asking for a simulated Buyer in a new room (POST /v1/rooms with a participant code, or POST /v1/practice with
 * the extension's token): the category it will pick, and optionally its seed (same seed, same Buyer), the
 * chance it changes its mind mid-way and what it accepts.
 */
export const SimulatedBuyerRequestSchema = v.object({
  category: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a category id such as headphones')),
  seed: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31))),
  mindChange: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  /** What it accepts: its targets only (default), also close products, or any product that fits its preferences. */
  accept: v.optional(v.picklist(ACCEPT_MODES)),
});
export type SimulatedBuyerRequest = v.InferOutput<typeof SimulatedBuyerRequestSchema>;

/** What opening a room answers: the Seller's link (with its key) and the Buyer's. */
export interface OpenedRoom {
  room: string;
  conversation: string;
  sellerUrl: string;
  buyerUrl: string;
  simulatedBuyer?: { category: string; seed: number };
}

export type Sender = 'seller' | 'buyer' | 'system';
export type Phase = 'offer' | 'pick' | 'chat' | 'ended';

/** What a person sees of a product: enough for cards, lists and priming, never markup. */
export interface ProductView {
  id: string;
  title: string;
  brand: string;
  /** Unknown for a page product that does not state it. */
  price: number | null;
  currency: string | null;
  rating: number | null;
  ratingCount: number | null;
  images: string[];
  description?: string;
  attributes?: Record<string, unknown>;
  url: string | null;
  /** Where the product came from: the study's catalog, or a storefront page the Seller shared from. */
  source: 'catalog' | 'page';
}

/** The room as each side sees it; the Buyer's view holds the persona and targets as the priming condition says. */
export interface RoomView {
  code: string;
  conversation: string;
  condition: string;
  phase: Phase;
  minTurns: number;
  turns: number;
  offered: { id: string; label: string }[];
  /** Categories the Seller may offer (Seller only): not repeated within a week unless all have been done. */
  offerable?: { id: string; label: string }[];
  category: string | null;
  priming?: {
    condition: 'A' | 'B' | 'C' | 'D';
    persona: { name: string; mission: string } | null;
    targets: ProductView[];
  };
  guess: { productId: string; product: ProductView | null } | null;
  outcome: { accepted: boolean; reason?: string } | null;
  voice: boolean;
  sharing: 'I' | 'II' | 'III';
  /**
   * The participant the room records the Buyer's messages under (the Seller's view only): the Seller's extension
   * keeps its copy of each Buyer message as the same event. A Buyer code's participant once that Buyer has joined.
   */
  buyerParticipant?: string;
  /** The Buyer's seat is a simulated Buyer's (the Seller's view only): there is no link to send anyone. */
  simulatedBuyer?: boolean;
}

export interface ChatItem {
  seq: number;
  id: string;
  sender: Sender;
  kind: 'say' | 'share' | 'guess' | 'confirm' | 'offer' | 'pick' | 'end' | 'system';
  /** The time of the item's event: when it was written (the sender's time, when near the server's clock) or stored. */
  time: number;
  text?: string;
  acts?: string[];
  products?: ProductView[];
  accepted?: boolean;
  reason?: string;
}

export type ServerMessage =
  | { type: 'welcome'; role: 'seller' | 'buyer'; room: RoomView; key?: string }
  | { type: 'room'; room: RoomView }
  | { type: 'item'; item: ChatItem }
  | { type: 'ack'; id: string; seq: number }
  /** One of the room's records (records.ts), to the Seller's pages only: as it is stored, and all of them after each hello. */
  | { type: 'record'; record: RoomRecord }
  | { type: 'presence'; seller: boolean; buyer: boolean }
  | { type: 'typing'; role: 'seller' | 'buyer'; on: boolean }
  | { type: 'error'; message: string; id?: string; seat?: SeatRefusal };
