import type { WSContext } from 'hono/ws';
import type { Sql } from '../db/sql';
import type { Logger } from '../log';
import type { ServerCatalog } from '../catalog';
import type { RoomView, ServerMessage } from '../../lib/pilot/protocol';
import type { RoomRecord } from '../../lib/pilot/records';
import { itemsSince, recordsByIds, roomById, roomRecords, roomView, type Room } from './rooms';
import { presenceOf } from './room-sockets';

/** A socket this instance holds, joined to a room. */
export interface Conn {
  /** Its name in room_sockets and in relayed messages (kick, typing). */
  id: string;
  ws: WSContext;
  role: 'seller' | 'buyer';
  /** The page the socket is from (its hello's `window`), if it said. */
  window: string | undefined;
  /** The highest seq sent to this socket: it is sent each item once, in seq order, whoever stored it. */
  delivered: number;
}

export interface LocalRoom {
  room: Room;
  conns: Set<Conn>;
  /** Work for this room's sockets, one after another (see `run`). */
  queue: Promise<void>;
}

export const send = (ws: WSContext, m: ServerMessage) => ws.send(JSON.stringify(m));

/**
 * The rooms' sockets this instance holds, and what it sends them. Everything sent to a room's sockets goes through
 * the room's queue, so a replay after a hello, items stored here and items another instance announced never
 * interleave: each socket gets the items after the last one it has, in seq order, each once. What is sent is read
 * from the database, so it is the same whichever instance stored it.
 */
export class LocalRooms {
  private readonly rooms = new Map<string, LocalRoom>();
  private readonly conns = new Map<string, { roomId: string; conn: Conn }>();

  constructor(private readonly deps: { sql: Sql; catalog: ServerCatalog; log: Logger }) {}

  has(roomId: string): boolean {
    return this.rooms.has(roomId);
  }

  roomIds(): string[] {
    return [...this.rooms.keys()];
  }

  /** Runs `work` on the room's sockets after the work queued before it (nothing if no socket of the room is here). */
  run(roomId: string, work: (r: LocalRoom) => Promise<void>): Promise<void> {
    const r = this.rooms.get(roomId);
    if (!r) return Promise.resolve();
    return this.enqueue(r, work);
  }

  /**
   * Adds a socket to its room, says `welcome` (the caller's) and sends what it missed, in the room's queue: what
   * another instance announces from now on is queued after it, and what it announced before is in the database
   * by the time the welcome (and its view of the room) is read.
   */
  join(room: Room, conn: Conn, welcome: () => Promise<void>): Promise<void> {
    let r = this.rooms.get(room.id);
    if (!r) {
      r = { room, conns: new Set(), queue: Promise.resolve() };
      this.rooms.set(room.id, r);
    }
    const local = r;
    local.conns.add(conn);
    this.conns.set(conn.id, { roomId: room.id, conn });
    return this.enqueue(local, async () => {
      if (!local.conns.has(conn)) return; // gone while earlier work ran
      await welcome();
      await this.pump(local);
      // All the room's records, not only those since lastSeq (records have no seq): the page and the extension keep
      // each id once. Joined above first, so a record stored meanwhile comes live if this read missed it.
      if (conn.role === 'seller')
        for (const record of await roomRecords(this.deps.sql, local.room)) send(conn.ws, { type: 'record', record });
    });
  }

  /** Takes a socket out of its room; false if it was not in one (already left, or replaced). */
  leave(conn: Conn): boolean {
    const at = this.conns.get(conn.id);
    if (!at) return false;
    this.conns.delete(conn.id);
    const r = this.rooms.get(at.roomId);
    r?.conns.delete(conn);
    if (r && r.conns.size === 0) this.rooms.delete(at.roomId);
    return true;
  }

  /** The socket of this name, if it is here. */
  find(connId: string): Conn | undefined {
    return this.conns.get(connId)?.conn;
  }

  /** Sends each socket the items after the last one it has, in seq order. */
  async pump(r: LocalRoom): Promise<void> {
    const conns = [...r.conns];
    if (!conns.length) return;
    const from = Math.min(...conns.map((c) => c.delivered));
    for (const item of await itemsSince(this.deps.sql, r.room, from)) {
      for (const c of r.conns) {
        if (item.seq <= c.delivered) continue;
        send(c.ws, { type: 'item', item });
        c.delivered = item.seq;
      }
    }
  }

  /** Sends each socket the room as its side sees it now. */
  async refreshViews(r: LocalRoom): Promise<void> {
    const fresh = await roomById(this.deps.sql, r.room.id);
    if (!fresh) return;
    r.room = fresh;
    const views = new Map<Conn['role'], RoomView>();
    for (const role of new Set([...r.conns].map((c) => c.role)))
      views.set(role, await roomView(this.deps.sql, fresh, role, this.deps.catalog));
    for (const c of r.conns) {
      const room = views.get(c.role);
      if (room) send(c.ws, { type: 'room', room });
    }
  }

  /** Tells each socket who is in the room, on any instance. */
  async presence(r: LocalRoom): Promise<void> {
    const now = await presenceOf(this.deps.sql, r.room.id);
    for (const c of r.conns) send(c.ws, { type: 'presence', ...now });
  }

  /** Sends records to the room's Seller sockets (given, or read by id: another instance stored them). */
  async records(r: LocalRoom, records: readonly RoomRecord[] | { ids: readonly string[] }): Promise<void> {
    const list = 'ids' in records ? await recordsByIds(this.deps.sql, r.room, records.ids) : records;
    for (const record of list) for (const c of r.conns) if (c.role === 'seller') send(c.ws, { type: 'record', record });
  }

  /** Says someone is typing to the room's sockets but the one typing (`from`, when it is here). */
  typing(r: LocalRoom, role: Conn['role'], on: boolean, from?: string): void {
    for (const c of r.conns) if (c.id !== from) send(c.ws, { type: 'typing', role, on });
  }

  /** Everything a socket may have missed while this instance heard nothing from the others (see Relay.resync). */
  async resync(r: LocalRoom): Promise<void> {
    await this.pump(r);
    await this.refreshViews(r);
    await this.presence(r);
    await this.records(r, await roomRecords(this.deps.sql, r.room));
  }

  /** Every socket this instance holds. */
  all(): Conn[] {
    return [...this.conns.values()].map((c) => c.conn);
  }

  clear(): void {
    this.rooms.clear();
    this.conns.clear();
  }

  private enqueue(r: LocalRoom, work: (r: LocalRoom) => Promise<void>): Promise<void> {
    const next = r.queue.then(() => work(r));
    r.queue = next.catch((e: unknown) =>
      this.deps.log.error('pilot room delivery failed', { room: r.room.id, error: e instanceof Error ? e.message : String(e) }),
    );
    return r.queue;
  }
}
