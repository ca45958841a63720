import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { FwEvent } from '../../lib/events/event-schema';
import type { RoomRecord } from '../../lib/pilot/records';
import type { ServerMessage } from '../../lib/pilot/protocol';
import { Client } from './ws-client';
import { BACKENDS, openRoom, useServer, type ServerHarness } from './harness';

/** A room in B.IIc with one turn to go before a guess, the Seller and a Buyer connected, the Buyer's pick made. */
async function chatUnderWay(h: ServerHarness) {
  const { study, room, key, ws } = await openRoom(h, { name: 'Records', minTurns: 1, conditions: ['B.IIc'] });
  const seller = new Client(ws('seller', key));
  const buyer = new Client(ws('buyer'));
  await seller.open();
  const welcome = await buyer.open();
  seller.send({ type: 'offer', id: uuidv7(), categories: ['headphones'] });
  await buyer.waitFor((m) => m.type === 'room' && m.room.phase === 'pick');
  buyer.send({ type: 'pick', id: uuidv7(), category: 'headphones' });
  await seller.waitFor((m) => m.type === 'room' && m.room.phase === 'chat');
  const buyerKey = welcome.type === 'welcome' ? welcome.key : undefined;
  return { study, room, seller, buyer, sellerUrl: ws('seller', key), buyerUrl: ws('buyer', buyerKey) };
}

const recordsOf = (c: Client): RoomRecord[] => c.got.flatMap((m) => (m.type === 'record' ? [m.record] : []));

async function storedEvents(h: ServerHarness, conversation: string): Promise<FwEvent[]> {
  const rows = await h.server.sql.query<{ event: FwEvent | string }>('SELECT event FROM events WHERE conversation = $1 ORDER BY time, id', [
    conversation,
  ]);
  return rows.map((r) => (typeof r.event === 'string' ? (JSON.parse(r.event) as FwEvent) : r.event));
}

/** What the Seller's extension keeps of an event: the record's fields, as the room stored them. */
const asRecord = (e: FwEvent) => ({ id: e.id, time: e.time, agent: e.agent, action: e.action, payload: e.payload });

describe.each(BACKENDS)("the room's records reach the Seller's page ($name)", (backend) => {
  const harness = useServer(backend);

  it('each as stored, live and again after every hello; never the pick, never to the Buyer, and a resend adds none', async () => {
    const h = harness();
    const { room, seller, buyer, sellerUrl } = await chatUnderWay(h);
    const say = async (c: Client, text: string) => {
      const id = c.say(text);
      await c.waitFor((m) => m.type === 'ack' && m.id === id);
    };
    await say(buyer, 'Headphones for running, please');
    await say(seller, 'Wireless ones?');
    const share = uuidv7();
    seller.send({ type: 'share', id: share, productIds: ['headphones-0001'], message: 'This one?', from: 'search' });
    await buyer.waitFor((m) => m.type === 'item' && m.item.id === share);

    // The Buyer sees the share (twice: one view) and rests on its card (the hover resent after a "reconnect").
    buyer.send({ type: 'viewed', shareId: share });
    buyer.send({ type: 'viewed', shareId: share });
    const hover = uuidv7();
    buyer.send({ type: 'hover', id: hover, shareId: share, productId: 'headphones-0001', dwellMs: 900 });
    await buyer.waitFor((m) => m.type === 'ack' && m.id === hover);
    const resent = buyer.got.length;
    buyer.send({ type: 'hover', id: hover, shareId: share, productId: 'headphones-0001', dwellMs: 900 });
    await buyer.waitFor((m) => m.type === 'ack' && m.id === hover, resent);

    const guess = uuidv7();
    seller.send({ type: 'guess', id: guess, productId: 'headphones-0001' });
    await buyer.waitFor((m) => m.type === 'item' && m.item.id === guess);
    buyer.send({ type: 'confirm', id: uuidv7(), accepted: true });
    await seller.waitFor((m) => m.type === 'room' && m.room.outcome?.accepted === true);
    await say(buyer, 'Thanks, that is the one!');
    const end = uuidv7();
    buyer.send({ type: 'end', id: end });
    await seller.waitFor((m) => m.type === 'record' && m.record.id === end);

    const events = await storedEvents(h, room.conversation);
    const expected = events
      .filter((e) => ['Buyer.confirm', 'Buyer.view_share', 'Buyer.hover', 'System.instruct'].includes(`${e.agent}.${e.action}`))
      .filter((e) => !(e.action === 'instruct' && e.payload.text.startsWith('category=')))
      .map(asRecord);
    expect(expected.map((r) => `${r.agent}.${r.action}`)).toEqual(['Buyer.view_share', 'Buyer.hover', 'Buyer.confirm', 'System.instruct']);
    expect(expected.at(-1)?.payload).toEqual({ text: 'ended by buyer after 1 turns' });
    // Live: each once, exactly as stored (a resent hover or a second view is made again at a later time: not relayed).
    expect(recordsOf(seller)).toEqual(expected);
    // The Buyer's pick names the persona the Seller is looking for: it stays on the server.
    expect(events.some((e) => e.action === 'instruct' && e.payload.text.startsWith('category=headphones; persona='))).toBe(true);
    expect(buyer.got.some((m: ServerMessage) => m.type === 'record')).toBe(false);

    // A Seller page that opens again (or reconnects: records have no seq) gets them all again, as stored.
    await seller.close();
    const again = new Client(sellerUrl);
    await again.open(Number.MAX_SAFE_INTEGER);
    await again.waitFor(() => recordsOf(again).length === expected.length);
    expect(recordsOf(again)).toEqual(expected);
    await Promise.all([again.close(), buyer.close()]);
  });
});
