import WebSocket from 'ws';
import type { ChatItem, ServerMessage } from '../../lib/pilot/protocol';
import { ChatConnection, type Draft } from '../pilot/client/connection';

/** What one socket of a page received, frame by frame, and where it was connected. */
export interface SocketLog {
  base: string;
  frames: ServerMessage[];
}

/**
 * A pilot page behind a round-robin balancer: the pages' own connection code (hello with the last seq seen, resend
 * until acknowledged, reconnect with backoff), each (re)connection going to the next instance in the list. Every
 * frame each socket got is kept as it came, so a test can tell an item sent twice from one the page kept once.
 */
export class RoamingPage {
  readonly sockets: SocketLog[] = [];
  readonly got: ServerMessage[] = [];
  readonly items: ChatItem[] = [];
  readonly conn: ChatConnection;
  status = 'connecting';
  /** The seat key the server gave this page (a Buyer's), for its reconnections. */
  key: string | undefined;
  private next: number;
  private waiters: (() => void)[] = [];

  /**
   * `bases()`: the instances' http:// addresses now; `path(key)`: the socket's path and query (with the seat key,
   * once there is one); `first`: which instance the first connection goes to.
   */
  constructor(
    private readonly bases: () => string[],
    path: (key: string | undefined) => string,
    first = 0,
  ) {
    this.next = first;
    this.conn = new ChatConnection(
      () => {
        const list = this.bases();
        const base = list[this.next++ % list.length] as string;
        return `${base.replace('http', 'ws')}${path(this.key)}`;
      },
      {
        onMessage: (m) =>
          this.heard(() => {
            this.got.push(m);
            if (m.type === 'welcome' && m.key) this.key = m.key;
          }),
        onItem: (item) => this.heard(() => this.items.push(item)),
        onStatus: (s) => this.heard(() => (this.status = s)),
        onPending: () => undefined,
      },
      (url) => {
        const ws = new WebSocket(url);
        const log: SocketLog = { base: new URL(url).host, frames: [] };
        this.sockets.push(log);
        ws.on('message', (data) => log.frames.push(JSON.parse(String(data)) as ServerMessage));
        ws.on('error', () => undefined); // a refused connection (an instance down) closes too: the page reconnects
        return ws;
      },
    );
    this.conn.start();
  }

  send(draft: Draft): string {
    return this.conn.send(draft);
  }

  say(text: string): string {
    return this.send({ type: 'say', text });
  }

  close(): void {
    this.conn.close();
  }

  /** The seqs of the items each socket was sent, socket by socket, in the order they came. */
  itemSeqsBySocket(): number[][] {
    return this.sockets.map((s) => s.frames.flatMap((f) => (f.type === 'item' ? [f.item.seq] : [])));
  }

  lastPresence() {
    return this.got.filter((m): m is Extract<ServerMessage, { type: 'presence' }> => m.type === 'presence').at(-1);
  }

  lastRoom() {
    return this.got
      .filter((m): m is Extract<ServerMessage, { type: 'room' | 'welcome' }> => m.type === 'room' || m.type === 'welcome')
      .at(-1)?.room;
  }

  /** Waits until `ok()` holds, checking at every message and at least every 100 ms. */
  async until(ok: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ok()) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; status ${this.status}; last: ${JSON.stringify(this.got.slice(-5)).slice(0, 600)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 100);
      });
    }
  }

  private heard(record: () => void): void {
    record();
    for (const w of this.waiters.splice(0)) w();
  }
}
