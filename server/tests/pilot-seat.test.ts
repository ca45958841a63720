import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { FwEvent } from '../../lib/events/event-schema';
import type { OpenedRoom } from '../../lib/pilot/protocol';
import { loadEnv } from '../env';
import { startServer } from '../start';
import { BACKENDS, openRoom as openStudyRoom, post, useServer, type ServerHarness } from './harness';
import { Client } from './ws-client';

const openRoom = (h: Pick<ServerHarness, 'url' | 'admin'>) => openStudyRoom(h, { name: 'Seats', minTurns: 1 });
const acked = (c: Client, id: string) => c.waitFor((m) => m.type === 'ack' && m.id === id);
const keyOf = (m: Awaited<ReturnType<Client['open']>>) => (m.type === 'welcome' ? m.key : undefined);

/** Seller and Buyer in a room's chat (headphones), the Buyer's seat key kept. */
async function chatting(r: Awaited<ReturnType<typeof openRoom>>, buyerHello: Record<string, unknown> = {}) {
  const seller = new Client(r.ws('seller', r.key));
  await seller.open();
  seller.send({ type: 'offer', id: uuidv7(), categories: ['headphones'] });
  await seller.waitFor((m) => m.type === 'room' && m.room.phase === 'pick');
  const buyer = new Client(r.ws('buyer'));
  const welcome = await buyer.open(0, buyerHello);
  expect(welcome.type).toBe('welcome');
  buyer.send({ type: 'pick', id: uuidv7(), category: 'headphones' });
  await buyer.waitFor((m) => m.type === 'room' && m.room.phase === 'chat');
  return { seller, buyer, key: keyOf(welcome) as string };
}

describe.each(BACKENDS)('the Buyer seat ($name)', (backend) => {
  const harness = useServer(backend);

  it('lets the Buyer back in with the key after closing the window, with the conversation so far; a stranger is refused', async () => {
    const h = harness();
    const r = await openRoom(h);
    const { seller, buyer, key } = await chatting(r);
    expect(key).toBeTruthy();
    await acked(buyer, buyer.say('Hi, headphones for running please'));
    await acked(seller, seller.say('Happy to help. Wired or wireless?'));
    await buyer.close(); // the window is closed
    await seller.waitFor((m) => m.type === 'presence' && !m.buyer);

    const back = new Client(r.ws('buyer', key));
    const welcome = await back.open(0, { window: uuidv7() });
    expect(welcome).toMatchObject({ type: 'welcome', role: 'buyer', room: { phase: 'chat', category: 'headphones' } });
    expect(keyOf(welcome)).toBeUndefined(); // the same key goes on working
    await back.waitFor(() => back.items().some((i) => i.text === 'Happy to help. Wired or wireless?'));
    expect(back.items().map((i) => i.text)).toEqual([
      'The Seller can help with: Headphones',
      'The Buyer chose Headphones.',
      'Hi, headphones for running please',
      'Happy to help. Wired or wireless?',
    ]);
    await acked(back, back.say('Wireless'));
    await seller.waitFor(() => seller.items().some((i) => i.text === 'Wireless'));

    // Another browser (no key) is refused, and says why; the seat and its key are unchanged.
    const stranger = await new Client(r.ws('buyer')).open();
    expect(stranger).toMatchObject({ type: 'error', seat: 'seat-taken', message: expect.stringMatching(/^This room already has a Buyer/) });
    expect(await new Client(r.ws('buyer', 'a-guessed-key')).open()).toMatchObject({ seat: 'seat-taken' });
    await Promise.all([seller.close(), back.close()]);
  });

  it('asks a second window to take over, and closes the first with a message when it does', async () => {
    const h = harness();
    const r = await openRoom(h);
    const first = uuidv7();
    const { seller, buyer, key } = await chatting(r, { window: first });

    // The same browser opens the link in a second window while the first is open: asked, not seated.
    const second = new Client(r.ws('buyer', key));
    const asked = await second.open(0, { window: uuidv7() });
    expect(asked).toMatchObject({ type: 'error', seat: 'in-use', message: 'This room is open in another window.' });
    expect((await second.closed).code).toBe(4000);
    await acked(buyer, buyer.say('Still here')); // the first window was left alone

    // Taking over: the first window is told why and closed for good (4000: pages do not reconnect after it).
    const taker = new Client(r.ws('buyer', key));
    const fromFirst = buyer.got.length;
    expect(await taker.open(0, { window: uuidv7(), takeover: true })).toMatchObject({ type: 'welcome' });
    expect(await buyer.waitFor((m) => m.type === 'error', fromFirst)).toMatchObject({
      seat: 'taken-over',
      message: expect.stringMatching(/^This room was opened in another window/),
    });
    expect((await buyer.closed).code).toBe(4000);
    await acked(taker, taker.say('Now from here'));
    await seller.waitFor(() => seller.items().some((i) => i.text === 'Now from here'));
    expect(seller.got.filter((m) => m.type === 'presence').at(-1)).toMatchObject({ buyer: true });

    // A window reconnecting (a dropped network) replaces its own earlier socket without asking.
    const takerWindow = uuidv7();
    const again = new Client(r.ws('buyer', key));
    // Made the holder first, then the same page connects once more while its earlier socket is still open.
    expect(await again.open(0, { window: takerWindow, takeover: true })).toMatchObject({ type: 'welcome' });
    const reconnect = new Client(r.ws('buyer', key));
    expect(await reconnect.open(0, { window: takerWindow })).toMatchObject({ type: 'welcome' });
    expect((await again.closed).code).toBe(1000);
    expect(again.got.some((m) => m.type === 'error')).toBe(false); // replaced quietly: the page has moved on
    await Promise.all([seller.close(), reconnect.close(), taker.close()]);
  });

  it('records a Buyer who joins with a Buyer code as that participant, in the room and in the export', async () => {
    const h = harness();
    const r = await openRoom(h);
    const issued = await post(`${h.url}/v1/studies/${r.study.id}/participants`, { role: 'buyer', count: 2 }, h.admin);
    const [mine, other] = (issued.json as { codes: { code: string; participant: string }[] }).codes;
    const seller = new Client(r.ws('seller', r.key));
    expect(await seller.open()).toMatchObject({ room: { buyerParticipant: `buyer-${r.room.room.toLowerCase()}` } });
    seller.send({ type: 'offer', id: uuidv7(), categories: ['headphones'] });
    await seller.waitFor((m) => m.type === 'room' && m.room.phase === 'pick');

    // The Buyer page says the study has Buyer codes, so it asks for one; without one the seat is not given.
    expect(await (await fetch(r.room.buyerUrl)).text()).toContain('data-buyer-codes="yes"');
    expect(await new Client(r.ws('buyer')).open()).toMatchObject({
      seat: 'code-needed',
      message: expect.stringMatching(/participant code/),
    });
    expect(await new Client(r.ws('buyer')).open(0, { participantCode: r.seller.code })).toMatchObject({
      seat: 'bad-code',
      message: 'That is a Seller code: Buyers join with a Buyer code.',
    });
    const elsewhere = await openRoom(h);
    const [foreign] = (
      (await post(`${h.url}/v1/studies/${elsewhere.study.id}/participants`, { role: 'buyer' }, h.admin)).json as {
        codes: { code: string }[];
      }
    ).codes;
    expect(await new Client(r.ws('buyer')).open(0, { participantCode: foreign?.code })).toMatchObject({ seat: 'bad-code' });
    expect(await new Client(r.ws('buyer')).open(0, { participantCode: 'not a code' })).toMatchObject({
      type: 'error',
      seat: 'bad-code',
      message: 'Invalid code: must look like ABCD-1234',
    });

    // Typed in lower case with spaces: forgiven. The Seller's page learns the participant at once.
    const buyer = new Client(r.ws('buyer'));
    const welcome = await buyer.open(0, { participantCode: ` ${mine?.code.toLowerCase()} ` });
    expect(welcome.type).toBe('welcome');
    await seller.waitFor((m) => m.type === 'room' && m.room.buyerParticipant === mine?.participant);
    buyer.send({ type: 'pick', id: uuidv7(), category: 'headphones' });
    await buyer.waitFor((m) => m.type === 'room' && m.room.phase === 'chat');
    const said = buyer.say('Headphones for the gym');
    await acked(buyer, said);

    // Another Buyer's code does not take the seat; the seated Buyer's own code lets them in from another browser
    // (a new key; the first browser's no longer works).
    expect(await new Client(r.ws('buyer')).open(0, { participantCode: other?.code })).toMatchObject({
      seat: 'seat-taken',
      message: expect.stringContaining('or enter your participant code'),
    });
    await buyer.close();
    const phone = new Client(r.ws('buyer'));
    const rejoined = await phone.open(0, { participantCode: mine?.code });
    expect(keyOf(rejoined)).toBeTruthy();
    expect(keyOf(rejoined)).not.toBe(keyOf(welcome));
    await phone.close();
    expect(await new Client(r.ws('buyer', keyOf(welcome))).open()).toMatchObject({ seat: 'seat-taken' });

    // The export has the Buyer's events under their participant, and none under the room's default name.
    const res = await fetch(`${h.url}/v1/studies/${r.study.id}/export?format=jsonl`, { headers: h.admin });
    const events = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as FwEvent)
      .filter((e) => e.conversation === r.room.conversation);
    const utter = events.find((e) => e.id === said);
    expect(utter).toMatchObject({ agent: 'Buyer', action: 'utter', role: 'buyer', participant: mine?.participant });
    expect(events.filter((e) => e.role === 'buyer').every((e) => e.participant === mine?.participant)).toBe(true);
    expect(events.filter((e) => e.role === 'buyer').length).toBeGreaterThanOrEqual(2); // the pick's instruct and the message
    await seller.close();
  });

  it('keeps rooms without Buyer codes as they were: no code asked, the Buyer recorded as buyer-<room>', async () => {
    const h = harness();
    const r = await openRoom(h);
    expect(await (await fetch(r.room.buyerUrl)).text()).toContain('data-buyer-codes="no"');
    const { seller, buyer } = await chatting(r);
    const said = buyer.say('Hello');
    await acked(buyer, said);
    const [row] = await h.server.sql.query<{ participant: string }>('SELECT participant FROM events WHERE study_id = $1 AND id = $2', [
      r.study.id,
      said,
    ]);
    expect(row?.participant).toBe(`buyer-${r.room.room.toLowerCase()}`);
    await Promise.all([seller.close(), buyer.close()]);
  });

  it('opens a practice room with the category the Seller chose already offered, even in a study with Buyer codes', async () => {
    const h = harness();
    const r = await openRoom(h);
    await post(`${h.url}/v1/studies/${r.study.id}/participants`, { role: 'buyer' }, h.admin);
    const opened = (await post(`${h.url}/v1/rooms`, { code: r.seller.code, simulatedBuyer: { category: 'lego', seed: 4 } }))
      .json as OpenedRoom;
    const seller = new Client(
      `${h.url.replace('http', 'ws')}/v1/rooms/${opened.room}/ws?role=seller&key=${new URL(opened.sellerUrl).hash.slice(5)}`,
    );
    const welcome = await seller.open();
    expect(welcome).toMatchObject({ room: { simulatedBuyer: true, offered: [{ id: 'lego', label: 'Lego sets' }] } });
    // The simulated Buyer, seated with the room, picks it: the Seller offered nothing.
    await seller.waitFor((m) => (m.type === 'room' || m.type === 'welcome') && m.room.phase === 'chat' && m.room.category === 'lego');
    const offer = uuidv7();
    seller.send({ type: 'offer', id: offer, categories: ['headphones'] });
    expect(await seller.waitFor((m) => m.type === 'error' && m.id === offer)).toMatchObject({
      message: expect.stringMatching(/before the chat starts/),
    });
    await seller.close();
  });
});

describe('the Buyer seat across a restart', () => {
  it('is kept in the database: after a restart the same key rejoins and a stranger is still refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fw-seat-'));
    const env = { PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, SIM_BUYER_THINK_MS: '0', SIM_BUYER_MS_PER_CHAR: '0' };
    try {
      let server = await startServer(loadEnv(env));
      const h = { url: server.url, admin: { Authorization: `Bearer ${server.adminToken}` } };
      const r = await openRoom(h);
      const { seller, buyer, key } = await chatting(r);
      await acked(buyer, buyer.say('Before the restart'));
      await Promise.all([seller.close(), buyer.close()]);
      await server.close();

      server = await startServer(loadEnv(env));
      try {
        const ws = (k?: string) => `${server.url.replace('http', 'ws')}/v1/rooms/${r.room.room}/ws?role=buyer${k ? `&key=${k}` : ''}`;
        const back = new Client(ws(key));
        expect(await back.open()).toMatchObject({ type: 'welcome', room: { phase: 'chat' } });
        await back.waitFor(() => back.items().some((i) => i.text === 'Before the restart'));
        expect(await new Client(ws()).open()).toMatchObject({ seat: 'seat-taken' });
        await back.close();
      } finally {
        await server.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
