import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { ChatItem, OpenedRoom } from '../../lib/pilot/protocol';
import { BACKENDS, joinedSeller, post, useServer, type ServerHarness } from './harness';
import { Client } from './ws-client';
import { loadServerCatalog } from '../catalog';
import { loadEnv } from '../env';
import { startServer } from '../start';

const catalog = await loadServerCatalog();

async function sellerCode(h: Pick<ServerHarness, 'url' | 'admin'>, config: Record<string, unknown> = {}) {
  const study = (await post(`${h.url}/v1/studies`, { name: 'Sim', minTurns: 3, ...config }, h.admin)).json as { id: string };
  const [seller] = ((await post(`${h.url}/v1/studies/${study.id}/participants`, {}, h.admin)).json as { codes: { code: string }[] }).codes;
  return { study, code: seller?.code as string };
}

const wsUrl = (h: Pick<ServerHarness, 'url'>, r: OpenedRoom) =>
  `${h.url.replace('http', 'ws')}/v1/rooms/${r.room}/ws?role=seller&key=${encodeURIComponent(new URL(r.sellerUrl).hash.replace('#key=', ''))}`;
/**
 * The Seller connects to a room with a simulated Buyer seated. The category asked for is offered already, so the
 * Seller offers nothing: the simulated Buyer picks it as it joins.
 */
async function sellerWithSimulatedBuyer(h: Pick<ServerHarness, 'url'>, r: OpenedRoom): Promise<Client> {
  const seller = new Client(wsUrl(h, r));
  const welcome = await seller.open();
  expect(welcome).toMatchObject({ type: 'welcome', room: { simulatedBuyer: true, offered: [{ id: r.simulatedBuyer?.category }] } });
  expect(welcome.type === 'welcome' && welcome.room.phase).toMatch(/^(pick|chat)$/);
  return seller;
}

const buyerItems = (c: Client) => c.items().filter((i) => i.sender === 'buyer');

/** Waits for the next Buyer chat item after `n` of them. */
async function nextBuyerItem(c: Client, n: number, kind: ChatItem['kind'] = 'say'): Promise<ChatItem> {
  await c.waitFor(() => buyerItems(c).filter((i) => i.kind === kind).length > n, 0, 8000);
  return buyerItems(c).filter((i) => i.kind === kind)[n] as ChatItem;
}

describe('simulated Buyer typing pace', () => {
  it('shows the typing indicator and waits before it answers, as configured', async () => {
    const server = await startServer(loadEnv({ PORT: '0', LOG_LEVEL: 'silent', SIM_BUYER_THINK_MS: '250', SIM_BUYER_MS_PER_CHAR: '2' }), {
      inMemory: true,
    });
    try {
      const h = { url: server.url, admin: { Authorization: `Bearer ${server.adminToken}` } };
      const { code } = await sellerCode(h);
      const r = (await post(`${h.url}/v1/rooms`, { code, simulatedBuyer: { category: 'vitamins', seed: 3 } })).json as OpenedRoom;
      const seller = await sellerWithSimulatedBuyer(h, r);
      await nextBuyerItem(seller, 0);
      const from = seller.got.length;
      const asked = Date.now();
      seller.send({ type: 'say', id: uuidv7(), text: 'Any brands you prefer?', acts: ['ask_brand'] });
      await seller.waitFor((m) => m.type === 'typing' && m.role === 'buyer' && m.on, from);
      const answer = await nextBuyerItem(seller, 1);
      const took = Date.now() - asked;
      // The pause to think plus the time to type the answer, at least.
      expect(took).toBeGreaterThanOrEqual(250 + 2 * (answer.text?.length ?? 0) - 20);
      const got = seller.got.slice(from);
      const typingOff = got.findIndex((m) => m.type === 'typing' && !m.on);
      const item = got.findIndex((m) => m.type === 'item' && m.item.sender === 'buyer');
      expect(typingOff).toBeGreaterThanOrEqual(0);
      expect(typingOff).toBeLessThan(item);
      await seller.close();
    } finally {
      await server.close();
    }
  }, 20_000);
});

describe.each(BACKENDS)('simulated Buyer in a pilot room ($name)', (backend) => {
  const harness = useServer(backend);

  it('takes the Buyer seat over the WebSocket: picks the category, opens, answers, looks at a share, confirms a Guess of a target', async () => {
    const h = harness();
    const { study, code } = await sellerCode(h);
    const opened = await post(`${h.url}/v1/rooms`, { code, simulatedBuyer: { category: 'headphones', seed: 11 } });
    expect(opened.status).toBe(201);
    const r = opened.json as OpenedRoom;
    expect(r.simulatedBuyer).toEqual({ category: 'headphones', seed: 11 });

    const seller = await sellerWithSimulatedBuyer(h, r);
    await seller.waitFor((m) => (m.type === 'room' || m.type === 'welcome') && m.room.phase === 'chat');
    expect(seller.lastRoom()?.category).toBe('headphones');
    // Picked without an offer from the Seller: the room's first item is the pick (it may come just after the room's
    // change of phase, on a busy machine).
    await seller.waitFor((m) => m.type === 'item');
    expect(seller.items()[0]).toMatchObject({ kind: 'pick', sender: 'buyer', text: 'The Buyer chose Headphones.' });

    const opening = await nextBuyerItem(seller, 0);
    expect(opening.text?.toLowerCase()).toMatch(/headphones/);

    // A coached question is answered.
    seller.send({ type: 'say', id: uuidv7(), text: 'Do you have a budget in mind?', acts: ['ask_budget'] });
    const budget = await nextBuyerItem(seller, 1);
    expect(budget.text).toMatch(/\$\d+/);

    // The persona the room drew, to share one of its targets (the test knows what the Seller must find).
    const [row] = await h.server.sql.query<{ state: { persona: string } | string }>('SELECT state FROM rooms WHERE code = $1', [r.room]);
    const state = typeof row?.state === 'string' ? (JSON.parse(row.state) as { persona: string }) : (row?.state as { persona: string });
    const persona = catalog.persona(state.persona);
    const target = persona?.targets[0] as string;
    expect(target).toBeTruthy();

    seller.send({ type: 'say', id: uuidv7(), text: 'Who is it for?', acts: ['ask_recipient'] });
    await nextBuyerItem(seller, 2);
    const share = uuidv7();
    seller.send({ type: 'share', id: share, productIds: [target], message: 'What about these?' });
    await nextBuyerItem(seller, 3);
    seller.send({ type: 'say', id: uuidv7(), text: 'They are well reviewed.', acts: ['recommend'] });
    await seller.waitFor(
      () => (seller.lastRoom()?.turns ?? 0) >= 3 || buyerItems(seller).filter((i) => i.kind === 'say').length > 4,
      0,
      8000,
    );
    while ((seller.lastRoom()?.turns ?? 0) < 3) {
      const n = buyerItems(seller).filter((i) => i.kind === 'say').length;
      seller.send({ type: 'say', id: uuidv7(), text: 'How long are you hoping to use it for?', acts: ['ask_duration'] });
      await nextBuyerItem(seller, n);
      await new Promise((res) => setTimeout(res, 50));
    }
    seller.send({ type: 'guess', id: uuidv7(), productId: target });
    const confirm = await nextBuyerItem(seller, 0, 'confirm');
    expect(confirm.accepted).toBe(true);

    // What the Buyer did is stored as research data, as a human Buyer's would be, marked as simulated.
    const events = await h.server.sql.query<{ agent: string; action: string }>(
      `SELECT event->>'agent' AS agent, event->>'action' AS action FROM events WHERE event->>'conversation' = $1`,
      [r.conversation],
    );
    const count = (agent: string, action: string) => events.filter((e) => e.agent === agent && e.action === action).length;
    expect(count('Buyer', 'utter')).toBeGreaterThanOrEqual(4);
    expect(count('Buyer', 'view_share')).toBe(1);
    expect(count('Buyer', 'hover')).toBe(1);
    expect(count('Buyer', 'confirm')).toBe(1);
    const [marker] = await h.server.sql.query<{ text: string }>(
      `SELECT event->'payload'->>'text' AS text FROM events WHERE event->>'conversation' = $1 AND event->>'action' = 'instruct' AND event->'payload'->>'text' LIKE 'buyer=simulated%'`,
      [r.conversation],
    );
    expect(marker?.text).toBe('buyer=simulated; category=headphones; seed=11; mindChange=0; accept=target');
    expect(study.id).toBeTruthy();
    await seller.close();
  });

  it("says its first line only once the Seller's page is there, so the Seller's extension sees it arrive", async () => {
    const h = harness();
    const { code } = await sellerCode(h);
    const r = (await post(`${h.url}/v1/rooms`, { code, simulatedBuyer: { category: 'books', seed: 5 } })).json as OpenedRoom;
    // No Seller yet: the Buyer has picked and is seated, and says nothing (a wait by design: nothing must arrive).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const kinds = await h.server.sql.query<{ kind: string }>(
      'SELECT m.kind FROM room_messages m JOIN rooms r ON r.id = m.room_id WHERE r.code = $1 AND m.sender = $2 ORDER BY m.seq',
      [r.room, 'buyer'],
    );
    expect(kinds.map((k) => k.kind)).toEqual(['pick']);
    const seller = new Client(wsUrl(h, r));
    await seller.open();
    const opening = await nextBuyerItem(seller, 0);
    expect(opening.text?.length).toBeGreaterThan(0);
    seller.close();
  });

  it('the same seed gives the same Buyer words', async () => {
    const h = harness();
    const run = async () => {
      const { code } = await sellerCode(h);
      const r = (await post(`${h.url}/v1/rooms`, { code, simulatedBuyer: { category: 'lego', seed: 99 } })).json as OpenedRoom;
      const seller = await sellerWithSimulatedBuyer(h, r);
      const opening = await nextBuyerItem(seller, 0);
      await seller.close();
      // The persona is drawn by the room; the words follow from persona and seed.
      const [row] = await h.server.sql.query<{ persona: string }>(`SELECT state->>'persona' AS persona FROM rooms WHERE code = $1`, [
        r.room,
      ]);
      return { persona: row?.persona, text: opening.text };
    };
    const seen = new Map<string, string>();
    for (let i = 0; i < 6; i++) {
      const { persona, text } = await run();
      const before = seen.get(persona as string);
      if (before !== undefined) expect(text).toBe(before);
      seen.set(persona as string, text as string);
    }
  }, 20_000); // six rooms, each Buyer greeting OPENING_AFTER_SELLER_MS after its Seller arrives

  it('practice rooms open with the extension token; bad requests are refused and open no room', async () => {
    const h = harness();
    const { auth, joined } = await joinedSeller(h, { name: 'Practice', categories: ['books', 'pet_food'] });
    const count = async () => Number((await h.server.sql.query<{ n: string | number }>('SELECT count(*) AS n FROM rooms'))[0]?.n);
    const before = await count();
    expect((await post(`${h.url}/v1/practice`, { category: 'books' })).status).toBe(401);
    const wrong = await post(`${h.url}/v1/practice`, { category: 'lego' }, auth);
    expect(wrong.status).toBe(400);
    expect(String((wrong.json as { error: string }).error)).toMatch(/books, pet_food/);
    const bad = await post(`${h.url}/v1/practice`, { category: 'Not a slug!' }, auth);
    expect(bad.status).toBe(400);
    expect(String((bad.json as { error: string }).error)).toMatch(/simulatedBuyer.*category/);
    expect(await count()).toBe(before); // refused before any room was made
    const ok = await post(`${h.url}/v1/practice`, { category: 'books' }, auth);
    expect(ok.status).toBe(201);
    expect((ok.json as OpenedRoom).sellerUrl).toMatch(/\/pilot\/seller\/[A-Z0-9]{6}#key=/);
    expect(joined.participant).toBeTruthy();
  });
});

// Two instances need a shared database: this runs where PostgreSQL is (CI sets DATABASE_URL).
describe.each(BACKENDS.filter((b) => b.databaseUrl))('simulated Buyer behind a load balancer ($name)', (backend) => {
  it('connects through SIM_BUYER_WS_BASE, so it reaches the instance that holds its room', async () => {
    const shared = {
      PORT: '0',
      LOG_LEVEL: 'silent',
      SIM_BUYER_THINK_MS: '0',
      SIM_BUYER_MS_PER_CHAR: '0',
      ADMIN_TOKEN: 'shared-admin-token-0123456789',
      DATABASE_URL: backend.databaseUrl ?? '',
    };
    // B holds the room's sockets (where a balancer routing by room code would send them); A opens the room and
    // runs the seat, which connects to B as the balancer would route it.
    const b = await startServer(loadEnv(shared), { inMemory: true });
    const a = await startServer(loadEnv({ ...shared, SIM_BUYER_WS_BASE: b.url.replace('http', 'ws') }), { inMemory: true });
    try {
      const admin = { Authorization: `Bearer ${shared.ADMIN_TOKEN}` };
      const { code } = await sellerCode({ url: a.url, admin });
      const r = (await post(`${a.url}/v1/rooms`, { code, simulatedBuyer: { category: 'vitamins', seed: 5 } })).json as OpenedRoom;
      const seller = await sellerWithSimulatedBuyer(b, r); // the Seller's page on B sees the seat arrive
      const opening = await nextBuyerItem(seller, 0);
      expect(opening.text?.length).toBeGreaterThan(0);
      await seller.close();
    } finally {
      await a.close();
      await b.close();
    }
  }, 30_000);
});
