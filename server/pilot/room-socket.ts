import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { WSContext, WSEvents } from 'hono/ws';
import * as v from 'valibot';
import type { Sql } from '../db/sql';
import type { Logger } from '../log';
import type { ServerCatalog } from '../catalog';
import { BadRequest, hashToken } from '../studies';
import { ClientMessageSchema, type Hello, type SeatRefusal } from '../../lib/pilot/protocol';
import { truncateText } from '../../lib/text/unicode';
import { describeIssues } from '../../lib/validation';
import { planBuyerSeat, SeatRefused, takeBuyerSeat } from './seats';
import { applyMessage, roomById, roomByCode, roomView, type Room } from './rooms';
import { send, type Conn } from './local-rooms';
import { buyerWindowsElsewhere, registerSocket, unregisterSocket, type SocketRef } from './room-sockets';
import { CLOSE_REFUSED, type RoomHub } from './room-hub';

/** Close code for a connection that broke the protocol before joining (policy violation); the pages never do. */
const CLOSE_POLICY = 1008;
/** The longest close reason the WebSocket protocol allows, in bytes of UTF-8 (ws throws on a longer one). */
const MAX_CLOSE_REASON_BYTES = 123;
/** Said to a Buyer window whose seat is open in another window, which may take over (the page asks). */
const IN_USE = 'This room is open in another window.';
/** A UUIDv7 is 36 characters: a longer "id" was not made by a page, and is not echoed back. */
const MAX_ECHOED_ID_CHARS = 64;

/** `message` cut to a valid close reason (it may quote what the client sent, in any script). */
function closeReason(message: string): string {
  let reason = message;
  while (Buffer.byteLength(reason) > MAX_CLOSE_REASON_BYTES) reason = truncateText(reason, reason.length - 1);
  return reason;
}

/** The id a refused message carried, if any, to name it in the error (the page stops waiting for that one). */
function echoedId(raw: unknown): string | undefined {
  const id = raw && typeof raw === 'object' && 'id' in raw ? raw.id : undefined;
  return typeof id === 'string' && id.length <= MAX_ECHOED_ID_CHARS ? id : undefined;
}

/**
 * One pilot chat WebSocket (`/v1/rooms/{code}/ws`): its hello, the messages it sends, its close. It may be on any
 * instance: its presence is in room_sockets, what it stores is announced to the other instances (room-hub.ts), and
 * it is sent each of the room's items once, in seq order, whoever stored it (local-rooms.ts).
 */
export function roomSocket(
  c: Context,
  hub: RoomHub,
  d: { sql: Sql; catalog: ServerCatalog; log: Logger; helloTimeoutMs: number },
): WSEvents {
  const { sql, catalog, log } = d;
  const code = c.req.param('code') ?? '';
  const role = c.req.query('role') === 'seller' ? 'seller' : 'buyer';
  const key = c.req.query('key') ?? null;
  /**
   * A socket says `hello` once, first: `waiting` until it does, `joining` while the hello is checked, `joined`
   * once it is in its room (registered once, so each item reaches it once and its presence ends with it).
   */
  let stage: 'waiting' | 'joining' | 'joined' = 'waiting';
  let closed = false;
  let conn: Conn | null = null;
  let room: Room | null = null;
  /** Its row in room_sockets, once written (the hello may still be finishing). */
  let registered: SocketRef | null = null;
  let helloTimer: NodeJS.Timeout | undefined;
  let inbox: Promise<void> = Promise.resolve();
  const fail = (ws: WSContext, message: string, seat?: SeatRefusal) => {
    send(ws, { type: 'error', message, ...(seat ? { seat } : {}) });
    ws.close(CLOSE_REFUSED, closeReason(message));
  };
  /** Before joining, anything but a hello ends the connection: nobody is in a room yet to say it to. */
  const refuseBeforeHello = (ws: WSContext, why: string, id?: string) => {
    const message = `Say hello first: ${why}`;
    send(ws, { type: 'error', message, ...(id ? { id } : {}) });
    ws.close(CLOSE_POLICY, closeReason(message));
  };
  /** Takes the socket out of room_sockets, then tells the room (presence is read from there). */
  const unregister = (roomId: string, ref: SocketRef) => hub.track(unregisterSocket(sql, ref).then(() => hub.presenceChanged(roomId)));

  /** A socket of this instance that has left its room (its row is being deleted): it is in nobody's way. */
  const closedHere = (s: SocketRef) => s.instance === hub.instance && !hub.local.find(s.conn);

  const hello = async (ws: WSContext, said: Hello) => {
    room = await roomByCode(sql, code);
    if (!room) return fail(ws, 'No such room');
    const roomId = room.id;
    let newKey: string | undefined;
    const participantBefore = room.state.buyerParticipant;
    // One window holds the Buyer seat. This page's own earlier socket (a reconnect) is replaced quietly; another
    // window's only when this one asks to take over, and that window is told why it was closed.
    if (role === 'seller') {
      if (!key || hashToken(key) !== room.sellerKeyHash) return fail(ws, 'This Seller link is not valid');
    } else {
      const plan = await planBuyerSeat(sql, room, key, said.participantCode ?? null);
      // Asked before anything is written: waiting here changes no key.
      if (!said.takeover && (await buyerWindowsElsewhere(sql, roomId, said.window, closedHere))) return fail(ws, IN_USE, 'in-use');
      const k = await takeBuyerSeat(sql, room, plan);
      if (k !== key) newKey = k;
    }
    const view = await roomView(sql, room, role, catalog);
    // Gone while its hello was checked: registering it now would leave its presence behind.
    if (closed) return;
    const ref = { instance: hub.instance, conn: randomUUID() };
    // Checked again as the socket is written, with the room locked: two windows saying hello at once (on any
    // instances) cannot both sit down.
    const reg = await registerSocket(sql, { ...ref, roomId, role, window: said.window, takeover: said.takeover === true }, closedHere);
    if (!reg.ok) return fail(ws, IN_USE, 'in-use');
    registered = ref;
    hub.kick(roomId, reg.replaced);
    if (closed) return unregister(roomId, ref);
    const joined: Conn = { id: ref.conn, ws, role, window: said.window, delivered: said.lastSeq };
    conn = joined;
    await hub.local.join(room, joined, async () => {
      // The room as it is now: a change stored while this hello was checked (on any instance) is in it.
      const fresh = await roomById(sql, roomId).catch(() => null);
      const now = fresh ? await roomView(sql, fresh, role, catalog).catch(() => view) : view;
      stage = 'joined';
      send(ws, { type: 'welcome', role, room: now, ...(newKey ? { key: newKey } : {}) });
    });
    hub.presenceChanged(roomId);
    // A simulated Buyer whose instance is gone waits for its Seller: here it is, so the seat is rebuilt now.
    if (role === 'seller' && room.state.simulatedBuyer) hub.track(hub.seats.claim(roomId));
    // A Buyer who joined with a code is recorded as that participant: the Seller's page (and extension) learn it now.
    if (room.state.buyerParticipant !== participantBefore) hub.roomChanged(roomId);
  };

  return {
    onOpen(_evt, ws) {
      hub.sockets.add(ws);
      helloTimer = setTimeout(() => {
        if (stage === 'waiting') refuseBeforeHello(ws, `nothing was said within ${d.helloTimeoutMs} ms of connecting`);
      }, d.helloTimeoutMs);
    },
    onMessage(evt, ws) {
      // One message at a time per socket: a sender's messages are stored in the order it sent them.
      inbox = inbox
        .then(() => receive(evt.data, ws))
        .catch((e: unknown) => log.error('pilot message failed', { error: e instanceof Error ? e.message : String(e) }));
    },
    onClose(_evt, ws) {
      closed = true;
      clearTimeout(helloTimer);
      hub.sockets.delete(ws);
      // Taken out here unless it already was (replaced by another window, or every socket dropped on shutdown).
      if (room && conn && registered && hub.local.leave(conn)) unregister(room.id, registered);
    },
  };

  async function receive(data: unknown, ws: WSContext): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(String(data));
    } catch {
      if (stage === 'waiting') return refuseBeforeHello(ws, 'messages must be JSON');
      return send(ws, { type: 'error', message: 'Messages must be JSON' });
    }
    // Every refusal names the message it refuses, so the page can show that one as not sent.
    const id = echoedId(raw);
    const parsed = v.safeParse(ClientMessageSchema, raw);
    if (stage === 'waiting') {
      if (!parsed.success) return refuseBeforeHello(ws, describeIssues(parsed.issues), id);
      if (parsed.output.type !== 'hello') return refuseBeforeHello(ws, `got "${parsed.output.type}" before the welcome`, id);
      stage = 'joining';
      clearTimeout(helloTimer);
      try {
        await hello(ws, parsed.output);
      } catch (e) {
        // A refused hello (seat taken, room gone) ends the connection.
        if (e instanceof SeatRefused) return fail(ws, e.message, e.seat);
        if (e instanceof BadRequest) return fail(ws, e.message);
        log.error('pilot hello failed', { error: e instanceof Error ? e.message : String(e) });
        return fail(ws, 'The server could not let you in; try again');
      }
      return;
    }
    if (!parsed.success) return send(ws, { type: 'error', message: describeIssues(parsed.issues), ...(id ? { id } : {}) });
    const msg = parsed.output;
    // One hello per connection: a second would register the socket again (every item delivered twice, a
    // presence that outlives the socket). It is refused; the connection stays as it was.
    if (msg.type === 'hello') return send(ws, { type: 'error', message: 'This connection has already said hello' });
    if (stage !== 'joined' || !room || !conn)
      return send(ws, { type: 'error', message: 'Wait for the welcome before sending', ...(id ? { id } : {}) });
    const here = conn;
    const roomId = room.id;
    try {
      if (msg.type === 'typing') return hub.typing(roomId, here, msg.on);
      const r = await applyMessage(sql, roomId, role, msg, catalog, Date.now(), (tx, stored) => hub.announce(tx, roomId, stored));
      await hub.local.run(roomId, async (lr) => {
        if (r.item) {
          // The item reaches every socket of the room here (this one included) before this one's ack.
          if (!r.duplicate) await hub.local.pump(lr);
          send(ws, { type: 'ack', id: r.item.id, seq: r.item.seq });
        } else if (r.ack) send(ws, { type: 'ack', id: r.ack, seq: 0 });
        await hub.local.records(lr, r.records);
        if (r.roomChanged) await hub.local.refreshViews(lr);
      });
    } catch (e) {
      if (e instanceof BadRequest) return send(ws, { type: 'error', message: e.message, ...(id ? { id } : {}) });
      log.error('pilot message failed', { error: e instanceof Error ? e.message : String(e) });
      send(ws, { type: 'error', message: 'The server could not store that; send it again', ...(id ? { id } : {}) });
    }
  }
}
