import type { CDPSession, Page } from 'playwright-core';
import { within } from './bounded';
import { evaluateWithin, minusTime, settle, type MainThread } from './main-thread';
import { FLOOR_SCRIPT, nothingListeners } from './listener-floor';
import { EVENT_FLUSH_MS } from '../../lib/limits';
import { round, type Row } from './report';
import type { TraceEvent } from './trace-event';

export type Kind = 'hover' | 'scroll' | 'click';
export type Cost = Record<Kind, number>;
export const KINDS: readonly Kind[] = ['hover', 'scroll', 'click'];

/** Pointer gestures (hover, click) per measured run; scroll gestures per run (each a real one, ~0.2 s long). */
const GESTURES = 400;
const SCROLL_GESTURES = Number(process.env.LOGGER_SCROLL_GESTURES ?? 30);
/** Rounds of every configuration (the first is a warm-up, not kept); the median of the rest is kept. */
const REPEATS = Number(process.env.LOGGER_REPEATS ?? 7);
/** One run of GESTURES takes seconds (an idle wait of at most 50 ms each); past this the page is stuck. */
const RUN_TIMEOUT_MS = 120_000;
/** A real scroll gesture's `scrollend` comes within a second of its last input; past this it never will. */
const SCROLL_END_TIMEOUT_MS = 3_000;
/** A scroll gesture: the wheel moving the reviews box this far, down twice then up twice, so it never sticks at an end. */
const SCROLL_PX = 120;

const gesturesOf = (kind: Kind) => (kind === 'scroll' ? SCROLL_GESTURES : GESTURES);

/**
 * `GESTURES` gestures of one kind (hover or click) as a person makes them, in page-world code (a string: tsx would add
 * helpers the page does not have). Each gesture is dispatched in a task of its own, as the browser dispatches input,
 * and the page is let go idle before the next, as between a person's moves: a recorder's microtasks run after that
 * gesture alone, its idle callbacks and timers in the idle time after it. A click is a pointer's (`detail` 1): a
 * script's `click()` is not logged by Floorwalker, and measuring it would measure nothing. Returns the ms per gesture
 * inside the event handlers (a stopwatch around the dispatch). Scrolls are real input instead (scrollGestures).
 */
export const GESTURE_LOOP = (kind: Exclude<Kind, 'scroll'>) => `(async () => {
  const pictures = [document.getElementById('img-main'), document.getElementById('img-related')];
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

/** Page-world code: resolves when the reviews box's scroll has ended (or null if it never does), counting its scroll events. */
const SCROLL_ENDED = `new Promise((ok) => {
  const box = document.getElementById('reviews');
  let n = 0;
  const count = () => n++;
  const done = (v) => { box.removeEventListener('scroll', count); clearTimeout(timer); ok(v); };
  const timer = setTimeout(() => done(null), ${SCROLL_END_TIMEOUT_MS});
  box.addEventListener('scroll', count, { passive: true });
  box.addEventListener('scrollend', () => done(n), { once: true });
})`;
const IDLE = `new Promise((ok) => requestIdleCallback(() => ok(), { timeout: 50 }))`;

/**
 * SCROLL_GESTURES scrolls of the reviews box as a person makes them: real input (the DevTools protocol's synthetic
 * wheel gesture, which the browser turns into a smooth scroll of several frames, a scroll event each, then one
 * `scrollend`), not a script's scroll event, so every recorder hears what a person's scroll makes. The page is let go
 * idle before each. Returns the scroll events per gesture.
 */
async function scrollGestures(page: Page, cdp: CDPSession): Promise<number> {
  const box = await page.locator('#reviews').boundingBox();
  if (!box) throw new Error('the reviews box is not shown');
  let events = 0;
  for (let i = 0; i < SCROLL_GESTURES; i++) {
    await evaluateWithin(page, IDLE, 'the page to go idle');
    const ended = evaluateWithin<number | null>(page, SCROLL_ENDED, 'the end of a scroll gesture');
    await within(
      RUN_TIMEOUT_MS,
      'a scroll gesture',
      cdp.send('Input.synthesizeScrollGesture', {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
        yDistance: i % 4 < 2 ? -SCROLL_PX : SCROLL_PX, // negative: the content moves up, the box scrolls down
        gestureSourceType: 'mouse',
      }),
    );
    const n = await ended;
    if (n === null) throw new Error(`scroll gesture ${i} never ended (no scrollend; box at ${JSON.stringify(box)})`);
    events += n;
  }
  return events / SCROLL_GESTURES;
}

/** The reviews box in view and at its top, so the wheel lands on it and its gestures go down twice, then up twice. */
const scrollReady = (page: Page) =>
  evaluateWithin(
    page,
    `(() => { const b = document.getElementById('reviews'); b.scrollIntoView({ block: 'center' }); b.scrollTop = 0; })()`,
    'the reviews box shown',
  );

/**
 * The main-thread time spent in the functions of the scripts whose address contains `script`: every call into them
 * the browser makes (an event listener, a timer, an idle callback, a message), with what they call (the DOM, a
 * message sent), on the thread's own clock where the trace has it. Unlike the renderer's whole time over a baseline, it
 * does not drown in what else the page and the machine do; it misses the microtasks a script queues (the browser does
 * not call them one by one) and the browser's own work around a call (the floor, measured apart).
 */
async function attributed<T>(
  cdp: CDPSession,
  script: string,
  run: () => Promise<T>,
): Promise<{ result: T; ms: number; threadClock: boolean }> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline'] } });
  let result: T;
  try {
    result = await run();
  } finally {
    const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.end');
    await within(RUN_TIMEOUT_MS, 'the trace', complete);
    cdp.off('Tracing.dataCollected', collect);
  }
  const calls = events
    .filter((e) => e.name === 'FunctionCall' && e.ph === 'X' && (e.args?.data?.url ?? '').includes(script))
    .sort((a, b) => a.ts - b.ts);
  let us = 0;
  let threadClock = true;
  const endOf = new Map<string, number>(); // per thread: the end of the last call counted (a call within it is in it)
  for (const e of calls) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ts < (endOf.get(thread) ?? -Infinity)) continue;
    endOf.set(thread, e.ts + (e.dur ?? 0));
    if (e.tdur === undefined) threadClock = false;
    us += e.tdur ?? e.dur ?? 0;
  }
  return { result, ms: us / 1000, threadClock };
}

/** One run of one kind: ms per gesture inside the handlers (hover, click), main-thread CPU ms per gesture, scroll events per gesture. */
interface Run {
  handler: number;
  total: number;
  /** ms per gesture in the recorder's own script (attributed), where the configuration has one. */
  own?: number;
  scrollEvents?: number;
}

async function runOnce(page: Page, cdp: CDPSession, probe: () => Promise<MainThread>, kind: Kind, script: string | null): Promise<Run> {
  if (kind === 'scroll') await scrollReady(page);
  await settle(page);
  const gestures = async () => {
    const before = await probe();
    let handler = NaN;
    let scrollEvents: number | undefined;
    if (kind === 'scroll') scrollEvents = await scrollGestures(page, cdp);
    else handler = await evaluateWithin<number>(page, GESTURE_LOOP(kind), `${GESTURES} ${kind} gestures`, RUN_TIMEOUT_MS);
    await settle(page);
    // CPU time, not task time: on a busy machine a descheduled task's wall time says more about the machine than the page.
    const total = minusTime(await probe(), before).threadMs / gesturesOf(kind);
    return { handler, total, ...(scrollEvents === undefined ? {} : { scrollEvents }) };
  };
  if (script === null) return gestures();
  const { result, ms } = await attributed(cdp, script, gestures);
  return { ...result, own: ms / gesturesOf(kind) };
}

export interface EventCosts {
  /** ms per gesture inside the handlers, over the same round's baseline (hover, click; NaN for scroll). */
  handler: Cost;
  /** ms per gesture of main-thread CPU time until the page settled, deferred work included, over the same round's baseline. */
  total: Cost;
  /** Every round's cost over its baseline, per kind, to show how noisy the machine was. */
  runs: Record<Kind, number[]>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** What a recorder adds per gesture: measured minus the same page's baseline, never below zero. */
export const costOver = (m: Cost, base: Cost): Cost => ({
  hover: Math.max(0, m.hover - base.hover),
  scroll: Math.max(0, m.scroll - base.scroll),
  click: Math.max(0, m.click - base.click),
});

/** Spread of a configuration's rounds: interquartile range ÷ median, per kind, in percent. */
export const spreadPct = (runs: Record<Kind, number[]>): Record<Kind, number> =>
  Object.fromEntries(
    KINDS.map((k) => {
      const xs = [...runs[k]].sort((a, b) => a - b);
      const q = (p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
      return [k, Math.round(((q(0.75) - q(0.25)) / Math.abs(median(xs))) * 100)];
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

/** The scripts each recorder's time is attributed to in a trace: the extension's content script, rrweb's (named so). */
const FLOORWALKER_SCRIPT = '/content-scripts/page.js';
const RRWEB_SCRIPT = 'rrweb-bench.js';
/** The baseline is traced too, for nothing: a trace costs the renderer time, which every configuration then pays alike. */
const NO_SCRIPT = 'no-recorder-here';

/** How often rrweb's events leave the page when they are sent: Floorwalker's own cadence (EVENT_FLUSH_MS). */
const RRWEB_SEND_MS = EVENT_FLUSH_MS;

/**
 * Page-world code, in rrweb's script (so a trace counts it as rrweb's): starts rrweb recording into an array, and with
 * `send`, sends what it recorded every RRWEB_SEND_MS as JSON in a POST, as rrweb's guide does; `__rrStop` stops both.
 */
const RRWEB_RECORDING = `window.__rrBenchStart = (send, options) => {
  window.__rrEvents = [];
  window.__rrCount = window.__rrCount ?? 0;
  const stop = window.__rrweb.record({ emit(e) { window.__rrEvents.push(e); window.__rrCount++; }, ...options });
  const timer = send ? setInterval(() => {
    if (window.__rrEvents.length === 0) return;
    const body = JSON.stringify(window.__rrEvents);
    window.__rrEvents = [];
    fetch('/rrweb-sink', { method: 'POST', body }).catch(() => undefined);
  }, ${RRWEB_SEND_MS}) : null;
  window.__rrStop = () => { stop(); clearInterval(timer); };
};`;

/** A way the page is set up while the gestures run: switched on before a round's runs and off after. */
interface Config {
  name: 'baseline' | 'floorwalker' | 'isolatedFloor' | 'pageFloor' | 'rrweb' | 'rrwebSent';
  /** What the configuration's own script is called in a trace (null: none). */
  script: string | null;
  on: () => Promise<unknown>;
  off: () => Promise<unknown>;
}

const us = (ms: number) => round(ms * 1000, 2);
const trio = (c: Cost) => KINDS.map((k) => us(c[k])).join(' / ');
const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : Infinity);
const ratios = (rrweb: Cost, fw: Cost) => KINDS.map((k) => ratio(rrweb[k], fw[k]));

/**
 * Section 1 of bench/logger, all on one page load (separate loads differ by more than the loggers cost), in rounds: each
 * round measures every configuration once, in an order that turns round by round, and each configuration's cost is
 * its time over the baseline of the same round (a busy machine drifts by more than a recorder costs between a run
 * now and one minutes later). The configurations: nothing (the baseline: Floorwalker paused, which detaches its
 * listeners, and rrweb's script loaded but not recording); Floorwalker's logger on; the floor under any recorder,
 * do-nothing listeners in an isolated world (a content script's) and in the page's world (rrweb's)
 * (bench/lib/listener-floor); rrweb recording into an array; rrweb recording and sending what it recorded every
 * RRWEB_SEND_MS, as a deployment does (Floorwalker's events leave the page too, to its service worker). Returns the rows
 * and the raw numbers.
 */
export async function perEventSection(s: PerEventSetup): Promise<{ rows: Row[]; extra: Record<string, unknown> }> {
  const { page } = s;
  const cdp = await page.context().newCDPSession(page);
  const isolated = await nothingListeners(page, 'isolated');
  const pageWorld = await nothingListeners(page, 'page');
  await page.addScriptTag({ content: `${s.rrwebLoad}\n${RRWEB_RECORDING}\n//# sourceURL=${RRWEB_SCRIPT}` });
  const rrwebStart = (send: boolean) =>
    evaluateWithin(page, `window.__rrBenchStart(${send}, ${s.rrwebOptions})`, "rrweb's start").then(
      () => page.waitForTimeout(RRWEB_SEND_MS * 2), // its full snapshot made and sent before the gestures
    );
  const rrwebStop = () => evaluateWithin(page, 'window.__rrStop()', "rrweb's stop");
  const nothing = async () => undefined;
  const configs: Config[] = [
    { name: 'baseline', script: NO_SCRIPT, on: nothing, off: nothing },
    {
      name: 'floorwalker',
      script: FLOORWALKER_SCRIPT,
      on: () => s.setLogging(true).then(() => page.waitForTimeout(500)),
      off: () => s.setLogging(false).then(() => page.waitForTimeout(500)),
    },
    { name: 'isolatedFloor', script: FLOOR_SCRIPT, on: isolated.add, off: isolated.remove },
    { name: 'pageFloor', script: FLOOR_SCRIPT, on: pageWorld.add, off: pageWorld.remove },
    { name: 'rrweb', script: RRWEB_SCRIPT, on: () => rrwebStart(false), off: rrwebStop },
    { name: 'rrwebSent', script: RRWEB_SCRIPT, on: () => rrwebStart(true), off: rrwebStop },
  ];
  await s.setLogging(false);
  await page.waitForTimeout(500); // the page hears the switch and detaches its listeners
  type Round = Record<Config['name'], Record<Kind, Run>>;
  const rounds: Round[] = [];
  for (let r = 0; r <= REPEATS; r++) {
    const round = {} as Round;
    for (let i = 0; i < configs.length; i++) {
      const c = configs[(i + r) % configs.length]!;
      await c.on();
      const runs = {} as Record<Kind, Run>;
      for (const kind of KINDS) runs[kind] = await runOnce(page, cdp, s.probe, kind, c.script);
      await c.off();
      round[c.name] = runs;
    }
    if (r > 0) rounds.push(round); // the first round warms up (JIT, caches) and is not kept
  }
  const over = (name: Config['name'], field: 'handler' | 'total'): EventCosts['runs'] =>
    Object.fromEntries(KINDS.map((k) => [k, rounds.map((rd) => rd[name][k][field] - rd.baseline[k][field])])) as EventCosts['runs'];
  const costsOf = (name: Config['name']): EventCosts => {
    const runs = over(name, 'total');
    const handler = over(name, 'handler');
    const med = (x: EventCosts['runs']) => Object.fromEntries(KINDS.map((k) => [k, Math.max(0, median(x[k]))])) as Cost;
    return { total: med(runs), handler: med(handler), runs };
  };
  const fwC = costsOf('floorwalker');
  const rrC = costsOf('rrweb');
  const rrSentC = costsOf('rrwebSent');
  const isoC = costsOf('isolatedFloor');
  const pageC = costsOf('pageFloor');
  const scrollEvents = median(rounds.flatMap((rd) => configs.map((c) => rd[c.name].scroll.scrollEvents ?? NaN)));
  const baseline = Object.fromEntries(KINDS.map((k) => [k, median(rounds.map((rd) => rd.baseline[k].total))])) as Cost;
  const rrwebEvents = await evaluateWithin<number>(page, 'window.__rrCount', "rrweb's event count");
  const perScrollEvent = (c: Cost) => us(c.scroll / scrollEvents);
  /** Per kind, the median over the rounds of the time in the configuration's own script (bench: attributed). */
  const ownOf = (name: Config['name']): Cost =>
    Object.fromEntries(KINDS.map((k) => [k, median(rounds.map((rd) => rd[name][k].own ?? NaN))])) as Cost;
  const own = {
    floorwalker: ownOf('floorwalker'),
    rrwebSent: ownOf('rrwebSent'),
    rrweb: ownOf('rrweb'),
    isolatedFloor: ownOf('isolatedFloor'),
    pageFloor: ownOf('pageFloor'),
  };
  const ownRatio = ratios(own.rrwebSent, own.floorwalker);
  const fw = fwC.total;
  const rr = rrSentC.total;
  const total = ratios(rr, fw);
  const gesture = `per gesture (hover, click: ${GESTURES} a run, each in its own task; scroll: ${SCROLL_GESTURES} real wheel gestures a run, ${round(scrollEvents, 1)} scroll events each), ${REPEATS} rounds, median over the same round's baseline, main-thread CPU time (DevTools ThreadTime) until settled`;
  const rows: Row[] = [
    { metric: `hover / scroll / click: Floorwalker's main-thread cost, deferred work included (${gesture})`, value: trio(fw), unit: 'µs' },
    {
      metric: `hover / scroll / click: rrweb's main-thread cost, deferred work included, its events sent every ${RRWEB_SEND_MS} ms as Floorwalker's are (${s.rrwebLabel})`,
      value: trio(rr),
      unit: 'µs',
    },
    {
      metric: "hover / scroll / click: rrweb's cost with its events kept in an array, never leaving the page",
      value: trio(rrC.total),
      unit: 'µs',
    },
    {
      metric:
        "hover / scroll / click: the floor in a content script's world, do-nothing capturing passive listeners (pointerover, scroll, click) in an isolated world, same page and gestures (scroll: one listener run per scroll event)",
      value: trio(isoC.total),
      unit: 'µs',
    },
    {
      metric: "hover / scroll / click: the same do-nothing listeners in the page's own world (where rrweb runs)",
      value: trio(pageC.total),
      unit: 'µs',
    },
    {
      metric: 'per scroll event (a gesture’s cost ÷ its scroll events): Floorwalker | rrweb sent | isolated floor',
      value: `${perScrollEvent(fw)} | ${perScrollEvent(rr)} | ${perScrollEvent(isoC.total)}`,
      unit: 'µs',
    },
    {
      metric: 'rrweb (events sent) ÷ Floorwalker per gesture, deferred work included (hover / scroll / click)',
      value: total.join(' / '),
      unit: '×',
      target: '≥ 1 each',
      ok: total.every((x) => x >= 1),
    },
    {
      metric: 'rrweb (events kept in an array) ÷ Floorwalker (hover / scroll / click)',
      value: ratios(rrC.total, fw).join(' / '),
      unit: '×',
    },
    {
      metric:
        'rrweb (events sent) ÷ the isolated-world floor (hover / scroll / click): the best ratio a content-script logger hearing every event could reach',
      value: ratios(rr, isoC.total).join(' / '),
      unit: '×',
    },
    {
      metric:
        "hover / scroll / click, in each recorder's own functions only (every call the browser made into its script, on the thread's clock, from a trace; microtasks and the browser's work around each call not counted): Floorwalker | rrweb sent | rrweb in an array | do-nothing isolated | do-nothing page world",
      value: [own.floorwalker, own.rrwebSent, own.rrweb, own.isolatedFloor, own.pageFloor].map(trio).join(' | '),
      unit: 'µs',
    },
    {
      metric: 'rrweb (events sent) ÷ Floorwalker, own functions only (hover / scroll / click)',
      value: ownRatio.join(' / '),
      unit: '×',
    },
    {
      metric: 'hover / click: time inside the event handlers only (wall clock), Floorwalker | rrweb sent',
      value: `${us(fwC.handler.hover)} / ${us(fwC.handler.click)} | ${us(rrSentC.handler.hover)} / ${us(rrSentC.handler.click)}`,
      unit: 'µs',
    },
  ];
  const raw = { floorwalker: fwC, isolatedFloor: isoC, pageFloor: pageC, rrweb: rrC, rrwebSent: rrSentC };
  const extra = {
    perGesture: {
      gestures: GESTURES,
      scrollGestures: SCROLL_GESTURES,
      scrollEventsPerGesture: round(scrollEvents, 1),
      rounds: REPEATS,
      baselineMicroseconds: trio(baseline),
      ownFunctionsMicroseconds: Object.fromEntries(
        Object.entries(own).map(([name, c]) => [
          name,
          {
            median: trio(c),
            rounds: Object.fromEntries(KINDS.map((k) => [k, rounds.map((rd) => us(rd[name as Config['name']][k].own ?? NaN))])),
          },
        ]),
      ),
      microseconds: Object.fromEntries(
        Object.entries(raw).map(([name, c]) => [
          name,
          { total: trio(c.total), spreadPct: spreadPct(c.runs), rounds: Object.fromEntries(KINDS.map((k) => [k, c.runs[k].map(us)])) },
        ]),
      ),
    },
    rrwebEventsRecorded: rrwebEvents,
  };
  return { rows, extra };
}
