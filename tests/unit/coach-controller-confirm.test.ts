// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FwEvent } from '../../lib/events/event-schema';
import { PAGE_DROPPED_SEND } from '../../lib/coach/confirm-send';
import { SEND_CONFIRM_MS } from '../../lib/limits';
import { flush, useTestSignal } from './helpers/dom';
import { coachOnPage } from './helpers/coach-page';
import { clickOn, keyIn, SHADOW_CHAT, shadowChatPage } from './helpers/shadow-chat';

// The log tells the truth (lib/coach/controller.ts): a Seller message is logged as said only once it shows in the
// chat; one that reached the chat around the coach is logged as not held; history is never logged. On a chat web
// component configured by deep selectors (tests/unit/helpers/shadow-chat.ts).

const abort = useTestSignal();
afterEach(() => vi.useRealTimers());
const coach = (coaching = true) => coachOnPage({ signal: abort.signal, adapter: SHADOW_CHAT, coaching });
const said = (logged: FwEvent[]) =>
  logged.filter((e) => e.action === 'utter').map((e) => ({ agent: e.agent, id: e.id, time: e.time, ...e.payload }));

describe('a coached send on a configured chat site', () => {
  it('held on a click of the icon, is logged with its act once the page shows it, under the id and time of the send', async () => {
    const page = shadowChatPage();
    const { controller, logged } = await coach();
    page.input.value = 'Hello! What are you looking for?';
    clickOn(page.svg);
    expect(controller.view.get().awaiting).toBe(true);
    expect(page.sent).toEqual([]);
    const before = Date.now();
    controller.clickAct('greet');
    expect(page.sent).toEqual(['Hello! What are you looking for?']);
    await flush();
    const [utter] = said(logged);
    expect(said(logged)).toEqual([expect.objectContaining({ agent: 'Seller', text: 'Hello! What are you looking for?', acts: ['greet'] })]);
    expect(utter).not.toHaveProperty('held');
    expect(utter?.time).toBeLessThanOrEqual(before + 50);
    expect(controller.view.get().state.counts).toMatchObject({ greet: 1 });
  });

  it('sent with Ctrl+Enter is held and labeled like any other', async () => {
    const page = shadowChatPage();
    const { controller, logged } = await coach();
    page.input.value = 'Who is it for?';
    expect(keyIn(page.input, 'Enter', { ctrlKey: true })).toBe(false);
    expect(controller.view.get().awaiting).toBe(true);
    await flush();
    keyIn(page.input, '2'); // ask_recipient, by its number
    await flush();
    expect(page.sent).toEqual(['Who is it for?']);
    expect(said(logged)).toEqual([expect.objectContaining({ agent: 'Seller', text: 'Who is it for?', acts: ['ask_recipient'] })]);
  });

  it('that the page drops is not logged as said, and the Seller is told; the act is chosen again for the next try', async () => {
    const page = shadowChatPage({ drops: true });
    const { controller, logged } = await coach();
    page.input.value = 'Anyone?';
    clickOn(page.button);
    vi.useFakeTimers();
    controller.clickAct('greet');
    await vi.advanceTimersByTimeAsync(SEND_CONFIRM_MS - 100);
    expect(controller.view.get().error).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(said(logged)).toEqual([]);
    expect(controller.view.get()).toMatchObject({ error: PAGE_DROPPED_SEND, selected: ['greet'] });
    expect(controller.view.get().state.counts.greet ?? 0).toBe(0);
  });
});

describe('messages that reach the chat around the coach', () => {
  it("a page script's send is logged once as the Seller's, not held, with no act; history and Buyer messages as before", async () => {
    const page = shadowChatPage();
    const { logged } = await coach();
    page.receive('Do you have trail shoes?');
    page.pageSend('Auto-reply: we answer within a minute.');
    await flush();
    page.receive('Thanks');
    await flush();
    expect(said(logged).map(({ agent, text, acts, held }) => ({ agent, text, acts, held }))).toEqual([
      { agent: 'Buyer', text: 'Do you have trail shoes?', acts: undefined, held: undefined },
      { agent: 'Seller', text: 'Auto-reply: we answer within a minute.', acts: undefined, held: false },
      { agent: 'Buyer', text: 'Thanks', acts: undefined, held: undefined },
    ]);
  });

  it('an uncoached send goes at once and is logged once, when it shows', async () => {
    const page = shadowChatPage();
    const { logged } = await coach(false);
    page.input.value = 'Hi';
    clickOn(page.button);
    expect(page.sent).toEqual(['Hi']);
    await flush();
    expect(said(logged)).toEqual([expect.objectContaining({ agent: 'Seller', text: 'Hi' })]);
    expect(said(logged)[0]).not.toHaveProperty('held');
  });
});
