import { randomBytes, randomInt } from 'node:crypto';
import type { Sql } from '../db/sql';
import type { ServerCatalog } from '../catalog';
import { BadRequest, getStudy, hashToken, type Study } from '../studies';
import { insertEvents } from '../ingest';
import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/schema';
import { parseCondition } from '../../lib/study/condition';
import { productImageUrl } from '../../lib/catalog/images';
import type { Product } from '../../lib/catalog/schema';
import type { ChatItem, ClientMessage, Phase, ProductView, RoomView } from '../../lib/pilot/protocol';
import type { SharedProduct } from '../../lib/storefront/product';
import { safeLinkUrl } from '../../lib/storefront/values';

export const CATEGORY_REPEAT_DAYS = 7;
/**
 * Rooms a Seller may have open at once, practice rooms included: a conversation at a time, and a few rooms opened
 * by mistake or left behind. Each room can seat a simulated Buyer (a WebSocket, two file descriptors), so without
 * a limit one code or token could open them by the hundred.
 */
export const MAX_OPEN_ROOMS_PER_SELLER = 5;
/** A room is open until its conversation ends, or until it has been idle (no new item, not just created) this long. */
export const OPEN_ROOM_IDLE_MS = 60 * 60_000;

/** How far a participant's clock may be from the server's and their message still keep the time they wrote it. */
export const CLIENT_CLOCK_SKEW_MS = 2 * 60_000;
/**
 * How long a message may wait in the page for its connection to come back (the page resends it after every
 * reconnect, see client/connection.ts) and still keep the time it was written.
 */
export const MESSAGE_RESEND_WINDOW_MS = 5 * 60_000;

/**
 * The time a message's event is stored with. The Seller's extension logs its own copy of the event under the same
 * id at the moment the message was written, and the copy stored first is the one kept (ingest.ts), so the room
 * takes the sender's time as it came with the message: within the clock skew of the server's time, or older by as
 * long as a wait for a reconnect can last. Anything else is a wrong clock, and the server's time is used instead,
 * so a message cannot be moved far in its conversation.
 */
export function messageTime(written: number | undefined, now: number): number {
  if (written === undefined) return now;
  const earliest = now - CLIENT_CLOCK_SKEW_MS - MESSAGE_RESEND_WINDOW_MS;
  return written >= earliest && written <= now + CLIENT_CLOCK_SKEW_MS ? written : now;
}

export interface RoomState {
  phase: Phase;
  offered: string[];
  category: string | null;
  persona: string | null;
  turns: number;
  lastSpeaker: 'seller' | 'buyer' | null;
  guess: { productId: string; id: string } | null;
  outcome: { accepted: boolean; reason?: string } | null;
  buyerParticipant: string;
}

export interface Room {
  id: string;
  code: string;
  studyId: string;
  seller: string;
  sellerKeyHash: string;
  buyerKeyHash: string | null;
  condition: string;
  state: RoomState;
}

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const roomCode = () => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

type RoomRow = { id: string; code: string; study_id: string; seller: string; seller_key_hash: string; buyer_key_hash: string | null; condition: string; state: RoomState | string };
const toRoom = (r: RoomRow): Room => ({
  id: r.id,
  code: r.code,
  studyId: r.study_id,
  seller: r.seller,
  sellerKeyHash: r.seller_key_hash,
  buyerKeyHash: r.buyer_key_hash,
  condition: r.condition,
  state: typeof r.state === 'string' ? (JSON.parse(r.state) as RoomState) : r.state,
});

type ParticipantRow = { id: string; study_id: string; role: string; condition: string };

/** The participant a code belongs to (a Seller opens rooms with their code). */
export async function participantByCode(sql: Sql, participantCode: unknown): Promise<ParticipantRow> {
  if (typeof participantCode !== 'string' || !/^[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(participantCode.trim().toUpperCase())) {
    throw new BadRequest('code: a participant code such as ABCD-1234 is needed to open a room');
  }
  const [p] = await sql.query<ParticipantRow>('SELECT id, study_id, role, condition FROM participants WHERE code = $1', [participantCode.trim().toUpperCase()]);
  if (!p) throw new BadRequest('No participant has that code.', 404);
  return p;
}

/**
 * A Seller (found by code, or by the ingest token of the extension that asks) opens a room; the key authenticates
 * the Seller page's connection. Refused with 429 and Retry-After past MAX_OPEN_ROOMS_PER_SELLER open rooms.
 */
export async function createRoomFor(sql: Sql, p: ParticipantRow): Promise<{ room: Room; sellerKey: string }> {
  if (p.role !== 'seller') throw new BadRequest('Only a Seller code can open a room; Buyers join with the room link.', 403);
  const sellerKey = randomBytes(24).toString('base64url');
  const code = roomCode();
  const id = `room-${code.toLowerCase()}-${randomBytes(3).toString('hex')}`;
  const state: RoomState = { phase: 'offer', offered: [], category: null, persona: null, turns: 0, lastSpeaker: null, guess: null, outcome: null, buyerParticipant: `buyer-${code.toLowerCase()}` };
  await sql.transaction(async (tx) => {
    // Requests for one Seller take turns here, so a burst of them cannot all count the same few open rooms.
    if (tx.kind === 'postgres') await tx.query('SELECT id FROM participants WHERE id = $1 FOR UPDATE', [p.id]);
    const [open] = await tx.query<{ n: string | number; retry_after: string | number | null }>(
      `SELECT count(*) AS n, ceil(extract(epoch FROM min(active_at) + $2 * interval '1 millisecond' - now())) AS retry_after
       FROM (SELECT GREATEST(r.created_at, (SELECT to_timestamp(max(m.time) / 1000.0) FROM room_messages m WHERE m.room_id = r.id)) AS active_at
             FROM rooms r WHERE r.seller = $1 AND r.ended_at IS NULL) AS a
       WHERE active_at > now() - $2 * interval '1 millisecond'`,
      [p.id, OPEN_ROOM_IDLE_MS],
    );
    if (Number(open?.n ?? 0) >= MAX_OPEN_ROOMS_PER_SELLER) {
      const retryAfter = Math.max(1, Number(open?.retry_after ?? 1));
      throw new BadRequest(
        `Too many open rooms: a Seller may have ${MAX_OPEN_ROOMS_PER_SELLER} at once. Finish one, or wait until one has been idle for ${OPEN_ROOM_IDLE_MS / 60_000} minutes (about ${Math.ceil(retryAfter / 60)} min from now).`,
        429,
        { 'Retry-After': String(retryAfter) },
      );
    }
    await tx.query('INSERT INTO rooms (id, code, study_id, seller, seller_key_hash, condition, state) VALUES ($1, $2, $3, $4, $5, $6, $7)', [id, code, p.study_id, p.id, hashToken(sellerKey), p.condition, JSON.stringify(state)]);
  });
  return { room: { id, code, studyId: p.study_id, seller: p.id, sellerKeyHash: hashToken(sellerKey), buyerKeyHash: null, condition: p.condition, state }, sellerKey };
}

export async function roomByCode(sql: Sql, code: string): Promise<Room | null> {
  const [r] = await sql.query<RoomRow>('SELECT id, code, study_id, seller, seller_key_hash, buyer_key_hash, condition, state FROM rooms WHERE code = $1', [code.toUpperCase()]);
  return r ? toRoom(r) : null;
}

/** The Buyer seat goes to the first Buyer; the key it gets back lets that Buyer reconnect, and no one else. */
export async function claimBuyerSeat(sql: Sql, room: Room, key: string | null): Promise<string> {
  if (room.buyerKeyHash) {
    if (key && hashToken(key) === room.buyerKeyHash) return key;
    throw new BadRequest('Another Buyer is already in this room.', 403);
  }
  const fresh = randomBytes(24).toString('base64url');
  const updated = await sql.query('UPDATE rooms SET buyer_key_hash = $1 WHERE id = $2 AND buyer_key_hash IS NULL RETURNING id', [hashToken(fresh), room.id]);
  if (updated.length === 0) throw new BadRequest('Another Buyer is already in this room.', 403);
  room.buyerKeyHash = hashToken(fresh);
  return fresh;
}

/** Categories a Seller may offer: the study's, less those they did in the last week, unless they did them all. */
export async function offerableCategories(sql: Sql, room: Room, study: Study): Promise<string[]> {
  const rows = await sql.query<{ category: string | null }>(
    `SELECT DISTINCT state->>'category' AS category FROM rooms WHERE seller = $1 AND id <> $2 AND state->>'category' IS NOT NULL AND created_at > now() - ($3 || ' days')::interval`,
    [room.seller, room.id, String(CATEGORY_REPEAT_DAYS)],
  );
  const done = new Set(rows.map((r) => r.category));
  const fresh = study.categories.filter((c) => !done.has(c));
  return fresh.length ? fresh : study.categories;
}

export function productView(p: Product, full: boolean): ProductView {
  return {
    id: p.id,
    title: p.title,
    brand: p.brand,
    price: p.price,
    currency: p.currency,
    rating: p.rating,
    ratingCount: p.ratingCount,
    images: p.images.map((_, i) => productImageUrl(p, i)),
    // Catalog products without a shop's full address get the pilot's own product page, so a link leads somewhere.
    url: safeLinkUrl(p.url) ?? pilotProductPath(p.id),
    source: 'catalog',
    ...(full ? { description: p.description, attributes: p.attributes } : {}),
  };
}

export const pilotProductPath = (id: string) => `/pilot/products/${encodeURIComponent(id)}`;

/** A product shared from a storefront page: already checked by the protocol's schema (text, http(s) links and images). */
export function pageProductView(p: SharedProduct): ProductView {
  return {
    id: p.id,
    title: p.title,
    brand: p.brand ?? '',
    price: p.price ?? null,
    currency: p.currency ?? null,
    rating: null,
    ratingCount: null,
    images: p.image ? [p.image] : [],
    url: p.url ?? null,
    source: 'page',
    ...(p.description ? { description: p.description } : {}),
  };
}

export async function roomView(sql: Sql, room: Room, role: 'seller' | 'buyer', catalog: ServerCatalog): Promise<RoomView> {
  const study = await getStudy(sql, room.studyId);
  if (!study) throw new BadRequest('The study of this room no longer exists.', 404);
  const cond = parseCondition(room.condition);
  const labels = new Map(catalog.catalog.categories.map((c) => [c.id, c.label]));
  const label = (id: string) => ({ id, label: labels.get(id) ?? id });
  const s = room.state;
  const view: RoomView = {
    code: room.code,
    conversation: room.id,
    condition: room.condition,
    phase: s.phase,
    minTurns: study.minTurns,
    turns: s.turns,
    offered: s.offered.map(label),
    category: s.category,
    guess: s.guess ? { productId: s.guess.productId, product: viewOf(catalog, s.guess.productId, true) } : null,
    outcome: s.outcome,
    voice: cond.voice,
    sharing: cond.sharing,
  };
  if (role === 'seller' && s.phase === 'offer') view.offerable = (await offerableCategories(sql, room, study)).map(label);
  if (role === 'seller') view.buyerParticipant = s.buyerParticipant;
  if (role === 'buyer' && s.persona) {
    const persona = catalog.persona(s.persona);
    const targets = (persona?.targets ?? []).map((id) => catalog.product(id)).filter((p): p is Product => !!p);
    // Priming (paper): A one image each, no persona; B images and persona; C full details and persona;
    // D one image with a pop-up of more, and persona.
    view.priming = {
      condition: cond.priming,
      persona: cond.priming === 'A' || !persona ? null : { name: persona.name, mission: persona.mission },
      targets: targets.map((p) => {
        const v = productView(p, cond.priming === 'C');
        return cond.priming === 'A' ? { ...v, images: v.images.slice(0, 1) } : v;
      }),
    };
  }
  return view;
}

function viewOf(catalog: ServerCatalog, id: string, full: boolean): ProductView | null {
  const p = catalog.product(id);
  return p ? productView(p, full) : null;
}

type ItemRow = { seq: string | number; id: string; sender: ChatItem['sender']; kind: ChatItem['kind']; body: Omit<ChatItem, 'seq' | 'id' | 'sender' | 'kind' | 'time'> | string; time: string | number };
const toItem = (r: ItemRow): ChatItem => ({ seq: Number(r.seq), id: r.id, sender: r.sender, kind: r.kind, time: Number(r.time), ...(typeof r.body === 'string' ? JSON.parse(r.body) : r.body) });

export async function itemsSince(sql: Sql, room: Room, seq: number): Promise<ChatItem[]> {
  return (await sql.query<ItemRow>('SELECT seq, id, sender, kind, body, time FROM room_messages WHERE room_id = $1 AND seq > $2 ORDER BY seq', [room.id, seq])).map(toItem);
}

export interface Applied {
  /** The stored item, or the earlier copy when this was a resend. */
  item: ChatItem | null;
  /** A message that makes no chat item (a hover) is acknowledged by its id once its event is stored. */
  ack?: string;
  duplicate: boolean;
  roomChanged: boolean;
}

/**
 * Applies what a person did to the room, in one transaction: checks it is allowed now, stores the chat item
 * (once per client id) and the matching research events, and updates the room's state.
 */
export async function applyMessage(sql: Sql, roomId: string, role: 'seller' | 'buyer', msg: Exclude<ClientMessage, { type: 'hello' | 'typing' }>, catalog: ServerCatalog, now = Date.now()): Promise<Applied> {
  return sql.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('SELECT id FROM rooms WHERE id = $1 FOR UPDATE', [roomId]);
    const [row] = await tx.query<RoomRow>('SELECT id, code, study_id, seller, seller_key_hash, buyer_key_hash, condition, state FROM rooms WHERE id = $1', [roomId]);
    if (!row) throw new BadRequest('Room not found', 404);
    const room = toRoom(row);
    const study = await getStudy(tx, room.studyId);
    if (!study) throw new BadRequest('The study of this room no longer exists.', 404);
    const s = room.state;
    const participant = role === 'seller' ? room.seller : s.buyerParticipant;
    const ctx = { study: room.studyId, participant, conversation: room.id, role, condition: room.condition, url: null };
    const events: FwEvent[] = [];
    const withId = (e: FwEvent, id: string): FwEvent => ({ ...e, id });

    // The products of a share the Buyer saw or hovered, or null when there is no such share.
    const sharedProducts = async (shareId: string) => {
      const [share] = await tx.query<ItemRow>("SELECT seq, id, sender, kind, body, time FROM room_messages WHERE room_id = $1 AND id = $2 AND kind = 'share'", [room.id, shareId]);
      return share ? (toItem(share).products ?? []) : null;
    };
    if (msg.type === 'viewed') {
      const products = await sharedProducts(msg.shareId);
      if (!products || role !== 'buyer') throw new BadRequest('Nothing to mark as seen');
      const productIds = products.map((p) => p.id);
      // One view event per share: its id is derived from the share's, so a repeat is stored once.
      await insertEvents(tx, [withId(makeEvent(ctx, 'Buyer', 'view_share', { productIds }, now), viewedId(msg.shareId))]);
      return { item: null, duplicate: false, roomChanged: false };
    }
    if (msg.type === 'hover') {
      const products = await sharedProducts(msg.shareId);
      if (!products || role !== 'buyer' || !products.some((p) => p.id === msg.productId)) throw new BadRequest('Only a product the Seller shared can be hovered', 409);
      // Stored once by the hover's own id, so a hover resent after a reconnect is not counted twice.
      await insertEvents(tx, [withId(makeEvent(ctx, 'Buyer', 'hover', { target: 'shared_card', productId: msg.productId, dwellMs: msg.dwellMs }, now), msg.id)]);
      return { item: null, ack: msg.id, duplicate: false, roomChanged: false };
    }

    const [existing] = await tx.query<ItemRow>('SELECT seq, id, sender, kind, body, time FROM room_messages WHERE room_id = $1 AND id = $2', [room.id, msg.id]);
    if (existing) return { item: toItem(existing), duplicate: true, roomChanged: false };

    // The message's event (and its chat item) carry the time it was written, as the sender's copy of the event does.
    const at = messageTime('time' in msg ? msg.time : undefined, now);
    let body: Omit<ChatItem, 'seq' | 'id' | 'sender' | 'kind' | 'time'> = {};
    const need = (ok: boolean, message: string) => {
      if (!ok) throw new BadRequest(message, 409);
    };
    switch (msg.type) {
      case 'offer': {
        need(role === 'seller' && s.phase === 'offer', 'Only the Seller offers categories, before the chat starts');
        const allowed = new Set(await offerableCategories(tx, room, study));
        const bad = msg.categories.filter((c) => !allowed.has(c));
        need(bad.length === 0, `Not offerable now: ${bad.join(', ')} (done within the last ${CATEGORY_REPEAT_DAYS} days, or not in this study)`);
        s.offered = [...new Set(msg.categories)];
        s.phase = 'pick';
        const labels = new Map(catalog.catalog.categories.map((c) => [c.id, c.label]));
        body = { text: `The Seller can help with: ${s.offered.map((c) => labels.get(c) ?? c).join(', ')}` };
        break;
      }
      case 'pick': {
        need(role === 'buyer' && s.phase === 'pick', 'The Buyer picks a category once the Seller has offered some');
        need(s.offered.includes(msg.category), `Pick one of the offered categories: ${s.offered.join(', ')}`);
        const personas = catalog.personasOf(msg.category);
        need(personas.length > 0, `No Buyer personas for ${msg.category}`);
        const persona = personas[randomInt(personas.length)];
        s.category = msg.category;
        s.persona = persona?.id ?? null;
        s.phase = 'chat';
        body = { text: `The Buyer chose ${catalog.catalog.categories.find((c) => c.id === msg.category)?.label ?? msg.category}.` };
        events.push(withId(makeEvent({ ...ctx, role: 'buyer', participant: s.buyerParticipant }, 'System', 'instruct', { text: `category=${msg.category}; persona=${s.persona ?? ''}` }, at), msg.id));
        break;
      }
      case 'say': {
        need(s.phase === 'chat', s.phase === 'ended' ? 'The conversation has ended' : 'The chat starts once the Buyer has picked a category');
        if (role === 'seller' && s.lastSpeaker === 'buyer') s.turns++;
        s.lastSpeaker = role;
        body = { text: msg.text, ...(msg.acts?.length ? { acts: msg.acts } : {}) };
        // All the Seller's extension logs of the message (but the page's address) comes with it: the room's copy is the same event.
        const said = {
          text: msg.text,
          ...(msg.acts?.length ? { acts: msg.acts } : {}),
          ...(msg.composeMs !== undefined ? { composeMs: msg.composeMs } : {}),
          ...(msg.suggestion ? { suggestion: msg.suggestion } : {}),
          ...(msg.voice ? { voice: msg.voice } : {}),
        };
        events.push(withId(makeEvent(ctx, role === 'seller' ? 'Seller' : 'Buyer', 'utter', said, at), msg.id));
        break;
      }
      case 'share': {
        need(role === 'seller' && s.phase === 'chat', 'Only the Seller shares products, during the chat');
        const wanted = [...(msg.productIds ?? []).map((id) => ({ id, source: 'catalog' as const })), ...(msg.products ?? [])];
        const unknown = wanted.filter((p) => p.source === 'catalog' && !catalog.product(p.id)).map((p) => p.id);
        need(unknown.length === 0, `Unknown product in the share: ${unknown.join(', ')}`);
        const cond = parseCondition(room.condition);
        need(cond.sharing !== 'I', 'This study shares links in messages only (sharing condition I)');
        const views = wanted.map((p) => ('title' in p && p.source !== 'catalog' ? pageProductView(p) : productView(catalog.product(p.id) as Product, true)));
        need(cond.sharing === 'III' || views.length === 1, 'This study shares one product at a time (sharing condition II)');
        body = { products: views, ...(msg.message ? { text: msg.message } : {}) };
        // The extension logs the same share under the same id, with where the product was found; stored once.
        events.push(withId(makeEvent(ctx, 'Seller', 'share', { productIds: views.map((p) => p.id), mode: cond.sharing, from: msg.from ?? 'search', ...(msg.message ? { message: msg.message } : {}) }, at), msg.id));
        break;
      }
      case 'guess': {
        need(role === 'seller' && s.phase === 'chat', 'Only the Seller guesses, during the chat');
        need(s.turns >= study.minTurns, `A guess is allowed after ${study.minTurns} turns (now ${s.turns})`);
        need(!!catalog.product(msg.productId), 'Unknown product');
        s.guess = { productId: msg.productId, id: msg.id };
        s.outcome = null;
        body = { products: [productView(catalog.product(msg.productId) as Product, true)] };
        events.push(withId(makeEvent(ctx, 'Seller', 'guess', { productId: msg.productId }, at), msg.id));
        break;
      }
      case 'confirm': {
        need(role === 'buyer' && !!s.guess && s.outcome === null, 'There is no guess to answer');
        s.outcome = { accepted: msg.accepted, ...(msg.reason ? { reason: msg.reason } : {}) };
        body = { accepted: msg.accepted, ...(msg.reason ? { reason: msg.reason } : {}) };
        events.push(withId(makeEvent(ctx, 'Buyer', 'confirm', { productId: s.guess?.productId ?? '', accepted: msg.accepted, ...(msg.reason ? { reason: msg.reason } : {}) }, at), msg.id));
        break;
      }
      case 'end': {
        need(role === 'buyer' && s.phase === 'chat', 'Only the Buyer ends the conversation');
        need(s.turns >= study.minTurns, `The conversation can end after ${study.minTurns} turns (now ${s.turns})`);
        s.phase = 'ended';
        body = { text: 'The Buyer ended the conversation.' };
        events.push(withId(makeEvent(ctx, 'System', 'instruct', { text: `ended by buyer after ${s.turns} turns` }, at), msg.id));
        await tx.query('UPDATE rooms SET ended_at = now() WHERE id = $1', [room.id]);
        break;
      }
    }
    const [stored] = await tx.query<{ seq: string | number }>('INSERT INTO room_messages (room_id, id, sender, kind, body, time) VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq', [room.id, msg.id, role, msg.type, JSON.stringify(body), at]);
    await tx.query('UPDATE rooms SET state = $1 WHERE id = $2', [JSON.stringify(s), room.id]);
    await insertEvents(tx, events);
    return { item: { seq: Number(stored?.seq), id: msg.id, sender: role, kind: msg.type, time: at, ...body }, duplicate: false, roomChanged: true };
  });
}

/** A deterministic UUIDv7-shaped id for the Buyer's first view of a share (same share → same id). */
function viewedId(shareId: string): string {
  const last = shareId.slice(-12);
  const flipped = Array.from(last, (ch) => ((parseInt(ch, 16) ^ 0xf) & 0xf).toString(16)).join('');
  return `${shareId.slice(0, -12)}${flipped}`;
}
