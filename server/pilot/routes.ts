import type { NodeWebSocket } from '@hono/node-ws';
import { Hono } from 'hono';
import * as v from 'valibot';
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { randomInt } from 'node:crypto';
import type { Sql } from '../db/sql';
import type { Logger } from '../log';
import type { ServerCatalog } from '../catalog';
import { BadRequest, getStudy, ownerOfToken } from '../studies';
import { jsonBody, MAX_SMALL_BODY_BYTES } from '../body';
import { SimulatedBuyerRequestSchema, type OpenedRoom } from '../../lib/pilot/protocol';
import { MAX_CLIENT_MESSAGE_BYTES } from '../../lib/pilot/limits';
import { refusal } from '../../lib/validation';
import { studyHasBuyerCodes } from './seats';
import { createRoomFor, participantByCode, roomByCode, type Room } from './rooms';
import { insertEvents } from '../ingest';
import { makeEvent } from '../../lib/events/build';
import type { TypingPace } from './simulated-buyer';
import { pilotPage, productPage } from './pages';
import { productImageUrl } from '../../lib/catalog/images';
import { RoomHub } from './room-hub';
import { roomSocket } from './room-socket';
import { studySchema } from './seat-runner';

/**
 * The pilot chat: rooms opened by a Seller's participant code, joined by a Buyer with the room link, talking over
 * WebSocket. Any instance may hold any socket of any room: each instance serves the sockets it holds and tells the
 * others what changed through PostgreSQL (room-hub.ts), and every message is in the database, so a page that
 * reconnects to another instance gets what it missed there. A simulated Buyer's seat is in the database too, and
 * another instance rebuilds it when the one running it is gone.
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
  /** PostgreSQL's address (the relay listens on a connection of its own); none with PGlite. */
  databaseUrl?: string;
  /** How long an instance that stops renewing its lease is still taken as alive (INSTANCE_LEASE_MS). */
  leaseMs: number;
}) {
  const { sql, catalog, log, helloTimeoutMs } = deps;
  const { upgradeWebSocket, wss } = deps.websocket;
  const router = new Hono();
  // ws reads up to 100 MiB per message by default, from anyone who connects. No page ever sends more than the
  // protocol's largest message; a bigger frame closes the connection (1009) as its header arrives, unread.
  // (@hono/node-ws 1.3 takes no server options; wss.options is what ws reads at each upgrade.)
  wss.options.maxPayload = MAX_CLIENT_MESSAGE_BYTES;
  const assets = await bundleClients();
  const hub = await RoomHub.open({
    sql,
    catalog,
    log,
    pace: deps.buyerPace,
    leaseMs: deps.leaseMs,
    ...(deps.databaseUrl ? { databaseUrl: deps.databaseUrl } : {}),
  });

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
    if (!hub.seats.base) throw new BadRequest('The server is still starting; try again.', 409);
    return {
      ...req,
      seed: req.seed ?? randomInt(2 ** 31),
      mindChange: req.mindChange ?? 0,
      accept: req.accept ?? 'target',
      schema: studySchema(study),
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
    hub.seats.run(room, key, p);
    return { category: p.category, seed: p.seed };
  };
  const opened = async (
    c: { req: { url: string } },
    participant: Parameters<typeof createRoomFor>[1],
    simulated: unknown,
  ): Promise<OpenedRoom> => {
    const prepared = simulated === undefined ? null : await prepareSeat(participant.study_id, simulated);
    // The seat's row is written with the room, run by this instance: if it goes, another rebuilds the seat.
    const { room, sellerKey, buyerKey } = await createRoomFor(
      sql,
      participant,
      prepared && { category: prepared.category, seat: { ...prepared, instance: hub.instance } },
    );
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

  // A socket may reach any instance (round-robin balancing works): room-hub.ts relays between them.
  router.get(
    '/v1/rooms/:code/ws',
    upgradeWebSocket((c) => roomSocket(c, hub, { sql, catalog, log, helloTimeoutMs })),
  );
  return {
    router,
    /** Where this server listens, for simulated Buyers to connect to (known once it is listening). */
    listening(base: string) {
      hub.listening(base);
    },
    /** On shutdown: tell every page the server is restarting (they reconnect and resend, to any instance), then close. */
    closeAll() {
      hub.closeAll();
    },
    /** When the shutdown has waited long enough: drop the sockets that never finished closing. */
    terminateAll() {
      hub.terminateAll();
    },
    /** Before the database closes: seats handed back, this instance out of the rooms, the relay stopped. */
    drain: () => hub.drain(),
    /** This instance's id (server_instances), for logs. */
    instance: hub.instance,
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
