import { describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start';
import { forward, listenOnLoopback, studyServer, useCleanup } from './study-server';
import { screenshot, useHarness, waitFor, workerControl } from './harness';
import { joinFromOptions, openOptions, syncUntilNoneWaits, waitForStoredEvents } from './options-page';
import { openProductPage } from './product-page';

/** When, after a burst of clicks starts, the worker is stopped: 40-100 ms, while the burst is being sent. */
const STOP_AFTER_MIN_MS = 40;
const STOP_AFTER_SPREAD_MS = 60;
const isClick = (e: { action: string }) => e.action === 'click';

/** A small seeded PRNG (mulberry32): the faults are random but the same in every run, so the test cannot pass by luck. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A proxy in front of the real endpoint that can fail: upstream down (502), or a share of event uploads failing,
 * half of them after the server stored the batch (the answer is lost, so the extension sends it again).
 * Once failures are switched on, the first upload fails before storing and the second after, so both kinds always happen.
 */
async function faultyProxy(upstream: () => string | null) {
  let failRate = 0;
  let faultyUploads = 0;
  const failures = { before: 0, after: 0 };
  const random = seeded(0x5eed);
  const proxy = await listenOnLoopback((req, res) => {
    const target = upstream();
    const isEvents = req.url?.startsWith('/v1/events') ?? false;
    let fail = false;
    let lose = false;
    if (isEvents && failRate > 0) {
      faultyUploads++;
      fail = faultyUploads <= 2 || random() < failRate;
      lose = fail && (faultyUploads <= 2 ? faultyUploads === 2 : random() < 0.5);
    }
    if (!target || (fail && !lose)) {
      if (fail) failures.before++;
      req.resume();
      res
        .writeHead(target ? 500 : 502, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: target ? 'injected failure' : 'upstream down' }));
      return;
    }
    forward(target, req, res, {
      intercept: (upRes) => {
        if (!lose) return false;
        failures.after++;
        upRes.resume();
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'injected failure after storing' }));
        return true;
      },
    });
  });
  return {
    ...proxy,
    setFailRate: (r: number) => (failRate = r),
    failures: () => ({ ...failures, uploads: faultyUploads }),
  };
}

/** Click events of a study on the server: how many, and how many distinct ids. */
async function clicksOn(server: RunningServer | null, study: string) {
  if (!server) return { n: -1, distinct: -1 };
  const [row] = await server.sql.query<{ n: string | number; d: string | number }>(
    "SELECT count(*) AS n, count(DISTINCT id) AS d FROM events WHERE study_id = $1 AND action = 'click'",
    [study],
  );
  return { n: Number(row?.n), distinct: Number(row?.d) };
}

describe('sync to the endpoint under faults', () => {
  const harness = useHarness();
  const cleanup = useCleanup();

  it('delivers every event exactly once through a server outage and a 30% failure rate', async () => {
    const h = harness();
    const { env, first, study, code } = await studyServer(cleanup, 'Sync study');
    let server: RunningServer | null = first;
    const upstreamUrl = server.url;
    let up = true;
    const proxy = await faultyProxy(() => (up ? upstreamUrl : null));
    cleanup.push(proxy.close, async () => server?.close());

    const serverCounts = () => clicksOn(server, study.id);

    // Join through the proxy, as a participant would with the address they were given.
    const options = await openOptions(h);
    await joinFromOptions(options, proxy.url, code);
    await expect
      .poll(() => options.getByTestId('study-message').innerText())
      .toMatch(/^Joined “Sync study” as a seller, condition B\.IIc\./);

    const { click } = await openProductPage(h);

    // 1. Healthy: uploaded shortly after being logged.
    await click(30);
    await waitFor(async () => (await serverCounts()).n === 30, 20_000, '30 events on the server');

    // 2. Server down: events wait, the participant sees why, nothing is lost.
    up = false;
    await server.close();
    server = null;
    await click(20);
    await waitForStoredEvents(options, 50, isClick, '50 clicks stored');
    await options.getByTestId('sync-now').click();
    await expect
      .poll(() => options.getByTestId('sync-error').innerText(), { timeout: 10_000 })
      .toMatch(/^The study server had a problem \(HTTP 502\); your events are kept/);
    const popup = await h.context.newPage();
    await popup.goto(h.extensionUrl('popup.html'));
    await expect.poll(() => popup.getByTestId('popup-pending').innerText()).toBe('20 events');
    expect(await popup.getByTestId('popup-error').innerText()).toMatch(/502/);
    await screenshot(popup, 'popup-server-down');
    await popup.close();

    // 3. Server back (same database): the waiting events arrive.
    server = await startServer({ ...env, PORT: Number(new URL(upstreamUrl).port) });
    up = true;
    await options.getByTestId('sync-now').click();
    await waitFor(async () => (await serverCounts()).n === 50, 20_000, '50 events on the server');

    // 4. A flaky server: 30% of uploads fail, half after storing. Keep syncing until nothing waits.
    proxy.setFailRate(0.3);
    for (let round = 0; round < 12; round++) {
      await click(5);
      await waitForStoredEvents(options, 55 + 5 * round, isClick, `${55 + 5 * round} clicks stored`);
      await options.getByTestId('sync-now').click();
    }
    await syncUntilNoneWaits(options, 60_000, 'the queue to empty');
    const final = await serverCounts();
    expect(final).toEqual({ n: 110, distinct: 110 });
    // The faults really happened, both kinds: refused before storing, and stored but the answer lost (a batch delivered twice).
    const faults = proxy.failures();
    expect(faults.before).toBeGreaterThanOrEqual(1);
    expect(faults.after).toBeGreaterThanOrEqual(1);
    await screenshot(options, 'options-study-synced');
    console.info(
      `sync fault test: 110 events generated, ${final.n} stored once on the server; ${faults.uploads} uploads while faulty, ` +
        `${faults.before} failed before storing, ${faults.after} failed after storing (sent twice)`,
    );
  });
});

// A fresh browser (the one above has joined another study).
describe('sync survives a stopped worker and a closed browser', () => {
  const harness = useHarness();
  const cleanup = useCleanup();

  it('uploads every event once when the worker is stopped 20 times mid-burst and the browser is closed with events waiting', async () => {
    const h = harness();
    const { env, first, study, code } = await studyServer(cleanup, 'Durable study');
    let server: RunningServer | null = first;
    const port = Number(new URL(server.url).port);
    cleanup.push(async () => server?.close());
    const onServer = () => clicksOn(server, study.id);

    const options = await openOptions(h);
    await joinFromOptions(options, server.url, code);

    // 20 bursts, the worker stopped in the middle of each while uploads are under way.
    const worker = await workerControl(h);
    const { page: product, click } = await openProductPage(h);
    for (let burst = 0; burst < 20; burst++) {
      const clicking = click(6);
      // Stopping at a random moment of the burst is the point: sometimes before, sometimes during an upload.
      await product.waitForTimeout(STOP_AFTER_MIN_MS + Math.random() * STOP_AFTER_SPREAD_MS);
      // On a loaded machine the burst may not have woken the worker yet: stop it once it runs, so every stop counts.
      await waitFor(async () => worker.running(), 10_000, 'the worker to wake for the burst');
      await worker.stop();
      await clicking;
    }
    expect(worker.starts()).toBeGreaterThanOrEqual(20);
    await worker.dispose();
    // The alarm (1 min) or the next write uploads the rest; "Sync now" makes the test quicker.
    await waitFor(
      async () => {
        await options
          .getByTestId('sync-now')
          .click()
          .catch(() => undefined);
        return (await onServer()).n === 120;
      },
      60_000,
      '120 events on the server',
    );
    expect(await onServer()).toEqual({ n: 120, distinct: 120 });

    // The server goes down, more events are logged, and the browser is closed before they can be uploaded.
    await server.close();
    server = null;
    await click(25);
    await expect.poll(async () => /^25 waiting/.test(await options.getByTestId('sync-status').innerText()), { timeout: 15_000 }).toBe(true);
    await h.closeBrowser();
    server = await startServer({ ...env, PORT: port });
    await h.reopenBrowser(); // same profile: the queue is in its IndexedDB
    try {
      await waitFor(async () => (await onServer()).n === 145, 60_000, '145 events after the browser restarted');
    } catch (e) {
      const o = await openOptions(h);
      console.error('after restart:', await o.getByTestId('study-panel').innerText(), await onServer());
      throw e;
    }
    expect(await onServer()).toEqual({ n: 145, distinct: 145 });
    console.info('durability: 20 worker stops mid-burst (120 events) + browser closed with 25 waiting: 145 stored once');
  });
});
