// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { insertBySeq, placeBySeq } from '../pilot/client/order';
import { TypingSignal } from '../pilot/client/typing';
import { ChatConnection, type SocketLike } from '../pilot/client/connection';
import { MAX_CLIENT_MESSAGE_BYTES } from '../../lib/pilot/limits';
import type { ServerMessage } from '../../lib/pilot/protocol';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('chat items on the pages', () => {
  it('are listed by seq whatever order they arrive in (a replay interleaved with live items)', () => {
    const arrivals = [{ seq: 7 }, { seq: 12 }, { seq: 3 }, { seq: 9 }, { seq: 4 }, { seq: 15 }];
    const shown = arrivals.reduce<{ seq: number }[]>((list, item) => insertBySeq(list, item), []);
    expect(shown.map((i) => i.seq)).toEqual([3, 4, 7, 9, 12, 15]);
  });

  it("are placed by seq in the Seller page's list, before messages still waiting to be stored", () => {
    const list = document.createElement('div');
    const item = (text: string) => Object.assign(document.createElement('div'), { textContent: text });
    placeBySeq(list, item('seq 20'), 20);
    const pending = item('pending'); // sent by the Seller, not yet stored: no seq
    list.append(pending);
    placeBySeq(list, item('seq 31'), 31);
    placeBySeq(list, item('seq 5'), 5);
    placeBySeq(list, item('seq 25'), 25);
    expect(Array.from(list.children, (c) => c.textContent)).toEqual(['seq 5', 'seq 20', 'seq 25', 'seq 31', 'pending']);
    expect(Array.from(list.children, (c) => (c as HTMLElement).dataset.seq)).toEqual(['5', '20', '25', '31', undefined]);
  });
});

describe('the typing signal both pages use', () => {
  it('is on at the first keystroke, said once, and off after the idle time without one', async () => {
    const sent: boolean[] = [];
    const typing = new TypingSignal((on) => sent.push(on), 40);
    typing.input();
    typing.input();
    await sleep(20);
    typing.input(); // still typing: the idle time starts again
    await sleep(25);
    expect(sent).toEqual([true]);
    await sleep(40);
    expect(sent).toEqual([true, false]);
  });

  it('is off at once when the message is sent, and says nothing more after', async () => {
    const sent: boolean[] = [];
    const typing = new TypingSignal((on) => sent.push(on), 40);
    typing.input();
    typing.stop();
    typing.stop();
    await sleep(60);
    expect(sent).toEqual([true, false]);
  });
});

describe("the pages' connection", () => {
  /** A socket that records what is sent, welcomed at once. */
  function connected() {
    const sent: string[] = [];
    const got: ServerMessage[] = [];
    let pending: { id: string }[] = [];
    const socket = {
      onopen: null,
      onmessage: null,
      onclose: null,
      send: (d: string) => sent.push(d),
      close: () => undefined,
    } as SocketLike & { onmessage: ((e: { data: string }) => void) | null };
    const conn = new ChatConnection(
      () => 'ws://test/',
      { onMessage: (m) => got.push(m), onItem: () => undefined, onStatus: () => undefined, onPending: (p) => (pending = p) },
      () => socket,
    );
    conn.start();
    socket.onmessage?.({ data: JSON.stringify({ type: 'welcome', role: 'seller', room: {} }) });
    return { conn, socket, sent, got, pending: () => pending };
  }

  it('stops waiting for a message the server refuses by its id', () => {
    const c = connected();
    const id = c.conn.send({ type: 'say', text: 'hello' });
    expect(c.pending().map((p) => p.id)).toEqual([id]);
    c.socket.onmessage?.({ data: JSON.stringify({ type: 'error', id, message: 'text: must not contain a NUL character (U+0000)' }) });
    expect(c.pending()).toEqual([]);
    expect(c.got.at(-1)).toEqual({ type: 'error', id, message: 'text: must not contain a NUL character (U+0000)' });
  });

  it('never sends a message larger than the server takes, and refuses it by its id once the page has shown it', async () => {
    const c = connected();
    const before = c.sent.length;
    const huge = 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES);
    const id = c.conn.send({ type: 'say', text: huge });
    expect(c.got.filter((m) => m.type === 'error')).toEqual([]); // not yet: the page shows it first
    await Promise.resolve();
    expect(c.got.at(-1)).toEqual({ type: 'error', id, message: `Too large to send (over ${MAX_CLIENT_MESSAGE_BYTES} bytes)` });
    expect(c.sent.length).toBe(before);
    expect(c.pending()).toEqual([]);
  });

  it('says which page it is in every hello (the same on reconnecting) with what the page adds, and can connect again after a refusal', () => {
    type Sock = SocketLike & { onopen: (() => void) | null; onclose: ((e: { code: number; reason: string }) => void) | null };
    const sockets: { socket: Sock; sent: string[] }[] = [];
    const statuses: string[] = [];
    let extra: { participantCode?: string; takeover?: boolean } = { participantCode: 'ABCD-1234' };
    const conn = new ChatConnection(
      () => 'ws://test/',
      {
        onMessage: () => undefined,
        onItem: () => undefined,
        onStatus: (s) => statuses.push(s),
        onPending: () => undefined,
        hello: () => extra,
      },
      () => {
        const sent: string[] = [];
        const socket = { onopen: null, onmessage: null, onclose: null, send: (d: string) => sent.push(d), close: () => undefined } as Sock;
        sockets.push({ socket, sent });
        return socket;
      },
    );
    conn.start();
    sockets[0]?.socket.onopen?.();
    expect(JSON.parse(sockets[0]?.sent[0] ?? '')).toEqual({ type: 'hello', lastSeq: 0, window: conn.window, participantCode: 'ABCD-1234' });
    // Refused (4000: the seat is open in another window): closed for good, no reconnection of its own.
    sockets[0]?.socket.onclose?.({ code: 4000, reason: 'This room is open in another window.' });
    expect(statuses.at(-1)).toBe('closed');
    expect(sockets).toHaveLength(1);
    // The page asks to take over: the next hello says so, from the same page.
    extra = { takeover: true };
    conn.start();
    sockets[1]?.socket.onopen?.();
    expect(JSON.parse(sockets[1]?.sent[0] ?? '')).toEqual({ type: 'hello', lastSeq: 0, window: conn.window, takeover: true });
    conn.close();
  });
});
