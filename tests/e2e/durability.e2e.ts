import { describe, expect, it } from 'vitest';
import { useHarness, workerControl } from './harness';
import { exportJsonl, openOptions, waitForStored } from './options-page';
import type { FwEvent } from '../../lib/events/event-schema';

/** When, after a burst of clicks starts, the worker is stopped: 80-200 ms, while the burst is queued and in flight. */
const STOP_AFTER_MIN_MS = 80;
const STOP_AFTER_SPREAD_MS = 120;
/**
 * How long the test watches, once every click is stored, for a resent copy to arrive late (none may). Nothing
 * arriving is what is under test, so this is a wait by design.
 */
const LATE_COPY_WATCH_MS = 1000;

describe('events survive a stopped service worker', () => {
  const harness = useHarness();

  it('stores every click made just before and while the worker is stopped, none twice', async () => {
    const h = harness();
    const worker = await workerControl(h);
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    await page.getByTestId('fw-logging').filter({ hasText: 'on' }).waitFor();

    // The overlay shows how many events the content script still holds unacknowledged.
    const waiting = async () => Number(/(\d+) waiting/.exec(await page.getByTestId('fw-logging').innerText())?.[1] ?? 0);

    let expected = 0;
    let inFlightAtStop = 0;
    for (const n of [40, 35, 25, 30, 20]) {
      // Stop the worker part-way through a burst of clicks, so some events are queued, some in flight.
      const clicks = (async () => {
        for (let i = 0; i < n; i++) await page.click('#send', { delay: 0 });
      })();
      await page.waitForTimeout(STOP_AFTER_MIN_MS + Math.random() * STOP_AFTER_SPREAD_MS); // a random moment is the point
      inFlightAtStop += await waiting();
      await worker.stop();
      await clicks;
      expected += n;
    }
    // The test is only meaningful if events were waiting when the worker went away.
    expect(inFlightAtStop).toBeGreaterThan(0);
    expect(worker.starts()).toBeGreaterThanOrEqual(4);

    await expect.poll(waiting, { timeout: 20_000 }).toBe(0);
    const options = await openOptions(h);
    await waitForStored(options, expected, 30_000);
    await page.waitForTimeout(LATE_COPY_WATCH_MS);
    const { lines } = await exportJsonl(options);
    const clicks = (lines as FwEvent[]).filter((e) => e.action === 'click');
    expect(clicks).toHaveLength(expected);
    expect(new Set(clicks.map((c) => c.id)).size).toBe(expected);
    expect(clicks.every((c) => c.conversation === 'fixture-room-1')).toBe(true);
    await worker.dispose();
  });
});
