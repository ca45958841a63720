import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, extensionIdOf, FIXTURES_DIR, giveConsent, launchBrowser } from '../tests/e2e/harness';
import { serveFolder } from '../scripts/static-server';
import { joinFromOptions } from '../tests/e2e/options-page';
import { loadEnv } from '../server/env';
import { startServer } from '../server/start';
import { report, round, type Row } from './lib/report';
import { mainThreadProbe, minusTime, RRWEB_OPTIONS, RRWEB_SETTINGS_LABEL, SETTLE, type MainThread } from './lib/main-thread';
import { browseSession, type SessionResult } from './lib/session';

// The logger's cost on a product page in real Chromium, against rrweb's recorder on the same page in the same
// run; sustained events per second into IndexedDB with none lost; events per second synced to a local endpoint.
const ROOT = resolve(import.meta.dirname, '..');
const ITER = 2_000;
const REPEATS = 5;
const BURST = 10_000;
/** The scripted session on a large product page (the issue asks for two minutes; LOGGER_SESSION_MS shortens it). */
const SESSION_MS = Number(process.env.LOGGER_SESSION_MS ?? 120_000);
const SESSION_PAGE = 'stores/dawn-product.html';

// Page-world code as strings: tsx would add helpers to functions that the page does not have.
type Kind = 'hover' | 'scroll' | 'click';
type Cost = Record<Kind, number>;
const KINDS: readonly Kind[] = ['hover', 'scroll', 'click'];
/** `ITER` events of one kind, dispatched in one task; returns the ms they took inside their handlers. */
const LOOP = (kind: Kind) => `(() => {
  const img = document.getElementById('img-main');
  const box = document.getElementById('reviews');
  const btn = document.getElementById('related-view');
  // One hover as the browser fires it: pointer and mouse over, a move, and out.
  const seq = [['pointerover', PointerEvent], ['mouseover', MouseEvent], ['pointermove', PointerEvent], ['mousemove', MouseEvent], ['pointerout', PointerEvent], ['mouseout', MouseEvent]];
  const one = {
    hover: (i) => { for (const [type, E] of seq) img.dispatchEvent(new E(type, { bubbles: true, clientX: 10 + (i % 50), clientY: 20 })); },
    scroll: (i) => { box.scrollTop = (i * 37) % 600; box.dispatchEvent(new Event('scroll')); },
    click: () => btn.click(),
  }['${kind}'];
  const t0 = performance.now();
  for (let i = 0; i < ${ITER}; i++) one(i);
  return (performance.now() - t0) / ${ITER};
})()`;

/**
 * Per event, the median of REPEATS runs: the time inside the handlers (a stopwatch around the dispatch), and all the
 * main-thread time the events cost, work a recorder defers (an idle callback, a throttled timer) included: the
 * renderer's task time (DevTools protocol) from the dispatch until the page has settled.
 */
async function measure(page: Page, probe: () => Promise<MainThread>): Promise<{ handler: Cost; total: Cost }> {
  const handler = {} as Cost;
  const total = {} as Cost;
  for (const kind of KINDS) {
    for (let w = 0; w < 2; w++) await page.evaluate(LOOP(kind)); // warm-up: JIT, caches
    await page.evaluate(SETTLE);
    const inHandler: number[] = [];
    const all: number[] = [];
    for (let r = 0; r < REPEATS; r++) {
      const before = await probe();
      inHandler.push((await page.evaluate(LOOP(kind))) as number);
      await page.evaluate(SETTLE);
      all.push(minusTime(await probe(), before).taskMs / ITER);
    }
    const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(REPEATS / 2)] ?? NaN;
    handler[kind] = med(inHandler);
    total[kind] = med(all);
  }
  return { handler, total };
}

const profile = await mkdtemp(join(tmpdir(), 'fw-bench-logger-'));
const dataDir = await mkdtemp(join(tmpdir(), 'fw-bench-logger-db-'));
const fixtures = await serveFolder(FIXTURES_DIR);
const server = await startServer(loadEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_TOKEN: 'bench-admin-token-1234' }));
const context = await launchBrowser(profile);
const id = await extensionIdOf(context);
await giveConsent(context, id);
const options = await context.newPage();
await options.goto(`chrome-extension://${id}/options.html#data`);
const popup = await context.newPage();
await popup.goto(`chrome-extension://${id}/popup.html`);
const setLogging = async (on: boolean) => {
  await popup.reload();
  const label = await popup.getByTestId('popup-logging').innerText();
  if ((label === 'on') !== on) await popup.getByTestId('popup-toggle-logging').click();
  await popup
    .getByTestId('popup-logging')
    .filter({ hasText: on ? 'on' : 'paused' })
    .waitFor();
};
const product = await context.newPage();
const fresh = async () => {
  await product.goto(`${fixtures.url}/product.html`);
  await product.waitForTimeout(500);
};

// 1. Cost per event, all on one page load (separate loads differ by more than the loggers cost): with
//    Floorwalker's logger on; then paused, which detaches its listeners (the baseline); then with rrweb recording.
await setLogging(true);
await fresh();
const probe = await mainThreadProbe(context, product);
const ours = await measure(product, probe);
await setLogging(false);
await product.waitForTimeout(500); // the page hears the switch and detaches its listeners
const baseline = await measure(product, probe);
const rrwebSource = await readFile(resolve(ROOT, 'node_modules/rrweb/dist/rrweb.umd.min.cjs'), 'utf8');
const rrwebLoad = `(function(){var module={exports:{}};var exports=module.exports;${rrwebSource};window.__rrweb=module.exports;})();`;
await product.addScriptTag({ content: rrwebLoad });
const rrBaseline = await measure(product, probe);
await product.evaluate(
  `window.__rrEvents = []; window.__stop = window.__rrweb.record({ emit(e) { window.__rrEvents.push(e); }, ...${RRWEB_OPTIONS} });`,
);
const rrRaw = await measure(product, probe);
const rrEvents = (await product.evaluate('window.__rrEvents.length')) as number;
await product.evaluate('window.__stop()');
const minus = (m: Cost, b: Cost): Cost => ({
  hover: Math.max(0, m.hover - b.hover),
  scroll: Math.max(0, m.scroll - b.scroll),
  click: Math.max(0, m.click - b.click),
});
const oursCost = minus(ours.total, baseline.total);
const rrCost = minus(rrRaw.total, rrBaseline.total);
const oursHandler = minus(ours.handler, baseline.handler);
const rrHandler = minus(rrRaw.handler, rrBaseline.handler);

// 2. Long tasks while a person hovers and scrolls, with logging on.
await setLogging(true);
await fresh();
await product.evaluate(
  `window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(e.duration); }).observe({ type: 'longtask' });`,
);
for (let i = 0; i < 40; i++) {
  await product.hover(i % 2 ? '#img-main' : '#img-related');
  await product.waitForTimeout(100);
  await product.mouse.wheel(0, i % 2 ? 120 : -60);
}
await product.waitForTimeout(500);
const longTasks = (await product.evaluate('window.__lt')) as number[];

// 3. Join a study, then a burst of clicks as fast as the page can make them: all stored, none lost.
const admin = { 'Content-Type': 'application/json', Authorization: 'Bearer bench-admin-token-1234' };
const study = (await (
  await fetch(`${server.url}/v1/studies`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Logger bench' }) })
).json()) as { id: string };
const { codes } = (await (
  await fetch(`${server.url}/v1/studies/${study.id}/participants`, { method: 'POST', headers: admin, body: '{}' })
).json()) as { codes: { code: string }[] };
await options.reload();
await joinFromOptions(options, server.url, codes[0]?.code ?? '');
// Keep the uploader out of the way while measuring the write path: the endpoint is paused by stopping the
// content of step 4 until the burst is stored (uploads run, but are measured separately below).
await fresh();
const storedBefore = await totalStored();
const t0 = Date.now();
await product.evaluate(`(() => { const b = document.getElementById('add-to-cart'); for (let i = 0; i < ${BURST}; i++) b.click(); })()`);
const clicked = Date.now();
let stored: number;
for (;;) {
  stored = (await totalStored()) - storedBefore;
  if (stored >= BURST || Date.now() - t0 > 120_000) break;
  await new Promise((r) => setTimeout(r, 100));
}
const writeSeconds = (Date.now() - t0) / 1000;

// 4. Uploads: time from the burst being stored to the server having all of it.
const serverCount = async () =>
  Number(
    (
      await server.sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE study_id = $1 AND action = 'click'", [
        study.id,
      ])
    )[0]?.n ?? 0,
  );
const t1 = Date.now();
let onServer: number;
for (;;) {
  await options
    .getByTestId('sync-now')
    .click()
    .catch(() => undefined);
  onServer = await serverCount();
  if (onServer >= BURST || Date.now() - t1 > 120_000) break;
  await new Promise((r) => setTimeout(r, 200));
}
const syncSeconds = (Date.now() - t1) / 1000;

// 5. Export everything stored from the options page, streamed: time to the download, and the longest task on the
// page while it runs (the page should stay responsive).
const exports: Record<string, { seconds: number; bytes: number; longestTaskMs: number }> = {};
const exportedEvents = await totalStored();
for (const choice of ['jsonl', 'zip'] as const) {
  await options.reload();
  await options.getByTestId('store-status').filter({ hasText: 'events stored' }).waitFor();
  await options.evaluate(
    `window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(e.duration); }).observe({ type: 'longtask' });`,
  );
  await options.getByTestId('export-format').selectOption(choice);
  const started = Date.now();
  const dl = options.waitForEvent('download', { timeout: 120_000 });
  await options.getByTestId('export-jsonl').click();
  const file = await (await dl).path();
  const seconds = (Date.now() - started) / 1000;
  const lt = (await options.evaluate('window.__lt')) as number[];
  exports[choice] = { seconds, bytes: (await stat(file)).size, longestTaskMs: round(Math.max(0, ...lt), 0) };
}

async function totalStored(): Promise<number> {
  return (await options.evaluate(`(async () => {
    const db = await new Promise((ok, no) => { const r = indexedDB.open('floorwalker'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
    return await new Promise((ok) => { const r = db.transaction('events').objectStore('events').count(); r.onsuccess = () => { ok(r.result); db.close(); }; });
  })()`)) as number;
}

// 6. A person's session on a large product page, page load included, three ways in the same run: no recorder (a
// browser without the extension), rrweb recording from the page's start (its full snapshot included), Floorwalker.
const sessionUrl = `${fixtures.url}/${SESSION_PAGE}`;
const blankUrl = `${fixtures.url}/no-such-page`; // same origin: the measured renderer is the page's
const plain = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
const inPlainBrowser = async (before?: string): Promise<SessionResult> => {
  const c = await plain.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    return await browseSession(c, blankUrl, sessionUrl, SESSION_MS, before);
  } finally {
    await c.close();
  }
};
const sessionNone = await inPlainBrowser();
const sessionRr = await inPlainBrowser(
  `${rrwebLoad} window.__rrEvents = []; window.__rrweb.record({ emit(e) { window.__rrEvents.push(e); }, ...${RRWEB_OPTIONS} });`,
);
await setLogging(true);
const sessionFw = await browseSession(context, blankUrl, sessionUrl, SESSION_MS);
await plain.close();
const addedFw = sessionFw.time.taskMs - sessionNone.time.taskMs;
const addedRr = sessionRr.time.taskMs - sessionNone.time.taskMs;

await context.close();
await server.close();
await fixtures.close();
await rm(profile, { recursive: true, force: true });
await rm(dataDir, { recursive: true, force: true });

const us = (ms: number) => round(ms * 1000, 2);
const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : Infinity);
const trio = (c: Cost) => `${round(c.hover, 4)} / ${round(c.scroll, 4)} / ${round(c.click, 4)}`;
const ratios = (rrweb: Cost, fw: Cost) => KINDS.map((k) => ratio(rrweb[k], fw[k]));
const totalRatios = ratios(rrCost, oursCost);
const rows: Row[] = [
  {
    metric: 'hover (over, move, out as pointer and mouse events): main-thread cost, deferred work included (Floorwalker)',
    value: round(oursCost.hover, 4),
    unit: 'ms',
    target: '≤ 0.05 ms',
    ok: oursCost.hover <= 0.05,
  },
  {
    metric: 'scroll: main-thread cost per scroll event, deferred work included (Floorwalker)',
    value: round(oursCost.scroll, 4),
    unit: 'ms',
    target: '≤ 0.05 ms',
    ok: oursCost.scroll <= 0.05,
  },
  { metric: 'click: main-thread cost per logged click, deferred work included (Floorwalker)', value: round(oursCost.click, 4), unit: 'ms' },
  {
    metric: `hover / scroll / click cost with rrweb recording, deferred work included (${RRWEB_SETTINGS_LABEL})`,
    value: trio(rrCost),
    unit: 'ms',
  },
  {
    metric: 'rrweb ÷ Floorwalker per event, deferred work included (hover / scroll / click; DevTools task time per event)',
    value: totalRatios.join(' / '),
    unit: '×',
    target: '≥ 1 each',
    ok: totalRatios.every((r) => r >= 1),
  },
  {
    metric: 'hover / scroll / click: time inside the event handlers only, Floorwalker / rrweb',
    value: `${trio(oursHandler)} / ${trio(rrHandler)}`,
    unit: 'ms',
  },
  {
    metric: 'rrweb ÷ Floorwalker inside the event handlers (hover / scroll / click)',
    value: ratios(rrHandler, oursHandler).join(' / '),
    unit: '×',
  },
  {
    metric: `main-thread time added over a ${round(sessionFw.seconds, 0)} s scripted session on a large product page, page load included: Floorwalker / rrweb`,
    value: `${round(addedFw, 0)} / ${round(addedRr, 0)}`,
    unit: 'ms',
  },
  {
    metric: 'rrweb ÷ Floorwalker, main-thread time added over the session (DevTools TaskDuration against no recorder)',
    value: addedFw > 0 ? round(addedRr / addedFw, 1) : Infinity,
    unit: '×',
    target: '≥ 10',
    ok: addedFw <= addedRr / 10,
  },
  {
    metric: 'long tasks (> 50 ms) in the session: Floorwalker / no recorder / rrweb',
    value: `${sessionFw.longTasksMs.length} / ${sessionNone.longTasksMs.length} / ${sessionRr.longTasksMs.length}`,
    unit: '',
    target: 'Floorwalker none more than no recorder',
    ok: sessionFw.longTasksMs.length <= sessionNone.longTasksMs.length,
  },
  {
    metric: 'long tasks while hovering and scrolling (40 moves, 40 wheels)',
    value: longTasks.length,
    unit: '',
    target: '0',
    ok: longTasks.length === 0,
  },
  {
    metric: `burst of ${BURST} clicks stored in IndexedDB`,
    value: stored,
    unit: 'events',
    target: `${BURST} (none lost)`,
    ok: stored === BURST,
  },
  {
    metric: 'sustained write rate into IndexedDB',
    value: round(stored / writeSeconds, 0),
    unit: 'events/s',
    target: '≥ 2,000',
    ok: stored / writeSeconds >= 2000,
  },
  { metric: `uploaded to the local endpoint`, value: onServer, unit: 'events' },
  { metric: 'sync rate to the local endpoint', value: round(onServer / syncSeconds, 0), unit: 'events/s' },
  ...(['jsonl', 'zip'] as const).map((c) => ({
    metric: `options-page export, ${c === 'zip' ? 'ZIP of all formats' : 'JSONL'}, ${exportedEvents} events (longest task ${exports[c]?.longestTaskMs ?? '?'} ms)`,
    value: round(exportedEvents / (exports[c]?.seconds ?? Infinity), 0),
    unit: 'events/s',
  })),
];
await report('logger', rows, {
  rrwebSettings: RRWEB_SETTINGS_LABEL,
  microseconds: Object.fromEntries(
    (['handler', 'total'] as const).map((m) => [
      m,
      Object.fromEntries(
        Object.entries({ rrwebBaseline: rrBaseline, baseline, floorwalker: ours, rrweb: rrRaw }).map(([name, c]) => [
          name,
          { hover: us(c[m].hover), scroll: us(c[m].scroll), click: us(c[m].click) },
        ]),
      ),
    ]),
  ),
  session: {
    page: SESSION_PAGE,
    targetSeconds: SESSION_MS / 1000,
    none: sessionNone,
    rrweb: sessionRr,
    floorwalker: sessionFw,
    addedTaskMs: { floorwalker: round(addedFw, 1), rrweb: round(addedRr, 1) },
  },
  rrwebEventsRecorded: rrEvents,
  longTasksMs: longTasks,
  burst: { clicks: BURST, dispatchMs: clicked - t0, storedSeconds: writeSeconds, syncSeconds },
  exports: { events: exportedEvents, ...exports },
});
