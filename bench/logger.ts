import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extensionIdOf, FIXTURES_DIR, giveConsent, launchBrowser } from '../tests/e2e/harness';
import { serveFolder } from '../scripts/static-server';
import { joinFromOptions } from '../tests/e2e/options-page';
import { loadEnv } from '../server/env';
import { startServer } from '../server/start';
import { report, round, type Row } from './lib/report';
import { mainThreadProbe, RRWEB_OPTIONS, RRWEB_SETTINGS_LABEL } from './lib/main-thread';
import { perEventSection } from './lib/event-cost';
import { loggerSessions, SESSION_MS, SESSION_REPEATS, sessionsOnly } from './lib/session-run';
import { watchdog, within } from './lib/bounded';

// The logger's cost on a product page in real Chromium, against rrweb's recorder on the same page in the same
// run and against the floor under any listener; sustained events per second into IndexedDB with none lost; the
// options page's export; a person's session on a large product page. (Uploads are bench/upload's.)
const ROOT = resolve(import.meta.dirname, '..');
const BURST = 10_000;
/** The whole run's bound: sections 1-4 take a few minutes, each session its length, a browser's start and a page load. */
const RUN_BOUND_MS = 10 * 60_000 + SESSION_REPEATS * 3 * (SESSION_MS + 60_000);
/** The burst is stored in seconds; past this, events are lost or the write path is stuck. */
const STORE_WAIT_MS = 120_000;

const { step, stop } = watchdog('logger', RUN_BOUND_MS);
// LOGGER_ONLY=session runs the sessions (section 5) alone, for iterating on them (LOGGER_ONLY=per-event: section 1).
if (process.env.LOGGER_ONLY === 'session') {
  await sessionsOnly((name) => step(`5. ${name}`));
  stop();
  process.exit(0);
}
step('opening the extension browser');

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

// 1. Cost per gesture (bench/lib/event-cost): Floorwalker's logger and rrweb's recorder, each against its baseline.
const rrwebSource = await readFile(resolve(ROOT, 'node_modules/rrweb/dist/rrweb.umd.min.cjs'), 'utf8');
const rrwebLoad = `(function(){var module={exports:{}};var exports=module.exports;${rrwebSource};window.__rrweb=module.exports;})();`;
step('1. cost per gesture');
await setLogging(true);
await fresh();
const perEvent = await perEventSection({
  page: product,
  probe: await mainThreadProbe(context, product),
  setLogging,
  rrwebLoad,
  rrwebOptions: RRWEB_OPTIONS,
  rrwebLabel: RRWEB_SETTINGS_LABEL,
});
// LOGGER_ONLY=per-event: section 1 alone, printed and not written (results files hold whole runs only).
if (process.env.LOGGER_ONLY === 'per-event') {
  console.table(perEvent.rows.map(({ metric, value, unit, target, ok }) => ({ metric, value, unit, target: target ?? '', ok: ok ?? '' })));
  console.log(JSON.stringify(perEvent.extra, null, 1));
  await Promise.all([context.close(), server.close(), fixtures.close()]);
  await rm(profile, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
  stop();
  process.exit(0);
}

// 2. Long tasks while a person hovers and scrolls, with logging on.
step('2. long tasks while hovering and scrolling');
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
const longTasks = (await within(60_000, 'the long tasks seen', product.evaluate('window.__lt'))) as number[];

// 3. Join a study, then a burst of clicks as fast as the page can make them: all stored, none lost.
step('3. a burst of clicks into IndexedDB');
const admin = { 'Content-Type': 'application/json', Authorization: 'Bearer bench-admin-token-1234' };
const study = (await (
  await fetch(`${server.url}/v1/studies`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Logger bench' }) })
).json()) as { id: string };
const { codes } = (await (
  await fetch(`${server.url}/v1/studies/${study.id}/participants`, { method: 'POST', headers: admin, body: '{}' })
).json()) as { codes: { code: string }[] };
await options.reload();
await joinFromOptions(options, server.url, codes[0]?.code ?? '');
await fresh();
const storedBefore = await totalStored();
const t0 = Date.now();
// Pointer clicks (a click count, `detail` 1): a script's bare click() is not logged (lib/logger/click `byPerson`).
await within(
  60_000,
  'the burst of clicks',
  product.evaluate(
    `(() => { const b = document.getElementById('add-to-cart'); for (let i = 0; i < ${BURST}; i++) b.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 })); })()`,
  ),
);
const clicked = Date.now();
let stored: number;
for (;;) {
  stored = (await totalStored()) - storedBefore;
  if (stored >= BURST || Date.now() - t0 > STORE_WAIT_MS) break;
  await new Promise((r) => setTimeout(r, 100));
}
const writeSeconds = (Date.now() - t0) / 1000;

// 4. Export everything stored from the options page, streamed: time to the download, and the longest task on the
// page while it runs (the page should stay responsive).
const exports: Record<string, { seconds: number; bytes: number; longestTaskMs: number }> = {};
const exportedEvents = await totalStored();
step('4. options-page export');
for (const choice of ['jsonl', 'zip'] as const) {
  // Joining left the page on its study section; the export is in the data section.
  await options.goto(`chrome-extension://${id}/options.html#data`);
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
  const lt = (await within(60_000, "the options page's long tasks", options.evaluate('window.__lt'))) as number[];
  exports[choice] = { seconds, bytes: (await stat(file)).size, longestTaskMs: round(Math.max(0, ...lt), 0) };
}

async function totalStored(): Promise<number> {
  return (await within(
    60_000,
    'the count of events stored',
    options.evaluate(`(async () => {
    const db = await new Promise((ok, no) => { const r = indexedDB.open('floorwalker'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
    return await new Promise((ok) => { const r = db.transaction('events').objectStore('events').count(); r.onsuccess = () => { ok(r.result); db.close(); }; });
  })()`),
  )) as number;
}

// 5. A person's session on a shop's large product page against no recorder and rrweb (bench/lib/session-run): the three
// side by side, Floorwalker's in a fresh profile each time. The collection endpoint runs in this process and is not
// needed past here: closed, with the extension's browser.
await server.close();
await context.close();
const session = await loggerSessions((name) => step(`5. ${name}`));

await fixtures.close();
await rm(profile, { recursive: true, force: true });
await rm(dataDir, { recursive: true, force: true });

const rows: Row[] = [
  ...perEvent.rows,
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
  ...(['jsonl', 'zip'] as const).map((c) => ({
    metric: `options-page export, ${c === 'zip' ? 'ZIP of all formats' : 'JSONL'}, ${exportedEvents} events (longest task ${exports[c]?.longestTaskMs ?? '?'} ms)`,
    value: round(exportedEvents / (exports[c]?.seconds ?? Infinity), 0),
    unit: 'events/s',
  })),
  ...session.rows,
];
await report('logger', rows, {
  rrwebSettings: RRWEB_SETTINGS_LABEL,
  ...perEvent.extra,
  ...session.extra,
  longTasksMs: longTasks,
  burst: { clicks: BURST, dispatchMs: clicked - t0, storedSeconds: writeSeconds },
  exports: { events: exportedEvents, ...exports },
});
stop();
