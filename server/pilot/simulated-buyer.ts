import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { v7 as uuidv7 } from 'uuid';
import type { CoachingSchema } from '../../lib/coach/coaching-schema';
import type { BuyerMove, SellerEvent } from '../../lib/simulator/acts';
import { DEFAULT_SIMULATOR_CONFIG, type SimulatedBuyer } from '../../lib/simulator/buyer';
import { simulatedBuyerFor } from '../../lib/simulator/run';
import type { AcceptRule } from '../../lib/simulator/preferences';
import type { ChatItem, RoomView, ServerMessage } from '../../lib/pilot/protocol';
import { ChatConnection, type Draft } from './client/connection';
import type { ServerCatalog } from '../catalog';
import type { Logger } from '../log';

/** How long after the Seller's page connects a simulated Buyer says its first line (see `advance`). */
export const OPENING_AFTER_SELLER_MS = 1000;

/** How fast the simulated Buyer types: a pause to think, then time per character (both zero in tests). */
export interface TypingPace {
  thinkMs: number;
  msPerChar: number;
}

/**
 * Why a seat left: its conversation `ended`, it sat `idle` too long, it `gave-up` reconnecting (all three: it is
 * done), it was `refused` by the room (another seat took its place, or its key was replaced), or it was `stopped`
 * by its instance (shutting down): then another instance may run it again.
 */
export type SeatEnd = 'ended' | 'idle' | 'gave-up' | 'refused' | 'stopped';

export interface SeatOptions {
  /** ws://host:port of this server: the seat connects like any Buyer page. */
  wsBase: string;
  room: string;
  /** The seat's key: the room was opened (or the seat handed over) with the seat taken for this simulated Buyer. */
  key: string;
  /** The category to pick when the Seller offers it (else the first offered). */
  category: string;
  seed: number;
  mindChange: number;
  accept: AcceptRule['accept'];
  catalog: ServerCatalog;
  schema: CoachingSchema;
  pace: TypingPace;
  log: Logger;
  /**
   * The room's stored items, when the seat is rebuilt on another instance (or after a restart): the Buyer replays
   * them, and sends only what the room does not have yet.
   */
  history?: readonly ChatItem[];
  /** Called once the seat has left, with why. */
  onClose?: (why: SeatEnd) => void;
}

/** Gives up on a room nobody talks in, so a forgotten practice room does not keep a connection open for ever. */
export const SEAT_IDLE_MS = 30 * 60_000;
const MAX_RECONNECTS = 20;

/** A move with the id it is sent under: the same on every instance that replays the room (see `moveId`). */
interface Planned {
  move: BuyerMove;
  id: string;
}

/**
 * The id of a simulated Buyer's move: a UUIDv7 made from the room, the seed, the call it answers and its place in
 * it, timed just after the item it answers. A seat rebuilt from the room's items makes the same ids, so what the
 * seat it replaces had sent already is known by id and never sent twice (the room also stores each id once).
 */
export function moveId(room: string, seed: number, call: string, n: number, after: number): string {
  const random = createHash('sha256').update(`${room}:${seed}:${call}:${n}`).digest().subarray(0, 16);
  return uuidv7({ msecs: after + 1 + n, random });
}

/** What a Seller's chat item is to the Buyer, or null for one it does not answer (an offer). */
function sellerEvent(item: ChatItem): SellerEvent | null {
  if (item.kind === 'say' && item.text) return { type: 'say', text: item.text, ...(item.acts ? { acts: item.acts } : {}) };
  if (item.kind === 'share' && item.products?.length)
    return {
      type: 'share',
      productIds: item.products.filter((p) => p.source === 'catalog').map((p) => p.id),
      ...(item.text ? { text: item.text } : {}),
    };
  if (item.kind === 'guess' && item.products?.[0]) return { type: 'guess', productId: item.products[0].id };
  return null;
}

/**
 * A simulated Buyer in a pilot room, through the same WebSocket API as the Buyer page: it says hello, picks the
 * category when the Seller offers it, opens the conversation, answers each Seller message after a human-like
 * pause with the typing indicator on, looks at shared cards (view and hover events), answers a Guess, and ends
 * the conversation when done. It talks through the Buyer page's own connection code, so it reconnects, resends
 * and is stored once the same way.
 *
 * Its calls to the Buyer are made in one order, from the room's items alone: the opening first, then each Seller
 * item by seq. So a seat rebuilt from a room's stored items by another instance (after a crash) is the same Buyer
 * at the same point, word for word, and goes on from there.
 */
export class SimulatedBuyerSeat {
  private readonly conn: ChatConnection;
  private key: string;
  private buyer: SimulatedBuyer | null = null;
  /** The room's chat items the seat knows, by seq: from its history when rebuilt, then as they arrive. */
  private readonly items: ChatItem[] = [];
  private readonly seqs = new Set<number>();
  /** Ids the room has stored: a planned move among them was sent already, by this seat or the one it replaces. */
  private readonly stored = new Set<string>();
  private opening: Planned[] | null = null;
  private opened = false;
  /** A new seat's first line waits for the Seller's page: 'waiting' for the moment after it came, then 'due'. */
  private openingAt: 'not-yet' | 'waiting' | 'due' = 'not-yet';
  /** The seq of the last Seller item the Buyer has answered. */
  private answered = 0;
  /** Whether the Seller's page is connected: the Buyer says its first line to someone there to read it. */
  private sellerOnline = false;
  private picked = false;
  private stopped = false;
  private why: SeatEnd = 'refused';
  /** Reconnection attempts since the seat was last online. */
  private reconnects = 0;
  private idle: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;

  constructor(private readonly o: SeatOptions) {
    this.key = o.key;
    for (const item of o.history ?? []) this.remember(item);
    // The Buyer page's connection (hello with the last item seen, resend until acknowledged, reconnect with backoff).
    this.conn = new ChatConnection(
      () => `${o.wsBase}/v1/rooms/${encodeURIComponent(o.room)}/ws?role=buyer&key=${encodeURIComponent(this.key)}`,
      {
        onMessage: (m) => this.receive(m),
        onItem: (item) => {
          this.touch();
          if (this.remember(item) && item.sender === 'seller') this.advanceSoon();
        },
        onStatus: (status) => {
          if (status === 'online') this.reconnects = 0;
          else if (status === 'reconnecting' && ++this.reconnects > MAX_RECONNECTS) this.stop('gave-up');
          else if (status === 'closed') this.finish();
        },
        onPending: () => undefined,
        // The seat is this Buyer's only: a window of an earlier seat (on an instance that lost it) gives way.
        hello: () => ({ takeover: true }),
      },
      (url) => {
        const ws = new WebSocket(url);
        ws.on('error', (e) => o.log.warn('simulated buyer connection error', { room: o.room, error: e.message }));
        return ws;
      },
    );
  }

  start(): void {
    if (this.stopped) return;
    this.touch();
    this.conn.start();
  }

  stop(why: SeatEnd = 'stopped'): void {
    if (this.stopped) return;
    this.why = why;
    this.stopped = true;
    this.conn.close();
    this.finish();
  }

  private finish(): void {
    this.stopped = true;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const cb = this.o.onClose;
    this.o.onClose = undefined;
    cb?.(this.why);
  }

  private touch(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop('idle'), SEAT_IDLE_MS);
    this.idle.unref();
  }

  /** Keeps an item (once, in seq order); false if it was known. */
  private remember(item: ChatItem): boolean {
    if (this.seqs.has(item.seq)) return false;
    this.seqs.add(item.seq);
    this.stored.add(item.id);
    this.items.push(item);
    if (this.items.length > 1 && (this.items.at(-2)?.seq ?? 0) > item.seq) this.items.sort((a, b) => a.seq - b.seq);
    return true;
  }

  private receive(m: ServerMessage): void {
    this.touch();
    if (m.type === 'welcome') {
      if (m.key) this.key = m.key;
      this.onRoom(m.room);
    } else if (m.type === 'room') this.onRoom(m.room);
    else if (m.type === 'presence') {
      this.sellerOnline = m.seller;
      this.advanceSoon();
    } else if (m.type === 'error')
      this.o.log.warn(m.id ? 'simulated buyer message refused' : 'simulated buyer refused', { room: this.o.room, error: m.message });
  }

  private onRoom(room: RoomView): void {
    if (room.phase === 'ended') return this.stop('ended');
    if (room.phase === 'pick' && !this.picked) {
      this.picked = true;
      const ids = room.offered.map((c) => c.id);
      this.send({ type: 'pick', category: ids.includes(this.o.category) ? this.o.category : (ids[0] ?? this.o.category) });
      return;
    }
    if (room.phase !== 'chat' || !room.priming) return;
    if (!this.buyer && !this.meet(room, room.priming.targets)) return;
    this.advanceSoon();
  }

  /** Becomes the persona whose targets the room shows (the Buyer page shows them in every priming); false if none is. */
  private meet(room: RoomView, shown: readonly { id: string }[]): boolean {
    const targets = new Set(shown.map((t) => t.id));
    const persona = this.o.catalog.catalog.personas.find(
      (p) => p.targets.length === targets.size && p.targets.every((t) => targets.has(t)),
    );
    if (!persona) {
      this.o.log.warn('simulated buyer: no persona has these targets', { room: this.o.room, targets: [...targets] });
      this.stop('ended');
      return false;
    }
    this.buyer = simulatedBuyerFor(this.o.catalog.catalog, this.o.catalog.products, persona, {
      ...DEFAULT_SIMULATOR_CONFIG,
      seed: this.o.seed,
      schema: this.o.schema,
      mindChange: this.o.mindChange,
      accept: { ...DEFAULT_SIMULATOR_CONFIG.accept, accept: this.o.accept },
      minTurns: room.minTurns,
    });
    return true;
  }

  /** Runs `advance` now, or again once the run in progress ends: one at a time, so the Buyer's calls keep their order. */
  private advanceSoon(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void (async () => {
      try {
        do {
          this.again = false;
          await this.advance();
        } while (this.again && !this.stopped);
      } catch (e) {
        this.o.log.error('simulated buyer failed', { room: this.o.room, error: e instanceof Error ? e.message : String(e) });
      } finally {
        this.running = false;
      }
    })();
  }

  /** Makes the Buyer's calls that are due, in their one order, and sends what they make that the room lacks. */
  private async advance(): Promise<void> {
    const buyer = this.buyer;
    if (!buyer || this.stopped) return;
    if (!this.opened) {
      this.opening ??= this.plan(buyer.opening(), 'open', this.items.find((i) => i.kind === 'pick')?.time ?? Date.now());
      if (!this.sent(this.opening)) {
        // A practice room is opened before the Seller's page loads: its opening line waits for the Seller, and then a
        // moment more, as a person's would, so that the Seller's extension (which starts with the page, after its
        // socket) sees it arrive: a message already on the page when the extension starts is taken as read.
        if (!this.sellerOnline && this.openingAt === 'not-yet') return;
        if (this.openingAt === 'not-yet') {
          this.openingAt = 'waiting';
          setTimeout(() => {
            this.openingAt = 'due';
            this.advanceSoon();
          }, OPENING_AFTER_SELLER_MS).unref();
        }
        if (this.openingAt !== 'due') return;
      }
      this.opened = true;
      await this.deliver(this.opening);
    }
    for (;;) {
      if (this.stopped) return;
      const item = this.items.find((i) => i.sender === 'seller' && i.seq > this.answered);
      if (!item) return;
      this.answered = item.seq;
      const e = sellerEvent(item);
      if (!e) continue;
      const planned = this.plan(buyer.respond(e), String(item.seq), item.time);
      if (e.type === 'share') {
        if (!this.sent(planned)) this.conn.viewed(item.id);
        // Hovers name the share they were on.
        await this.deliver(planned, item.id);
      } else await this.deliver(planned);
    }
  }

  private plan(moves: BuyerMove[], call: string, after: number): Planned[] {
    return moves.map((move, n) => ({ move, id: moveId(this.o.room, this.o.seed, call, n, after) }));
  }

  /** Whether the room has any chat item a call made: then the call was answered before (hovers and all). */
  private sent(planned: readonly Planned[]): boolean {
    return planned.some((p) => p.move.type !== 'hover' && this.stored.has(p.id));
  }

  private async deliver(planned: readonly Planned[], shareId?: string): Promise<void> {
    const answered = this.sent(planned);
    for (const { move: m, id } of planned) {
      if (this.stopped) return;
      if (m.type === 'hover') {
        if (shareId && !answered) this.send({ type: 'hover', shareId, productId: m.productId, dwellMs: m.dwellMs }, id);
        continue;
      }
      if (this.stored.has(id)) continue; // said before this seat was rebuilt
      if (m.type === 'say') {
        const ms = this.o.pace.thinkMs + this.o.pace.msPerChar * m.text.length;
        if (ms > 0) {
          this.conn.typing(true);
          await sleep(ms);
          this.conn.typing(false);
        }
        this.send({ type: 'say', text: m.text }, id);
      } else if (m.type === 'confirm') {
        await sleep(this.o.pace.thinkMs);
        this.send({ type: 'confirm', accepted: m.accepted, ...(m.reason ? { reason: m.reason } : {}) }, id);
      } else this.send({ type: 'end' }, id);
    }
  }

  private send(draft: Draft, id?: string): void {
    if (!this.stopped) this.conn.send(draft, id);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
