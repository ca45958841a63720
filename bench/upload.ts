import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { extensionIdOf, FIXTURES_DIR, giveConsent, launchBrowser, waitFor } from '../tests/e2e/harness';
import { serveFolder } from '../scripts/static-server';
import { joinFromOptions, showSection, storedEvents } from '../tests/e2e/options-page';
import { addBacklog } from '../tests/e2e/backlog';
import { loadEnv } from '../server/env';
import { startServer } from '../server/start';
import { toEvent } from '../lib/db/events';
import { newId } from '../lib/ids';
import { SYNC_MAX_IN_FLIGHT, batchSizeFor, gzip } from '../lib/sync/upload-batch';
import { report, round, summarize, type Row } from './lib/report';

// Uploading from the built extension in real Chromium (real IndexedDB, the real uploader in the service worker) to
// the collection endpoint on embedded PGlite, in this process. The alternative measured in the same run is the
// ceiling: the server taking the same batches (same size, gzipped, as many in flight) straight from Node.
const BURST = 10_000;
/** A day offline: the backlog the uploader must clear in ≤ 15 s. */
const BACKLOG = 100_000;
const BURST_REPEATS = 5;
const BACKLOG_REPEATS = 3;
const RATE_TARGET = 10_000;
const BACKLOG_TARGET_S = 15;
const ADMIN_TOKEN = 'bench-admin-token-1234';

const profile = await mkdtemp(join(tmpdir(), 'fw-bench-upload-'));
const dataDir = await mkdtemp(join(tmpdir(), 'fw-bench-upload-db-'));
const fixtures = await serveFolder(FIXTURES_DIR);
const server = await startServer(
  loadEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_TOKEN, INGEST_RATE_PER_MINUTE: '1000000' }),
);
const context = await launchBrowser(profile);
const id = await extensionIdOf(context);
await giveConsent(context, id);
const options = await context.newPage();
await options.goto(`chrome-extension://${id}/options.html#study`);

const admin = { 'Content-Type': 'application/json', Authorization: `Bearer ${ADMIN_TOKEN}` };
const study = (await (
  await fetch(`${server.url}/v1/studies`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Upload bench' }) })
).json()) as { id: string };
const { codes } = (await (
  await fetch(`${server.url}/v1/studies/${study.id}/participants`, { method: 'POST', headers: admin, body: JSON.stringify({ count: 2 }) })
).json()) as { codes: { code: string }[] };
await joinFromOptions(options, server.url, codes[0]?.code ?? '');
await showSection(options, 'study');

// One click logged by the real logger: the template every backlog event copies.
const product = await context.newPage();
await product.goto(`${fixtures.url}/product.html`);
const template = await waitFor(
  async () => {
    await product.click('#add-to-cart');
    return (await storedEvents(options)).find((e) => e.action === 'click' && e.syncState === 1);
  },
  30_000,
  'a logged click uploaded',
);

const serverCount = async (): Promise<{ n: number; distinct: number }> => {
  const [row] = await server.sql.query<{ n: string | number; d: string | number }>(
    'SELECT count(*) AS n, count(DISTINCT id) AS d FROM events WHERE study_id = $1',
    [study.id],
  );
  return { n: Number(row?.n), distinct: Number(row?.d) };
};
/** `call` on the extension's outbox store, from the options page. */
const inBrowser = (call: 'count()' | 'getAllKeys(null, 1)') => `(async () => {
    const db = await new Promise((ok, no) => { const r = indexedDB.open('floorwalker'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
    return await new Promise((ok) => { const r = db.transaction('outbox').objectStore('outbox').${call}; r.onsuccess = () => { ok(r.result); db.close(); }; });
  })()`;
const pendingInBrowser = async (): Promise<number> => (await options.evaluate(inBrowser('count()'))) as number;
/**
 * Whether the outbox is empty: one key read, where counting walks every row waiting. Polled while the upload runs,
 * in the browser process that also serves the uploader's IndexedDB reads and deletes.
 */
const browserDone = async (): Promise<boolean> => ((await options.evaluate(inBrowser('getAllKeys(null, 1)'))) as unknown[]).length === 0;

/** Presses *Sync now* on the options page and waits until the button is enabled again (the call has answered). */
const PRESS_AND_WAIT = `(async () => {
  const b = document.querySelector('[data-testid="sync-now"]');
  const changed = (want) => new Promise((ok) => {
    if (b.disabled === want) return ok();
    const o = new MutationObserver(() => { if (b.disabled === want) { o.disconnect(); ok(); } });
    o.observe(b, { attributes: true, attributeFilter: ['disabled'] });
  });
  const t0 = performance.now();
  b.click();
  await changed(true);
  await changed(false);
  return performance.now() - t0;
})()`;

/** A backlog not on the server by then is reported as such (the row says how many arrived). */
const BACKLOG_GIVE_UP_MS = 300_000;
const POLL_MS = 100;

interface Upload {
  seconds: number;
  stored: number;
  distinct: number;
  leftPending: number;
}

/** Adds `n` pending events to IndexedDB, presses *Sync now*, and counts what reached the server. */
async function uploadBacklog(page: Page, n: number): Promise<Upload> {
  await addBacklog(page, template, n);
  // No reload: the Study panel already shows *Sync now* (a reload with a large backlog waited minutes for it).
  await page.getByTestId('sync-now').waitFor({ timeout: 120_000 });
  const before = await serverCount();
  const t0 = Date.now();
  await page.evaluate(PRESS_AND_WAIT);
  // Done when nothing is pending in the browser: the press's answer can come before (the call gives up waiting on a
  // long upload, which carries on), and a run may end and leave the rest to the alarm. An event leaves the outbox only
  // once the server has committed it, so an empty outbox means the server has them all; the server's count, which
  // checks that, is taken after the clock stops, as for the server alone (counting and deduplicating every event of
  // the study in PGlite, in this process, takes longer the more the bench has stored).
  while (!(await browserDone()) && Date.now() - t0 < BACKLOG_GIVE_UP_MS) await page.waitForTimeout(POLL_MS);
  const seconds = (Date.now() - t0) / 1000;
  const after = await serverCount();
  return {
    seconds,
    stored: after.n - before.n,
    distinct: after.distinct - before.distinct,
    leftPending: await pendingInBrowser(),
  };
}

/**
 * The ceiling: the same events (copies of the template, as the extension sends them) in the uploader's batch size,
 * gzipped, SYNC_MAX_IN_FLIGHT requests at once, posted from Node to the same server by a second participant. Bodies
 * are made before the clock starts: this times the server alone.
 */
async function serverCeiling(token: string, participant: string, n: number): Promise<{ seconds: number; stored: number }> {
  const size = batchSizeFor(n);
  const base = toEvent(template);
  const bodies: Uint8Array<ArrayBuffer>[] = [];
  for (let i = 0; i < n; i += size) {
    const events = Array.from({ length: Math.min(size, n - i) }, (_, j) => ({
      ...base,
      id: newId(),
      participant,
      time: base.time + i + j,
    }));
    bodies.push(await gzip(JSON.stringify({ events })));
  }
  const before = await serverCount();
  const t0 = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const res = await fetch(`${server.url}/v1/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Authorization: `Bearer ${token}` },
        body,
      });
      if (res.status !== 200) throw new Error(`ceiling batch: HTTP ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: SYNC_MAX_IN_FLIGHT }, lane));
  const seconds = (performance.now() - t0) / 1000;
  return { seconds, stored: (await serverCount()).n - before.n };
}

const joined = (await (
  await fetch(`${server.url}/v1/join`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: codes[1]?.code }),
  })
).json()) as { participant: string; ingestToken: string };

// Warm-up (JIT in the worker and the server, the database's first pages), not counted.
await uploadBacklog(options, 2_000);
await serverCeiling(joined.ingestToken, joined.participant, 2_000);

const bursts: Upload[] = [];
const burstCeilings: { seconds: number; stored: number }[] = [];
for (let r = 0; r < BURST_REPEATS; r++) {
  bursts.push(await uploadBacklog(options, BURST));
  burstCeilings.push(await serverCeiling(joined.ingestToken, joined.participant, BURST));
  console.log(
    `burst ${r + 1}: extension ${bursts.at(-1)?.seconds.toFixed(2)} s, server alone ${burstCeilings.at(-1)?.seconds.toFixed(2)} s`,
  );
}
const backlogs: Upload[] = [];
const backlogCeilings: { seconds: number; stored: number }[] = [];
for (let r = 0; r < BACKLOG_REPEATS; r++) {
  backlogs.push(await uploadBacklog(options, BACKLOG));
  backlogCeilings.push(await serverCeiling(joined.ingestToken, joined.participant, BACKLOG));
  console.log(
    `backlog ${r + 1}: extension ${backlogs.at(-1)?.seconds.toFixed(2)} s, server alone ${backlogCeilings.at(-1)?.seconds.toFixed(2)} s`,
  );
}

await context.close();
await server.close();
await fixtures.close();
await rm(profile, { recursive: true, force: true });
await rm(dataDir, { recursive: true, force: true });

const rates = (runs: { seconds: number; stored: number }[]) => runs.map((u) => u.stored / u.seconds);
const median = (xs: number[]) => summarize(xs).p50;
const spread = (xs: number[]) => `${round(Math.min(...xs), 0)}–${round(Math.max(...xs), 0)}`;
const exact = (runs: Upload[], n: number) => runs.every((u) => u.stored === n && u.distinct === n && u.leftPending === 0);
const burstRate = median(rates(bursts));
const burstCeiling = median(rates(burstCeilings));
const backlogSeconds = median(backlogs.map((u) => u.seconds));
const backlogRate = median(rates(backlogs));
const backlogCeiling = median(rates(backlogCeilings));
const rows: Row[] = [
  {
    metric: `extension → local endpoint (PGlite), ${BURST} pending events, median of ${BURST_REPEATS} (range ${spread(rates(bursts))})`,
    value: round(burstRate, 0),
    unit: 'events/s',
    target: `≥ ${RATE_TARGET.toLocaleString('en')}`,
    ok: burstRate >= RATE_TARGET,
  },
  {
    metric: `the server alone, same batches from Node (range ${spread(rates(burstCeilings))}); extension ÷ server`,
    value: `${round(burstCeiling, 0)}; ${round(burstRate / burstCeiling, 2)}`,
    unit: 'events/s; ×',
  },
  {
    metric: `backlog of ${BACKLOG} events uploaded, median of ${BACKLOG_REPEATS} (range ${round(Math.min(...backlogs.map((u) => u.seconds)), 1)}–${round(Math.max(...backlogs.map((u) => u.seconds)), 1)} s)`,
    value: round(backlogSeconds, 1),
    unit: 's',
    target: `≤ ${BACKLOG_TARGET_S} s`,
    ok: backlogs.every((u) => u.seconds <= BACKLOG_TARGET_S),
  },
  {
    metric: `backlog: every event on the server once, none left pending (stored/distinct per run: ${backlogs.map((u) => `${u.stored}/${u.distinct}`).join(', ')})`,
    value: exact(backlogs, BACKLOG) && exact(bursts, BURST) ? 'yes' : 'no',
    unit: '',
    target: 'none lost or duplicated',
    ok: exact(backlogs, BACKLOG) && exact(bursts, BURST),
  },
  {
    metric: `backlog upload rate; the server alone (range ${spread(rates(backlogCeilings))}); extension ÷ server`,
    value: `${round(backlogRate, 0)}; ${round(backlogCeiling, 0)}; ${round(backlogRate / backlogCeiling, 2)}`,
    unit: 'events/s; events/s; ×',
  },
];
await report('upload', rows, {
  database: 'PGlite (embedded, on disk), server in the bench process',
  batch: { inFlight: SYNC_MAX_IN_FLIGHT, events: batchSizeFor(BACKLOG), gzip: true },
  bursts,
  burstCeilings,
  backlogs,
  backlogCeilings,
});
