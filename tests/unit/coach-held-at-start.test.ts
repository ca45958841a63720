// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { PILOT_ADAPTER } from '../../lib/adapters/chat';
import { CoachController } from '../../lib/coach/controller';
import type { CoachingSchema } from '../../lib/coach/coaching-schema';
import { DEFAULT_COACHING_SCHEMA } from '../../lib/coach/default-schema';
import type { CoachHandle } from '../../lib/coach/handle';
import { EMPTY_COACH_STATE, type CoachState } from '../../lib/coach/state';
import type { FwEvent } from '../../lib/events/event-schema';
import { createEventLog } from '../../lib/logger/event-log';
import { firstValue, observable } from '../../lib/observable';
import { EMPTY_PROFILE } from '../../lib/profile/profile-schema';
import type { PageContext } from '../../lib/rpc/api';
import coachFeature from '../../entrypoints/page.content/features/coach';
import type { FeatureDeps } from '../../entrypoints/page.content/define-feature';
import type { ContentDeps } from '../../entrypoints/page.content/deps';
import { flush, useTestSignal } from './helpers/dom';
import type { LiveChange } from '../../lib/live/change';
import { context as seller, PAGE_URL, pilotPage, pressEnter } from './helpers/coach-page';

// The coach's send gate is there from the moment the chat is known, not only once the coach has started: it needs
// the schema and the conversation's state from the service worker first (a few round trips, more with the worker
// stopped), and a message the Seller sends meanwhile would go out with no act.

const abort = useTestSignal();

/** The coach feature on the pilot Seller page, with the service worker's answer for the schema held back until `answer()`. */
function startCoach(condition: string, initial: CoachState = EMPTY_COACH_STATE) {
  let answer!: (schema: CoachingSchema) => void;
  const schema = new Promise<CoachingSchema>((resolve) => (answer = resolve));
  const logged: FwEvent[] = [];
  const context = observable<PageContext | null>({ ...seller, condition });
  const coach = observable<CoachHandle | null>(null);
  const live = observable<LiveChange | null>(null);
  let stored = initial;
  const rpc = {
    coachingSchema: () => schema,
    coachState: async () => stored,
    saveCoachState: async () => undefined,
    buyerProfile: async () => EMPTY_PROFILE,
    suggestReplies: async () => [],
  };
  const log = createEventLog(
    context.get,
    (e) => logged.push(e),
    () => PAGE_URL,
  );
  // The controller's code, which the UI script hands over on a chat page.
  const ui = async () => ({ CoachController });
  const deps = { adapter: Promise.resolve(PILOT_ADAPTER), context, live, log, rpc, coach, ui } as unknown as FeatureDeps<
    ContentDeps,
    'chat'
  >;
  const started = coachFeature.start(deps, abort.signal);
  return {
    answer: (s: CoachingSchema = DEFAULT_COACHING_SCHEMA) => answer(s),
    started: async () => {
      await started;
      return (await firstValue(coach)) as CoachController;
    },
    logged,
    /** All data deleted elsewhere: the stored state is gone, and the page hears of it (lib/live). */
    deleteAll() {
      stored = EMPTY_COACH_STATE;
      live.set({ topic: 'data-deleted', seq: 1, at: Date.now() });
    },
  };
}

/** The Seller sends `text` once the chat is known and before the schema has come: the page sends nothing. */
async function sendBeforeStart(condition: string, text: string) {
  const { input, sent } = pilotPage();
  const coach = startCoach(condition);
  await flush(); // the chat is known; the schema has not come
  input.value = text;
  pressEnter(input);
  await flush();
  expect(sent).toEqual([]);
  return { sent, coach };
}

const utters = (logged: FwEvent[]) => logged.filter((e) => e.action === 'utter').map((e) => e.payload);

describe('a send before the coach has started', () => {
  it('is held from the moment the chat is known; once started, the coach asks for an act and sends it with it', async () => {
    const { sent, coach } = await sendBeforeStart('B.IIc', 'Hello there');

    coach.answer();
    const controller = await coach.started();
    expect(sent).toEqual([]);
    expect(controller.view.get()).toMatchObject({ awaiting: true, error: 'Choose an act for this message first.' });
    controller.clickAct('greet');
    expect(sent).toEqual(['Hello there']);
    await flush();
    expect(utters(coach.logged)).toMatchObject([{ text: 'Hello there', acts: ['greet'] }]);
  });

  it('goes once the coach has started when the study does not coach, logged as said', async () => {
    const { sent, coach } = await sendBeforeStart('B.IIu', 'Hi');

    coach.answer();
    const controller = await coach.started();
    expect(sent).toEqual(['Hi']);
    expect(controller.view.get().awaiting).toBe(false);
    await flush();
    expect(utters(coach.logged)).toEqual([{ text: 'Hi', composeMs: 0 }]); // no acts: the study does not coach
  });

  it('nothing tried before the start: nothing is sent or asked for, and later sends are the coach’s as ever', async () => {
    const { input, sent } = pilotPage();
    const coach = startCoach('B.IIc');
    coach.answer();
    const controller = await coach.started();
    expect(sent).toEqual([]);
    expect(controller.view.get()).toMatchObject({ awaiting: false, error: null });
    input.value = 'Who is it for?';
    pressEnter(input);
    await flush();
    expect(sent).toEqual([]);
    expect(controller.view.get().awaiting).toBe(true);
  });

  it('all data deleted elsewhere: the started coach shows the emptied counts and turn at once', async () => {
    pilotPage();
    const coach = startCoach('B.IIc', { ...EMPTY_COACH_STATE, counts: { greet: 1 }, turns: 3, last: 'greet' });
    coach.answer();
    const controller = await coach.started();
    expect(controller.view.get().state).toMatchObject({ turns: 3, counts: { greet: 1 } });
    coach.deleteAll();
    await flush();
    expect(controller.view.get().state).toEqual(EMPTY_COACH_STATE);
    expect(controller.view.get().checklist.find((c) => c.act.id === 'greet')?.count).toBe(0);
  });
});
