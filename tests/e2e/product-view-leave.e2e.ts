import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useHarness, waitFor, workerControl, type Harness } from './harness';
import { openOptions, storedEvents } from './options-page';

const PRODUCT = 'shop/jsonld-single.html';
/** Longer than MIN_PRODUCT_VIEW_MS (300 ms): a view that counts. */
const LOOK_MS = 800;
/**
 * How long the test watches, once every view is stored, for a second copy of one to arrive (from a late send or the
 * background's collection). Nothing arriving is what is under test, so this is a wait by design.
 */
const LATE_COPY_WATCH_MS = 1_500;

/** Opens the product page in a new tab and looks at it long enough for a view to count. */
async function lookAtProduct(h: Harness): Promise<Page> {
  const page = await h.context.newPage();
  await page.goto(`${h.fixtures.url}/${PRODUCT}`);
  await page.getByTestId('fw-s2c-open').waitFor({ timeout: 10_000 }); // the product was found
  await page.waitForTimeout(LOOK_MS); // looking is the behaviour under test
  return page;
}

describe('a product view is logged however the page is left', () => {
  const harness = useHarness();

  it('about:blank, a chrome:// page, another site, a closed tab, and the first two with the worker stopped: one view each', async () => {
    const h = harness();
    const options = await openOptions(h);
    const productUrl = `${h.fixtures.url}/${PRODUCT}`;
    const views = async () => (await storedEvents(options)).filter((e) => e.action === 'product_view' && e.url === productUrl);
    const worker = await workerControl(h);

    const ways: { name: string; leave: (page: Page) => Promise<void> }[] = [
      { name: 'about:blank', leave: async (page) => void (await page.goto('about:blank')) },
      { name: 'chrome://version', leave: async (page) => void (await page.goto('chrome://version')) },
      { name: 'another page', leave: async (page) => void (await page.goto(`${h.fixtures.url}/index.html`)) },
      { name: 'closing the tab', leave: (page) => page.close({ runBeforeUnload: true }) },
      // As Chrome does after 30 s without a message (a long read): the page's port is gone, and the next send from the
      // page must first start the worker again, which a page being left does not live to see.
      ...['about:blank', 'chrome://version'].map((to) => ({
        name: `${to}, the worker stopped while the page was read`,
        leave: async (page: Page) => {
          await worker.stop();
          await page.goto(to);
        },
      })),
    ];
    let expected = 0;
    for (const way of ways) {
      const page = await lookAtProduct(h);
      await way.leave(page);
      expected++;
      // Opening the options page again (as a participant would) collects what pages left behind; the minute alarm would too.
      const got = await waitFor(
        async () => {
          await options.reload();
          await options.getByTestId('store-status').filter({ hasText: 'events stored' }).waitFor();
          const list = await views();
          return list.length >= expected ? list : null;
        },
        20_000,
        `the product view after ${way.name}`,
      );
      expect(got, way.name).toHaveLength(expected);
      const latest = [...got].sort((a, b) => a.time - b.time).at(-1);
      expect(latest?.payload, way.name).toMatchObject({ productId: 'NH-CRD-4471-NVY', timeOnPageMs: expect.any(Number) });
      expect((latest?.payload as { timeOnPageMs: number }).timeOnPageMs, way.name).toBeGreaterThanOrEqual(LOOK_MS);
      if (!page.isClosed()) await page.close();
    }
    // Once each: nothing arrives twice later (the alarm's collection, a late send).
    await options.waitForTimeout(LATE_COPY_WATCH_MS);
    await options.reload();
    expect(await views()).toHaveLength(ways.length);
    expect(new Set((await views()).map((e) => e.id)).size).toBe(ways.length);
    await worker.dispose();
  });
});
