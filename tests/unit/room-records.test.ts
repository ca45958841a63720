// @vitest-environment happy-dom
import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';
import { createEventLog } from '../../lib/logger/event-log';
import { PILOT_CARDS } from '../../lib/adapters/pilot-cards';
import { readRoomRecord, type RecordOnPage } from '../../lib/adapters/pilot-records';
import { logRoomRecord } from '../../lib/pilot/log-record';
import { endedText, roomRecord, viewedId, type RoomRecord } from '../../lib/pilot/records';
import {
  BRIDGE_REPLY,
  BRIDGE_REQUEST,
  MESSAGE_TIME_ATTR,
  PAGE_STATE_ATTRS,
  RECORD_ATTR,
  RECORDS_ATTR,
  type BridgeRequest,
} from '../../lib/pilot/bridge';
import { PILOT_ADAPTER } from '../../lib/adapters/chat';
import { ShareController } from '../../lib/share/controller';
import { buildConversation } from '../../lib/export/conversation';
import { renderExport } from '../../lib/export/formats';
import { storeEvents } from '../../lib/background/content-api';
import { countEvents } from '../../lib/db/events';
import { SyncState } from '../../lib/db/database';
import { stateOf } from './helpers/sync-state';
import { useTestDbs } from './helpers/db';
import { flush, useTestSignal } from './helpers/dom';
import { BUYER, context, pilotPage, ROOM } from './helpers/coach-page';

const abort = useTestSignal();
const T0 = 1_750_000_000_000;

/** The room's events on the Buyer's side (as server/pilot/room-rules.ts makes them), and on the Seller's. */
const buyerSide = {
  study: context.study,
  participant: BUYER,
  conversation: ROOM,
  role: 'buyer' as const,
  condition: context.condition,
  url: null,
};
const sellerSide = { ...buyerSide, participant: context.participant, role: 'seller' as const };
const at = <E extends FwEvent>(e: E, time: number, id: string = e.id): E => ({ ...e, id, time });

/** A conversation as the room stores it: two turns, a share the Buyer saw and hovered, a confirmed guess, the end. */
function roomConversation() {
  const share = at(makeEvent(sellerSide, 'Seller', 'share', { productIds: ['hp-1'], mode: 'II', from: 'search' }), T0 + 3000);
  const events: FwEvent[] = [
    at(makeEvent(buyerSide, 'System', 'instruct', { text: 'category=headphones; persona=hp-runner' }), T0),
    at(makeEvent(buyerSide, 'Buyer', 'utter', { text: 'Running headphones?' }), T0 + 1000),
    at(makeEvent(sellerSide, 'Seller', 'utter', { text: 'Wireless?', acts: ['ask_features'] }), T0 + 2000),
    share,
    // Seen before the share's time: the Seller's clock ran a little ahead of the server's.
    at(makeEvent(buyerSide, 'Buyer', 'view_share', { productIds: ['hp-1'] }), T0 + 2500, viewedId(share.id)),
    at(makeEvent(buyerSide, 'Buyer', 'hover', { target: 'shared_card', productId: 'hp-1', dwellMs: 900 }), T0 + 4000),
    at(makeEvent(buyerSide, 'Buyer', 'utter', { text: 'Yes, wireless' }), T0 + 5000),
    at(makeEvent(sellerSide, 'Seller', 'utter', { text: 'Then this one.', acts: ['recommend'] }), T0 + 6000),
    at(makeEvent(sellerSide, 'Seller', 'guess', { productId: 'hp-1' }), T0 + 7000),
    at(makeEvent(buyerSide, 'Buyer', 'confirm', { productId: 'hp-1', accepted: true }), T0 + 8000),
    at(makeEvent(buyerSide, 'System', 'instruct', { text: endedText(2) }), T0 + 9000),
  ];
  return { events, share };
}

/** The Seller page's records element with one child per record, as server/pilot/client/seller.ts adds them. */
function recordEl(r: RoomRecord): HTMLElement {
  const el = document.createElement('i');
  el.dataset.id = r.id;
  el.setAttribute(MESSAGE_TIME_ATTR, String(r.time));
  el.setAttribute(RECORD_ATTR, JSON.stringify({ agent: r.agent, action: r.action, payload: r.payload }));
  return el;
}
function recordsBox(): HTMLElement {
  const box = document.createElement('div');
  box.setAttribute(RECORDS_ATTR, '');
  box.hidden = true;
  document.body.append(box);
  return box;
}
const recordsOf = (events: readonly FwEvent[]) => events.flatMap((e) => roomRecord(e) ?? []);

describe("the room's records", () => {
  it("are the Buyer's answer, share views, hovers on shared cards and the end; never the pick (it names the persona) or anything else", () => {
    const { events } = roomConversation();
    const seat = makeEvent(buyerSide, 'System', 'instruct', { text: 'buyer=simulated; category=headphones; seed=7' });
    const pageHover = makeEvent(buyerSide, 'Buyer', 'hover', { target: 'product_image', productId: 'hp-1', dwellMs: 500 });
    expect(recordsOf([...events, seat, pageHover]).map((r) => `${r.agent}.${r.action}`)).toEqual([
      'Buyer.view_share',
      'Buyer.hover',
      'Buyer.confirm',
      'System.instruct',
    ]);
    expect(roomRecord({ id: 1, time: T0, agent: 'Buyer', action: 'confirm', payload: { accepted: true } })).toBeNull();
    expect(roomRecord({ id: uuidv7(), time: T0, agent: 'Buyer', action: 'confirm', payload: 'yes' })).toBeNull();
    expect(roomRecord({ id: uuidv7(), time: T0, agent: 'Seller', action: 'confirm', payload: { accepted: true } })).toBeNull();
  });

  it("are read from the Seller page and logged as the room's own events, field for field, each once however often the page states it", async () => {
    pilotPage();
    const box = recordsBox();
    const { events } = roomConversation();
    const records = recordsOf(events);
    const [early, ...later] = records;
    box.append(recordEl(early as RoomRecord)); // on the page before the extension looks (a reload, a late start)
    const logged: FwEvent[] = [];
    const log = createEventLog(
      () => context,
      (e) => logged.push(e),
      () => 'http://127.0.0.1:8787/pilot/seller/ABC123',
    );
    PILOT_CARDS.records(document, abort.signal, (r) => logRoomRecord(log, r));
    for (const r of later) box.append(recordEl(r));
    box.append(recordEl(early as RoomRecord)); // the replay after a reconnect
    await flush();
    const byRoom = events.filter((e) => roomRecord(e));
    expect(logged).toEqual(byRoom);
  });

  it('are not read from a page that does not name the Buyer, nor from an element that is not a record', () => {
    pilotPage(null);
    const box = recordsBox();
    const [r] = recordsOf(roomConversation().events);
    const el = recordEl(r as RoomRecord);
    box.append(el);
    expect(readRoomRecord(el)).toBeNull();
    document.getElementById('phase')?.setAttribute(PAGE_STATE_ATTRS.buyerParticipant, BUYER);
    expect(readRoomRecord(el)).toEqual<RecordOnPage>({ record: r as RoomRecord, participant: BUYER });
    el.setAttribute(RECORD_ATTR, '{not json');
    expect(readRoomRecord(el)).toBeNull();
    el.setAttribute(RECORD_ATTR, JSON.stringify({ agent: 'System', action: 'instruct', payload: { text: 'category=x; persona=y' } }));
    expect(readRoomRecord(el)).toBeNull();
  });
});

/** Sets the pilot page's room state (bridge.ts, PAGE_STATE_ATTRS) as server/pilot/client/seller.ts does. */
function roomState(attrs: Partial<Record<keyof typeof PAGE_STATE_ATTRS, string>>): void {
  const phase = document.getElementById('phase') as HTMLElement;
  for (const [k, v] of Object.entries(attrs)) phase.setAttribute(PAGE_STATE_ATTRS[k as keyof typeof PAGE_STATE_ATTRS], v);
}

describe('the chat state the overlay follows', () => {
  it("says the Buyer's answer to the last guess, and that the conversation has ended", () => {
    pilotPage();
    const set = roomState;
    set({ turns: '5', minTurns: '5', guess: 'open', outcome: 'none' });
    expect(PILOT_CARDS.guess(document)).toEqual({ turns: 5, minTurns: 5, allowed: true, open: true, answer: null, ended: false });
    set({ guess: 'none', outcome: 'rejected' });
    expect(PILOT_CARDS.guess(document)).toMatchObject({ allowed: true, open: false, answer: 'rejected', ended: false });
    set({ phase: 'ended', outcome: 'accepted' });
    expect(PILOT_CARDS.guess(document)).toEqual({ turns: 5, minTurns: 5, allowed: false, open: false, answer: 'accepted', ended: true });
    set({ phase: 'pick' });
    expect(PILOT_CARDS.guess(document)).toBeNull();
  });
});

describe("the overlay's share controller", () => {
  it('drops its “Waiting for the Buyer…” once the answer comes, and refuses a guess after the end, saying why', async () => {
    pilotPage();
    roomState({ turns: '5', minTurns: '5', sharing: 'II', guess: 'none', outcome: 'none' });
    // The page answers each request as stored, then states the open guess (its room view), as the real page does.
    const answer = (e: Event) => {
      const r = JSON.parse(String((e as CustomEvent).detail)) as BridgeRequest;
      document.dispatchEvent(new CustomEvent(BRIDGE_REPLY, { detail: JSON.stringify({ id: r.id, ok: true, state: 'sent' }) }));
    };
    document.addEventListener(BRIDGE_REQUEST, answer, { signal: abort.signal });
    const share = new ShareController({ doc: document, adapter: PILOT_ADAPTER, studySharing: () => 'II', log: () => null, newId: uuidv7 });
    share.start(abort.signal);
    const product = { id: 'hp-1', title: 'Runner Buds', brand: 'B', price: 99, currency: 'USD', source: 'catalog' as const };
    await share.guess(product);
    roomState({ guess: 'open' });
    await flush();
    expect(share.state.get().status?.text).toBe('You guessed “Runner Buds”. Waiting for the Buyer…');
    roomState({ guess: 'none', outcome: 'rejected' });
    await flush();
    expect(share.state.get()).toMatchObject({ status: null, guess: { open: false, answer: 'rejected', ended: false } });
    roomState({ phase: 'ended' });
    await flush();
    expect(share.state.get().guess).toMatchObject({ allowed: false, ended: true });
    await expect(share.guess(product)).rejects.toThrow('The Buyer has ended the conversation.');
  });
});

describe('a conversation with its records', () => {
  it('has its outcome, each share with when the Buyer first saw it, the Buyer’s hovers and its end', () => {
    const { events, share } = roomConversation();
    const rec = buildConversation(events);
    expect(rec).toMatchObject({
      turnCount: 2,
      shares: [{ time: share.time, productIds: ['hp-1'], mode: 'II', from: 'search', viewedAt: T0 + 2500 }],
      hovers: [{ time: T0 + 4000, agent: 'Buyer', target: 'shared_card', productId: 'hp-1', dwellMs: 900 }],
      guess: { productId: 'hp-1', time: T0 + 7000 },
      outcome: { productId: 'hp-1', accepted: true, time: T0 + 8000 },
      ended: { time: T0 + 9000 },
      events: events.length,
    });
    // Without the records (the browser's data before this), the same conversation had no outcome and no end.
    expect(buildConversation(events.filter((e) => !roomRecord(e)))).toMatchObject({
      outcome: null,
      ended: null,
      shares: [{ time: share.time }],
    });
  });

  it("counts an event once when a browser's and the server's exports are read together", () => {
    const { events } = roomConversation();
    const sorted = (evs: FwEvent[]) => [...evs].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
    for (const format of ['conversations', 'parlai', 'star'] as const)
      expect(renderExport(format, sorted([...events, ...events.filter((e) => roomRecord(e) || e.agent === 'Seller')]))).toBe(
        renderExport(format, events),
      );
  });
});

describe("storing the room's records in the browser", () => {
  const { open } = useTestDbs('fw-room-records');

  it('keeps each once, as synced (the server has it), however often it arrives', async () => {
    const db = open();
    const records = roomConversation().events.filter((e) => roomRecord(e));
    const joined = { study: context.study, participant: context.participant };
    await storeEvents(db, records, undefined, joined);
    await storeEvents(db, [...records].reverse(), undefined, joined);
    expect(await countEvents(db)).toEqual({ total: records.length, pending: 0 });
    expect(await Promise.all(records.map((e) => stateOf(db, e.id)))).toEqual(records.map(() => SyncState.synced));
  });
});
