import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/start';
import { forward, listenOnLoopback, studyServer, useCleanup } from './study-server';
import { screenshot, useHarness, waitFor, workerControl } from './harness';
import { joinFromOptions, openOptions, showSection, storedEvents, syncUntilNoneWaits, waitForStoredEvents } from './options-page';
import { openProductPage } from './product-page';
import { addBacklog } from './backlog';

/** The backlog: large enough for several full requests in flight, small enough for an e2e run. */
const BACKLOG = 5_000;
/** While holding, the proxy keeps the server's answers this long, so the worker can be stopped with them in flight. */
const HOLD_MS = 2_000;
const isClick = (e: { action: string }) => e.action === 'click';

/**
 * A proxy in front of the study server that watches event uploads (in flight at once, gzipped or not) and, while
 * `holding`, keeps the server's answers back for HOLD_MS after the server has stored the batch.
 */
async function watchingProxy(upstream: string) {
  let holding = false;
  let inFlight = 0;
  let maxInFlight = 0;
  const encodings: string[] = [];
  const proxy = await listenOnLoopback((req, res) => {
    if (!req.url?.startsWith('/v1/events')) return forward(upstream, req, res);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    encodings.push(req.headers['content-encoding'] ?? 'none');
    res.on('close', () => inFlight--);
    forward(upstream, req, res, {
      intercept: (upRes) => {
        if (!holding) return false;
        setTimeout(() => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
        }, HOLD_MS);
        return true;
      },
    });
  });
  return { ...proxy, hold: (on: boolean) => (holding = on), maxInFlight: () => maxInFlight, encodings: () => [...encodings] };
}

async function clicksOn(server: RunningServer, study: string) {
  const [row] = await server.sql.query<{ n: string | number; d: string | number }>(
    "SELECT count(*) AS n, count(DISTINCT id) AS d FROM events WHERE study_id = $1 AND action = 'click'",
    [study],
  );
  return { n: Number(row?.n), distinct: Number(row?.d) };
}

describe('uploading a large backlog', () => {
  const harness = useHarness();
  const cleanup = useCleanup();

  it('uploads a 5,000-event backlog in gzipped requests in flight together, each event once, through a stopped worker', async () => {
    const h = harness();
    const { first: server, study, code } = await studyServer(cleanup, 'Backlog study');
    const proxy = await watchingProxy(server.url);
    cleanup.push(proxy.close);
    const worker = await workerControl(h);
    cleanup.push(worker.dispose);

    const options = await openOptions(h);
    await joinFromOptions(options, proxy.url, code);
    await expect.poll(() => options.getByTestId('study-message').innerText()).toMatch(/^Joined “Backlog study”/);

    // One real click, uploaded: the template of the backlog.
    const { click } = await openProductPage(h);
    await click(1);
    const [template] = await waitForStoredEvents(options, 1, (e) => isClick(e) && e.syncState === 1, 'the first click uploaded', 20_000);
    if (!template) throw new Error('no click stored');

    // The backlog, then an upload whose answers are held: the worker is stopped with requests in flight.
    proxy.hold(true);
    await addBacklog(options, template, BACKLOG);
    await showSection(options, 'study');
    await options.getByTestId('sync-now').click();
    await waitFor(async () => ((await clicksOn(server, study.id)).n > 1 ? true : null), 20_000, 'part of the backlog stored');
    const startsBefore = worker.starts();
    await worker.stop();
    const atStop = await clicksOn(server, study.id);
    expect(atStop.n).toBeLessThan(BACKLOG + 1); // stopped mid-upload
    expect((await storedEvents(options)).filter((e) => e.syncState === 0).length).toBeGreaterThan(0);

    // A fresh worker resends what was not acknowledged; the server keeps each event once.
    proxy.hold(false);
    await syncUntilNoneWaits(options, 60_000, 'the backlog uploaded');
    expect(await clicksOn(server, study.id)).toEqual({ n: BACKLOG + 1, distinct: BACKLOG + 1 });
    const stored = (await storedEvents(options)).filter(isClick);
    expect(stored).toHaveLength(BACKLOG + 1);
    expect(stored.every((e) => e.syncState === 1)).toBe(true);
    expect(worker.starts()).toBeGreaterThan(startsBefore); // a fresh worker finished the upload
    expect(proxy.maxInFlight()).toBeGreaterThan(1);
    expect(proxy.encodings().filter((e) => e === 'gzip').length).toBeGreaterThanOrEqual(BACKLOG / 1_000);
    await screenshot(options, 'upload-backlog-done');
  });
});
