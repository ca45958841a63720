import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { extensionIdOf, FIXTURES_DIR, giveConsent, launchBrowser } from '../tests/e2e/harness';
import { serveFolder } from '../scripts/static-server';
import { joinFromOptions } from '../tests/e2e/options-page';
import { loadEnv } from '../server/env';
import { startServer } from '../server/start';
import { report, round, type Row } from './lib/report';

// The logger's cost on a product page in real Chromium, against rrweb's recorder on the same page in the same
// run; sustained events per second into IndexedDB with none lost; events per second synced to a local endpoint.
const ROOT = resolve(import.meta.dirname, '..');
const ITER = 2_000;
const REPEATS = 5;
const BURST = 10_000;

// Page-world code as strings: tsx would add helpers to functions that the page does not have.
const MEASURE = `(async () => {
  const img = document.getElementById('img-main');
  const box = document.getElementById('reviews');
  const btn = document.getElementById('related-view');
  const per = (fn) => { const t0 = performance.now(); for (let i = 0; i < ${ITER}; i++) fn(i); return (performance.now() - t0) / ${ITER}; };
  // One hover as the browser fires it: pointer and mouse over, a move, and out.
  const seq = [['pointerover', PointerEvent], ['mouseover', MouseEvent], ['pointermove', PointerEvent], ['mousemove', MouseEvent], ['pointerout', PointerEvent], ['mouseout', MouseEvent]];
  const hover = per((i) => { for (const [type, E] of seq) img.dispatchEvent(new E(type, { bubbles: true, clientX: 10 + (i % 50), clientY: 20 })); });
  const scroll = per((i) => { box.scrollTop = (i * 37) % 600; box.dispatchEvent(new Event('scroll')); });
  const click = per(() => btn.click());
  return { hover, scroll, click };
})()`;

async function measure(page: Page): Promise<{ hover: number; scroll: number; click: number }> {
  for (let w = 0; w < 2; w++) await page.evaluate(MEASURE); // warm-up: JIT, caches
  const runs: { hover: number; scroll: number; click: number }[] = [];
  for (let r = 0; r < REPEATS; r++) runs.push((await page.evaluate(MEASURE)) as { hover: number; scroll: number; click: number });
  const med = (k: 'hover' | 'scroll' | 'click') => runs.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(REPEATS / 2)] ?? NaN;
  return { hover: med('hover'), scroll: med('scroll'), click: med('click') };
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
const ours = await measure(product);
await setLogging(false);
await product.waitForTimeout(500); // the page hears the switch and detaches its listeners
const baseline = await measure(product);
const rrwebSource = await readFile(resolve(ROOT, 'node_modules/rrweb/dist/rrweb.umd.min.cjs'), 'utf8');
await product.addScriptTag({
  content: `(function(){var module={exports:{}};var exports=module.exports;${rrwebSource};window.__rrweb=module.exports;})();`,
});
const rrBaseline = await measure(product);
await product.evaluate(`window.__rrEvents = []; window.__stop = window.__rrweb.record({ emit(e) { window.__rrEvents.push(e); } });`);
const rrRaw = await measure(product);
const rrEvents = (await product.evaluate('window.__rrEvents.length')) as number;
await product.evaluate('window.__stop()');
type Cost = { hover: number; scroll: number; click: number };
const minus = (m: Cost, b: Cost): Cost => ({
  hover: Math.max(0, m.hover - b.hover),
  scroll: Math.max(0, m.scroll - b.scroll),
  click: Math.max(0, m.click - b.click),
});
const oursCost = minus(ours, baseline);
const rrCost = minus(rrRaw, rrBaseline);
const rr = rrRaw;

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

await context.close();
await server.close();
await fixtures.close();
await rm(profile, { recursive: true, force: true });
await rm(dataDir, { recursive: true, force: true });

const us = (ms: number) => round(ms * 1000, 2);
const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : Infinity);
const rows: Row[] = [
  {
    metric: 'hover (over, move, out as pointer and mouse events): main-thread cost (Floorwalker)',
    value: round(oursCost.hover, 4),
    unit: 'ms',
    target: '≤ 0.05 ms',
    ok: oursCost.hover <= 0.05,
  },
  {
    metric: 'scroll: main-thread cost per scroll event (Floorwalker)',
    value: round(oursCost.scroll, 4),
    unit: 'ms',
    target: '≤ 0.05 ms',
    ok: oursCost.scroll <= 0.05,
  },
  { metric: 'click: main-thread cost per logged click (Floorwalker)', value: round(oursCost.click, 4), unit: 'ms' },
  {
    metric: 'hover / scroll / click cost with rrweb recording',
    value: `${round(rrCost.hover, 4)} / ${round(rrCost.scroll, 4)} / ${round(rrCost.click, 4)}`,
    unit: 'ms',
  },
  {
    metric: 'rrweb ÷ Floorwalker (hover / scroll / click)',
    value: `${ratio(rrCost.hover, oursCost.hover)} / ${ratio(rrCost.scroll, oursCost.scroll)} / ${ratio(rrCost.click, oursCost.click)}`,
    unit: '×',
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
  microseconds: {
    rrwebBaseline: { hover: us(rrBaseline.hover), scroll: us(rrBaseline.scroll), click: us(rrBaseline.click) },
    baseline: { hover: us(baseline.hover), scroll: us(baseline.scroll), click: us(baseline.click) },
    floorwalker: { hover: us(ours.hover), scroll: us(ours.scroll), click: us(ours.click) },
    rrweb: { hover: us(rr.hover), scroll: us(rr.scroll), click: us(rr.click) },
  },
  rrwebEventsRecorded: rrEvents,
  longTasksMs: longTasks,
  burst: { clicks: BURST, dispatchMs: clicked - t0, storedSeconds: writeSeconds, syncSeconds },
  exports: { events: exportedEvents, ...exports },
});
