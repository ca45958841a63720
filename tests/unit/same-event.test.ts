// @vitest-environment happy-dom
import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { PILOT_ADAPTER } from '../../lib/adapters/chat';
import { SEND_DATASET } from '../../lib/pilot/bridge';
import type { Suggestion } from '../../lib/coach/suggest';
import { storeEvents } from '../../lib/background/content-api';
import { countEvents } from '../../lib/db/events';
import { SyncState } from '../../lib/db/database';
import { stateOf } from './helpers/sync-state';
import { useTestDbs } from './helpers/db';
import { clickEvent } from './helpers/events';
import { flush, useTestSignal } from './helpers/dom';
import { BUYER, coachOnPage, message, PAGE_URL, pilotPage, pressEnter, ROOM } from './helpers/coach-page';

const abort = useTestSignal();

/** A coached controller on the pilot page, logging into `logged`. */
const coach = (suggestions: Suggestion[] = [], logging = true) => coachOnPage({ signal: abort.signal, suggestions, logging });

describe('a Buyer message on the pilot Seller page', () => {
  it('is read with the time and participant the room recorded it under; Seller messages and pages that do not say are read as before', () => {
    const { list } = pilotPage();
    list.append(
      message('buyer', 'Hi!', 'b1', 1_750_000_000_123),
      message('seller', 'Hello', 's1', 1_750_000_000_456),
      message('buyer', 'Old page', 'b2', null),
    );
    const [buyer, seller, untimed] = list.querySelectorAll('.msg');
    expect(PILOT_ADAPTER.readMessage(buyer as Element)).toEqual({
      sender: 'buyer',
      text: 'Hi!',
      id: 'b1',
      recorded: { time: 1_750_000_000_123, participant: BUYER },
    });
    expect(PILOT_ADAPTER.readMessage(seller as Element)).toEqual({ sender: 'seller', text: 'Hello', id: 's1' });
    expect(PILOT_ADAPTER.readMessage(untimed as Element)).toEqual({ sender: 'buyer', text: 'Old page', id: 'b2' });
    pilotPage(null);
    document.getElementById('messages')?.append(message('buyer', 'Hi!', 'b1', 1_750_000_000_123));
    expect(PILOT_ADAPTER.readMessage(document.querySelector('.msg') as Element)).toEqual({ sender: 'buyer', text: 'Hi!', id: 'b1' });
  });

  it("is logged by the Seller's extension as the room's own event: its id, time, participant and role, and no page address", async () => {
    const { list } = pilotPage();
    const { logged } = await coach();
    const id = uuidv7();
    list.append(message('buyer', 'I need headphones for my dad.', id, 1_750_000_000_123));
    await flush();
    expect(logged.filter((e) => e.action === 'utter')).toEqual([
      {
        id,
        schema: 1,
        time: 1_750_000_000_123,
        study: 'study-1',
        participant: BUYER,
        conversation: ROOM,
        role: 'buyer',
        condition: 'B.IIc',
        agent: 'Buyer',
        url: null,
        action: 'utter',
        payload: { text: 'I need headphones for my dad.' },
      },
    ]);
  });
});

describe('a coached Seller message on the pilot page', () => {
  it('puts its id, time, acts, compose time and the suggested reply it used on the input, for the page to send, and logs the same', async () => {
    const { input } = pilotPage();
    const suggestion: Suggestion = { id: 'template:greet:0', text: 'Hi there! What can I help you find?', source: 'template' };
    const { controller, logged } = await coach([suggestion]);
    controller.clickAct('greet');
    await expect.poll(() => controller.view.get().suggestions).toEqual([suggestion]);
    controller.useSuggestion(suggestion.id);
    input.value = `${suggestion.text} Hello!`;
    const before = Date.now();
    pressEnter(input);
    await flush(); // logged once the page shows it, under the id and time chosen at send
    const [utter] = logged.filter((e) => e.action === 'utter');
    expect(utter).toMatchObject({
      agent: 'Seller',
      url: PAGE_URL,
      payload: {
        text: `${suggestion.text} Hello!`,
        acts: ['greet'],
        suggestion: { id: suggestion.id, editDistance: ' Hello!'.length, usedAs: 'edited' },
      },
    });
    expect(utter?.time).toBeGreaterThanOrEqual(before);
    const data = input.dataset;
    expect({
      id: data[SEND_DATASET.id],
      acts: data[SEND_DATASET.acts],
      time: Number(data[SEND_DATASET.time]),
      composeMs: Number(data[SEND_DATASET.composeMs]),
    }).toEqual({
      id: utter?.id,
      acts: 'greet',
      time: utter?.time,
      composeMs: utter?.action === 'utter' ? utter.payload.composeMs : NaN,
    });
    expect(JSON.parse(data[SEND_DATASET.suggestion] ?? 'null')).toEqual(utter?.action === 'utter' ? utter.payload.suggestion : 'missing');

    // The next message used no suggestion: none is left on the input from this one (the page might not have sent it).
    await flush(); // the next key press is another user action
    controller.clickAct('ask_recipient');
    input.value = 'Is it for you?';
    pressEnter(input);
    await flush();
    expect(logged.filter((e) => e.action === 'utter')).toHaveLength(2);
    expect(data[SEND_DATASET.suggestion]).toBeUndefined();
  });
});

describe('a coached Seller message while logging is paused', () => {
  it('hands the page its acts and id only: nothing the extension measures goes to the room while paused', async () => {
    const { input } = pilotPage();
    const suggestion: Suggestion = { id: 'template:greet:0', text: 'Hi there! What can I help you find?', source: 'template' };
    const { controller, logged } = await coach([suggestion], false);
    controller.clickAct('greet');
    await expect.poll(() => controller.view.get().suggestions).toEqual([suggestion]);
    controller.useSuggestion(suggestion.id);
    pressEnter(input);
    expect(logged).toEqual([]);
    const data = input.dataset;
    expect(data[SEND_DATASET.acts]).toBe('greet');
    expect(data[SEND_DATASET.id]).toMatch(/^[0-9a-f-]{36}$/);
    expect([data[SEND_DATASET.time], data[SEND_DATASET.composeMs], data[SEND_DATASET.suggestion]]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('storing a copy of an event the study server recorded itself', () => {
  const { open } = useTestDbs('fw-same-event');
  const joined = { study: 'study-1', participant: 'p-1' };

  it("keeps it as synced: it is never uploaded and never waits; this participant's own events wait as before", async () => {
    const db = open();
    const own = clickEvent(1);
    const roomCopy = { ...clickEvent(2), participant: BUYER, role: 'buyer' as const, url: null };
    const otherStudy = clickEvent(3, { study: 'local' });
    expect((await storeEvents(db, [own, roomCopy, otherStudy], undefined, joined)).stored).toEqual([own.id, roomCopy.id, otherStudy.id]);
    expect(await stateOf(db, roomCopy.id)).toBe(SyncState.synced);
    expect(await stateOf(db, own.id)).toBe(SyncState.pending);
    expect(await stateOf(db, otherStudy.id)).toBe(SyncState.pending);
    expect(await countEvents(db)).toEqual({ total: 3, pending: 2 });
  });

  it('marks nothing synced in a browser that has joined no study (nothing is uploaded there at all)', async () => {
    const db = open();
    const roomCopy = { ...clickEvent(2), participant: BUYER, role: 'buyer' as const, url: null };
    await storeEvents(db, [roomCopy]);
    expect(await stateOf(db, roomCopy.id)).toBe(SyncState.pending);
  });
});
