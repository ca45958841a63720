import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness, waitFor } from './harness';
import { exportJsonl, openOptions, storedEvents } from './options-page';
import { restPointerOn } from './product-page';
import type { EventOf, FwEvent } from '../../lib/events/event-schema';

const shadow = (page: Page, css: string) => page.locator(`floorwalker-overlay >> ${css}`);
const prices = async (page: Page) => (await shadow(page, '.fw-price').allInnerTexts()).map((t) => Number(t.replace(/[$,]/g, '')));

/** How long the pointer rests on a result image: its logged dwell is checked against it. */
const RESULT_REST_MS = 350;

describe('catalog search in the overlay', () => {
  const harness = useHarness();

  it('searches as the Seller types, filters, sorts, pages, and logs it all', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    const input = page.getByTestId('fw-search-input');
    await input.waitFor();

    // As-you-type: a prefix already finds products, with the matched part highlighted.
    await input.pressSequentially('noise cancel', { delay: 30 });
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 15_000 }).toMatch(/^1–8 of \d+/);
    // The status may still show an earlier, shorter query's results: wait for the whole query's highlight.
    await expect.poll(() => shadow(page, '.fw-result-title mark').first().innerText()).toMatch(/^(noise|cancel)/i);
    await screenshot(page, 'search-typed');

    // Filter by category, sort by price, page.
    await page.getByTestId('fw-cat-headphones').click();
    await page.getByTestId('fw-sort').selectOption('price_asc');
    await expect
      .poll(async () => {
        const p = await prices(page);
        return p.length === 8 && p.every((x, i) => i === 0 || x >= (p[i - 1] ?? 0));
      })
      .toBe(true);
    const status = await page.getByTestId('fw-search-status').innerText();
    const total = Number(/of (\d+)/.exec(status)?.[1]);
    const firstPage = await prices(page);
    await page.getByTestId('fw-next').click();
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/^9–16 of /);
    const secondPage = await prices(page);
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1) ?? 0);
    await screenshot(page, 'search-filtered-sorted');

    // Hover a result image long enough to count as a look.
    const firstImg = shadow(page, '.fw-result-img').first();
    const hoveredId = await shadow(page, '.fw-result').first().getAttribute('data-product-id');
    await restPointerOn(page, firstImg, RESULT_REST_MS, { x: 5, y: 700 });

    // Keyboard: a typo is corrected; arrow down and Enter choose a result.
    await input.fill('');
    await input.pressSequentially('sennhiser', { delay: 20 });
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/showing results for “sennheiser”/);
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect.poll(() => shadow(page, '.fw-result[aria-selected="true"]').count()).toBe(1);
    expect(await shadow(page, '.fw-result').nth(1).getAttribute('aria-selected')).toBe('true');

    // Nothing found: a clear empty state.
    await input.fill('zzzzqqqq');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/No products match “zzzzqqqq”/);

    const options = await openOptions(h);
    // The last things logged, the empty search's results and the hover, are stored (with everything before them).
    await waitFor(
      async () => {
        const stored = await storedEvents(options);
        return (
          stored.some((e) => e.action === 'hover' && e.agent === 'Seller') &&
          stored.some((e) => e.action === 'results' && e.payload.query === 'zzzzqqqq')
        );
      },
      15_000,
      'the search events stored',
    );
    const { lines } = await exportJsonl(options);
    const events = lines as FwEvent[];
    const searches = events.filter((e): e is EventOf<'search'> => e.action === 'search');
    const results = events.filter((e): e is EventOf<'results'> => e.action === 'results');
    expect(searches.every((e) => e.agent === 'Seller')).toBe(true);
    expect(results.every((e) => e.agent === 'Catalog')).toBe(true);
    const paged = searches.find((e) => e.payload.page === 1);
    expect(paged?.payload).toMatchObject({ query: 'noise cancel', filters: { category: 'headphones' }, sort: 'price_asc', page: 1 });
    const pagedResult = results.find((e) => e.payload.page === 1 && e.payload.query === 'noise cancel');
    expect(pagedResult?.payload.total).toBe(total);
    expect(pagedResult?.payload.productIds).toHaveLength(8);
    expect(pagedResult?.payload.latencyMs).toBeGreaterThanOrEqual(0);
    expect(results.some((e) => e.payload.corrections?.[0]?.to === 'sennheiser')).toBe(true);
    expect(results.some((e) => e.payload.query === 'zzzzqqqq' && e.payload.total === 0)).toBe(true);
    const hover = events.find((e): e is EventOf<'hover'> => e.action === 'hover' && e.agent === 'Seller');
    expect(hover?.payload).toMatchObject({ target: 'result_image', productId: hoveredId });
    expect(hover?.payload.dwellMs).toBeGreaterThanOrEqual(RESULT_REST_MS - 50);
    // Each search event is followed by its results (none logged for superseded searches).
    expect(results.length).toBeLessThanOrEqual(searches.length);
  });
});
