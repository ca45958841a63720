import { v7 as uuidv7 } from 'uuid';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../lib/pilot/protocol';
import { MAX_CLIENT_MESSAGE_BYTES } from '../../lib/pilot/limits';
import { MAX_OPEN_ROOMS_PER_SELLER, OPEN_ROOM_IDLE_MS } from '../pilot/rooms';
import { Client } from './ws-client';
import { BACKENDS, joinedSeller, openRoom as openStudyRoom, post, useServer, type ServerHarness } from './harness';

/** Short, so the test of a socket that never says hello does not wait the real 10 s. */
const HELLO_TIMEOUT_MS = 600;

/** A study with one Seller code and a room opened with it; the Seller's and the Buyer's socket addresses. */
async function openRoom(h: ServerHarness, config: Record<string, unknown> = {}) {
  const r = await openStudyRoom(h, { name: 'Hardening', minTurns: 1, ...config });
  return {
    study: r.study,
    code: r.seller.code,
    participant: r.seller.participant,
    room: r.room,
    sellerWs: r.ws('seller', r.key),
    buyerWs: r.ws('buyer'),
  };
}

/** A room in its chat phase, Seller and Buyer connected. */
async function chatting(h: ServerHarness, config: Record<string, unknown> = {}) {
  const r = await openRoom(h, { categories: ['lego'], ...config });
  const seller = new Client(r.sellerWs);
  const buyer = new Client(r.buyerWs);
  await seller.open();
  await buyer.open();
  seller.send({ type: 'offer', id: uuidv7(), categories: ['lego'] });
  await buyer.waitFor((m) => m.type === 'room' && m.room.phase === 'pick');
  buyer.send({ type: 'pick', id: uuidv7(), category: 'lego' });
  await seller.waitFor((m) => m.type === 'room' && m.room.phase === 'chat');
  return { r, seller, buyer };
}

const errorFor = (c: Client, id: string, from = 0) =>
  c.waitFor((m) => m.type === 'error' && m.id === id, from) as Promise<Extract<ServerMessage, { type: 'error' }>>;
const storedRows = async (h: ServerHarness, id: string) =>
  Number(
    (
      await h.server.sql.query<{ n: string | number }>(
        'SELECT (SELECT count(*) FROM room_messages WHERE id::text = $1) + (SELECT count(*) FROM events WHERE id::text = $1) AS n',
        [id],
      )
    )[0]?.n,
  );

describe.each(BACKENDS)('hardened server surfaces ($name)', (backend) => {
  const harness = useServer(backend, { PILOT_HELLO_TIMEOUT_MS: String(HELLO_TIMEOUT_MS) });

  describe('a WebSocket before it has said hello', () => {
    it("is closed (1009) as soon as it sends a frame larger than the protocol's largest message", async () => {
      const h = harness();
      const r = await openRoom(h);
      const c = new Client(r.buyerWs);
      await c.connect();
      c.sendRaw(Buffer.alloc(MAX_CLIENT_MESSAGE_BYTES + 1, 0x20));
      expect((await c.closed).code).toBe(1009);
      // A frame of the largest size allowed is read (and, not being a hello, refused).
      const d = new Client(r.buyerWs);
      await d.connect();
      d.sendRaw(Buffer.alloc(MAX_CLIENT_MESSAGE_BYTES, 0x20));
      expect(await d.closed).toEqual({ code: 1008, reason: 'Say hello first: messages must be JSON' });
    });

    it('is closed with the reason when it sends anything but hello, and names the message refused', async () => {
      const h = harness();
      const { r, seller } = await chatting(h);
      const c = new Client(r.buyerWs);
      await c.connect();
      const id = uuidv7();
      c.send({ type: 'say', id, text: 'let me in' });
      expect(await c.closed).toEqual({ code: 1008, reason: 'Say hello first: got "say" before the welcome' });
      expect(c.got).toEqual([{ type: 'error', id, message: 'Say hello first: got "say" before the welcome' }]);
      expect(await storedRows(h, id)).toBe(0);
      // Typing is relayed to a room only by a socket in it.
      const t = new Client(r.buyerWs);
      await t.connect();
      const seen = seller.got.length;
      t.send({ type: 'typing', on: true });
      expect((await t.closed).code).toBe(1008);
      expect(seller.got.slice(seen).filter((m) => m.type === 'typing')).toEqual([]);
      // Not JSON, or not a valid hello: closed as well.
      const j = new Client(r.buyerWs);
      await j.connect();
      j.sendRaw('hello?');
      expect(await j.closed).toEqual({ code: 1008, reason: 'Say hello first: messages must be JSON' });
      const bad = new Client(r.buyerWs);
      await bad.connect();
      bad.send({ type: 'hello', lastSeq: -1 });
      expect((await bad.closed).reason).toMatch(/^Say hello first: lastSeq: /);
      // A reason quoting what was sent is cut to the 123 bytes a close frame holds, whatever the script.
      const wide = new Client(r.buyerWs);
      await wide.connect();
      wide.send({ type: 'hello', lastSeq: '€'.repeat(300) });
      const { code, reason } = await wide.closed;
      expect(code).toBe(1008);
      expect(reason).toMatch(/^Say hello first: lastSeq: Invalid type: Expected number but received "€+$/);
      expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
      await Promise.all([seller.close()]);
    });

    it(`is closed after PILOT_HELLO_TIMEOUT_MS when it says nothing`, async () => {
      const h = harness();
      const r = await openRoom(h);
      const c = new Client(r.buyerWs);
      const t0 = Date.now();
      await c.connect();
      expect(await c.closed).toEqual({
        code: 1008,
        reason: `Say hello first: nothing was said within ${HELLO_TIMEOUT_MS} ms of connecting`,
      });
      expect(Date.now() - t0).toBeGreaterThanOrEqual(HELLO_TIMEOUT_MS - 50);
      // One that says hello in time stays open past the timeout.
      const ok = new Client(r.sellerWs);
      expect((await ok.open()).type).toBe('welcome');
      await new Promise((res) => setTimeout(res, HELLO_TIMEOUT_MS + 200));
      const id = uuidv7();
      ok.send({ type: 'offer', id, categories: ['headphones'] });
      await ok.waitFor((m) => m.type === 'ack' && m.id === id);
      await ok.close();
    });
  });

  it('registers a socket once however often it says hello: each item arrives once, and presence ends with the socket', async () => {
    const h = harness();
    const r = await openRoom(h);
    const seller = new Client(r.sellerWs);
    await seller.open();
    const buyer = new Client(r.buyerWs);
    await buyer.connect();
    for (let i = 0; i < 100; i++) buyer.send({ type: 'hello', lastSeq: 0 });
    await buyer.waitFor((m) => m.type === 'welcome');
    await buyer.waitFor(() => buyer.got.filter((m) => m.type === 'error').length >= 99);
    expect(buyer.got.filter((m) => m.type === 'welcome')).toHaveLength(1);
    expect(new Set(buyer.got.filter((m) => m.type === 'error').map((m) => (m as { message: string }).message))).toEqual(
      new Set(['This connection has already said hello']),
    );
    await seller.waitFor((m) => m.type === 'presence' && m.buyer);

    const offer = uuidv7();
    seller.send({ type: 'offer', id: offer, categories: ['lego'] });
    await seller.waitFor((m) => m.type === 'ack' && m.id === offer);
    seller.send({ type: 'typing', on: true }); // relayed after the offer: once it is in, every copy of that is too
    await buyer.waitFor((m) => m.type === 'typing');
    await new Promise((res) => setTimeout(res, 200));
    expect(buyer.items().filter((i) => i.id === offer)).toHaveLength(1);
    expect(buyer.got.filter((m) => m.type === 'typing')).toHaveLength(1);

    const from = seller.got.length;
    await buyer.close();
    await seller.waitFor((m) => m.type === 'presence' && !m.buyer, from);
    await seller.close();
  });

  it('names every refused message by its id, refuses text PostgreSQL cannot store, and stores nothing of it', async () => {
    const h = harness();
    const { seller, buyer } = await chatting(h, { conditions: ['B.IIIc'] });
    const refused = async (c: Client, m: Record<string, unknown>, message: RegExp) => {
      const id = typeof m.id === 'string' ? m.id : uuidv7();
      const from = c.got.length;
      c.send({ ...m, id });
      expect((await errorFor(c, id, from)).message).toMatch(message);
      expect(await storedRows(h, id)).toBe(0);
    };
    await refused(buyer, { type: 'say', text: 'nul \u0000 here' }, /^text: must not contain a NUL character/);
    await refused(buyer, { type: 'say', text: 'half an emoji \uD83D' }, /^text: must not contain a lone surrogate/);
    await refused(buyer, { type: 'say', text: 'ok', voice: { raw: 'a\u0000', edited: 'ok' } }, /^voice\.raw: must not contain a NUL/);
    await refused(buyer, { type: 'confirm', accepted: false, reason: '\uDC00' }, /^reason: must not contain a lone surrogate/);
    await refused(seller, { type: 'say', text: 'hi', acts: ['greet\u0000'] }, /^acts\.0: must not contain a NUL/);
    await refused(
      seller,
      { type: 'share', products: [{ id: 'P1', title: 'Castle\u0000', source: 'json-ld' }] },
      /^products\.0\.title: must not contain a NUL/,
    );
    await refused(
      seller,
      { type: 'share', message: 'see \uD800', productIds: ['lego-0001'] },
      /^message: must not contain a lone surrogate/,
    );
    await refused(seller, { type: 'guess', productId: 'x\u0000' }, /^productId: must not contain a NUL/);
    // Not a valid message at all, but carrying an id: that id is named.
    await refused(buyer, { type: 'say', text: 42 }, /^text: /);
    await refused(buyer, { type: 'shout', text: 'hi' }, /type/);
    // The connection carries on.
    const ok = buyer.say('still here');
    await buyer.waitFor((m) => m.type === 'ack' && m.id === ok);
    await Promise.all([seller.close(), buyer.close()]);
  });

  describe('open rooms per Seller', () => {
    it(`lets one practice token open at most ${MAX_OPEN_ROOMS_PER_SELLER} at once, however many it asks for at the same time`, async () => {
      const h = harness();
      const { auth, joined } = await joinedSeller(h, { name: 'Practice limit', categories: ['books'] });
      const asked = MAX_OPEN_ROOMS_PER_SELLER + 4;
      const answers = await Promise.all(Array.from({ length: asked }, () => post(`${h.url}/v1/practice`, { category: 'books' }, auth)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_OPEN_ROOMS_PER_SELLER);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused).toHaveLength(asked - MAX_OPEN_ROOMS_PER_SELLER);
      for (const a of refused) {
        expect(a.status).toBe(429);
        expect((a.json as { error: string }).error).toMatch(
          new RegExp(`^Too many open rooms: a Seller may have ${MAX_OPEN_ROOMS_PER_SELLER} at once`),
        );
        const retry = Number(a.headers.get('Retry-After'));
        expect(retry).toBeGreaterThanOrEqual(OPEN_ROOM_IDLE_MS / 1000 - 60);
        expect(retry).toBeLessThanOrEqual(OPEN_ROOM_IDLE_MS / 1000);
      }
      const rooms = async () =>
        Number(
          (await h.server.sql.query<{ n: string | number }>('SELECT count(*) AS n FROM rooms WHERE seller = $1', [joined.participant]))[0]
            ?.n,
        );
      expect(await rooms()).toBe(MAX_OPEN_ROOMS_PER_SELLER);

      // An ended room is not open: one more may open.
      await h.server.sql.query(
        'UPDATE rooms SET ended_at = now() WHERE id = (SELECT id FROM rooms WHERE seller = $1 ORDER BY created_at LIMIT 1)',
        [joined.participant],
      );
      expect((await post(`${h.url}/v1/practice`, { category: 'books' }, auth)).status).toBe(201);
      expect((await post(`${h.url}/v1/practice`, { category: 'books' }, auth)).status).toBe(429);
    });

    it("counts a Seller's rooms opened by code until they end or go idle, however old a busy one is", async () => {
      const h = harness();
      const first = await openRoom(h, { categories: ['lego'] });
      const more = [];
      for (let i = 1; i < MAX_OPEN_ROOMS_PER_SELLER; i++) more.push(await post(`${h.url}/v1/rooms`, { code: first.code }));
      expect(more.map((m) => m.status)).toEqual(Array(MAX_OPEN_ROOMS_PER_SELLER - 1).fill(201));
      const over = await post(`${h.url}/v1/rooms`, { code: first.code });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);

      // The first room is busy (an offer just now); all were opened long ago. Only the busy one still counts.
      const seller = new Client(first.sellerWs);
      await seller.open();
      const offer = uuidv7();
      seller.send({ type: 'offer', id: offer, categories: ['lego'] });
      await seller.waitFor((m) => m.type === 'ack' && m.id === offer);
      await seller.close();
      await h.server.sql.query(`UPDATE rooms SET created_at = now() - interval '2 hours' WHERE seller = $1`, [first.participant]);
      const again = [];
      for (let i = 0; i < MAX_OPEN_ROOMS_PER_SELLER; i++) again.push((await post(`${h.url}/v1/rooms`, { code: first.code })).status);
      expect(again).toEqual([...Array(MAX_OPEN_ROOMS_PER_SELLER - 1).fill(201), 429]);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a body that is not declared JSON with 415, so a cross-site form cannot rotate a token', async () => {
      const h = harness();
      const s = await joinedSeller(h, { name: 'CSRF' });
      const [{ code } = { code: '' }] = await h.server.sql.query<{ code: string }>('SELECT code FROM participants WHERE id = $1', [
        s.joined.participant,
      ]);
      const form = await fetch(`${h.url}/v1/join`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'https://evil.example' },
        body: JSON.stringify({ code }),
      });
      expect(form.status).toBe(403);
      // The same without an Origin (a client that is no browser): refused for its type, nothing changed.
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await fetch(`${h.url}/v1/join`, { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify({ code }) });
        expect(res.status).toBe(415);
        expect(await res.json()).toEqual({ error: `Content-Type must be application/json (got "${type}")` });
      }
      const untyped = await fetch(`${h.url}/v1/join`, { method: 'POST', body: new Blob([JSON.stringify({ code })]) });
      expect(untyped.status).toBe(415);
      // Every JSON route reads its body in one place: the same for events and admin routes.
      expect(
        (
          await fetch(`${h.url}/v1/events`, {
            method: 'POST',
            headers: { ...s.auth, 'Content-Type': 'text/plain' },
            body: JSON.stringify({ events: [s.event()] }),
          })
        ).status,
      ).toBe(415);
      expect(
        (
          await fetch(`${h.url}/v1/studies`, {
            method: 'POST',
            headers: { ...h.admin, 'Content-Type': 'text/plain' },
            body: JSON.stringify({ name: 'x' }),
          })
        ).status,
      ).toBe(415);
      // The participant's token still works: nothing rotated it.
      expect((await post(`${h.url}/v1/events`, { events: [s.event()] }, s.auth)).status).toBe(200);
      // JSON with a charset is JSON; an empty body where one is optional needs no type.
      expect((await post(`${h.url}/v1/join`, { code }, { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200);
    });

    it("refuses writes from a page of another site with 403, and takes them from this server's pages, the extension and non-browsers", async () => {
      const h = harness();
      const s = await joinedSeller(h, { name: 'Origins' });
      const [{ code } = { code: '' }] = await h.server.sql.query<{ code: string }>('SELECT code FROM participants WHERE id = $1', [
        s.joined.participant,
      ]);
      const join = (headers: Record<string, string>) => post(`${h.url}/v1/join`, { code }, headers);
      for (const origin of ['https://evil.example', 'null', `http://evil.example:${new URL(h.url).port}`]) {
        const res = await join({ Origin: origin });
        expect(res).toMatchObject({
          status: 403,
          json: {
            error: `Requests from ${origin} may not change anything here: only this server's pages and the Floorwalker extension may`,
          },
        });
      }
      const roomsBefore = Number((await h.server.sql.query<{ n: string | number }>('SELECT count(*) AS n FROM rooms'))[0]?.n);
      expect((await post(`${h.url}/v1/rooms`, { code }, { Origin: 'https://evil.example' })).status).toBe(403);
      expect((await post(`${h.url}/v1/practice`, { category: 'lego' }, { ...s.auth, Origin: 'https://evil.example' })).status).toBe(403);
      expect(Number((await h.server.sql.query<{ n: string | number }>('SELECT count(*) AS n FROM rooms'))[0]?.n)).toBe(roomsBefore);
      // The token from before the refused joins still works.
      expect((await post(`${h.url}/v1/events`, { events: [s.event()] }, s.auth)).status).toBe(200);

      // Allowed: this server's own pages, the extension (any, as EXTENSION_ORIGINS is empty), no Origin at all, and
      // a page the browser marks same-origin while a proxy gave the server another address.
      expect((await join({ Origin: h.url })).status).toBe(200);
      expect((await join({ Origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' })).status).toBe(200);
      expect((await join({})).status).toBe(200);
      expect((await join({ Origin: 'https://pilot.example', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
      // Reading is not refused (CORS decides what a page may read).
      expect((await fetch(`${h.url}/healthz`, { headers: { Origin: 'https://evil.example' } })).status).toBe(200);
    });

    it('refuses a WebSocket from a page of another site before it is opened', async () => {
      const h = harness();
      const r = await openRoom(h);
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(r.sellerWs, { origin: 'https://evil.example' });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => undefined);
      });
      expect(status).toBe(403);
      const own = new WebSocket(r.sellerWs, { origin: h.url });
      await new Promise((resolve, reject) => own.once('open', resolve).once('error', reject));
      own.close();
    });
  });

  it('serves every page with a strict Content-Security-Policy and the usual security headers, and no inline script or style', async () => {
    const h = harness();
    const r = await openRoom(h);
    const csp =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https: http:; connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'";
    const pages = [
      '/pilot',
      `/pilot/seller/${r.room.room}`,
      `/pilot/buyer/${r.room.room}`,
      '/pilot/buyer/NOSUCH',
      '/pilot/products/lego-0001',
    ];
    for (const path of pages) {
      const res = await fetch(`${h.url}${path}`);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect({ path, csp: res.headers.get('Content-Security-Policy') }).toEqual({ path, csp });
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
      expect(res.headers.get('Strict-Transport-Security')).toBeNull();
      const html = await res.text();
      // Scripts come from files (the product page's JSON-LD is data, not script); no style or handler attributes.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
      expect(inline.every((attrs) => /type="application\/ld\+json"/.test(attrs ?? ''))).toBe(true);
      expect(html).not.toMatch(/\sstyle=|<style|\son[a-z]+=/i);
    }
    // The scripts and the stylesheet the pages load come from here, typed so nosniff lets them run.
    for (const [file, type] of [
      ['seller.js', 'text/javascript'],
      ['buyer.js', 'text/javascript'],
      ['start.js', 'text/javascript'],
      ['pilot.css', 'text/css'],
    ]) {
      const res = await fetch(`${h.url}/pilot/assets/${file}`);
      expect(res.headers.get('Content-Type')).toMatch(new RegExp(`^${type}`));
    }
    // API answers get the same headers.
    expect((await fetch(`${h.url}/healthz`)).headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
