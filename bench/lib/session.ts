import type { BrowserContext, Page } from 'playwright-core';
import { evaluateWithin, mainThreadProbe, minusTime, settle, type MainThread } from './main-thread';
import { round, type Row } from './report';
import { byExtension, LONG_TASK_MS, traceWatch, type LongTask, type SessionWatch } from './session-trace';

const NAV_TIMEOUT_MS = 180_000;
/** Where the pointer rests while it reads a picture or reaches a control: a third of the way down the viewport. */
const READING_Y = 260;
const VIEWPORT = { width: 1280, height: 800 };
/** Pauses of one round (ms), a person's pace: the pointer rests on a picture, crosses the page, clicks a control. */
const PAUSE = { scrolled: 150, onPicture: 400, crossed: 150, clicked: 300 } as const;
/** Smaller targets than this (px, either side) are not something a person points at (hidden or collapsed). */
const MIN_TARGET_PX = 8;

/** Clicks stay on the page (links would leave it, forms would submit). */
const PAGE_SETUP = `(() => {
  if (window !== window.top) return;
  addEventListener('click', (e) => e.preventDefault());
  addEventListener('submit', (e) => e.preventDefault(), true);
})()`;

/**
 * The centres of what a person points at on the page, in page coordinates, read once after it loaded: pictures, and
 * the controls of a product page (gallery buttons, option labels, links). Both lists in document order.
 */
const TARGETS = `(() => {
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < ${MIN_TARGET_PX} || r.height < ${MIN_TARGET_PX} || getComputedStyle(el).visibility === 'hidden') return null;
    return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2 + scrollY) };
  };
  const of = (selector) => [...document.querySelectorAll(selector)].map(centre).filter((c) => c && c.x > 0 && c.x < innerWidth);
  return { pictures: of('img'), controls: of('a[href], button, summary, label, [role="button"]') };
})()`;

interface Point {
  x: number;
  y: number;
}

export interface SessionResult {
  /** Main-thread time from before the page loads to the end of the session. */
  time: MainThread;
  /** The part of `time` until the page had loaded and settled (a recorder's start: rrweb's full snapshot, Floorwalker's content script). */
  loadTime: MainThread;
  seconds: number;
  rounds: number;
  /** Long tasks of the page's main thread (> LONG_TASK_MS) from a trace of the session, set by sessionSection. */
  longTasks?: LongTask[];
  /** What the recorder kept of the session (events Floorwalker stored, events rrweb emitted), when it says. */
  recorded?: number;
}

/**
 * A person on a product page for `rounds` rounds: the page loads (in a fresh page of `context`), then each round
 * scrolls to a picture and rests the pointer on it, crosses the page, and scrolls to a control and clicks it, the same
 * gestures in every run. The pointer is moved by coordinates, as a person's is (playwright's `page.mouse`): no
 * locator, so nothing waits for an element to be "actionable" (an overlay over it, a picture still hidden), which made
 * sessions crawl and differ between runs. `before` runs in the page before its scripts (a recorder's start). Measured
 * from a same-origin blank page, so the renderer is the same.
 */
export async function browseSession(
  context: BrowserContext,
  blankUrl: string,
  pageUrl: string,
  rounds: number,
  before?: string,
  watch?: SessionWatch,
): Promise<SessionResult> {
  const page: Page = await blankPage(context, blankUrl, before);
  const probe = await mainThreadProbe(context, page);
  await watch?.start(page);
  const start = await probe();
  const t0 = Date.now();
  await page.goto(pageUrl, { timeout: NAV_TIMEOUT_MS });
  await settle(page);
  const loadTime = minusTime(await probe(), start);
  const { pictures, controls } = await evaluateWithin<{ pictures: Point[]; controls: Point[] }>(page, TARGETS, 'the targets on the page');
  if (!pictures.length || !controls.length) throw new Error(`bench: ${pageUrl} has no picture or no control to point at`);
  // Scrolls so `p` is at the reading height (as far as the page goes), and returns where it is in the viewport.
  const inView = async (p: Point): Promise<Point> => {
    const y = await evaluateWithin<number>(page, 'scrollY', 'the scroll position');
    await page.mouse.wheel(0, p.y - READING_Y - y);
    await page.waitForTimeout(PAUSE.scrolled);
    return { x: p.x, y: p.y - (await evaluateWithin<number>(page, 'scrollY', 'the scroll position')) };
  };
  for (let i = 0; i < rounds; i++) {
    const picture = await inView(pictures[i % pictures.length]!);
    await page.mouse.move(picture.x, picture.y, { steps: 10 });
    await page.waitForTimeout(PAUSE.onPicture);
    await page.mouse.move(100 + ((i * 97) % (VIEWPORT.width - 200)), 100 + ((i * 53) % (VIEWPORT.height - 200)), { steps: 10 });
    await page.waitForTimeout(PAUSE.crossed);
    const control = await inView(controls[i % controls.length]!);
    await page.mouse.move(control.x, control.y, { steps: 5 });
    await page.mouse.click(control.x, control.y);
    await page.waitForTimeout(PAUSE.clicked);
  }
  await settle(page);
  const time = minusTime(await probe(), start);
  await watch?.stop(page);
  const seconds = (Date.now() - t0) / 1000;
  const recorded = await evaluateWithin<number | null>(page, 'window.__rrCount ?? null', "rrweb's count of events");
  await page.close();
  return { time, loadTime, seconds, rounds, ...(recorded === null ? {} : { recorded }) };
}

/** A browser opened for one session, and how to close it. */
export interface OpenBrowser {
  context: BrowserContext;
  /** How many events the recorder in the browser kept (Floorwalker's store), read before it closes. */
  recorded?: () => Promise<number>;
  close: () => Promise<void>;
}

/** A fresh page of `context` on the blank page, with the session's setup and `before` (a recorder's start) for every page after. */
async function blankPage(context: BrowserContext, blankUrl: string, before?: string): Promise<Page> {
  const page: Page = await context.newPage();
  await page.addInitScript(PAGE_SETUP);
  if (before) await page.addInitScript(before);
  // Long timeouts: on a busy machine a page load can take far longer than playwright's default allows.
  await page.goto(blankUrl, { timeout: NAV_TIMEOUT_MS });
  return page;
}

/**
 * A script that runs only in the page's top frame. Playwright's init scripts run in every frame, and rrweb makes a
 * frame of its own: for every full snapshot it appends a hidden about:blank iframe to borrow untainted DOM prototypes
 * from. A recorder started in that iframe too fires its own full snapshot at once (the frame is loaded as it is
 * appended), which appends another iframe, and so on: the page never finished loading and its renderer ran out of
 * JavaScript memory (V8 OOM at ~2.6 GB after minutes of collections). A site runs rrweb once, in its top document,
 * which records same-origin frames itself.
 */
const topFrameOnly = (script: string) => `if (window === window.top) { ${script} }`;

/** rrweb's events leave the page as its guide shows: kept in an array, sent as JSON in a POST every this often. */
const RRWEB_SEND_EVERY_MS = 10_000;

/**
 * rrweb recording from the page's start, as a site deploys it: `rrwebLoad` defines `window.__rrweb`, and the events
 * are batched and POSTed to `sinkUrl` every RRWEB_SEND_EVERY_MS (rrweb's guide: "save events every 10 seconds").
 */
export function rrwebRecording(rrwebLoad: string, options: string, sinkUrl: string): string {
  return topFrameOnly(`${rrwebLoad}
  window.__rrCount = 0;
  let batch = [];
  window.__rrweb.record({ emit(e) { batch.push(e); window.__rrCount++; }, ...${options} });
  setInterval(() => {
    if (!batch.length) return;
    const body = JSON.stringify({ events: batch });
    batch = [];
    fetch(${JSON.stringify(sinkUrl)}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => {});
  }, ${RRWEB_SEND_EVERY_MS});`);
}

/** What the session section of bench/logger needs. */
export interface SessionSetup {
  /** A browser with Floorwalker loaded, logging on, and the page's site allowed: a fresh profile for each call. */
  withExtension: () => Promise<OpenBrowser>;
  /** A browser without any extension, fresh for each call. */
  plain: () => Promise<OpenBrowser>;
  blankUrl: string;
  pageUrl: string;
  pageName: string;
  sessionMs: number;
  repeats: number;
  /** rrweb's start (rrwebRecording). */
  rrwebStart: string;
  rrwebLabel: string;
  /** Says which session is under way (the bench's watchdog names it if it never ends). */
  step?: (name: string) => void;
}

type Config = 'none' | 'rrweb' | 'floorwalker';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
/**
 * One round's length: its pauses, and the driving between them (25 pointer moves, a wheel, a click and two reads of the
 * scroll position over the DevTools protocol), which took ~450 ms a round here (104 rounds in 164-190 s at load ~12).
 */
const ROUND_MS = 2 * PAUSE.scrolled + PAUSE.onPicture + PAUSE.crossed + PAUSE.clicked + 450;

/**
 * A person's session on a product page, page load included, three ways: no recorder (a browser without the
 * extension), rrweb recording from the page's start (its full snapshot included), Floorwalker (its content script, in
 * a fresh profile with the page's site allowed, as on a shop a participant allowed). Each browser is its own process
 * and the measure is the page renderer's main-thread CPU time (DevTools ThreadTime), which a busy machine delays but
 * does not inflate much; the three run side by side, `repeats` times, and each repeat's added time is against the
 * no-recorder run beside it; the median repeat is kept.
 */
export async function sessionSection(s: SessionSetup): Promise<{ rows: Row[]; extra: Record<string, unknown> }> {
  const runs: Record<Config, SessionResult[]> = { none: [], rrweb: [], floorwalker: [] };
  const rounds = Math.max(1, Math.round(s.sessionMs / ROUND_MS));
  const configs: { config: Config; open: () => Promise<OpenBrowser>; before?: string }[] = [
    { config: 'none', open: s.plain },
    { config: 'rrweb', open: s.plain, before: s.rrwebStart },
    { config: 'floorwalker', open: s.withExtension },
  ];
  for (let r = 0; r < s.repeats; r++) {
    const of = `${r + 1} of ${s.repeats}`;
    // Every browser is opened (Floorwalker's fresh profile set up, its catalog imported) before any session starts,
    // so none of that competes with a session.
    s.step?.(`sessions ${of}: opening the browsers`);
    const opened: OpenBrowser[] = [];
    try {
      for (const c of configs) opened.push(await c.open());
      // The three at once, the same gestures at the same moments: whatever else the machine does meanwhile falls on
      // all three alike, and three two-minute sessions take two minutes (the whole bench stays within ~15 min).
      s.step?.(`sessions ${of}: no recorder, rrweb and Floorwalker at once`);
      const results = await Promise.all(
        configs.map(async (c, i) => {
          const b = opened[i]!;
          // Traced in every configuration alike (the trace costs the page a little per event it records).
          const trace = traceWatch(b.context);
          const result = {
            ...(await browseSession(b.context, s.blankUrl, s.pageUrl, rounds, c.before, trace)),
            longTasks: trace.longTasks(),
          };
          return b.recorded ? { ...result, recorded: await b.recorded() } : result;
        }),
      );
      configs.forEach((c, i) => runs[c.config].push(results[i]!));
    } finally {
      await Promise.all(opened.map((b) => b.close()));
    }
  }
  const added = (c: Config, m: keyof MainThread, part: 'time' | 'loadTime' = 'time') =>
    median(runs[c].map((x, i) => x[part][m] - (runs.none[i]?.[part][m] ?? NaN)));
  const own = (c: Config, m: keyof MainThread) => median(runs[c].map((x) => x.time[m]));
  const load = { floorwalker: added('floorwalker', 'threadMs', 'loadTime'), rrweb: added('rrweb', 'threadMs', 'loadTime') };
  const cpu = { floorwalker: added('floorwalker', 'threadMs'), rrweb: added('rrweb', 'threadMs') };
  const task = { floorwalker: added('floorwalker', 'taskMs'), rrweb: added('rrweb', 'taskMs') };
  const longTasks = (c: Config) => runs[c].flatMap((x) => x.longTasks ?? []);
  const seconds = (c: Config) => round(median(runs[c].map((x) => x.seconds)), 0);
  const fwTasks = longTasks('floorwalker');
  const involved = fwTasks.filter((t) => t.extensionMs > 0);
  const attributable = fwTasks.filter(byExtension);
  const longestExtensionCpuMs = Math.max(0, ...fwTasks.map((t) => t.extensionCpuMs));
  const onCpu = (c: Config) => longTasks(c).filter((t) => t.cpuMs > LONG_TASK_MS).length;
  const ratio = cpu.rrweb > 0 ? cpu.floorwalker / cpu.rrweb : Infinity;
  const rows: Row[] = [
    {
      metric: `main-thread CPU time added over a ${seconds('floorwalker')} s scripted session (${rounds} rounds of scroll, hover a picture, cross the page, click a control) on ${s.pageName}, page load included, against no recorder (DevTools ThreadTime, median of ${s.repeats}): Floorwalker / rrweb (no recorder's own: ${round(own('none', 'threadMs'), 0)} ms)`,
      value: `${round(cpu.floorwalker, 0)} / ${round(cpu.rrweb, 0)}`,
      unit: 'ms',
    },
    {
      metric: "Floorwalker's added main-thread CPU time over the session ÷ rrweb's",
      value: round(ratio, 3),
      unit: '',
      target: '≤ 0.1',
      ok: ratio <= 0.1,
    },
    {
      metric:
        "of which until the page had loaded and settled (rrweb's full snapshot, Floorwalker's content script start): Floorwalker / rrweb",
      value: `${round(load.floorwalker, 0)} / ${round(load.rrweb, 0)}`,
      unit: 'ms',
    },
    {
      metric: 'the same as task time (DevTools TaskDuration, wall clock: inflated on a busy machine): Floorwalker / rrweb',
      value: `${round(task.floorwalker, 0)} / ${round(task.rrweb, 0)}`,
      unit: 'ms',
    },
    {
      metric: `session length, median: no recorder / rrweb / Floorwalker (the same ${rounds} rounds: a recorder that slows the page makes it longer)`,
      value: `${seconds('none')} / ${seconds('rrweb')} / ${seconds('floorwalker')}`,
      unit: 's',
    },
    {
      metric: `long tasks (> ${LONG_TASK_MS} ms wall clock, from a DevTools trace of each session, page load included) in ${s.repeats} sessions, Floorwalker / no recorder / rrweb: ${fwTasks.length} / ${longTasks('none').length} / ${longTasks('rrweb').length}; of them over ${LONG_TASK_MS} ms of CPU time (the rest were descheduled by other work on the machine)`,
      value: `${onCpu('floorwalker')} / ${onCpu('none')} / ${onCpu('rrweb')}`,
      unit: '',
    },
    {
      metric: `long tasks the extension made long (over ${LONG_TASK_MS} ms of CPU time, and not without its scripts' part) in ${s.repeats} Floorwalker sessions (long tasks its scripts ran in at all: ${involved.length}; most extension CPU time in one: ${round(longestExtensionCpuMs, 1)} ms)`,
      value: attributable.length,
      unit: '',
      target: '0',
      ok: attributable.length === 0,
    },
  ];
  const extra = {
    session: {
      page: s.pageName,
      targetSeconds: s.sessionMs / 1000,
      rounds,
      rrwebSettings: s.rrwebLabel,
      runs,
      addedMs: { threadTime: cpu, threadTimeUntilLoaded: load, taskDuration: task },
    },
  };
  return { rows, extra };
}
