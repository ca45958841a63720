import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';
import type { ChatItem, OpenedRoom } from '../../lib/pilot/protocol';
import { studyStats } from '../../lib/analysis/study-stats';
import { CLIENT_CLOCK_SKEW_MS, MESSAGE_RESEND_WINDOW_MS, messageTime } from '../pilot/rooms';
import { BACKENDS, joinedSeller, post, useServer, type ServerHarness } from './harness';
import { Client } from './ws-client';

/** A minute: far enough inside or outside the window that the test's own run time does not matter. */
const MARGIN_MS = 60_000;
const SELLER_PAGE = 'http://127.0.0.1:8787/pilot/seller/ROOM';

/**
 * A joined Seller in a practice room (its extension's token opens it), connected as the Seller page, with the
 * simulated Buyer's chat under way.
 */
async function sellerInPracticeRoom(h: ServerHarness) {
  const s = await joinedSeller(h, { name: 'Same event study', conditions: ['B.IIc'], minTurns: 1 });
  const opened = (await post(`${h.url}/v1/practice`, { category: 'headphones', seed: 7 }, s.auth)).json as OpenedRoom;
  const key = new URL(opened.sellerUrl).hash.replace('#key=', '');
  const page = new Client(`${h.url.replace('http', 'ws')}/v1/rooms/${opened.room}/ws?role=seller&key=${encodeURIComponent(key)}`);
  const welcome = await page.open();
  page.send({ type: 'offer', id: uuidv7(), categories: ['headphones'] });
  await page.waitFor((m) => m.type === 'room' && m.room.phase === 'chat');
  await page.waitFor((m) => m.type === 'item' && m.item.sender === 'buyer' && m.item.kind === 'say');
  const buyerParticipant = welcome.type === 'welcome' ? welcome.room.buyerParticipant : undefined;
  return { s, opened, page, buyerParticipant };
}

/** Sends a message as the page does and waits for the server's echo of it. */
async function sent(page: Client, message: Record<string, unknown>): Promise<ChatItem> {
  const id = uuidv7();
  page.send({ ...message, id });
  const echo = await page.waitFor((m) => (m.type === 'item' && m.item.id === id) || (m.type === 'error' && m.id === id));
  if (echo.type !== 'item') throw new Error(`refused: ${JSON.stringify(echo)}`);
  return echo.item;
}

async function exported(h: ServerHarness, study: string): Promise<FwEvent[]> {
  const res = await fetch(`${h.url}/v1/studies/${study}/export?format=jsonl`, { headers: h.admin });
  expect(res.status).toBe(200);
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as FwEvent);
}

describe('the time a message is stored with', () => {
  it("is the sender's inside the window (clock skew ahead; skew plus a wait for a reconnect behind), else the server's", () => {
    const now = Date.UTC(2026, 0, 1);
    const earliest = now - CLIENT_CLOCK_SKEW_MS - MESSAGE_RESEND_WINDOW_MS;
    expect(messageTime(undefined, now)).toBe(now);
    expect(messageTime(earliest, now)).toBe(earliest);
    expect(messageTime(earliest - 1, now)).toBe(now);
    expect(messageTime(now + CLIENT_CLOCK_SKEW_MS, now)).toBe(now + CLIENT_CLOCK_SKEW_MS);
    expect(messageTime(now + CLIENT_CLOCK_SKEW_MS + 1, now)).toBe(now);
    expect(messageTime(0, now)).toBe(now);
  });
});

describe.each(BACKENDS)("the pilot room and the Seller's extension keep one event per message ($name)", (backend) => {
  const harness = useServer(backend);

  it("stores a say, share and guess with the time they carry when it is inside the window, and with the server's time when outside", async () => {
    const h = harness();
    const { s, page } = await sellerInPracticeRoom(h);
    const now = Date.now();
    const inside = {
      behind: now - CLIENT_CLOCK_SKEW_MS - MESSAGE_RESEND_WINDOW_MS + MARGIN_MS,
      ahead: now + CLIENT_CLOCK_SKEW_MS - MARGIN_MS,
    };
    const outside = {
      behind: now - CLIENT_CLOCK_SKEW_MS - MESSAGE_RESEND_WINDOW_MS - MARGIN_MS,
      ahead: now + CLIENT_CLOCK_SKEW_MS + MARGIN_MS,
    };

    const kept = [
      await sent(page, { type: 'say', text: 'Written a while ago, sent after a reconnect', time: inside.behind }),
      await sent(page, { type: 'say', text: 'Written on a clock a little ahead', time: inside.ahead }),
      await sent(page, { type: 'share', productIds: ['headphones-0001'], message: 'This one?', from: 'search', time: inside.behind }),
      await sent(page, { type: 'guess', productId: 'headphones-0001', time: inside.ahead }),
    ];
    const before = Date.now();
    const replaced = [
      await sent(page, { type: 'say', text: 'Written on a clock far behind', time: outside.behind }),
      await sent(page, { type: 'say', text: 'Written on a clock far ahead', time: outside.ahead }),
      await sent(page, { type: 'say', text: 'Written with no time' }),
    ];
    const after = Date.now();

    const events = new Map((await exported(h, s.studyId)).map((e) => [e.id, e]));
    expect(kept.map((i) => events.get(i.id)?.time)).toEqual([inside.behind, inside.ahead, inside.behind, inside.ahead]);
    expect(kept.map((i) => `${events.get(i.id)?.agent}.${events.get(i.id)?.action}`)).toEqual([
      'Seller.utter',
      'Seller.utter',
      'Seller.share',
      'Seller.guess',
    ]);
    for (const item of replaced) {
      expect(events.get(item.id)?.time).toBeGreaterThanOrEqual(before);
      expect(events.get(item.id)?.time).toBeLessThanOrEqual(after);
    }
    // Each chat item carries its event's time: the Seller's extension logs the Buyer's messages with it.
    expect([...kept, ...replaced].map((i) => i.time)).toEqual([...kept, ...replaced].map((i) => events.get(i.id)?.time));
  });

  it("stores the room's copy of a Seller message as the extension logs it, so the upload adds only the page address, in either order", async () => {
    const h = harness();
    const { s, opened, page, buyerParticipant } = await sellerInPracticeRoom(h);
    const ctx = {
      study: s.studyId,
      participant: s.joined.participant,
      conversation: opened.conversation,
      role: 'seller' as const,
      condition: s.joined.condition,
      url: SELLER_PAGE,
    };
    // The extension's own events, as the coach logs them; the page sends the same fields with the message.
    const suggested = makeEvent(ctx, 'Seller', 'utter', {
      text: 'How will you use them?',
      acts: ['ask_use'],
      composeMs: 5400,
      suggestion: { id: 'template:ask_use:1', editDistance: 0, usedAs: 'as_is' },
    });
    const written = makeEvent(
      ctx,
      'Seller',
      'utter',
      { text: 'Any budget in mind?', acts: ['ask_budget'], composeMs: 3100 },
      Date.now() - 1000,
    );
    const asSent = (e: FwEvent) => {
      const p = e.payload as { text: string; acts: string[]; composeMs: number; suggestion?: unknown };
      return {
        type: 'say',
        id: e.id,
        time: e.time,
        text: p.text,
        acts: p.acts,
        composeMs: p.composeMs,
        ...(p.suggestion ? { suggestion: p.suggestion } : {}),
      };
    };

    // Room first (the usual order): its copy is the extension's event but for the page's address.
    page.send(asSent(suggested));
    await page.waitFor((m) => m.type === 'ack' && m.id === suggested.id);
    const roomCopy = (await exported(h, s.studyId)).find((e) => e.id === suggested.id);
    expect(roomCopy).toStrictEqual({ ...suggested, url: null });
    // The share of Seller messages that used a suggested reply is already what the extension's data says.
    expect(studyStats(await exported(h, s.studyId)).suggestions).toEqual(studyStats([suggested]).suggestions);

    // The extension's copy of a message the room has not got yet (the page was offline), then the room's.
    expect((await post(`${h.url}/v1/events`, { events: [suggested, written] }, s.auth)).json).toEqual({
      accepted: [written.id],
      duplicates: [suggested.id],
      rejected: [],
    });
    page.send(asSent(written));
    await page.waitFor((m) => m.type === 'ack' && m.id === written.id);

    const stored = new Map((await exported(h, s.studyId)).map((e) => [e.id, e]));
    expect(stored.get(suggested.id)).toStrictEqual(suggested);
    expect(stored.get(written.id)).toStrictEqual(written);
    expect(studyStats([...stored.values()]).suggestions).toEqual({ used: 1, sellerMessages: 2, fraction: 0.5 });

    // A Buyer message: the Seller's page learns its time (the chat item's) and participant (the room view's), and
    // with the role and no page address that is the room's event exactly, as the Seller's extension logs it.
    const buyerItem = page.items().find((i) => i.sender === 'buyer' && i.kind === 'say');
    const buyerEvent = stored.get(buyerItem?.id ?? '');
    expect(buyerEvent).toStrictEqual({
      ...makeEvent(
        { ...ctx, participant: buyerParticipant ?? '', role: 'buyer', url: null },
        'Buyer',
        'utter',
        { text: buyerItem?.text ?? '' },
        buyerItem?.time,
      ),
      id: buyerItem?.id,
    });
  });
});
