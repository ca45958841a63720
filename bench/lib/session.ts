import type { BrowserContext, Page } from 'playwright-core';
import { evaluateWithin, mainThreadProbe, minusTime, settle, type MainThread } from './main-thread';
import { round, type Row } from './report';

/** One scripted browsing round: rest on a picture, move across the page, scroll, click a control. */
const ROUND_MS = 1_000;
/** Long tasks, as the browser defines them. */
const LONG_TASK_MS = 50;
const NAV_TIMEOUT_MS = 180_000;

/**
 * Watches long tasks from the start of every page in the context, and long animation frames with the scripts that ran
 * in them: a script's source (chrome-extension://… for the content script) says whose work made a frame long. Clicks
 * stay on the page (links would leave it).
 */
const PAGE_SETUP = `(() => {
  if (window !== window.top) return;
  window.__lt = [];
  window.__loaf = [];
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(e.duration); }).observe({ type: 'longtask', buffered: true }); } catch {}
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        let extensionMs = 0;
        for (const s of e.scripts || []) if (String(s.sourceURL || '').startsWith('chrome-extension://')) extensionMs += s.duration;
        window.__loaf.push({ duration: e.duration, extensionMs });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  addEventListener('click', (e) => e.preventDefault());
  addEventListener('submit', (e) => e.preventDefault(), true);
})()`;

export interface SessionResult {
  /** Main-thread time from before the page loads to the end of the session. */
  time: MainThread;
  /** The part of `time` until the page had loaded and settled (a recorder's start: rrweb's full snapshot, Floorwalker's overlay). */
  loadTime: MainThread;
  seconds: number;
  longTasksMs: number[];
  /** Long animation frames (> LONG_TASK_MS) in which the extension's scripts ran, with how long they ran in each. */
  extensionFrames: { duration: number; extensionMs: number }[];
}

/**
 * A person on a large product page for `sessionMs`: the page loads (in a fresh page of `context`), then rounds of
 * hovering pictures, moving the pointer, scrolling and clicking controls, the same in every run. `before` runs in the
 * page before its scripts (a recorder's start). Measured from a same-origin blank page, so the renderer is the same.
 */
export async function browseSession(
  context: BrowserContext,
  blankUrl: string,
  pageUrl: string,
  sessionMs: number,
  before?: string,
): Promise<SessionResult> {
  const page: Page = await blankPage(context, blankUrl, before);
  const probe = await mainThreadProbe(context, page);
  const start = await probe();
  const t0 = Date.now();
  await page.goto(pageUrl, { timeout: NAV_TIMEOUT_MS });
  await settle(page);
  const loadTime = minusTime(await probe(), start);
  const pictures = page.locator('img');
  const controls = page.locator('a[href], button, summary, [role="button"]');
  const [nPictures, nControls] = [await pictures.count(), await controls.count()];
  const rounds = Math.max(1, Math.round(sessionMs / ROUND_MS));
  for (let i = 0; i < rounds; i++) {
    await pictures
      .nth(i % nPictures)
      .hover({ timeout: 1_000 })
      .catch(() => undefined);
    await page.waitForTimeout(ROUND_MS * 0.4);
    await page.mouse.move(100 + ((i * 97) % 1000), 100 + ((i * 53) % 600), { steps: 10 });
    await page.mouse.wheel(0, i % 4 === 3 ? -900 : 400);
    await page.waitForTimeout(ROUND_MS * 0.3);
    await controls
      .nth(i % nControls)
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await page.waitForTimeout(ROUND_MS * 0.3);
  }
  await settle(page);
  const time = minusTime(await probe(), start);
  const seconds = (Date.now() - t0) / 1000;
  const longTasksMs = (await evaluateWithin<number[]>(page, 'window.__lt', 'the long tasks seen')).filter((d) => d > LONG_TASK_MS);
  const frames = await evaluateWithin<SessionResult['extensionFrames']>(page, 'window.__loaf', 'the long animation frames seen');
  const extensionFrames = frames.filter((f) => f.duration > LONG_TASK_MS && f.extensionMs > 0);
  await page.close();
  return { time, loadTime, seconds, longTasksMs, extensionFrames };
}

/** A browser opened for one session, and how to close it. */
export interface OpenBrowser {
  context: BrowserContext;
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
 * JavaScript memory (V8 OOM at ~2.6 GB after minutes of collections), which is what stopped this section before. A site
 * runs rrweb once, in its top document, which records same-origin frames itself.
 */
const topFrameOnly = (script: string) => `if (window === window.top) { ${script} }`;

/** What section 6 of bench/logger needs. */
export interface SessionSetup {
  /** A browser with Floorwalker loaded and logging on (its profile kept between calls). */
  withExtension: () => Promise<OpenBrowser>;
  /** A browser without any extension, fresh for each call. */
  plain: () => Promise<OpenBrowser>;
  blankUrl: string;
  pageUrl: string;
  pageName: string;
  sessionMs: number;
  repeats: number;
  rrwebStart: string;
  rrwebLabel: string;
  /** Says which session is under way (the bench's watchdog names it if it never ends). */
  step?: (name: string) => void;
}

type Config = 'none' | 'rrweb' | 'floorwalker';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

/**
 * Section 6 of bench/logger: a person's session on a large product page, page load included, three ways: no recorder
 * (a browser without the extension), rrweb recording from the page's start (its full snapshot included), Floorwalker
 * (its content script and overlay). The three run one after the other, `repeats` times, so each repeat's added time is
 * against a no-recorder run made minutes apart at most; the median repeat is kept.
 */
export async function sessionSection(s: SessionSetup): Promise<{ rows: Row[]; extra: Record<string, unknown> }> {
  const runs: Record<Config, SessionResult[]> = { none: [], rrweb: [], floorwalker: [] };
  // One browser at a time, opened for its session and closed after it, so no session shares the machine's memory
  // with another browser.
  const inBrowser = async (name: string, open: () => Promise<OpenBrowser>, before?: string) => {
    s.step?.(`session ${name}`);
    const b = await open();
    try {
      return await browseSession(b.context, s.blankUrl, s.pageUrl, s.sessionMs, before);
    } finally {
      await b.close();
    }
  };
  for (let r = 0; r < s.repeats; r++) {
    const of = `${r + 1} of ${s.repeats}`;
    runs.none.push(await inBrowser(`${of}, no recorder`, s.plain));
    runs.rrweb.push(await inBrowser(`${of}, rrweb`, s.plain, topFrameOnly(s.rrwebStart)));
    runs.floorwalker.push(await inBrowser(`${of}, Floorwalker`, s.withExtension));
  }
  const added = (c: Config, m: keyof MainThread, part: 'time' | 'loadTime' = 'time') =>
    median(runs[c].map((x, i) => x[part][m] - (runs.none[i]?.[part][m] ?? NaN)));
  const load = { floorwalker: added('floorwalker', 'threadMs', 'loadTime'), rrweb: added('rrweb', 'threadMs', 'loadTime') };
  const cpu = { floorwalker: added('floorwalker', 'threadMs'), rrweb: added('rrweb', 'threadMs') };
  const task = { floorwalker: added('floorwalker', 'taskMs'), rrweb: added('rrweb', 'taskMs') };
  const longTasks = (c: Config) => runs[c].reduce((n, x) => n + x.longTasksMs.length, 0);
  const seconds = median(runs.floorwalker.map((x) => x.seconds));
  const fwLong = longTasks('floorwalker');
  const noneLong = longTasks('none');
  const fwFrames = runs.floorwalker.flatMap((x) => x.extensionFrames);
  const longestExtensionMs = Math.max(0, ...fwFrames.map((f) => f.extensionMs));
  const rows: Row[] = [
    {
      metric: `main-thread CPU time added over a ${round(seconds, 0)} s scripted session on a large product page, page load included, against no recorder (DevTools ThreadTime, median of ${s.repeats}): Floorwalker / rrweb`,
      value: `${round(cpu.floorwalker, 0)} / ${round(cpu.rrweb, 0)}`,
      unit: 'ms',
    },
    {
      metric: 'rrweb ÷ Floorwalker, main-thread CPU time added over the session',
      value: cpu.floorwalker > 0 ? round(cpu.rrweb / cpu.floorwalker, 1) : Infinity,
      unit: '×',
      target: '≥ 10',
      ok: cpu.floorwalker <= cpu.rrweb / 10,
    },
    {
      metric:
        "of which until the page had loaded and settled (rrweb's full snapshot, Floorwalker's content scripts and overlay): Floorwalker / rrweb",
      value: `${round(load.floorwalker, 0)} / ${round(load.rrweb, 0)}`,
      unit: 'ms',
    },
    {
      metric: 'the same as task time (DevTools TaskDuration, wall clock: inflated on a busy machine): Floorwalker / rrweb',
      value: `${round(task.floorwalker, 0)} / ${round(task.rrweb, 0)}`,
      unit: 'ms',
    },
    {
      metric: `long tasks (> ${LONG_TASK_MS} ms) in ${s.repeats} sessions: Floorwalker / no recorder / rrweb`,
      value: `${fwLong} / ${noneLong} / ${longTasks('rrweb')}`,
      unit: '',
      target: 'Floorwalker none more than no recorder',
      ok: fwLong <= noneLong,
    },
    {
      metric: `long animation frames (> ${LONG_TASK_MS} ms) in which the extension's scripts ran, in ${s.repeats} Floorwalker sessions (longest extension script time in one: ${round(longestExtensionMs, 0)} ms)`,
      value: fwFrames.length,
      unit: '',
      target: '0',
      ok: fwFrames.length === 0,
    },
  ];
  const extra = {
    session: {
      page: s.pageName,
      targetSeconds: s.sessionMs / 1000,
      rrwebSettings: s.rrwebLabel,
      runs,
      addedMs: { threadTime: cpu, threadTimeUntilLoaded: load, taskDuration: task },
    },
  };
  return { rows, extra };
}
