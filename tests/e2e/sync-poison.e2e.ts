import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { screenshot, useHarness, waitFor } from './harness';
import { joinFromOptions, openOptions, storedEvents } from './options-page';
import { openProductPage } from './product-page';
import { exportedEvents, forward, listenOnLoopback, studyServer, useCleanup } from './study-server';
import { SyncState } from '../../lib/db/database';
import { SYNC_SET_ASIDE_STRIKES, setAsideReason } from '../../lib/sync/uploader';

/**
 * A proxy in front of the real endpoint (loopback only) whose "database" fails on one event: any upload holding
 * `poison` gets a 500, everything else is forwarded. While `hold` is on, uploads get a 503 with Retry-After (which the
 * extension never holds against an event), so the test can pick the poison among events not yet uploaded.
 */
async function poisonProxy(upstream: string) {
  const state = { hold: true, poison: null as string | null, poisoned: 0, forwarded: 0 };
  const proxy = await listenOnLoopback((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
      if (req.url?.startsWith('/v1/events')) {
        if (state.hold) return json(503, { error: 'held by the test' }, { 'retry-after': '1' });
        // Large batches come gzipped (lib/sync/upload-batch.ts): read them as the server does.
        const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        const ids = ((JSON.parse(text) as { events?: { id?: unknown }[] }).events ?? []).map((e) => e.id);
        if (state.poison !== null && ids.includes(state.poison)) {
          state.poisoned++;
          return json(500, { error: 'the database failed on this batch' });
        }
        state.forwarded++;
      }
      forward(upstream, req, res, { body });
    });
  });
  return { ...proxy, state };
}

describe('one event the server fails on, end to end', () => {
  const harness = useHarness();
  const cleanup = useCleanup();

  it('uploads everything else, sets the event aside with its reason, and the popup says so', async () => {
    const h = harness();
    const { first: server, study, code } = await studyServer(cleanup, 'Poison study');
    const proxy = await poisonProxy(server.url);
    cleanup.push(proxy.close);

    const options = await openOptions(h);
    await joinFromOptions(options, proxy.url, code);
    const mine = async () => (await storedEvents(options)).filter((e) => e.study === study.id);

    const { click } = await openProductPage(h);
    await click(12);
    const logged = await waitFor(
      async () => {
        const list = (await mine()).filter((e) => e.action === 'click');
        return list.length === 12 ? list : null;
      },
      15_000,
      '12 clicks stored',
    );
    // The poison: the first click the participant made.
    const poison = [...logged].sort((a, b) => a.time - b.time)[0]!.id;
    expect(await exportedEvents(server.url, study.id)).toEqual([]); // held: nothing went up yet
    proxy.state.poison = poison;
    proxy.state.hold = false;

    // "Sync now" as a participant would; the background also retries by itself when the backoff ends.
    const syncNow = () =>
      options
        .getByTestId('sync-now')
        .click()
        .catch(() => undefined);
    await waitFor(
      async () => {
        await syncNow();
        return (await mine()).find((e) => e.id === poison)?.syncState === SyncState.rejected;
      },
      60_000,
      'the poison event set aside',
    );
    const set = (await mine()).find((e) => e.id === poison);
    expect(set?.syncError).toBe(setAsideReason(SYNC_SET_ASIDE_STRIKES, 500));

    // Everything else is on the server (the researcher's export), the poison is not; nothing else was set aside.
    await waitFor(
      async () => (await syncNow(), (await mine()).every((e) => e.id === poison || e.syncState === SyncState.synced)),
      30_000,
      'the rest uploaded',
    );
    const local = await mine();
    const onServer = new Set((await exportedEvents(server.url, study.id)).map((e) => e.id));
    expect(onServer.has(poison)).toBe(false);
    expect(local.filter((e) => e.id !== poison).every((e) => onServer.has(e.id))).toBe(true);
    expect(local.filter((e) => e.syncState === SyncState.rejected).map((e) => e.id)).toEqual([poison]);
    expect(proxy.state.poisoned).toBeGreaterThanOrEqual(SYNC_SET_ASIDE_STRIKES);

    // The queue is not blocked: what is logged next goes up as usual.
    await click(5);
    await waitFor(
      async () => (await syncNow(), (await exportedEvents(server.url, study.id)).filter((e) => e.action === 'click').length === 16),
      30_000,
      '16 clicks on the server',
    );

    // The participant sees it: in the popup, how many were set aside and why, in plain words.
    const popup = await h.context.newPage();
    await popup.setViewportSize({ width: 360, height: 520 });
    await popup.goto(h.extensionUrl('popup.html'));
    await expect
      .poll(() => popup.getByTestId('popup-rejected').innerText())
      .toBe('1 event the server would not take: kept here, not sent again');
    expect(await popup.getByTestId('popup-rejected-reason').innerText()).toBe(
      `Last set aside: ${setAsideReason(SYNC_SET_ASIDE_STRIKES, 500)}.`,
    );
    expect(await popup.getByTestId('popup-pending').innerText()).toBe('0 events');
    await screenshot(popup, 'popup-event-set-aside');
    expect(await options.getByTestId('sync-status').innerText()).toMatch(/1 set aside \(the server would not take them\)/);
    await popup.close();
  });
});
