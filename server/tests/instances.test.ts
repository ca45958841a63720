import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedRoom } from '../../lib/pilot/protocol';
import { openPostgres, type Sql } from '../db/sql';
import { relayApplicationName } from '../pilot/relay';
import { BACKENDS, post } from './harness';
import { RoamingPage } from './roaming-client';
import { Client } from './ws-client';
import { runServer, type ServerProcess } from './server-process';

/** Short, so a killed instance is found gone within seconds (its heartbeat is every third of it). */
const LEASE_MS = 3_000;
const ADMIN_TOKEN = 'instances-test-admin-token-0123456789';
const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
/** Starting a server process bundles the pilot pages and loads the catalog: slow on a busy 2-core machine. */
const START_TIMEOUT_MS = 90_000;

interface Instance extends ServerProcess {
  name: string;
  url: string;
  id: string;
  alive: boolean;
}

// Three server processes on one PostgreSQL, so one can be SIGKILLed: this runs where PostgreSQL is (CI sets it).
describe.each(BACKENDS.filter((b) => b.databaseUrl))('rooms across three instances ($name)', (backend) => {
  const databaseUrl = backend.databaseUrl ?? '';
  const instances: Instance[] = [];
  let sql: Sql;

  const start = async (name: string): Promise<Instance> => {
    const p = runServer({
      DATABASE_URL: databaseUrl,
      ADMIN_TOKEN,
      SIM_BUYER_THINK_MS: '0',
      SIM_BUYER_MS_PER_CHAR: '0',
      INSTANCE_LEASE_MS: String(LEASE_MS),
    });
    const listening = await p.logged('listening', START_TIMEOUT_MS);
    const instance = { ...p, name, url: String(listening.url), id: String(listening.instance), alive: true };
    instances.push(instance);
    return instance;
  };
  const named = (name: string) => instances.find((i) => i.name === name && i.alive) as Instance;
  /** What a round-robin balancer has to send sockets to: the instances up now. */
  const live = () => instances.filter((i) => i.alive).map((i) => i.url);
  /** Where in `live()` an instance is, so a page's first connection goes there. */
  const at = (name: string) => live().indexOf(named(name).url);
  const kill = async (name: string) => {
    const i = named(name);
    i.alive = false;
    i.child.kill('SIGKILL');
    await i.exited;
  };

  beforeAll(async () => {
    sql = await openPostgres(databaseUrl, 2);
    await Promise.all(['A', 'B', 'C'].map(start));
  }, START_TIMEOUT_MS * 2);
  afterAll(async () => {
    await Promise.all(
      instances
        .filter((i) => i.alive)
        .map(async (i) => {
          i.child.kill('SIGTERM');
          const stopped = await Promise.race([i.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 20_000))]);
          if (!stopped) i.child.kill('SIGKILL');
        }),
    );
    await sql?.close();
  }, 60_000);

  /** A study (minTurns 1) and a Seller code, made on `base` (any instance). */
  const sellerCode = async (base: string) => {
    const study = (await post(`${base}/v1/studies`, { name: 'Instances', minTurns: 1 }, admin)).json as { id: string };
    const issued = (await post(`${base}/v1/studies/${study.id}/participants`, {}, admin)).json as { codes: { code: string }[] };
    return issued.codes[0]?.code as string;
  };
  const openRoom = async (base: string, simulatedBuyer?: Record<string, unknown>) => {
    const opened = await post(`${base}/v1/rooms`, { code: await sellerCode(base), ...(simulatedBuyer ? { simulatedBuyer } : {}) });
    expect(opened.status).toBe(201);
    const room = opened.json as OpenedRoom;
    const key = new URL(room.sellerUrl).hash.replace('#key=', '');
    return {
      room,
      seller: () => `/v1/rooms/${room.room}/ws?role=seller&key=${encodeURIComponent(key)}`,
      buyer: (k: string | undefined) => `/v1/rooms/${room.room}/ws?role=buyer${k ? `&key=${encodeURIComponent(k)}` : ''}`,
    };
  };
  /** Waits until `check` holds (a database state the test cannot be told of). */
  const eventually = async (check: () => Promise<boolean>, what: string, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const storedSeqs = async (conversation: string) =>
    (await sql.query<{ seq: string }>('SELECT seq FROM room_messages WHERE room_id = $1 ORDER BY seq', [conversation])).map((r) =>
      Number(r.seq),
    );
  /**
   * Every socket of the page got the room's items in seq order, none twice; and the page as a whole (its sockets one
   * after another: each reconnection asks for what came after the last seq it had) got every stored item once.
   */
  const expectEachItemOnceInOrder = async (page: RoamingPage, conversation: string) => {
    const increasing = (seqs: number[]) => seqs.every((s, n) => n === 0 || s > (seqs[n - 1] as number));
    for (const seqs of page.itemSeqsBySocket()) expect(increasing(seqs), `socket items ${seqs.join(',')}`).toBe(true);
    expect(page.itemSeqsBySocket().flat()).toEqual(await storedSeqs(conversation));
  };
  const texts = (page: RoamingPage, sender: 'seller' | 'buyer') =>
    page.items.filter((i) => i.sender === sender && i.kind === 'say').map((i) => i.text);
  /** Seller and Buyer pages in a room's chat (headphones), the Seller's first connection on `sellerAt`, the Buyer's on `buyerAt`. */
  const chatting = async (sellerAt: string, buyerAt: string) => {
    const r = await openRoom(named(buyerAt).url);
    const seller = new RoamingPage(live, r.seller, at(sellerAt));
    await seller.until(() => seller.status === 'online', 'the Seller online');
    seller.send({ type: 'offer', categories: ['headphones'] });
    const buyer = new RoamingPage(live, r.buyer, at(buyerAt));
    await buyer.until(() => buyer.lastRoom()?.phase === 'pick', 'the offer, on the Buyer page');
    buyer.send({ type: 'pick', category: 'headphones' });
    await seller.until(() => seller.lastRoom()?.phase === 'chat', 'the chat, on the Seller page');
    return { r, seller, buyer };
  };

  it('relays every item, the typing indicator and presence between a Seller on one instance and a Buyer on another', async () => {
    const { r, seller, buyer } = await chatting('A', 'B');
    expect(seller.sockets[0]?.base).toBe(new URL(named('A').url).host);
    expect(buyer.sockets[0]?.base).toBe(new URL(named('B').url).host);
    await seller.until(() => seller.lastPresence()?.buyer === true, 'the Buyer online, on the Seller page');

    buyer.conn.typing(true);
    await seller.until(() => seller.got.some((m) => m.type === 'typing' && m.role === 'buyer' && m.on), 'the Buyer typing');
    // Both sides at once, without waiting for each other: the room orders them, every socket sees that order.
    for (let n = 0; n < 10; n++) {
      seller.say(`Seller ${n}`);
      buyer.say(`Buyer ${n}`);
    }
    const all = 2 + 20;
    await seller.until(() => seller.items.length >= all, 'every item on the Seller page');
    await buyer.until(() => buyer.items.length >= all, 'every item on the Buyer page');
    await expectEachItemOnceInOrder(seller, r.room.conversation);
    await expectEachItemOnceInOrder(buyer, r.room.conversation);
    expect(texts(seller, 'buyer')).toEqual(Array.from({ length: 10 }, (_, n) => `Buyer ${n}`));
    expect(buyer.items.map((i) => i.id)).toEqual(seller.items.map((i) => i.id));
    // The room's views follow the items on both sides (turns counted by the room, whoever stored them).
    await seller.until(() => seller.lastRoom()?.turns === buyer.lastRoom()?.turns, 'the same turns on both pages');

    buyer.close();
    await seller.until(() => seller.lastPresence()?.buyer === false, 'the Buyer offline, on the Seller page');
    seller.close();
  }, 120_000);

  it('runs a simulated Buyer on the instance that opened its room, talking to a Seller on another', async () => {
    const r = await openRoom(named('C').url, { category: 'headphones', seed: 7 });
    const seller = new RoamingPage(live, r.seller, at('A'));
    await seller.until(() => texts(seller, 'buyer').length >= 1, 'the simulated Buyer opening');
    expect(seller.lastPresence()).toMatchObject({ seller: true, buyer: true });
    seller.send({ type: 'say', text: 'Who is it for?', acts: ['ask_recipient'] });
    await seller.until(() => texts(seller, 'buyer').length >= 2, 'an answer');
    seller.send({ type: 'say', text: 'Do you have a budget in mind?', acts: ['ask_budget'] });
    await seller.until(() => texts(seller, 'buyer').length >= 3, 'another answer');
    await expectEachItemOnceInOrder(seller, r.room.conversation);
    seller.close();
  }, 120_000);

  it('keeps a conversation whole when the Buyer’s instance is SIGKILLed mid-way: the page reconnects to another and gets what it missed', async () => {
    const { r, seller, buyer } = await chatting('A', 'B');
    for (let n = 0; n < 5; n++) {
      seller.say(`Seller ${n}`);
      buyer.say(`Buyer ${n}`);
    }
    await buyer.until(() => texts(buyer, 'seller').length >= 3, 'the conversation under way');
    await kill('B');
    // Said while the Buyer's page is reconnecting: the Seller's reach it from the database, the Buyer's are resent.
    for (let n = 5; n < 10; n++) {
      seller.say(`Seller ${n}`);
      buyer.say(`Buyer ${n}`);
    }
    const all = 2 + 20;
    await seller.until(() => seller.items.length >= all, 'every item on the Seller page', 60_000);
    await buyer.until(() => buyer.items.length >= all, 'every item on the Buyer page', 60_000);
    expect(buyer.sockets.length).toBeGreaterThanOrEqual(2);
    expect(buyer.sockets.at(-1)?.base).not.toBe(buyer.sockets[0]?.base);
    await expectEachItemOnceInOrder(seller, r.room.conversation);
    await expectEachItemOnceInOrder(buyer, r.room.conversation);
    expect(texts(seller, 'buyer')).toEqual(Array.from({ length: 10 }, (_, n) => `Buyer ${n}`));
    expect(texts(buyer, 'seller')).toEqual(Array.from({ length: 10 }, (_, n) => `Seller ${n}`));
    await seller.until(() => seller.lastPresence()?.buyer === true, 'the Buyer online again, on the Seller page');
    // The killed instance's sockets leave room_sockets once its lease runs out (swept by the others).
    const dead = instances.find((i) => i.name === 'B') as Instance;
    await eventually(async () => {
      const [row] = await sql.query<{ n: string }>('SELECT count(*) AS n FROM room_sockets WHERE instance_id = $1', [dead.id]);
      return Number(row?.n) === 0;
    }, "the killed instance's sockets swept");
    seller.close();
    buyer.close();
    await start('B2'); // three up again for what follows
  }, 180_000);

  it('brings a simulated Buyer back on another instance when the one running it is SIGKILLed, and it answers again', async () => {
    const r = await openRoom(named('C').url, { category: 'headphones', seed: 21 });
    const seller = new RoamingPage(live, r.seller, at('A'));
    await seller.until(() => texts(seller, 'buyer').length >= 1, 'the simulated Buyer opening');
    seller.send({ type: 'say', text: 'Who is it for?', acts: ['ask_recipient'] });
    await seller.until(() => texts(seller, 'buyer').length >= 2, 'an answer');
    const before = seller.got.length;

    await kill('C');
    // Asked while nobody runs the Buyer: the Buyer rebuilt on another instance answers it.
    seller.send({ type: 'say', text: 'Do you have a budget in mind?', acts: ['ask_budget'] });
    await seller.until(() => texts(seller, 'buyer').length >= 3, 'the answer to the question asked meanwhile', 60_000);
    // The Seller's page was told the Buyer is back (the rebuilt seat joined), not left with "Buyer offline".
    await seller.until(
      () => seller.got.slice(before).some((m) => m.type === 'presence' && m.buyer) && seller.lastPresence()?.buyer === true,
      'the Buyer back, on the Seller page',
    );
    seller.send({ type: 'say', text: 'How will you use them?', acts: ['ask_use'] });
    await seller.until(() => texts(seller, 'buyer').length >= 4, 'an answer from the rebuilt Buyer', 60_000);

    // One answer per Seller message and the opening: the rebuilt Buyer knew what had been said and sent nothing twice.
    const said = await sql.query<{ sender: string; n: string }>(
      "SELECT sender, count(*) AS n FROM room_messages WHERE room_id = $1 AND kind = 'say' GROUP BY sender",
      [r.room.conversation],
    );
    const count = (sender: string) => Number(said.find((s) => s.sender === sender)?.n ?? 0);
    expect(count('seller')).toBe(3);
    expect(count('buyer')).toBe(4);
    await expectEachItemOnceInOrder(seller, r.room.conversation);
    const resumedBy = instances.filter(
      (i) => i.alive && i.lines.some((l) => l.includes('simulated buyer resumed') && l.includes(r.room.room)),
    );
    expect(resumedBy.map((i) => i.name)).toHaveLength(1);
    seller.close();
  }, 180_000);

  it('catches up after its listening connection is cut: what was stored meanwhile still reaches its sockets', async () => {
    const { r, seller, buyer } = await chatting('A', 'B2');
    const b = named('B2');
    await sql.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [relayApplicationName(b.id)]);
    for (let n = 0; n < 5; n++) seller.say(`While B was deaf ${n}`);
    await buyer.until(() => texts(buyer, 'seller').length >= 5, 'what the Seller said, on the Buyer page', 60_000);
    await b.logged('relay: listening again', 30_000);
    seller.say('After');
    await buyer.until(() => texts(buyer, 'seller').includes('After'), 'a message after the reconnection');
    await expectEachItemOnceInOrder(buyer, r.room.conversation);
    seller.close();
    buyer.close();
  }, 120_000);

  it('tells a Seller the Buyer left when the Buyer’s instance dies and the Buyer does not come back', async () => {
    const r = await openRoom(named('A').url);
    const seller = new RoamingPage(live, r.seller, at('A'));
    await seller.until(() => seller.status === 'online', 'the Seller online');
    // A Buyer page that never reconnects (its window was closed as the instance died).
    const buyer = new Client(`${named('B2').url.replace('http', 'ws')}${r.buyer(undefined)}`);
    expect(await buyer.open()).toMatchObject({ type: 'welcome' });
    await seller.until(() => seller.lastPresence()?.buyer === true, 'the Buyer online');
    await kill('B2');
    await seller.until(() => seller.lastPresence()?.buyer === false, 'the Buyer offline once its instance is found gone', 60_000);
    expect(seller.lastPresence()).toEqual({ type: 'presence', seller: true, buyer: false });
    seller.close();
  }, 120_000);
});
