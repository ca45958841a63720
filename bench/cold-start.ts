import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { EXTENSION_DIR, extensionIdOf, giveConsent, launchBrowser, workerControl } from '../tests/e2e/harness';
import { adminCall, rpcCall } from '../tests/e2e/admin-rpc';
import { PORTS } from '../lib/rpc/api';
import type { Extracted } from '../lib/rpc/types';
import { PREBUILT_INDEX_PATH } from '../lib/search/prebuilt';
import { DB_NAME } from '../lib/db/database';
import { catalogColdStart } from '../tests/e2e/options-page';
import { percentile, report, round, summarize, type Row } from './lib/report';

// The real service worker's cold start in Chromium with the default catalog (2,208 products), from each source
// the search index can come from: the index prebuilt at build time and shipped with the extension, the snapshot
// persisted in IndexedDB, or building from the products. The worker is stopped over the DevTools protocol and
// woken by reloading the options page, which asks for the catalog (and so waits for the index). "index ready"
// is the worker's own measure (catalog known → engine ready); "reload → catalog shown" adds the worker's start.
// Only the default catalog has a shipped index: a researcher's catalog (bench/import.ts, 100,000 products) comes
// from the persisted snapshot or a build.
const ROUNDS = 11;
const STOP_SETTLE_MS = 500;
const WITHOUT_PREBUILT = await mkdtemp(join(tmpdir(), 'fw-ext-no-prebuilt-'));

type Mode = 'snapshot' | 'prebuilt' | 'build';
interface Start {
  mode: string;
  readyMs: number;
  shownMs: number;
}

/** Empties the persisted snapshots from the page (same origin as the worker), as a cleared database would be. */
async function clearSnapshots(page: Page): Promise<void> {
  await page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('open failed'));
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('searchSnapshots', 'readwrite');
      tx.objectStore('searchSnapshots').clear();
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('clear failed'));
    });
    db.close();
  }, DB_NAME);
}

/** One fresh profile with the given build: its first start, then `ROUNDS` restarts after stopping the worker. */
async function session(
  extensionDir: string,
  beforeRestart: (page: Page) => Promise<void>,
): Promise<{ first: { mode: string; ms: number }; restarts: Start[] }> {
  const profile = await mkdtemp(join(tmpdir(), 'fw-bench-cold-'));
  const context = await launchBrowser(profile, extensionDir);
  try {
    const id = await extensionIdOf(context);
    await giveConsent(context, id);
    const page = await context.newPage();
    await page.goto(`chrome-extension://${id}/options.html`);
    const first = await catalogColdStart(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const restarts: Start[] = [];
    for (let k = 0; k < ROUNDS; k++) {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await page.waitForTimeout(STOP_SETTLE_MS);
      await beforeRestart(page);
      const t0 = Date.now();
      await page.reload();
      const { mode, ms } = await catalogColdStart(page);
      restarts.push({ mode, readyMs: ms, shownMs: Date.now() - t0 });
    }
    return { first, restarts };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

function summary(starts: readonly Start[], want: Mode) {
  const modes = [...new Set(starts.map((s) => s.mode))];
  if (modes.length !== 1 || modes[0] !== want) throw new Error(`expected every restart to load from ${want}, saw ${modes.join(', ')}`);
  const median = (xs: number[]) =>
    percentile(
      xs.sort((a, b) => a - b),
      50,
    );
  return { readyMs: median(starts.map((s) => s.readyMs)), shownMs: median(starts.map((s) => s.shownMs)), runs: starts };
}

/**
 * Times `call` from an extension page twice after each of `ROUNDS` worker stops (each stop seen over the DevTools
 * protocol): first as the worker's first work after the stop, then again with the worker running. With `wakeFirst`,
 * an admin call wakes the worker before the first timed call, so the worker's own start is not counted; without it,
 * the timed call's port connection wakes the worker.
 */
async function timesAfterStops(
  extensionDir: string,
  call: (page: Page) => Promise<unknown>,
  wakeFirst: boolean,
): Promise<{ first: number[]; again: number[] }> {
  const profile = await mkdtemp(join(tmpdir(), 'fw-bench-restart-'));
  const context = await launchBrowser(profile, extensionDir);
  try {
    const extensionId = await extensionIdOf(context);
    await giveConsent(context, extensionId);
    const worker = await workerControl({ context, extensionId, extensionUrl: (path) => `chrome-extension://${extensionId}/${path}` });
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    const timed = async () => {
      const t0 = performance.now();
      await call(page);
      return performance.now() - t0;
    };
    const first: number[] = [];
    const again: number[] = [];
    for (let k = 0; k < ROUNDS; k++) {
      await worker.stop();
      if (wakeFirst) await adminCall(page, 'getSettings');
      // Nothing else may have woken it meanwhile (an open page reconnecting), or the call would find it running.
      else if (worker.running()) throw new Error('the worker started again before the timed call');
      first.push(await timed());
      again.push(await timed());
    }
    await worker.dispose();
    return { first, again };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * Worker start → first answered RPC: an extension page calls the background (`getSettings` on the admin port, as the
 * options page's client does) with the worker stopped: the port's connection wakes the worker, and the time runs
 * from the call to its answer. Beside it, the same call with the worker running, which is the call's own cost (and
 * the bench's way to the page and back).
 */
const getSettings = (page: Page) => adminCall(page, 'getSettings');

/** A Buyer message whose reading needs the lexicon (an owned product ends at a verb) and a budget. */
const EXTRACT_TEXT = 'He already has some Sony earbuds, but he broke them. Budget under $200.';

/**
 * The first extraction after a worker start (the worker woken first, its start not counted), then the same again.
 * The first call loads what extraction needs at its first use (the English lexicon, fetched and parsed, the
 * catalog's vocabulary, the extractor's module), the second only reads; their difference is what the first adds.
 */
async function extract(page: Page): Promise<void> {
  const read = await rpcCall<Extracted>(page, PORTS.content, 'extractProfile', 'bench-conversation', EXTRACT_TEXT, null, 'headphones');
  if (!read.items.some((i) => i.slot === 'owned')) throw new Error(`the extraction found no owned product: ${JSON.stringify(read.items)}`);
}

// The same build without the shipped index: the worker then builds, as it did before the file existed.
await cp(EXTENSION_DIR, WITHOUT_PREBUILT, { recursive: true });
await rm(join(WITHOUT_PREBUILT, PREBUILT_INDEX_PATH));
const shippedFile = await readFile(join(EXTENSION_DIR, PREBUILT_INDEX_PATH));

// The worker persists what it loaded or built, so each restart of a source other than the snapshot clears it first.
console.log('shipped build: restarts with the persisted snapshot cleared (prebuilt)…');
const shipped = await session(EXTENSION_DIR, clearSnapshots);
console.log('shipped build: restarts from the persisted snapshot…');
const persisted = await session(EXTENSION_DIR, async () => undefined);
console.log('build without the shipped index: restarts with the persisted snapshot cleared (build)…');
const building = await session(WITHOUT_PREBUILT, clearSnapshots);
await rm(WITHOUT_PREBUILT, { recursive: true, force: true });
console.log('shipped build: worker start → first answered RPC…');
const firstRpc = await timesAfterStops(EXTENSION_DIR, getSettings, false);
console.log('shipped build: first extraction after a worker start…');
const firstExtraction = await timesAfterStops(EXTENSION_DIR, extract, true);
const backgroundScript = await readFile(join(EXTENSION_DIR, 'background.js'));

const fromPrebuilt = summary(shipped.restarts, 'prebuilt');
const fromSnapshot = summary(persisted.restarts, 'snapshot');
const fromBuild = summary(building.restarts, 'build');
const COLD_TARGET_MS = 50;

const rows: Row[] = [
  {
    metric: 'first start after install: index ready (shipped build)',
    value: round(shipped.first.ms, 1),
    unit: 'ms',
    target: 'from the prebuilt index',
    ok: shipped.first.mode === 'prebuilt',
  },
  {
    metric: 'first start after install: index ready (build without the shipped index)',
    value: round(building.first.ms, 1),
    unit: 'ms',
    target: 'builds',
    ok: building.first.mode === 'build',
  },
  {
    metric: 'cold start: index ready, from the prebuilt index (fetch + parse + load)',
    value: round(fromPrebuilt.readyMs, 1),
    unit: 'ms',
    target: `≤ ${COLD_TARGET_MS} ms`,
    ok: fromPrebuilt.readyMs <= COLD_TARGET_MS,
  },
  {
    metric: 'cold start: index ready, from the persisted snapshot (IndexedDB read + load)',
    value: round(fromSnapshot.readyMs, 1),
    unit: 'ms',
    target: `≤ ${COLD_TARGET_MS} ms`,
    ok: fromSnapshot.readyMs <= COLD_TARGET_MS,
  },
  { metric: 'cold start: index ready, building (IndexedDB products + build)', value: round(fromBuild.readyMs, 1), unit: 'ms' },
  { metric: 'persisted ÷ prebuilt (index ready)', value: round(fromSnapshot.readyMs / fromPrebuilt.readyMs, 2), unit: '×' },
  { metric: 'build ÷ prebuilt (index ready)', value: round(fromBuild.readyMs / fromPrebuilt.readyMs, 1), unit: '×' },
  {
    metric: 'options page reload → catalog shown (prebuilt / persisted / build)',
    value: `${fromPrebuilt.shownMs} / ${fromSnapshot.shownMs} / ${fromBuild.shownMs}`,
    unit: 'ms',
  },
  {
    metric: 'worker stopped → first answered RPC (an extension page calls getSettings; the call wakes the worker), p50',
    value: summarize(firstRpc.first).p50,
    unit: 'ms',
  },
  { metric: 'the same call with the worker running, p50', value: summarize(firstRpc.again).p50, unit: 'ms' },
  {
    metric: 'first extraction after a worker start (lexicon fetch + parse, catalog vocabulary, extractor), p50',
    value: summarize(firstExtraction.first).p50,
    unit: 'ms',
  },
  { metric: 'the same extraction again, p50', value: summarize(firstExtraction.again).p50, unit: 'ms' },
  {
    metric: 'background script, parsed at every worker start (raw / gzip)',
    value: `${round(backgroundScript.length / 1024, 0)} / ${round(gzipSync(backgroundScript).length / 1024, 0)}`,
    unit: 'KiB',
  },
  {
    metric: 'shipped prebuilt index file (raw / gzip)',
    value: `${round(shippedFile.length / 1024, 0)} / ${round(gzipSync(shippedFile).length / 1024, 0)}`,
    unit: 'KiB',
  },
];
await report('cold-start', rows, {
  note: `Chromium, default catalog (2,208 products), median of ${ROUNDS} worker restarts per source; "index ready" is the worker's own figure.`,
  prebuilt: fromPrebuilt,
  persisted: fromSnapshot,
  build: fromBuild,
  firstStart: { shipped: shipped.first, withoutPrebuilt: building.first },
  firstRpc: { stoppedMs: firstRpc.first.map((v) => round(v, 1)), runningMs: firstRpc.again.map((v) => round(v, 1)) },
  firstExtraction: { firstMs: firstExtraction.first.map((v) => round(v, 1)), againMs: firstExtraction.again.map((v) => round(v, 1)) },
  backgroundScriptBytes: { raw: backgroundScript.length, gzip: gzipSync(backgroundScript).length },
});
