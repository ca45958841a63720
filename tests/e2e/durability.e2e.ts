import { describe, expect, it } from 'vitest';
import { useHarness, workerControl } from './harness';
import { exportJsonl, openOptions, waitForStored } from './options-page';
import type { FwEvent } from '../../lib/events/schema';

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
      await page.waitForTimeout(80 + Math.random() * 120);
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
    await page.waitForTimeout(1000); // a duplicate, if any, would have arrived by now
    const { lines } = await exportJsonl(options);
    const clicks = (lines as FwEvent[]).filter((e) => e.action === 'click');
    expect(clicks).toHaveLength(expected);
    expect(new Set(clicks.map((c) => c.id)).size).toBe(expected);
    expect(clicks.every((c) => c.conversation === 'fixture-room-1')).toBe(true);
    await worker.dispose();
  });
});
