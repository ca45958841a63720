import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../lib/pilot/protocol';
import { Client } from './ws-client';
import { BACKENDS, openRoom as openStudyRoom, post, useServer, type ServerHarness } from './harness';

/** A room of a study with two turns to go before a guess (`config` over it). */
const openRoom = (h: ServerHarness, config: Record<string, unknown> = {}) => openStudyRoom(h, { name: 'Pilot', minTurns: 2, ...config });

const acked = (c: Client, id: string) => c.waitFor((m) => m.type === 'ack' && m.id === id);

/** Seller and Buyer connected, the Seller having offered `categories`, the Buyer about to pick. */
async function connectedPair(r: Awaited<ReturnType<typeof openRoom>>, categories: string[]) {
  const seller = new Client(r.ws('seller', r.key));
  const buyer = new Client(r.ws('buyer'));
  await seller.open();
  await buyer.open();
  seller.send({ type: 'offer', id: uuidv7(), categories });
  await buyer.waitFor((m) => m.type === 'room' && m.room.phase === 'pick');
  return { seller, buyer };
}

describe.each(BACKENDS)('pilot chat over WebSocket ($name)', (backend) => {
  const harness = useServer(backend);

  it('carries a two-person chat through a Buyer reconnect without losing or repeating a message', async () => {
    const h = harness();
    const r = await openRoom(h);
    const seller = new Client(r.ws('seller', r.key));
    const buyer = new Client(r.ws('buyer'));
    expect(await seller.open()).toMatchObject({ type: 'welcome', role: 'seller', room: { phase: 'offer', condition: 'B.IIc' } });
    const welcome = await buyer.open();
    const buyerKey = welcome.type === 'welcome' ? welcome.key : undefined;
    expect(buyerKey).toBeTruthy();
    await seller.waitFor((m) => m.type === 'presence' && m.buyer);

    const offer = uuidv7();
    seller.send({ type: 'offer', id: offer, categories: ['headphones', 'lego'] });
    await buyer.waitFor((m) => m.type === 'room' && m.room.phase === 'pick');
    buyer.send({ type: 'pick', id: uuidv7(), category: 'headphones' });
    await buyer.waitFor((m) => m.type === 'room' && m.room.phase === 'chat' && !!m.room.priming);
    expect(buyer.lastRoom()?.priming).toMatchObject({
      condition: 'B',
      persona: { name: expect.any(String) },
      targets: expect.arrayContaining([
        expect.objectContaining({ images: expect.arrayContaining([expect.stringMatching(/^data:image\/svg/)]) }),
      ]),
    });
    expect(seller.lastRoom()?.priming).toBeUndefined(); // the Seller never sees the Buyer's targets

    // Typing is relayed.
    buyer.send({ type: 'typing', on: true });
    await seller.waitFor((m) => m.type === 'typing' && m.role === 'buyer' && m.on);

    await acked(buyer, buyer.say('Hi, I need headphones'));
    await acked(seller, seller.say('Happy to help! For whom?'));
    const seenBefore = buyer.items().at(-1)?.seq ?? 0;

    // The Buyer drops; a message sent just before (never acknowledged) and two Seller messages meanwhile.
    const lost = uuidv7();
    buyer.say('For my dad', lost);
    await buyer.close();
    await seller.waitFor((m) => m.type === 'presence' && !m.buyer);
    await acked(seller, seller.say('What does he listen to?'));
    await acked(seller, seller.say('Any budget?'));

    // Reconnect with the seat key and the last seq seen; resend the unacknowledged message.
    const again = new Client(r.ws('buyer', buyerKey));
    expect((await again.open(seenBefore)).type).toBe('welcome');
    again.say('For my dad', lost);
    await acked(again, lost);
    await seller.waitFor((m) => m.type === 'presence' && m.buyer);
    const replayed = again.items().map((i) => i.text);
    expect(replayed.filter((t) => t === 'What does he listen to?')).toHaveLength(1);
    expect(replayed.filter((t) => t === 'Any budget?')).toHaveLength(1);
    expect(replayed.filter((t) => t === 'For my dad')).toHaveLength(1);

    // A stranger cannot take the Buyer's seat, and a wrong Seller key is refused.
    expect(await new Client(r.ws('buyer')).open()).toMatchObject({
      type: 'error',
      seat: 'seat-taken',
      message: expect.stringMatching(/^This room already has a Buyer\. If that is you, open the link in the browser you joined with;/),
    });
    expect(await new Client(r.ws('seller', 'not-the-key')).open()).toMatchObject({
      type: 'error',
      message: 'This Seller link is not valid',
    });

    // "For my dad" may have reached the server before the drop or only with the resend: either way, once.
    const stored = await h.server.sql.query<{ id: string; sender: string; text: string }>(
      "SELECT id, sender, body->>'text' AS text FROM room_messages WHERE room_id = $1 AND kind = 'say' ORDER BY seq",
      [r.room.conversation],
    );
    expect(stored.map((m) => `${m.sender}: ${m.text}`).sort()).toEqual(
      [
        'buyer: Hi, I need headphones',
        'seller: Happy to help! For whom?',
        'buyer: For my dad',
        'seller: What does he listen to?',
        'seller: Any budget?',
      ].sort(),
    );
    expect(new Set(stored.map((m) => m.id)).size).toBe(5);
    const utters = await h.server.sql.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM events WHERE conversation = $1 AND action = 'utter'",
      [r.room.conversation],
    );
    expect(Number(utters[0]?.n)).toBe(5);
    await Promise.all([seller.close(), again.close()]);
  });

  it('enforces the rules: guess and end after the minimum turns, a Buyer confirms, nothing after the end', async () => {
    const h = harness();
    const r = await openRoom(h, { conditions: ['C.IIIc'] });
    const { seller, buyer } = await connectedPair(r, ['lego']);
    const wrongPick = uuidv7();
    buyer.send({ type: 'pick', id: wrongPick, category: 'books' });
    expect(await buyer.waitFor((m) => m.type === 'error' && m.id === wrongPick)).toMatchObject({
      message: 'Pick one of the offered categories: lego',
    });
    buyer.send({ type: 'pick', id: uuidv7(), category: 'lego' });
    await seller.waitFor((m) => m.type === 'room' && m.room.phase === 'chat');
    const priming = (await buyer.waitFor((m) => m.type === 'room' && !!m.room.priming)) as Extract<ServerMessage, { type: 'room' }>;
    expect(priming.room.priming?.condition).toBe('C');
    expect(priming.room.priming?.targets[0]).toMatchObject({ description: expect.any(String), attributes: expect.any(Object) }); // C: full details

    const early = uuidv7();
    seller.send({ type: 'guess', id: early, productId: 'lego-0001' });
    expect(await seller.waitFor((m) => m.type === 'error' && m.id === early)).toMatchObject({
      message: 'A guess is allowed after 2 turns (now 0)',
    });
    const earlyEnd = uuidv7();
    buyer.send({ type: 'end', id: earlyEnd });
    expect(await buyer.waitFor((m) => m.type === 'error' && m.id === earlyEnd)).toMatchObject({
      message: expect.stringMatching(/after 2 turns/),
    });

    // Sharing III: a list of products is allowed; an unknown product is not.
    const share = uuidv7();
    seller.send({ type: 'share', id: share, productIds: ['lego-0001', 'lego-0002'], message: 'Compare these' });
    const shared = (await buyer.waitFor((m) => m.type === 'item' && m.item.id === share)) as Extract<ServerMessage, { type: 'item' }>;
    expect(shared.item.products?.map((p) => p.id)).toEqual(['lego-0001', 'lego-0002']);
    buyer.send({ type: 'viewed', shareId: share });
    buyer.send({ type: 'viewed', shareId: share });

    // Voice: the raw recognition and what the Buyer finally sent are both kept (never audio).
    const spoken = uuidv7();
    buyer.send({
      type: 'say',
      id: spoken,
      text: 'I want the castle one',
      voice: { raw: 'i want the cast all one', edited: 'I want the castle one' },
    });
    await acked(buyer, spoken);
    const [voiced] = await h.server.sql.query<{ event: { payload: { voice?: unknown } } | string }>(
      'SELECT event FROM events WHERE id = $1',
      [spoken],
    );
    const voicedEvent = typeof voiced?.event === 'string' ? (JSON.parse(voiced.event) as { payload: { voice?: unknown } }) : voiced?.event;
    expect(voicedEvent?.payload.voice).toEqual({ raw: 'i want the cast all one', edited: 'I want the castle one' });

    for (let i = 0; i < 2; i++) {
      await acked(buyer, buyer.say(`buyer ${i}`));
      await acked(seller, seller.say(`seller ${i}`));
    }
    await seller.waitFor((m) => m.type === 'room' && m.room.turns === 2);
    const guess = uuidv7();
    seller.send({ type: 'guess', id: guess, productId: 'lego-0002' });
    await buyer.waitFor((m) => m.type === 'room' && m.room.guess?.productId === 'lego-0002');
    buyer.send({ type: 'confirm', id: uuidv7(), accepted: false, reason: 'Too many pieces' });
    await seller.waitFor((m) => m.type === 'room' && m.room.outcome?.accepted === false);
    buyer.send({ type: 'end', id: uuidv7() });
    await seller.waitFor((m) => m.type === 'room' && m.room.phase === 'ended');
    const late = uuidv7();
    seller.say('one more thing', late);
    expect(await seller.waitFor((m) => m.type === 'error' && m.id === late)).toMatchObject({ message: 'The conversation has ended' });

    const events = await h.server.sql.query<{ agent: string; action: string; participant: string }>(
      'SELECT agent, action, participant FROM events WHERE conversation = $1 ORDER BY time, id',
      [r.room.conversation],
    );
    expect(events.filter((e) => e.action === 'view_share')).toHaveLength(1);
    expect(events.map((e) => `${e.agent}.${e.action}`)).toEqual(
      expect.arrayContaining(['System.instruct', 'Buyer.utter', 'Seller.utter', 'Seller.guess', 'Buyer.confirm', 'Buyer.view_share']),
    );
    expect(events.find((e) => e.agent === 'Buyer')?.participant).toBe(`buyer-${r.room.room.toLowerCase()}`);
    // The per-conversation export tells the story.
    const convs = JSON.parse(
      await (await fetch(`${h.url}/v1/studies/${r.study.id}/export?format=conversations`, { headers: h.admin })).text(),
    ) as { turns: unknown[]; turnCount: number; guess: { productId: string }; outcome: { accepted: boolean; reason: string } }[];
    expect(convs[0]).toMatchObject({
      turnCount: 2,
      guess: { productId: 'lego-0002' },
      outcome: { accepted: false, reason: 'Too many pieces' },
    });
    expect(convs[0]?.turns).toHaveLength(5); // the voiced message, then two exchanges
    await Promise.all([seller.close(), buyer.close()]);
  });

  it("shares catalog and storefront products in the Seller's order, logs the share and the Buyer's hovers once, refuses unsafe or unknown products", async () => {
    const h = harness();
    const r = await openRoom(h, { conditions: ['B.IIIc'] });
    const { seller, buyer } = await connectedPair(r, ['lego']);
    buyer.send({ type: 'pick', id: uuidv7(), category: 'lego' });
    await seller.waitFor((m) => m.type === 'room' && m.room.phase === 'chat');

    const page = {
      id: 'SHOP-1',
      title: 'Castle <b>set</b>',
      brand: 'Shop',
      price: 12.5,
      currency: 'EUR',
      image: 'https://shop.example/castle.png',
      url: 'https://shop.example/p/1',
      source: 'json-ld',
    };
    const share = uuidv7();
    seller.send({
      type: 'share',
      id: share,
      products: [page, { id: 'lego-0002', title: 'ignored', source: 'catalog' }],
      message: 'Two to compare',
      from: 'product_page',
    });
    const shared = (await buyer.waitFor((m) => m.type === 'item' && m.item.id === share)) as Extract<ServerMessage, { type: 'item' }>;
    expect(shared.item.products?.map((p) => [p.id, p.source])).toEqual([
      ['SHOP-1', 'page'],
      ['lego-0002', 'catalog'],
    ]);
    expect(shared.item.products?.[0]).toMatchObject({
      title: 'Castle <b>set</b>',
      price: 12.5,
      currency: 'EUR',
      rating: null,
      images: ['https://shop.example/castle.png'],
      url: 'https://shop.example/p/1',
    });
    // A catalog product is the catalog's, whatever the message said about it; its link is the pilot shop's page.
    expect(shared.item.products?.[1]?.title).not.toBe('ignored');
    expect(shared.item.products?.[1]?.url).toBe('/pilot/products/lego-0002');
    const page2 = await fetch(`${h.url}/pilot/products/lego-0002`);
    expect(page2.status).toBe(200);
    expect(await page2.text()).toContain('"@type":"Product"');
    expect((await fetch(`${h.url}/pilot/products/nope`)).status).toBe(404);

    // The Buyer's hovers on the shared products: one event per hover id, however often it is resent.
    const hover = uuidv7();
    for (let i = 0; i < 2; i++) {
      buyer.send({ type: 'hover', id: hover, shareId: share, productId: 'SHOP-1', dwellMs: 640 });
      await buyer.waitFor((m) => m.type === 'ack' && m.id === hover, buyer.got.length);
    }
    const strayHover = uuidv7();
    buyer.send({ type: 'hover', id: strayHover, shareId: share, productId: 'lego-0001', dwellMs: 100 });
    expect(await buyer.waitFor((m) => m.type === 'error' && m.id === strayHover)).toMatchObject({
      message: 'Only a product the Seller shared can be hovered',
    });

    const refused = async (product: Record<string, unknown>, message: RegExp) => {
      const id = uuidv7();
      const from = seller.got.length;
      seller.send({ type: 'share', id, products: [product] });
      expect(await seller.waitFor((m) => m.type === 'error', from)).toMatchObject({ message: expect.stringMatching(message) });
    };
    await refused({ ...page, id: 'X1', url: 'javascript:alert(1)' }, /url.*http\(s\)/);
    await refused({ ...page, id: 'X2', image: 'data:text/html,<script>1</script>' }, /image.*http\(s\) or data:image/);
    await refused({ id: 'nope-1', title: 'x', source: 'catalog' }, /Unknown product in the share: nope-1/);

    const events = await h.server.sql.query<{
      id: string;
      agent: string;
      action: string;
      event: { payload: Record<string, unknown> } | string;
    }>('SELECT id, agent, action, event FROM events WHERE conversation = $1 ORDER BY time, id', [r.room.conversation]);
    const payload = (e: (typeof events)[number]) =>
      (typeof e.event === 'string' ? (JSON.parse(e.event) as { payload: Record<string, unknown> }) : e.event).payload;
    const shares = events.filter((e) => e.action === 'share');
    expect(shares.map((e) => [e.id, payload(e)])).toEqual([
      [share, { productIds: ['SHOP-1', 'lego-0002'], mode: 'III', from: 'product_page', message: 'Two to compare' }],
    ]);
    const hovers = events.filter((e) => e.agent === 'Buyer' && e.action === 'hover');
    expect(hovers.map((e) => [e.id, payload(e)])).toEqual([[hover, { target: 'shared_card', productId: 'SHOP-1', dwellMs: 640 }]]);
    await Promise.all([seller.close(), buyer.close()]);
  });

  it('refuses large bodies when opening a room or a practice room, with 413 and the limit', async () => {
    const h = harness();
    const r = await openRoom(h);
    const pad = 'x'.repeat(20_000);
    const tooLarge = { status: 413, json: { error: 'Body over 16384 bytes' } };
    expect(await post(`${h.url}/v1/rooms`, { code: r.seller.code, pad })).toMatchObject(tooLarge);
    const joined = (await post(`${h.url}/v1/join`, { code: r.seller.code })).json as { ingestToken: string };
    const auth = { Authorization: `Bearer ${joined.ingestToken}` };
    expect(await post(`${h.url}/v1/practice`, { category: 'lego', pad }, auth)).toMatchObject(tooLarge);
    // Under the limit, the same requests go through.
    expect((await post(`${h.url}/v1/rooms`, { code: r.seller.code })).status).toBe(201);
    expect((await post(`${h.url}/v1/practice`, { category: 'lego', seed: 1 }, auth)).status).toBe(201);
  });

  it('offers every category again once the Seller has done them all this week, and forgets ones older than a week', async () => {
    const h = harness();
    const r = await openRoom(h, { categories: ['lego', 'books'] });
    const wsBase = h.url.replace('http', 'ws');
    /** A new room for the same Seller: its Seller connection, and what the Seller may offer in it. */
    const nextRoom = async () => {
      const opened = (await post(`${h.url}/v1/rooms`, { code: r.seller.code })).json as {
        room: string;
        conversation: string;
        sellerUrl: string;
      };
      const key = new URL(opened.sellerUrl).hash.replace('#key=', '');
      const seller = new Client(`${wsBase}/v1/rooms/${opened.room}/ws?role=seller&key=${encodeURIComponent(key)}`);
      const w = await seller.open();
      return { opened, seller, offerable: w.type === 'welcome' ? w.room.offerable?.map((c) => c.id) : null };
    };
    /** The Buyer of a room picks `category`, so the room counts as done in it. */
    const pickIn = async (room: string, seller: Client, category: string) => {
      const offer = uuidv7();
      seller.send({ type: 'offer', id: offer, categories: [category] });
      await acked(seller, offer);
      const buyer = new Client(`${wsBase}/v1/rooms/${room}/ws?role=buyer`);
      expect(await buyer.open()).toMatchObject({ type: 'welcome', room: { phase: 'pick' } });
      buyer.send({ type: 'pick', id: uuidv7(), category });
      await seller.waitFor((m) => m.type === 'room' && m.room.phase === 'chat');
      await Promise.all([seller.close(), buyer.close()]);
    };

    const first = new Client(r.ws('seller', r.key));
    await first.open();
    await pickIn(r.room.room, first, 'lego');
    const second = await nextRoom();
    expect(second.offerable).toEqual(['books']);
    await pickIn(second.opened.room, second.seller, 'books');

    // Both done within the week: the rule would leave nothing, so everything is offered again, and accepted.
    const third = await nextRoom();
    expect(third.offerable).toEqual(['lego', 'books']);
    const offer = uuidv7();
    third.seller.send({ type: 'offer', id: offer, categories: ['lego'] });
    await third.seller.waitFor((m) => m.type === 'ack' && m.id === offer);
    await third.seller.close();

    // The books room moves to eight days ago: books is offerable again, lego (this week) still is not.
    await h.server.sql.query(`UPDATE rooms SET created_at = now() - interval '8 days' WHERE id = $1`, [second.opened.conversation]);
    const fourth = await nextRoom();
    expect(fourth.offerable).toEqual(['books']);
    await fourth.seller.close();
  });

  it('does not let a Seller repeat a category within a week unless all are done', async () => {
    const h = harness();
    const r = await openRoom(h, { categories: ['lego', 'books'] });
    const { seller, buyer } = await connectedPair(r, ['lego']);
    buyer.send({ type: 'pick', id: uuidv7(), category: 'lego' });
    await seller.waitFor((m) => m.type === 'room' && m.room.phase === 'chat');
    // Same Seller, new room: lego was done this week.
    const second = (await post(`${h.url}/v1/rooms`, { code: r.seller.code })).json as { room: string; sellerUrl: string };
    const key2 = new URL(second.sellerUrl).hash.replace('#key=', '');
    const s2 = new Client(`${h.url.replace('http', 'ws')}/v1/rooms/${second.room}/ws?role=seller&key=${encodeURIComponent(key2)}`);
    const w = await s2.open();
    expect(w.type === 'welcome' && w.room.offerable?.map((c) => c.id)).toEqual(['books']);
    const bad = uuidv7();
    s2.send({ type: 'offer', id: bad, categories: ['lego'] });
    expect(await s2.waitFor((m) => m.type === 'error' && m.id === bad)).toMatchObject({
      message: expect.stringMatching(/^Not offerable now: lego/),
    });
    // A Buyer code cannot open a room; a bad code is explained.
    expect(await post(`${h.url}/v1/rooms`, { code: 'nope' })).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/participant code/) },
    });
    expect(await post(`${h.url}/v1/rooms`, '{"code": ')).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^Body is not valid JSON/) },
    });
    await Promise.all([seller.close(), buyer.close(), s2.close()]);
  });
});
