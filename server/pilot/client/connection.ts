import { v7 as uuidv7 } from 'uuid';
import type { ChatItem, ClientMessage, Hello, ServerMessage } from '../../../lib/pilot/protocol';
import { MAX_CLIENT_MESSAGE_BYTES } from '../../../lib/pilot/limits';

type Outgoing = Exclude<ClientMessage, { type: 'hello' | 'typing' | 'viewed' }>;
export type Draft = Outgoing extends infer M ? (M extends { id: string } ? Omit<M, 'id'> : never) : never;

/**
 * What the connection needs of a WebSocket: the browser's, or the `ws` package's in Node (the simulated Buyer).
 * The handlers are only ever set here, so their event types are left to the socket (never).
 */
export interface SocketLike {
  onopen: ((e: never) => void) | null;
  onmessage: ((e: never) => void) | null;
  onclose: ((e: never) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface ConnectionHandlers {
  onMessage(m: ServerMessage): void;
  /**
   * Each item once, including ones missed while disconnected, as they arrive: a replay and live items can
   * interleave, so pages place them by `seq` (order.ts).
   */
  onItem(item: ChatItem): void;
  onStatus(status: 'connecting' | 'online' | 'reconnecting' | 'closed', detail?: string): void;
  /** Messages sent but not yet stored by the server. */
  onPending(pending: Outgoing[]): void;
  /** What the next hello says besides the last item seen (a Buyer's code, a takeover). */
  hello?(): Pick<Hello, 'participantCode' | 'takeover'>;
}

/**
 * The page's connection to its room: says hello with the last item it has (the server replays what came after),
 * keeps every message until the server acknowledges it and resends it after a reconnect (the server stores
 * each id once), and reconnects with backoff when the connection drops.
 */
export class ChatConnection {
  private ws: SocketLike | null = null;
  private lastSeq = 0;
  private readonly seen = new Set<string>();
  private readonly pending = new Map<string, Outgoing>();
  private attempts = 0;
  private closed = false;
  private welcomed = false;
  /** This page, to the server: a reconnection replaces this page's earlier socket, never another window's. */
  readonly window = uuidv7();

  constructor(
    private readonly url: () => string,
    private readonly h: ConnectionHandlers,
    private readonly openSocket: (url: string) => SocketLike = (url) => new WebSocket(url),
  ) {}

  /** Connects (again, after a refusal: with what `hello` now says). */
  start(): void {
    this.closed = false;
    this.h.onStatus(this.attempts ? 'reconnecting' : 'connecting');
    const ws = this.openSocket(this.url());
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () =>
      ws.send(JSON.stringify({ type: 'hello', lastSeq: this.lastSeq, window: this.window, ...this.h.hello?.() } satisfies ClientMessage));
    ws.onmessage = (e: { data: unknown }) => this.receive(JSON.parse(String(e.data)) as ServerMessage);
    ws.onclose = (e: { code: number; reason: string }) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed || e.code === 4000) {
        this.h.onStatus('closed', e.reason);
        return;
      }
      this.attempts++;
      this.h.onStatus('reconnecting');
      setTimeout(() => this.closed || this.start(), Math.min(5000, 250 * 2 ** Math.min(this.attempts, 5)));
    };
  }

  /** Sends a message now or after the next reconnect; returns its id (`id` when given: the extension's, for its event). */
  send(draft: Draft, id: string = uuidv7()): string {
    const msg = { ...draft, id } as Outgoing;
    if (new TextEncoder().encode(JSON.stringify(msg)).length > MAX_CLIENT_MESSAGE_BYTES) {
      // Never sent: the server closes a connection that sends more, and the resend after reconnecting would again.
      // Refused like a message the server refuses, once the caller has shown it (hence the microtask).
      queueMicrotask(() => this.h.onMessage({ type: 'error', id, message: `Too large to send (over ${MAX_CLIENT_MESSAGE_BYTES} bytes)` }));
      return id;
    }
    this.pending.set(id, msg);
    this.h.onPending([...this.pending.values()]);
    if (this.welcomed) this.ws?.send(JSON.stringify(msg));
    return id;
  }

  typing(on: boolean): void {
    if (this.welcomed) this.ws?.send(JSON.stringify({ type: 'typing', on } satisfies ClientMessage));
  }

  viewed(shareId: string): void {
    if (this.welcomed) this.ws?.send(JSON.stringify({ type: 'viewed', shareId } satisfies ClientMessage));
  }

  /** For tests: drop the connection as a network failure would. */
  drop(): void {
    this.ws?.close();
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }

  private receive(m: ServerMessage): void {
    if (m.type === 'welcome') {
      this.welcomed = true;
      this.attempts = 0;
      this.h.onStatus('online');
      this.h.onMessage(m);
      for (const msg of this.pending.values()) this.ws?.send(JSON.stringify(msg)); // resend what was never acknowledged
      return;
    }
    if (m.type === 'item') {
      this.lastSeq = Math.max(this.lastSeq, m.item.seq);
      if (this.seen.has(m.item.id)) return;
      this.seen.add(m.item.id);
      this.pending.delete(m.item.id);
      this.h.onPending([...this.pending.values()]);
      this.h.onItem(m.item);
      return;
    }
    if (m.type === 'ack' || (m.type === 'error' && m.id)) {
      const id = m.id;
      if (id && this.pending.delete(id)) this.h.onPending([...this.pending.values()]);
    }
    this.h.onMessage(m);
  }
}
