import type { NodeWebSocket } from '@hono/node-ws';
import { Hono } from 'hono';
import type { WSContext } from 'hono/ws';
import * as v from 'valibot';
import { build } from 'esbuild';
import { resolve } from 'node:path';
import type { Sql } from '../db/sql';
import type { Logger } from '../log';
import type { ServerCatalog } from '../catalog';
import { BadRequest } from '../studies';
import { jsonBody, MAX_SMALL_BODY_BYTES } from '../body';
import {
  ClientMessageSchema,
  SimulatedBuyerRequestSchema,
  type Hello,
  type OpenedRoom,
  type SeatRefusal,
  type ServerMessage,
} from '../../lib/pilot/protocol';
import { MAX_CLIENT_MESSAGE_BYTES } from '../../lib/pilot/limits';
import { truncateText } from '../../lib/text/unicode';
import { describeIssues, refusal } from '../../lib/validation';
import { planBuyerSeat, SeatRefused, studyHasBuyerCodes, takeBuyerSeat } from './seats';
import { applyMessage, createRoomFor, itemsSince, participantByCode, roomByCode, roomRecords, roomView, type Room } from './rooms';
import { getStudy, hashToken, ownerOfToken } from '../studies';
import { randomInt } from 'node:crypto';
import { insertEvents } from '../ingest';
import { makeEvent } from '../../lib/events/build';
import { DEFAULT_COACHING_SCHEMA } from '../../lib/coach/default-schema';
import { parseCoachingSchema } from '../../lib/coach/coaching-schema';
import { SimulatedBuyerSeat, type TypingPace } from './simulated-buyer';
import { pilotPage, productPage } from './pages';
import { productImageUrl } from '../../lib/catalog/images';

interface Conn {
  ws: WSContext;
  role: 'seller' | 'buyer';
  /** The page the socket is from (its hello's `window`), if it said. */
  window: string | undefined;
}

/** Close code for a refused hello (no such room, wrong key, seat taken), or a window taken over: the pages do not reconnect. */
const CLOSE_REFUSED = 4000;
/** Close code for a page's earlier socket that its reconnection replaces (it is stale; the page has moved on). */
const CLOSE_REPLACED = 1000;
/** Close code for a connection that broke the protocol before joining (policy violation); the pages never do. */
const CLOSE_POLICY = 1008;
/** The longest close reason the WebSocket protocol allows, in bytes of UTF-8 (ws throws on a longer one). */
const MAX_CLOSE_REASON_BYTES = 123;
/** Said to a Buyer window whose seat is open in another window, which may take over (the page asks). */
const IN_USE = 'This room is open in another window.';
/** Said to the window a takeover closes. */
const TAKEN_OVER = 'This room was opened in another window, which now holds your seat. You can close this one.';
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
 * The pilot chat: rooms opened by a Seller's participant code, joined by a Buyer with the room link, talking over
 * WebSocket. Connections live on this instance and messages are relayed only to the sockets here, so every socket
 * of a room must reach the same instance (route by the room code in the path: docs/running-a-study.md, *Several
 * instances*). Every message is in the database, so a reconnecting page gets what it missed from any instance.
 *
 * Returns its routes as a router for `app.route('/', router)`. The WebSocket set-up is the caller's: @hono/node-ws
 * answers an upgrade by running it through the app it was made with, and that must be the whole app, so an
 * upgrade passes the same middleware as any request (refused while shutting down, logged).
 */
export async function createPilot(deps: {
  sql: Sql;
  catalog: ServerCatalog;
  log: Logger;
  buyerPace: TypingPace;
  helloTimeoutMs: number;
  websocket: Pick<NodeWebSocket, 'upgradeWebSocket' | 'wss'>;
}) {
  const { sql, catalog, log, helloTimeoutMs } = deps;
  const { upgradeWebSocket, wss } = deps.websocket;
  const router = new Hono();
  const seats = new Set<SimulatedBuyerSeat>();
  let wsBase: string | null = null;
  // ws reads up to 100 MiB per message by default, from anyone who connects. No page ever sends more than the
  // protocol's largest message; a bigger frame closes the connection (1009) as its header arrives, unread.
  // (@hono/node-ws 1.3 takes no server options; wss.options is what ws reads at each upgrade.)
  wss.options.maxPayload = MAX_CLIENT_MESSAGE_BYTES;
  const rooms = new Map<string, Set<Conn>>();
  const sockets = new Set<WSContext>(); // every open socket, joined a room or not, so shutdown closes them all
  const assets = await bundleClients();

  const send = (ws: WSContext, m: ServerMessage) => ws.send(JSON.stringify(m));
  const presence = (roomId: string) => {
    const conns = [...(rooms.get(roomId) ?? [])];
    const m: ServerMessage = {
      type: 'presence',
      seller: conns.some((c) => c.role === 'seller'),
      buyer: conns.some((c) => c.role === 'buyer'),
    };
    for (const c of conns) send(c.ws, m);
  };
  const refreshViews = async (room: Room) => {
    const fresh = await roomByCode(sql, room.code);
    if (!fresh) return;
    for (const c of rooms.get(room.id) ?? []) send(c.ws, { type: 'room', room: await roomView(sql, fresh, c.role, catalog) });
  };

  /** Checks a request for a simulated Buyer against the study before any room is made for it. */
  const prepareSeat = async (studyId: string, input: unknown) => {
    const parsed = v.safeParse(SimulatedBuyerRequestSchema, input);
    if (!parsed.success) throw new BadRequest(refusal('simulatedBuyer', parsed.issues));
    const req = parsed.output;
    const study = await getStudy(sql, studyId);
    if (!study) throw new BadRequest('The study no longer exists.', 404);
    if (!study.categories.includes(req.category))
      throw new BadRequest(`simulatedBuyer.category: this study has ${study.categories.join(', ')}`);
    if (!catalog.personasOf(req.category).length)
      throw new BadRequest(`simulatedBuyer.category: the pilot catalog has no Buyer personas for ${req.category}`);
    if (!wsBase) throw new BadRequest('The server is still starting; try again.', 409);
    const custom = study.coachingSchema === undefined ? null : parseCoachingSchema(study.coachingSchema);
    return {
      ...req,
      seed: req.seed ?? randomInt(2 ** 31),
      mindChange: req.mindChange ?? 0,
      accept: req.accept ?? 'target',
      schema: custom?.ok ? custom.schema : DEFAULT_COACHING_SCHEMA,
      wsBase,
    };
  };
  /** Seats a simulated Buyer in a fresh room: it joins over the WebSocket like a Buyer page. */
  const seatSimulatedBuyer = async (room: Room, key: string, p: Awaited<ReturnType<typeof prepareSeat>>) => {
    // The data says the Buyer was simulated, and which one (the seed reproduces it).
    const ctx = {
      study: room.studyId,
      participant: room.state.buyerParticipant,
      conversation: room.id,
      role: 'buyer' as const,
      condition: room.condition,
      url: null,
    };
    await insertEvents(sql, [
      makeEvent(ctx, 'System', 'instruct', {
        text: `buyer=simulated; category=${p.category}; seed=${p.seed}; mindChange=${p.mindChange}; accept=${p.accept}`,
      }),
    ]);
    const seat = new SimulatedBuyerSeat({
      wsBase: p.wsBase,
      room: room.code,
      key,
      category: p.category,
      seed: p.seed,
      mindChange: p.mindChange,
      accept: p.accept,
      catalog,
      schema: p.schema,
      pace: deps.buyerPace,
      log,
      onClose: () => seats.delete(seat),
    });
    seats.add(seat);
    seat.start();
    return { category: p.category, seed: p.seed };
  };
  const opened = async (
    c: { req: { url: string } },
    participant: Parameters<typeof createRoomFor>[1],
    simulated: unknown,
  ): Promise<OpenedRoom> => {
    const prepared = simulated === undefined ? null : await prepareSeat(participant.study_id, simulated);
    const { room, sellerKey, buyerKey } = await createRoomFor(sql, participant, prepared && { category: prepared.category });
    const base = new URL(c.req.url).origin;
    return {
      room: room.code,
      conversation: room.id,
      sellerUrl: `${base}/pilot/seller/${room.code}#key=${sellerKey}`,
      buyerUrl: `${base}/pilot/buyer/${room.code}`,
      ...(prepared && buyerKey ? { simulatedBuyer: await seatSimulatedBuyer(room, buyerKey, prepared) } : {}),
    };
  };

  router.post('/v1/rooms', async (c) => {
    const body = (await jsonBody(c, { limit: MAX_SMALL_BODY_BYTES })) as { code?: unknown; simulatedBuyer?: unknown } | null;
    return c.json(await opened(c, await participantByCode(sql, body?.code), body?.simulatedBuyer), 201);
  });
  /** A practice conversation with a simulated Buyer, for the Seller whose extension holds this ingest token. */
  router.post('/v1/practice', async (c) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const owner = token ? await ownerOfToken(sql, token) : null;
    if (!owner) throw new BadRequest('Join a study first: practice needs your participant token (Authorization: Bearer …).', 401);
    const body = await jsonBody(c, { limit: MAX_SMALL_BODY_BYTES, optional: true });
    return c.json(
      await opened(c, { id: owner.participant, study_id: owner.study, role: owner.role, condition: owner.condition }, body),
      201,
    );
  });

  router.get('/pilot', (c) => c.html(pilotPage('start', null)));
  router.get('/pilot/seller/:code', async (c) => {
    const room = await roomByCode(sql, c.req.param('code'));
    return room ? c.html(pilotPage('seller', room.code, room.id)) : c.html(pilotPage('missing', null), 404);
  });
  router.get('/pilot/buyer/:code', async (c) => {
    const room = await roomByCode(sql, c.req.param('code'));
    if (!room) return c.html(pilotPage('missing', null), 404);
    return c.html(pilotPage('buyer', room.code, undefined, { buyerCodes: await studyHasBuyerCodes(sql, room.studyId) }));
  });
  router.get('/pilot/products/:id', (c) => {
    const p = catalog.product(c.req.param('id'));
    if (!p) return c.text('No such product in the pilot catalog.', 404);
    const label = catalog.catalog.categories.find((cat) => cat.id === p.category)?.label ?? p.category;
    return c.html(
      productPage(
        p,
        label,
        p.images.map((_, i) => productImageUrl(p, i)),
      ),
    );
  });
  router.get('/pilot/assets/:file', (c) => {
    const file = assets.get(c.req.param('file'));
    if (!file) return c.notFound();
    c.header('Content-Type', file.type);
    c.header('Cache-Control', 'no-cache');
    return c.body(file.text);
  });

  router.get(
    '/v1/rooms/:code/ws',
    upgradeWebSocket((c) => {
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
      let helloTimer: NodeJS.Timeout | undefined;
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
      const hello = async (ws: WSContext, said: Hello) => {
        room = await roomByCode(sql, code);
        if (!room) return fail(ws, 'No such room');
        const roomId = room.id;
        let newKey: string | undefined;
        const participantBefore = room.state.buyerParticipant;
        // One window holds the Buyer seat. This page's own earlier socket (a reconnect) is replaced quietly; another
        // window's only when this one asks to take over, and that window is told why it was closed.
        const buyersElsewhere = () =>
          [...(rooms.get(roomId) ?? [])].filter((c) => c.role === 'buyer' && (!said.window || c.window !== said.window));
        if (role === 'seller') {
          if (!key || hashToken(key) !== room.sellerKeyHash) return fail(ws, 'This Seller link is not valid');
        } else {
          const plan = await planBuyerSeat(sql, room, key, said.participantCode ?? null);
          // Asked before anything is written: waiting here changes no key.
          if (buyersElsewhere().length && !said.takeover) return fail(ws, IN_USE, 'in-use');
          const k = await takeBuyerSeat(sql, room, plan);
          if (k !== key) newKey = k;
        }
        const view = await roomView(sql, room, role, catalog);
        // Gone while its hello was checked: registering it now would leave its presence behind for good.
        if (closed) return;
        const set = rooms.get(room.id) ?? new Set<Conn>();
        if (role === 'buyer') {
          // Checked again after the last wait, so two windows saying hello at once cannot both sit down.
          const elsewhere = buyersElsewhere();
          if (elsewhere.length && !said.takeover) return fail(ws, IN_USE, 'in-use');
          for (const c of [...set]) {
            if (c.role !== 'buyer') continue;
            set.delete(c);
            if (elsewhere.includes(c)) {
              send(c.ws, { type: 'error', message: TAKEN_OVER, seat: 'taken-over' });
              c.ws.close(CLOSE_REFUSED, closeReason(TAKEN_OVER));
            } else c.ws.close(CLOSE_REPLACED, 'Replaced by a new connection from the same page');
          }
        }
        conn = { ws, role, window: said.window };
        set.add(conn);
        rooms.set(room.id, set);
        stage = 'joined';
        send(ws, { type: 'welcome', role, room: view, ...(newKey ? { key: newKey } : {}) });
        for (const item of await itemsSince(sql, room, said.lastSeq)) send(ws, { type: 'item', item });
        // All the room's records, not only those since lastSeq (records have no seq): the page and the extension keep
        // each id once. Registered above first, so a record stored meanwhile comes live if this read missed it.
        if (role === 'seller') for (const record of await roomRecords(sql, room)) send(ws, { type: 'record', record });
        presence(room.id);
        // A Buyer who joined with a code is recorded as that participant: the Seller's page (and extension) learn it now.
        if (room.state.buyerParticipant !== participantBefore) await refreshViews(room);
      };
      return {
        onOpen(_evt, ws) {
          sockets.add(ws);
          helloTimer = setTimeout(() => {
            if (stage === 'waiting') refuseBeforeHello(ws, `nothing was said within ${helloTimeoutMs} ms of connecting`);
          }, helloTimeoutMs);
        },
        async onMessage(evt, ws) {
          let raw: unknown;
          try {
            raw = JSON.parse(String(evt.data));
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
          try {
            if (msg.type === 'typing') {
              for (const c2 of rooms.get(room.id) ?? []) if (c2 !== conn) send(c2.ws, { type: 'typing', role, on: msg.on });
              return;
            }
            const r = await applyMessage(sql, room.id, role, msg, catalog);
            if (r.item) {
              if (!r.duplicate) for (const c2 of rooms.get(room.id) ?? []) send(c2.ws, { type: 'item', item: r.item });
              send(ws, { type: 'ack', id: r.item.id, seq: r.item.seq });
            } else if (r.ack) send(ws, { type: 'ack', id: r.ack, seq: 0 });
            for (const record of r.records)
              for (const c2 of rooms.get(room.id) ?? []) if (c2.role === 'seller') send(c2.ws, { type: 'record', record });
            if (r.roomChanged) await refreshViews(room);
          } catch (e) {
            if (e instanceof BadRequest) return send(ws, { type: 'error', message: e.message, ...(id ? { id } : {}) });
            log.error('pilot message failed', { error: e instanceof Error ? e.message : String(e) });
            send(ws, { type: 'error', message: 'The server could not store that; send it again', ...(id ? { id } : {}) });
          }
        },
        onClose(_evt, ws) {
          closed = true;
          clearTimeout(helloTimer);
          sockets.delete(ws);
          if (room && conn) {
            rooms.get(room.id)?.delete(conn);
            presence(room.id);
          }
        },
      };
    }),
  );
  return {
    router,
    /** Where this server listens, for simulated Buyers to connect to (known once it is listening). */
    listening(base: string) {
      wsBase = base;
    },
    /** On shutdown: tell every page the server is restarting (they reconnect and resend), then close. */
    closeAll() {
      for (const seat of seats) seat.stop();
      for (const ws of sockets) ws.close(1012, 'Server restarting');
      rooms.clear();
    },
    /** When the shutdown has waited long enough: drop the sockets that never finished closing. */
    terminateAll() {
      for (const ws of sockets) (ws.raw as { terminate?: () => void } | undefined)?.terminate?.();
      sockets.clear();
    },
  };
}

/** The pilot pages' scripts, bundled once at start (Preact, no build step to remember). */
async function bundleClients(): Promise<Map<string, { type: string; text: string }>> {
  const dir = resolve(import.meta.dirname, 'client');
  const out = await build({
    entryPoints: { seller: resolve(dir, 'seller.ts'), buyer: resolve(dir, 'buyer.tsx'), start: resolve(dir, 'start.ts') },
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: '/',
    logLevel: 'silent',
  });
  const files = new Map<string, { type: string; text: string }>();
  for (const f of out.outputFiles) files.set(f.path.replace(/^\//, ''), { type: 'text/javascript; charset=utf-8', text: f.text });
  const { PILOT_CSS } = await import('./pages');
  files.set('pilot.css', { type: 'text/css; charset=utf-8', text: PILOT_CSS });
  return files;
}
