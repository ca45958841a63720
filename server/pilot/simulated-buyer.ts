import WebSocket from 'ws';
import type { CoachingSchema } from '../../lib/coach/coaching-schema';
import type { BuyerMove, SellerEvent } from '../../lib/simulator/acts';
import { DEFAULT_SIMULATOR_CONFIG, type SimulatedBuyer } from '../../lib/simulator/buyer';
import { simulatedBuyerFor } from '../../lib/simulator/run';
import type { AcceptRule } from '../../lib/simulator/preferences';
import type { ChatItem, RoomView, ServerMessage } from '../../lib/pilot/protocol';
import { ChatConnection, type Draft } from './client/connection';
import type { ServerCatalog } from '../catalog';
import type { Logger } from '../log';

/** How long after the Seller's page connects a simulated Buyer says its first line (see onRoom). */
export const OPENING_AFTER_SELLER_MS = 1000;

/** How fast the simulated Buyer types: a pause to think, then time per character (both zero in tests). */
export interface TypingPace {
  thinkMs: number;
  msPerChar: number;
}

export interface SeatOptions {
  /** ws://host:port of this server: the seat connects like any Buyer page. */
  wsBase: string;
  room: string;
  /** The seat's key: the room was opened with the seat taken for this simulated Buyer. */
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
  /** Called once the seat has left (conversation over, or stopped). */
  onClose?: () => void;
}

/** Gives up on a room nobody talks in, so a forgotten practice room does not keep a connection open for ever. */
const IDLE_MS = 30 * 60_000;
const MAX_RECONNECTS = 20;

/**
 * A simulated Buyer in a pilot room, through the same WebSocket API as the Buyer page: it says hello, picks the
 * category when the Seller offers it, opens the conversation, answers each Seller message after a human-like
 * pause with the typing indicator on, looks at shared cards (view and hover events), answers a Guess, and ends
 * the conversation when done. It talks through the Buyer page's own connection code, so it reconnects, resends
 * and is stored once the same way.
 */
export class SimulatedBuyerSeat {
  private readonly conn: ChatConnection;
  private key: string;
  private buyer: SimulatedBuyer | null = null;
  private opened = false;
  /** Whether the Seller's page is connected: the Buyer says its first line to someone there to read it. */
  private sellerOnline = false;
  private lastRoom: RoomView | null = null;
  private picked = false;
  private stopped = false;
  /** Reconnection attempts since the seat was last online. */
  private reconnects = 0;
  private idle: NodeJS.Timeout | null = null;
  /** Seller items wait here while the Buyer is still "typing" an earlier answer, and are answered in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly o: SeatOptions) {
    this.key = o.key;
    // The Buyer page's connection (hello with the last item seen, resend until acknowledged, reconnect with backoff).
    this.conn = new ChatConnection(
      () => `${o.wsBase}/v1/rooms/${encodeURIComponent(o.room)}/ws?role=buyer&key=${encodeURIComponent(this.key)}`,
      {
        onMessage: (m) => this.receive(m),
        onItem: (item) => {
          this.touch();
          if (item.sender === 'seller') this.enqueue(() => this.onSellerItem(item));
        },
        onStatus: (status) => {
          if (status === 'online') this.reconnects = 0;
          else if (status === 'reconnecting' && ++this.reconnects > MAX_RECONNECTS) this.stop();
          else if (status === 'closed') this.finish();
        },
        onPending: () => undefined,
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

  stop(): void {
    this.stopped = true;
    this.conn.close();
    this.finish();
  }

  private finish(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const cb = this.o.onClose;
    this.o.onClose = undefined;
    cb?.();
  }

  private touch(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(), IDLE_MS);
    this.idle.unref();
  }

  private receive(m: ServerMessage): void {
    this.touch();
    if (m.type === 'welcome') {
      if (m.key) this.key = m.key;
      this.onRoom(m.room);
    } else if (m.type === 'room') this.onRoom(m.room);
    else if (m.type === 'presence') {
      this.sellerOnline = m.seller;
      if (this.lastRoom) this.onRoom(this.lastRoom);
    } else if (m.type === 'error')
      this.o.log.warn(m.id ? 'simulated buyer message refused' : 'simulated buyer refused', { room: this.o.room, error: m.message });
  }

  private onRoom(room: RoomView): void {
    this.lastRoom = room;
    if (room.phase === 'ended') return this.stop();
    if (room.phase === 'pick' && !this.picked) {
      this.picked = true;
      const ids = room.offered.map((c) => c.id);
      this.send({ type: 'pick', category: ids.includes(this.o.category) ? this.o.category : (ids[0] ?? this.o.category) });
      return;
    }
    if (room.phase !== 'chat' || !room.priming) return;
    if (!this.buyer && !this.meet(room, room.priming.targets)) return;
    const buyer = this.buyer;
    // A practice room is opened before the Seller's page loads: its opening line waits for the Seller, and then a
    // moment more, as a person's would, so that the Seller's extension (which starts with the page, after its
    // socket) sees it arrive: a message already on the page when the extension starts is taken as read.
    if (buyer && !this.opened && room.turns === 0 && this.sellerOnline) {
      this.opened = true;
      const greet = setTimeout(() => {
        if (!this.stopped && (this.lastRoom?.turns ?? 0) === 0) this.enqueue(() => this.act(buyer.opening()));
      }, OPENING_AFTER_SELLER_MS);
      greet.unref();
    }
  }

  /** Becomes the persona whose targets the room shows (the Buyer page shows them in every priming); false if none is. */
  private meet(room: RoomView, shown: readonly { id: string }[]): boolean {
    const targets = new Set(shown.map((t) => t.id));
    const persona = this.o.catalog.catalog.personas.find(
      (p) => p.targets.length === targets.size && p.targets.every((t) => targets.has(t)),
    );
    if (!persona) {
      this.o.log.warn('simulated buyer: no persona has these targets', { room: this.o.room, targets: [...targets] });
      this.stop();
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

  private async onSellerItem(item: ChatItem): Promise<void> {
    const buyer = this.buyer;
    if (!buyer) return;
    let e: SellerEvent | null = null;
    if (item.kind === 'say' && item.text) e = { type: 'say', text: item.text, ...(item.acts ? { acts: item.acts } : {}) };
    else if (item.kind === 'share' && item.products?.length) {
      this.conn.viewed(item.id);
      e = {
        type: 'share',
        productIds: item.products.filter((p) => p.source === 'catalog').map((p) => p.id),
        ...(item.text ? { text: item.text } : {}),
      };
      // Hovers name the share they were on.
      await this.act(buyer.respond(e), item.id);
      return;
    } else if (item.kind === 'guess' && item.products?.[0]) e = { type: 'guess', productId: item.products[0].id };
    if (e) await this.act(buyer.respond(e));
  }

  private async act(moves: BuyerMove[], shareId?: string): Promise<void> {
    for (const m of moves) {
      if (this.stopped) return;
      if (m.type === 'hover') {
        if (shareId) this.send({ type: 'hover', shareId, productId: m.productId, dwellMs: m.dwellMs });
      } else if (m.type === 'say') {
        const ms = this.o.pace.thinkMs + this.o.pace.msPerChar * m.text.length;
        if (ms > 0) {
          this.conn.typing(true);
          await sleep(ms);
          this.conn.typing(false);
        }
        this.send({ type: 'say', text: m.text });
      } else if (m.type === 'confirm') {
        await sleep(this.o.pace.thinkMs);
        this.send({ type: 'confirm', accepted: m.accepted, ...(m.reason ? { reason: m.reason } : {}) });
      } else this.send({ type: 'end' });
    }
  }

  private send(draft: Draft): void {
    this.conn.send(draft);
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue
      .then(work)
      .catch((e: unknown) =>
        this.o.log.error('simulated buyer failed', { room: this.o.room, error: e instanceof Error ? e.message : String(e) }),
      );
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
