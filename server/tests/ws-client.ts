import WebSocket from 'ws';
import { v7 as uuidv7 } from 'uuid';
import type { ServerMessage, ChatItem } from '../../lib/pilot/protocol';

/** A WebSocket client that records everything it receives and can wait for a message. */
export class Client {
  readonly got: ServerMessage[] = [];
  private ws!: WebSocket;
  private waiters: (() => void)[] = [];
  /** How the connection ended (code and reason), once it has: set by `connect`. */
  closed!: Promise<{ code: number; reason: string }>;
  constructor(private readonly url: string) {}

  /** Opens the socket without saying anything. */
  async connect(): Promise<void> {
    this.ws = new WebSocket(this.url);
    this.ws.on('message', (data) => {
      this.got.push(JSON.parse(String(data)) as ServerMessage);
      for (const w of this.waiters.splice(0)) w();
    });
    // A connection the server cuts for a too-large frame also reports an error; the close says what happened.
    this.ws.on('error', () => undefined);
    this.closed = new Promise((r) => this.ws.once('close', (code, reason) => r({ code, reason: reason.toString() })));
    await new Promise((r, j) => this.ws.once('open', r).once('error', j));
  }

  /** Connects and says hello (`extra`: the hello's other fields, a window, a takeover, a code); resolves with the answer. */
  async open(
    lastSeq = 0,
    extra: Record<string, unknown> = {},
  ): Promise<Extract<ServerMessage, { type: 'welcome' }> | Extract<ServerMessage, { type: 'error' }>> {
    await this.connect();
    const from = this.got.length;
    this.send({ type: 'hello', lastSeq, ...extra });
    return (await this.waitFor((m) => m.type === 'welcome' || m.type === 'error', from)) as never;
  }
  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }
  /** Sends a frame as it is (not JSON-encoded). */
  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }
  say(text: string, id = uuidv7()): string {
    this.send({ type: 'say', id, text });
    return id;
  }
  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise((r) => {
      this.ws.once('close', r);
      this.ws.close();
    });
  }
  items(): ChatItem[] {
    return this.got.flatMap((m) => (m.type === 'item' ? [m.item] : []));
  }
  lastRoom() {
    return [...this.got]
      .reverse()
      .find((m): m is Extract<ServerMessage, { type: 'room' | 'welcome' }> => m.type === 'room' || m.type === 'welcome')?.room;
  }
  async waitFor(pred: (m: ServerMessage) => boolean, from = 0, timeoutMs = 5000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.got.slice(from).find(pred);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(this.got.slice(from)).slice(0, 400)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 100);
      });
    }
  }
}
