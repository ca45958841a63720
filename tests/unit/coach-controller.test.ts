// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Suggestion } from '../../lib/coach/suggest';
import type { FwEvent } from '../../lib/events/event-schema';
import { COACH_KEY_CHORD_MS } from '../../lib/limits';
import { flush, useTestSignal } from './helpers/dom';
import { coachOnPage, pilotPage, pressEnter, pressKey } from './helpers/coach-page';

// The coached Seller's loop on a chat page (lib/coach/controller.ts): choosing acts, holding a send until one is
// chosen, and what each sent message records. The page is the pilot's Seller page; the page "sends" when its
// form is submitted.

const abort = useTestSignal();
const coach = (opts: { suggestions?: Suggestion[]; coaching?: boolean } = {}) => coachOnPage({ signal: abort.signal, ...opts });

const utters = (logged: FwEvent[]) => logged.filter((e) => e.action === 'utter').map((e) => e.payload);
const selections = (logged: FwEvent[]) => logged.filter((e) => e.action === 'select_act').map((e) => e.payload);

/** Types `text` and tries to send it with Enter, then lets the attempt's task end (the next key is another action). */
async function trySend(input: HTMLTextAreaElement, text: string) {
  input.value = text;
  pressEnter(input);
  await flush();
}

describe('choosing acts', () => {
  it('a click chooses an act for the next message and a second click unchooses it; each choice is logged as by mouse', async () => {
    pilotPage();
    const { controller, logged } = await coach();
    controller.clickAct('greet');
    controller.clickAct('ask_budget');
    expect(controller.view.get().selected).toEqual(['greet', 'ask_budget']);
    controller.clickAct('greet');
    expect(controller.view.get().selected).toEqual(['ask_budget']);
    expect(selections(logged)).toEqual([
      { act: 'greet', via: 'mouse' },
      { act: 'ask_budget', via: 'mouse' },
    ]);
  });

  it('a follow-up cannot be chosen before its parent', async () => {
    pilotPage();
    const { controller, logged } = await coach();
    controller.clickAct('ask_use_more');
    expect(controller.view.get().selected).toEqual([]);
    expect(selections(logged)).toEqual([]);
    expect(controller.view.get().checklist.find((a) => a.act.id === 'ask_use_more')).toMatchObject({ available: false });
    // The Seller is told why, and the message stays until the next thing they do.
    expect(controller.view.get().error).toMatch(/\S/);
  });
});

describe('a send in the coached condition', () => {
  it('is held until an act is chosen, then sent with it by a click on the act', async () => {
    const { input, sent } = pilotPage();
    const { controller, logged } = await coach();
    await trySend(input, 'Hello there');
    expect(sent).toEqual([]);
    expect(utters(logged)).toEqual([]);
    expect(controller.view.get()).toMatchObject({ awaiting: true, error: 'Choose an act for this message first.' });

    controller.clickAct('greet');
    expect(sent).toEqual(['Hello there']);
    await flush(); // logged once the page shows it
    expect(utters(logged)).toMatchObject([{ text: 'Hello there', acts: ['greet'] }]);
    expect(selections(logged)).toEqual([{ act: 'greet', via: 'mouse' }]);
    expect(controller.view.get()).toMatchObject({ awaiting: false, selected: [], error: null });
    expect(controller.view.get().state.counts).toMatchObject({ greet: 1 });
  });

  it('goes at once when an act was chosen before it', async () => {
    const { input, sent } = pilotPage();
    const { controller, logged } = await coach();
    controller.clickAct('ask_recipient');
    await trySend(input, 'Who is it for?');
    expect(utters(logged)).toMatchObject([{ text: 'Who is it for?', acts: ['ask_recipient'] }]);
    expect(controller.view.get().awaiting).toBe(false);
    // Enter itself went to the page, which sent the message.
    expect(sent).toEqual(['Who is it for?']);
  });

  it("held, is sent by an act's number at once when no longer number starts with it", async () => {
    const { input, sent } = pilotPage();
    const { controller, logged } = await coach();
    await trySend(input, 'Who is it for?');
    pressKey(input, '2');
    expect(sent).toEqual(['Who is it for?']);
    await flush();
    expect(selections(logged)).toEqual([{ act: 'ask_recipient', via: 'keyboard' }]);
    expect(utters(logged)).toMatchObject([{ text: 'Who is it for?', acts: ['ask_recipient'] }]);
    expect(controller.view.get().awaiting).toBe(false);
  });

  it('held, a digit that could start a longer number waits for the chord; 3 then a sends 3a', async () => {
    const { input, sent } = pilotPage();
    const { controller, logged } = await coach();
    await trySend(input, 'What will you use it for?');
    pressKey(input, '3');
    expect(controller.view.get()).toMatchObject({ awaiting: true, typed: '3' });
    expect(sent).toEqual([]);
    await new Promise((r) => setTimeout(r, COACH_KEY_CHORD_MS + 100));
    expect(sent).toEqual(['What will you use it for?']);
    expect(controller.view.get()).toMatchObject({ awaiting: false, typed: '' });

    // 3a follows 3, so it can be chosen now.
    await trySend(input, 'Anything else?');
    pressKey(input, '3');
    pressKey(input, 'a');
    expect(sent).toEqual(['What will you use it for?', 'Anything else?']);
    await flush();
    expect(selections(logged)).toEqual([
      { act: 'ask_use', via: 'keyboard' },
      { act: 'ask_use_more', via: 'keyboard' },
    ]);
    expect(utters(logged).map((u) => ('acts' in u ? u.acts : null))).toEqual([['ask_use'], ['ask_use_more']]);
  });

  it('held, an unknown number is named and nothing is sent', async () => {
    const { input, sent } = pilotPage();
    const { controller } = await coach();
    await trySend(input, 'Hm');
    pressKey(input, 'z');
    expect(controller.view.get()).toMatchObject({ awaiting: true, typed: '', error: 'No act numbered z.' });
    expect(sent).toEqual([]);
  });

  it('held, Escape cancels: nothing is sent, and act numbers are typed as text again', async () => {
    const { input, sent } = pilotPage();
    const { controller, logged } = await coach();
    await trySend(input, 'Never mind');
    pressKey(input, 'Escape');
    expect(controller.view.get()).toMatchObject({ awaiting: false, typed: '' });
    const two = new KeyboardEvent('keydown', { key: '2', bubbles: true, cancelable: true });
    input.dispatchEvent(two);
    expect(two.defaultPrevented).toBe(false);
    expect(sent).toEqual([]);
    expect(utters(logged)).toEqual([]);
  });
});

describe('a suggested reply', () => {
  const suggestion: Suggestion = { id: 'template:greet:0', text: 'Hi there! What can I help you find?', source: 'template' };

  it('sent as it was put in the input is recorded as used as is', async () => {
    const { input } = pilotPage();
    const { controller, logged } = await coach({ suggestions: [suggestion] });
    controller.clickAct('greet');
    await expect.poll(() => controller.view.get().suggestions).toEqual([suggestion]);
    controller.useSuggestion(suggestion.id);
    expect(input.value).toBe(suggestion.text);
    expect(controller.view.get().usedSuggestion).toBe(suggestion.id);
    pressEnter(input);
    await flush();
    expect(utters(logged)).toMatchObject([
      { text: suggestion.text, acts: ['greet'], suggestion: { id: suggestion.id, editDistance: 0, usedAs: 'as_is' } },
    ]);
    expect(controller.view.get()).toMatchObject({ usedSuggestion: null, suggestions: [] });
  });

  it('edited before sending is recorded as edited, with how much', async () => {
    const { input } = pilotPage();
    const { controller, logged } = await coach({ suggestions: [suggestion] });
    controller.clickAct('greet');
    await expect.poll(() => controller.view.get().suggestions).toEqual([suggestion]);
    controller.useSuggestion(suggestion.id);
    input.value = 'Hi there! What can I find for you?';
    pressEnter(input);
    await flush();
    const [said] = utters(logged);
    expect(said).toMatchObject({ suggestion: { id: suggestion.id, usedAs: 'edited' } });
    expect(said && 'suggestion' in said ? said.suggestion?.editDistance : 0).toBeGreaterThan(0);
  });
});

describe('a send in the uncoached condition', () => {
  it('goes at once with no act, and is still logged', async () => {
    const { input } = pilotPage();
    const { controller, logged } = await coach({ coaching: false });
    await trySend(input, 'Hello');
    expect(controller.view.get()).toMatchObject({ coaching: false, awaiting: false, error: null });
    expect(utters(logged)).toHaveLength(1);
    expect(utters(logged)[0]).toMatchObject({ text: 'Hello' });
    expect(utters(logged)[0]).not.toHaveProperty('acts');
  });
});
