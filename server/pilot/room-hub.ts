import type { WSContext } from 'hono/ws';
import type { Sql } from '../db/sql';
import type { Logger } from '../log';
import type { ServerCatalog } from '../catalog';
import { InstanceLease } from './instance-lease';
import { LocalRooms, send, type Conn } from './local-rooms';
import { openPostgresRelay, singleProcessRelay, type Relay, type RelayMessage } from './relay';
import type { Replaced } from './room-sockets';
import { releaseSeats } from './seat-store';
import { SeatRunner } from './seat-runner';
import type { TypingPace } from './simulated-buyer';

/** Close code for a refused hello, or a window taken over: the pages do not reconnect. */
export const CLOSE_REFUSED = 4000;
/** Close code for a page's earlier socket that its reconnection replaces (it is stale; the page has moved on). */
const CLOSE_REPLACED = 1000;
/** Close code on shutdown (and when this instance lost its lease): the pages reconnect, to any instance. */
const CLOSE_RESTARTING = 1012;
/** Said to the window a takeover closes. */
export const TAKEN_OVER = 'This room was opened in another window, which now holds your seat. You can close this one.';

/**
 * One instance's part of the pilot rooms: the sockets it holds (local-rooms.ts), the relay that tells the other
 * instances what changed (relay.ts: PostgreSQL LISTEN/NOTIFY, or nothing in a single PGlite process), its lease
 * (instance-lease.ts) and the simulated Buyers it runs (seat-runner.ts). Any instance may hold any socket of any
 * room: what one stores or changes reaches every socket of the room, wherever it is connected.
 */
export class RoomHub {
  readonly local: LocalRooms;
  readonly lease: InstanceLease;
  readonly seats: SeatRunner;
  /** Every open socket, joined to a room or not, so shutdown closes them all. */
  readonly sockets = new Set<WSContext>();
  private relay: Relay = singleProcessRelay;
  private readonly pending = new Set<Promise<unknown>>();

  private constructor(private readonly d: { sql: Sql; catalog: ServerCatalog; log: Logger; pace: TypingPace; leaseMs: number }) {
    this.local = new LocalRooms(d);
    this.lease = new InstanceLease(d.sql, d.leaseMs, d.log, {
      fenced: () => this.fenced(),
      left: (rooms) => rooms.forEach((r) => this.presenceChanged(r)),
      beat: async () => {
        await this.relay.check();
        await this.seats.claim();
      },
    });
    this.seats = new SeatRunner({ ...d, instance: this.lease.id, track: (p) => this.track(p) });
  }

  /** Registers the instance and, on PostgreSQL (`databaseUrl`), starts listening to the others. */
  static async open(d: { sql: Sql; catalog: ServerCatalog; log: Logger; pace: TypingPace; leaseMs: number; databaseUrl?: string }) {
    const hub = new RoomHub(d);
    await hub.lease.register();
    if (d.databaseUrl && d.sql.kind === 'postgres')
      hub.relay = await openPostgresRelay(
        d.databaseUrl,
        d.sql,
        hub.instance,
        { message: (m) => hub.receive(m), resync: () => hub.resync() },
        d.log,
      );
    return hub;
  }

  get instance(): string {
    return this.lease.id;
  }

  /** What a stored message announces to the others, inside its transaction (relay.ts). */
  announce(tx: Sql, roomId: string, s: { seq: number; records: string[]; roomChanged: boolean }): Promise<void> {
    return this.relay.publishIn(tx, { t: 'stored', r: roomId, s: s.seq, rec: s.records, v: s.roomChanged });
  }

  /** Someone joined or left the room: every instance tells its sockets of the room who is there now. */
  presenceChanged(roomId: string): void {
    void this.local.run(roomId, (r) => this.local.presence(r));
    this.track(this.relay.publish({ t: 'presence', r: roomId }));
  }

  /** The room's state changed without a chat item: every socket of the room gets its view again. */
  roomChanged(roomId: string): void {
    void this.local.run(roomId, (r) => this.local.refreshViews(r));
    this.track(this.relay.publish({ t: 'room', r: roomId }));
  }

  typing(roomId: string, from: Conn, on: boolean): void {
    void this.local.run(roomId, async (r) => this.local.typing(r, from.role, on, from.id));
    this.track(this.relay.publish({ t: 'typing', r: roomId, c: from.id, role: from.role, on }));
  }

  /** Closes the Buyer sockets a new one replaced, here or on the instance that holds them. */
  kick(roomId: string, replaced: readonly Replaced[]): void {
    for (const s of replaced) {
      if (s.instance === this.instance) this.kickHere(s.conn, s.why);
      else this.track(this.relay.publish({ t: 'kick', r: roomId, c: s.conn, why: s.why }));
    }
  }

  /** Keeps a promise until it settles, so shutdown waits for it before the database closes; its failure is logged. */
  track(p: Promise<unknown>): void {
    const kept = p.catch((e: unknown) =>
      this.d.log.warn('pilot background work failed', { error: e instanceof Error ? e.message : String(e) }),
    );
    this.pending.add(kept);
    void kept.finally(() => this.pending.delete(kept));
  }

  /** Where the server listens is known: seats can be run, and the heartbeat (which claims orphaned seats) starts. */
  listening(wsBase: string): void {
    this.seats.listening(wsBase);
    this.lease.start();
  }

  /** On shutdown: seats stop (another instance takes them), pages are told to reconnect (to any instance). */
  closeAll(): void {
    this.seats.close();
    this.closeSockets();
  }

  /** When the shutdown has waited long enough: drop the sockets that never finished closing. */
  terminateAll(): void {
    for (const ws of this.sockets) (ws.raw as { terminate?: () => void } | undefined)?.terminate?.();
    this.sockets.clear();
  }

  /**
   * Before the database closes: gives the seats back, takes the instance and its sockets out of the rooms (the other
   * instances tell their sockets at once, rather than when the lease runs out), and stops listening.
   */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
    try {
      await releaseSeats(this.d.sql, this.instance);
      for (const roomId of await this.lease.stop()) await this.relay.publish({ t: 'presence', r: roomId });
    } catch (e) {
      this.d.log.warn('pilot: could not leave the rooms cleanly', { error: e instanceof Error ? e.message : String(e) });
    }
    await this.relay.close();
  }

  private closeSockets(): void {
    this.local.clear();
    for (const ws of this.sockets) ws.close(CLOSE_RESTARTING, 'Server restarting');
  }

  private kickHere(connId: string, why: Replaced['why']): void {
    const c = this.local.find(connId);
    if (!c) return;
    this.local.leave(c);
    if (why === 'taken-over') {
      send(c.ws, { type: 'error', message: TAKEN_OVER, seat: 'taken-over' });
      c.ws.close(CLOSE_REFUSED, TAKEN_OVER);
    } else c.ws.close(CLOSE_REPLACED, 'Replaced by a new connection from the same page');
  }

  /** A message from another instance, for the sockets of the room held here (if any). */
  private receive(m: RelayMessage): void {
    if (m.t === 'kick') return this.kickHere(m.c, m.why);
    if (!this.local.has(m.r)) return;
    const { local } = this;
    if (m.t === 'stored')
      void local.run(m.r, async (r) => {
        if (m.s) await local.pump(r);
        if (m.rec.length) await local.records(r, { ids: m.rec });
        if (m.v) await local.refreshViews(r);
      });
    else if (m.t === 'room') void local.run(m.r, (r) => local.refreshViews(r));
    else if (m.t === 'presence') void local.run(m.r, (r) => local.presence(r));
    else void local.run(m.r, async (r) => local.typing(r, m.role, m.on));
  }

  /** The relay was deaf for a while: every room held here is read again (items, views, presence, records). */
  private resync(): void {
    for (const roomId of this.local.roomIds()) void this.local.run(roomId, (r) => this.local.resync(r));
  }

  /** Other instances took this one for gone: its seats are given back and its pages reconnect (to any instance). */
  private async fenced(): Promise<void> {
    this.seats.stopAll();
    await releaseSeats(this.d.sql, this.instance);
    this.closeSockets();
  }
}
