import { randomBytes, randomInt } from 'node:crypto';
import { PARTICIPANT_CODE_EXAMPLE, PARTICIPANT_CODE_PATTERN } from '../../lib/study/participant-code';
import type { Sql } from '../db/sql';
import type { ServerCatalog } from '../catalog';
import { BadRequest, getStudy, hashToken, type Study } from '../studies';
import { insertEvents } from '../ingest';
import { parseCondition } from '../../lib/study/condition';
import type { Product } from '../../lib/catalog/catalog-schema';
import type { ChatItem, ProductView, RoomView } from '../../lib/pilot/protocol';
import { productView } from './product-views';
import { RECORD_ACTIONS, roomRecord, type RoomRecord } from '../../lib/pilot/records';
import type { FwEvent } from '../../lib/events/event-schema';
import { CATEGORY_REPEAT_DAYS, transition, type Role, type RoomMessage, type RoomState } from './room-rules';
import { insertSeat, type SeatParams } from './seat-store';

/**
 * Rooms a Seller may have open at once, practice rooms included: a conversation at a time, and a few rooms opened
 * by mistake or left behind. Each room can seat a simulated Buyer (a WebSocket, two file descriptors), so without
 * a limit one code or token could open them by the hundred.
 */
export const MAX_OPEN_ROOMS_PER_SELLER = 5;
/** A room is open until its conversation ends, or until it has been idle (no new item, not just created) this long. */
export const OPEN_ROOM_IDLE_MS = 60 * 60_000;

// The room's rules live apart from its storage; what callers knew from here is still found here.
export { CATEGORY_REPEAT_DAYS, CLIENT_CLOCK_SKEW_MS, MESSAGE_RESEND_WINDOW_MS, messageTime, type RoomState } from './room-rules';

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

/** A Seller link's or a Buyer seat's key: kept by the browser, only its hash by the server. */
export const newRoomKey = () => randomBytes(24).toString('base64url');

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const roomCode = () => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

type RoomRow = {
  id: string;
  code: string;
  study_id: string;
  seller: string;
  seller_key_hash: string;
  buyer_key_hash: string | null;
  condition: string;
  state: RoomState | string;
};
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
  if (typeof participantCode !== 'string' || !PARTICIPANT_CODE_PATTERN.test(participantCode.trim().toUpperCase())) {
    throw new BadRequest(`code: a participant code such as ${PARTICIPANT_CODE_EXAMPLE} is needed to open a room`);
  }
  const [p] = await sql.query<ParticipantRow>('SELECT id, study_id, role, condition FROM participants WHERE code = $1', [
    participantCode.trim().toUpperCase(),
  ]);
  if (!p) throw new BadRequest('No participant has that code.', 404);
  return p;
}

/**
 * A Seller (found by code, or by the ingest token of the extension that asks) opens a room; the key authenticates
 * the Seller page's connection. Refused with 429 and Retry-After past MAX_OPEN_ROOMS_PER_SELLER open rooms.
 *
 * A room for a simulated Buyer has its seat taken at once (`buyerKey` is the simulated Buyer's, so a study's Buyer
 * codes never stand in its way) and its category already offered: whoever asked for it chose the category, so the
 * Seller is not asked again, and the simulated Buyer picks it as it joins.
 */
export async function createRoomFor(
  sql: Sql,
  p: ParticipantRow,
  simulated: { category: string; seat?: SeatParams & { instance: string } } | null = null,
): Promise<{ room: Room; sellerKey: string; buyerKey: string | null }> {
  if (p.role !== 'seller') throw new BadRequest('Only a Seller code can open a room; Buyers join with the room link.', 403);
  const sellerKey = newRoomKey();
  const code = roomCode();
  const id = `room-${code.toLowerCase()}-${randomBytes(3).toString('hex')}`;
  const buyerKey = simulated ? newRoomKey() : null;
  const state: RoomState = {
    phase: simulated ? 'pick' : 'offer',
    offered: simulated ? [simulated.category] : [],
    category: null,
    persona: null,
    turns: 0,
    lastSpeaker: null,
    guess: null,
    outcome: null,
    buyerParticipant: `buyer-${code.toLowerCase()}`,
    ...(simulated ? { simulatedBuyer: true as const } : {}),
  };
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
    await tx.query(
      'INSERT INTO rooms (id, code, study_id, seller, seller_key_hash, buyer_key_hash, condition, state) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [id, code, p.study_id, p.id, hashToken(sellerKey), buyerKey && hashToken(buyerKey), p.condition, JSON.stringify(state)],
    );
    // The seat's row goes in with its room, so there is never a simulated room that no instance could rebuild.
    if (simulated?.seat) await insertSeat(tx, id, simulated.category, simulated.seat);
  });
  return {
    room: {
      id,
      code,
      studyId: p.study_id,
      seller: p.id,
      sellerKeyHash: hashToken(sellerKey),
      buyerKeyHash: buyerKey && hashToken(buyerKey),
      condition: p.condition,
      state,
    },
    sellerKey,
    buyerKey,
  };
}

export async function roomByCode(sql: Sql, code: string): Promise<Room | null> {
  const [r] = await sql.query<RoomRow>(
    'SELECT id, code, study_id, seller, seller_key_hash, buyer_key_hash, condition, state FROM rooms WHERE code = $1',
    [code.toUpperCase()],
  );
  return r ? toRoom(r) : null;
}

export async function roomById(sql: Sql, id: string): Promise<Room | null> {
  const [r] = await sql.query<RoomRow>(
    'SELECT id, code, study_id, seller, seller_key_hash, buyer_key_hash, condition, state FROM rooms WHERE id = $1',
    [id],
  );
  return r ? toRoom(r) : null;
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
  if (role === 'seller' && s.simulatedBuyer) view.simulatedBuyer = true;
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

type ItemRow = {
  seq: string | number;
  id: string;
  sender: ChatItem['sender'];
  kind: ChatItem['kind'];
  body: Omit<ChatItem, 'seq' | 'id' | 'sender' | 'kind' | 'time'> | string;
  time: string | number;
};
const toItem = (r: ItemRow): ChatItem => ({
  seq: Number(r.seq),
  id: r.id,
  sender: r.sender,
  kind: r.kind,
  time: Number(r.time),
  ...(typeof r.body === 'string' ? JSON.parse(r.body) : r.body),
});

export async function itemsSince(sql: Sql, room: Room, seq: number): Promise<ChatItem[]> {
  return (
    await sql.query<ItemRow>('SELECT seq, id, sender, kind, body, time FROM room_messages WHERE room_id = $1 AND seq > $2 ORDER BY seq', [
      room.id,
      seq,
    ])
  ).map(toItem);
}

export interface Applied {
  /** The stored item, or the earlier copy when this was a resend. */
  item: ChatItem | null;
  /** A message that makes no chat item (a hover) is acknowledged by its id once its event is stored. */
  ack?: string;
  duplicate: boolean;
  roomChanged: boolean;
  /** The room's records (records.ts) this message stored for the first time, for the Seller's pages. */
  records: RoomRecord[];
}

/** The events among `events` that were stored now (`fresh` ids) and are records the Seller's extension keeps too. */
const freshRecords = (events: readonly FwEvent[], fresh: readonly string[]): RoomRecord[] =>
  events.flatMap((e) => (fresh.includes(e.id) ? (roomRecord(e) ?? []) : []));

/**
 * Every record of the room so far, in time order, as stored (a resend never changes the stored copy): what a
 * Seller page gets after its hello, so a record stored while it was away or closed still reaches the extension.
 */
export async function roomRecords(sql: Sql, room: Room): Promise<RoomRecord[]> {
  const rows = await sql.query<{ event: FwEvent | string }>(
    `SELECT event FROM events WHERE study_id = $1 AND conversation = $2 AND participant = $3 AND action = ANY($4::text[])
     ORDER BY time, id`,
    [room.studyId, room.id, room.state.buyerParticipant, [...RECORD_ACTIONS]],
  );
  return rows.flatMap((r) => roomRecord(typeof r.event === 'string' ? (JSON.parse(r.event) as FwEvent) : r.event) ?? []);
}

/**
 * The room's records among the events with these ids (as stored), in the order given: what another instance
 * announced it stored (relay.ts), read back here.
 */
export async function recordsByIds(sql: Sql, room: Pick<Room, 'studyId'>, ids: readonly string[]): Promise<RoomRecord[]> {
  if (!ids.length) return [];
  const rows = await sql.query<{ id: string; event: FwEvent | string }>(
    'SELECT id, event FROM events WHERE study_id = $1 AND id = ANY($2::uuid[])',
    [room.studyId, [...ids]],
  );
  const byId = new Map(rows.map((r) => [r.id, typeof r.event === 'string' ? (JSON.parse(r.event) as FwEvent) : r.event]));
  return ids.flatMap((id) => {
    const e = byId.get(id);
    return e ? (roomRecord(e) ?? []) : [];
  });
}

/** What a stored message changed, announced inside its transaction (so others hear of it exactly when it is visible). */
export interface Stored {
  /** The new chat item's seq, or 0 when the message made none. */
  seq: number;
  /** Ids of the records (events) the message stored for the first time. */
  records: string[];
  roomChanged: boolean;
}

/**
 * Applies what a person did to the room, in one transaction: loads and locks the room, asks the room's rules
 * (room-rules.ts) whether it is allowed now and what it makes, and stores the chat item (once per client id), the
 * matching research events and the room's new state. `announce` runs inside the transaction when anything was
 * stored (the relay to other instances: a NOTIFY sent on commit, and only then).
 */
export async function applyMessage(
  sql: Sql,
  roomId: string,
  role: Role,
  msg: RoomMessage,
  catalog: ServerCatalog,
  now = Date.now(),
  announce: (tx: Sql, stored: Stored) => Promise<void> = async () => undefined,
): Promise<Applied> {
  return sql.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('SELECT id FROM rooms WHERE id = $1 FOR UPDATE', [roomId]);
    const [row] = await tx.query<RoomRow>(
      'SELECT id, code, study_id, seller, seller_key_hash, buyer_key_hash, condition, state FROM rooms WHERE id = $1',
      [roomId],
    );
    if (!row) throw new BadRequest('Room not found', 404);
    const room = toRoom(row);
    const study = await getStudy(tx, room.studyId);
    if (!study) throw new BadRequest('The study of this room no longer exists.', 404);

    // A view or a hover names a share, and makes no chat item: a resend is kept out by its event's id instead.
    let share: ProductView[] | null = null;
    if (msg.type === 'viewed' || msg.type === 'hover') {
      const [found] = await tx.query<ItemRow>(
        "SELECT seq, id, sender, kind, body, time FROM room_messages WHERE room_id = $1 AND id = $2 AND kind = 'share'",
        [room.id, msg.shareId],
      );
      share = found ? (toItem(found).products ?? []) : null;
    } else {
      const [existing] = await tx.query<ItemRow>(
        'SELECT seq, id, sender, kind, body, time FROM room_messages WHERE room_id = $1 AND id = $2',
        [room.id, msg.id],
      );
      if (existing) return { item: toItem(existing), duplicate: true, roomChanged: false, records: [] };
    }

    const labels = new Map(catalog.catalog.categories.map((c) => [c.id, c.label]));
    const next = transition(
      room.state,
      role,
      msg,
      {
        room,
        minTurns: study.minTurns,
        offerable: msg.type === 'offer' ? await offerableCategories(tx, room, study) : [],
        share,
        categoryLabel: (id) => labels.get(id),
        product: (id) => catalog.product(id),
        personasOf: (category) => catalog.personasOf(category),
        choose: (n) => randomInt(n),
      },
      now,
    );
    if (!next.ok) throw new BadRequest(next.message, next.status);
    if (msg.type === 'viewed' || msg.type === 'hover' || !next.item) {
      // A view or hover sent again is made again, at a later time: only the copy stored first is a record.
      const fresh = await insertEvents(tx, next.events);
      const records = freshRecords(next.events, fresh);
      if (records.length) await announce(tx, { seq: 0, records: records.map((r) => r.id), roomChanged: false });
      return {
        item: null,
        ...(next.ack ? { ack: next.ack } : {}),
        duplicate: false,
        roomChanged: false,
        records,
      };
    }
    if (next.state.phase === 'ended' && room.state.phase !== 'ended')
      await tx.query('UPDATE rooms SET ended_at = now() WHERE id = $1', [room.id]);
    const { body, time } = next.item;
    const [stored] = await tx.query<{ seq: string | number }>(
      'INSERT INTO room_messages (room_id, id, sender, kind, body, time) VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq',
      [room.id, msg.id, role, msg.type, JSON.stringify(body), time],
    );
    await tx.query('UPDATE rooms SET state = $1 WHERE id = $2', [JSON.stringify(next.state), room.id]);
    const fresh = await insertEvents(tx, next.events);
    const records = freshRecords(next.events, fresh);
    const seq = Number(stored?.seq);
    await announce(tx, { seq, records: records.map((r) => r.id), roomChanged: true });
    return {
      item: { seq, id: msg.id, sender: role, kind: msg.type, time, ...body },
      duplicate: false,
      roomChanged: true,
      records,
    };
  });
}
