import type { Page } from 'playwright-core';
import { evaluateWithin, minusTime, settle, type MainThread } from './main-thread';
import { withNothingListeners } from './listener-floor';
import { round, type Row } from './report';

export type Kind = 'hover' | 'scroll' | 'click';
export type Cost = Record<Kind, number>;
export const KINDS: readonly Kind[] = ['hover', 'scroll', 'click'];

/** Gestures per measured run, and runs per configuration (the median is kept). */
const GESTURES = 400;
const REPEATS = 7;
/** One run of GESTURES takes seconds (an idle wait of at most 50 ms each); past this the page is stuck. */
const RUN_TIMEOUT_MS = 120_000;

/**
 * `GESTURES` gestures of one kind as a person makes them, in page-world code (a string: tsx would add helpers the page
 * does not have). Each gesture is dispatched in a task of its own, as the browser dispatches input, and the page is
 * let go idle before the next, as between a person's moves: a recorder's microtasks run after that gesture alone, its
 * idle callbacks and timers in the idle time after it. So a batch holds what one gesture gave it, not a whole loop's
 * worth, and no per-batch cache makes a gesture cheaper than it is. A click is a pointer's (`detail` 1): a script's
 * `click()` is not logged by Floorwalker, and measuring it would measure nothing. Returns the ms per gesture inside
 * the event handlers (a stopwatch around the dispatch).
 */
const GESTURE_LOOP = (kind: Kind) => `(async () => {
  const pictures = [document.getElementById('img-main'), document.getElementById('img-related')];
  const box = document.getElementById('reviews');
  const btn = document.getElementById('related-view');
  // The pointer moving from one picture onto the other, as the browser fires it: out of the one (pointer and mouse),
  // over the other, a move on it. Every gesture ends a look and starts one, as a pointer crossing a page does.
  const leave = [['pointerout', PointerEvent], ['mouseout', MouseEvent]];
  const enter = [['pointerover', PointerEvent], ['mouseover', MouseEvent], ['pointermove', PointerEvent], ['mousemove', MouseEvent]];
  const one = {
    hover: (i) => {
      const from = pictures[(i + 1) % 2], to = pictures[i % 2];
      const at = { bubbles: true, clientX: 10 + (i % 50), clientY: 20 };
      for (const [type, E] of leave) from.dispatchEvent(new E(type, { ...at, relatedTarget: to }));
      for (const [type, E] of enter) to.dispatchEvent(new E(type, { ...at, relatedTarget: from }));
    },
    scroll: (i) => { box.scrollTop = (i * 37) % 600; box.dispatchEvent(new Event('scroll')); },
    click: (i) => btn.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1, clientX: 5 + (i % 20), clientY: 5 })),
  }['${kind}'];
  const task = () => new Promise((ok) => { const ch = new MessageChannel(); ch.port1.onmessage = () => ok(); ch.port2.postMessage(0); });
  const idle = () => new Promise((ok) => requestIdleCallback(() => ok(), { timeout: 50 }));
  let inHandlers = 0;
  for (let i = 0; i < ${GESTURES}; i++) {
    await idle();
    await task();
    const t0 = performance.now();
    one(i);
    inHandlers += performance.now() - t0;
  }
  return inHandlers / ${GESTURES};
})()`;

export interface EventCosts {
  /** ms per gesture inside the handlers. */
  handler: Cost;
  /** ms per gesture of main-thread task time (DevTools protocol) until the page settled, deferred work included. */
  total: Cost;
  /** Every run's total, per kind, to show how noisy the machine was. */
  runs: Record<Kind, number[]>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * Per gesture, the median of REPEATS runs: the time inside the handlers, and all the main-thread time the gestures
 * cost, work a recorder defers (a microtask, an idle callback, a throttled timer, the send of what it logged)
 * included: the renderer's task time from the first gesture until the page has settled after the last.
 */
export async function measureEventCosts(page: Page, probe: () => Promise<MainThread>, kinds: readonly Kind[] = KINDS): Promise<EventCosts> {
  const handler = {} as Cost;
  const total = {} as Cost;
  const runs = {} as Record<Kind, number[]>;
  for (const kind of kinds) {
    const gestures = () => evaluateWithin<number>(page, GESTURE_LOOP(kind), `${GESTURES} ${kind} gestures`, RUN_TIMEOUT_MS);
    await gestures(); // warm-up: JIT, caches
    await settle(page);
    const inHandler: number[] = [];
    const all: number[] = [];
    for (let r = 0; r < REPEATS; r++) {
      const before = await probe();
      inHandler.push(await gestures());
      await settle(page);
      // CPU time, not task time: on a busy machine a descheduled task's wall time says more about the machine than the page.
      all.push(minusTime(await probe(), before).threadMs / GESTURES);
    }
    handler[kind] = median(inHandler);
    total[kind] = median(all);
    runs[kind] = all;
  }
  return { handler, total, runs };
}

/** What a recorder adds per gesture: measured minus the same page's baseline, never below zero. */
export const costOver = (m: Cost, base: Cost): Cost => ({
  hover: Math.max(0, m.hover - base.hover),
  scroll: Math.max(0, m.scroll - base.scroll),
  click: Math.max(0, m.click - base.click),
});

/** Spread of a configuration's runs: (max − min) ÷ median, per kind, in percent. */
export const spreadPct = (runs: Record<Kind, number[]>): Record<Kind, number> =>
  Object.fromEntries(
    KINDS.map((k) => {
      const xs = runs[k];
      return [k, Math.round(((Math.max(...xs) - Math.min(...xs)) / median(xs)) * 100)];
    }),
  ) as Record<Kind, number>;

/** What section 1 of bench/logger needs: the measured page, its probe, and the switches between configurations. */
export interface PerEventSetup {
  page: Page;
  probe: () => Promise<MainThread>;
  setLogging: (on: boolean) => Promise<void>;
  /** Page-world code that defines `window.__rrweb`. */
  rrwebLoad: string;
  rrwebOptions: string;
  rrwebLabel: string;
}

const us = (ms: number) => round(ms * 1000, 2);
const trio = (c: Cost) => KINDS.map((k) => us(c[k])).join(' / ');
const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : Infinity);
const ratios = (rrweb: Cost, fw: Cost) => KINDS.map((k) => ratio(rrweb[k], fw[k]));

/**
 * Section 1 of bench/logger, all on one page load (separate loads differ by more than the loggers cost): Floorwalker's
 * logger on; then paused, which detaches its listeners (its baseline); then the floor under any recorder, do-nothing
 * listeners in an isolated world (a content script's) and in the page's world (rrweb's), each added and removed again
 * (bench/lib/listener-floor); then rrweb's script loaded (its baseline) and recording. Returns the rows and the raw
 * numbers.
 */
export async function perEventSection(s: PerEventSetup): Promise<{ rows: Row[]; extra: Record<string, unknown> }> {
  const measure = () => measureEventCosts(s.page, s.probe);
  await s.setLogging(true);
  const floorwalker = await measure();
  await s.setLogging(false);
  await s.page.waitForTimeout(500); // the page hears the switch and detaches its listeners
  const baseline = await measure();
  const isolatedNothing = await withNothingListeners(s.page, 'isolated', measure);
  const pageNothing = await withNothingListeners(s.page, 'page', measure);
  await s.page.addScriptTag({ content: s.rrwebLoad });
  const rrwebBaseline = await measure();
  await evaluateWithin(
    s.page,
    `window.__rrEvents = []; window.__stop = window.__rrweb.record({ emit(e) { window.__rrEvents.push(e); }, ...${s.rrwebOptions} });`,
    "rrweb's start",
  );
  const rrweb = await measure();
  const rrwebEvents = await evaluateWithin<number>(s.page, 'window.__rrEvents.length', "rrweb's event count");
  await evaluateWithin(s.page, 'window.__stop()', "rrweb's stop");
  const fw = costOver(floorwalker.total, baseline.total);
  const rr = costOver(rrweb.total, rrwebBaseline.total);
  const isolatedFloor = costOver(isolatedNothing.total, baseline.total);
  const pageFloor = costOver(pageNothing.total, baseline.total);
  const fwHandler = costOver(floorwalker.handler, baseline.handler);
  const rrHandler = costOver(rrweb.handler, rrwebBaseline.handler);
  const total = ratios(rr, fw);
  const reachable = ratios(rr, isolatedFloor);
  const gesture = `per gesture, each in its own task, ${GESTURES} × ${REPEATS} runs, median, main-thread CPU time (DevTools ThreadTime) until settled`;
  const rows: Row[] = [
    { metric: `hover / scroll / click: Floorwalker's main-thread cost, deferred work included (${gesture})`, value: trio(fw), unit: 'µs' },
    { metric: `hover / scroll / click: rrweb's main-thread cost, deferred work included (${s.rrwebLabel})`, value: trio(rr), unit: 'µs' },
    {
      metric:
        "hover / scroll / click: the floor in a content script's world, do-nothing capturing passive listeners (pointerover, scroll, click) in an isolated world, same page and gestures",
      value: trio(isolatedFloor),
      unit: 'µs',
    },
    {
      metric: "hover / scroll / click: the same do-nothing listeners in the page's own world (where rrweb runs)",
      value: trio(pageFloor),
      unit: 'µs',
    },
    {
      metric: 'rrweb ÷ Floorwalker per gesture, deferred work included (hover / scroll / click)',
      value: total.join(' / '),
      unit: '×',
      target: '≥ 1 each',
      ok: total.every((r) => r >= 1),
    },
    {
      metric:
        'rrweb ÷ the isolated-world floor (hover / scroll / click): the best ratio any content-script logger could reach; below 1, the target is out of reach from an isolated world',
      value: reachable.join(' / '),
      unit: '×',
    },
    {
      metric: 'hover / scroll / click: time inside the event handlers only (wall clock), Floorwalker | rrweb',
      value: `${trio(fwHandler)} | ${trio(rrHandler)}`,
      unit: 'µs',
    },
  ];
  const raw = { baseline, floorwalker, isolatedNothing, pageNothing, rrwebBaseline, rrweb };
  const extra = {
    perGesture: {
      gestures: GESTURES,
      repeats: REPEATS,
      microseconds: Object.fromEntries(
        Object.entries(raw).map(([name, c]) => [name, { handler: trio(c.handler), total: trio(c.total), spreadPct: spreadPct(c.runs) }]),
      ),
    },
    rrwebEventsRecorded: rrwebEvents,
  };
  return { rows, extra };
}
