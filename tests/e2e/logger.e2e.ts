import { describe, expect, it } from 'vitest';
import { screenshot, useHarness } from './harness';
import { exportJsonl, openOptions, storedEvents } from './options-page';
import { contentScriptReady, restPointerOn } from './product-page';
import type { FwEvent } from '../../lib/events/event-schema';

/** How long the pointer rests on the main image: its logged dwell is checked against it. */
const MAIN_IMAGE_REST_MS = 400;

describe('logger on a product page', () => {
  const harness = useHarness();

  it('turns hovers, scrolls and clicks into stored events, read back through the options page', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/product.html`);
    await contentScriptReady(page);

    // Hover the main image for a while, then a tiny icon (not a product image), then a related product.
    await restPointerOn(page, page.locator('#img-main'), MAIN_IMAGE_REST_MS);
    await restPointerOn(page, page.locator('#icon'));
    await restPointerOn(page, page.locator('#img-related'));

    // Type where the logger must not look, then click controls.
    await page.fill('#search', 'typed-secret-search');
    await page.fill('#password', 'typed-secret-password');
    await page.fill('#card', '4111111111111111');
    // The shop relabels the button in its own click handler: the click is logged with the label it had when clicked,
    // though the logger finishes its events after its handler.
    await page.evaluate(() => {
      const button = document.getElementById('add-to-cart');
      button?.addEventListener('click', () => (button.textContent = 'Added'));
    });
    await page.click('#add-to-cart');
    await expect.poll(() => page.locator('#add-to-cart').innerText()).toBe('Added');
    await page.click('#spec-link');
    await page.click('#mail-link');
    await page.click('#call-us');
    await page.click('#card'); // a payment field: clicking it records nothing of it
    await page.click('#related-view');

    // Scroll the reviews box, then the page (the wheel does not wait for the scroll, so wait for each to happen).
    await page.hover('#reviews');
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => (document.getElementById('reviews')?.scrollTop ?? 0) > 0);
    await page.mouse.move(900, 20);
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => window.scrollY > 0);

    // Everything above is stored: two hovers, six clicks (checked one by one in the export below), and a scroll of
    // each container, the page's past 40%.
    const options = await openOptions(h, 'data');
    await expect
      .poll(
        async () => {
          const stored: FwEvent[] = await storedEvents(options);
          const scrolls = stored.filter((e): e is Extract<FwEvent, { action: 'scroll' }> => e.action === 'scroll');
          return {
            hovers: stored.filter((e) => e.action === 'hover').length,
            clicks: stored.filter((e) => e.action === 'click').length,
            reviews: scrolls.some((s) => s.payload.container.includes('reviews')),
            page: scrolls.some((s) => s.payload.container === 'document' && s.payload.maxDepthPct > 40),
          };
        },
        { timeout: 15_000 },
      )
      .toEqual({ hovers: 2, clicks: 6, reviews: true, page: true });

    // The data browser filters by action.
    await options.getByTestId('action-filter').selectOption('hover');
    await expect.poll(() => options.locator('tbody tr').count()).toBe(2);
    expect(await options.locator('tbody tr[data-action="hover"]').count()).toBe(2);
    await screenshot(options, 'options-hover-filter');

    const { lines } = await exportJsonl(options);
    const events = lines as FwEvent[];
    const hovers = events.filter((e) => e.action === 'hover');
    expect(hovers).toHaveLength(2);
    const main = hovers.find((e) => e.action === 'hover' && e.payload.productId === 'HP-AURORA-01');
    expect(main?.payload).toMatchObject({ target: 'product_image', image: { role: 'main', index: 0, alt: 'Aurora headphones, front' } });
    expect(main && main.action === 'hover' && main.payload.dwellMs).toBeGreaterThanOrEqual(MAIN_IMAGE_REST_MS - 50);
    expect(hovers.some((e) => e.action === 'hover' && e.payload.productId === 'HP-NOVA-02')).toBe(true);

    const clicks = events.filter((e): e is Extract<FwEvent, { action: 'click' }> => e.action === 'click');
    const byId = Object.fromEntries(clicks.map((c) => [c.payload.element.id ?? c.payload.element.path, c.payload]));
    expect(byId['add-to-cart']).toMatchObject({
      element: { tag: 'button', label: 'Add to cart', testId: 'add-to-cart' },
      productId: 'HP-AURORA-01',
    });
    expect(byId['spec-link']?.href).toBe(`${h.fixtures.url}/specs/aurora`); // query and fragment stripped
    expect(byId['mail-link']).toMatchObject({ element: { label: 'Questions? [email]' }, href: 'mailto:' });
    expect(byId['call-us']?.element.label).toBe('Call us: [phone]');
    expect(byId.card).toBeUndefined();
    expect(byId['related-view']).toMatchObject({ productId: 'HP-NOVA-02' });

    const scrolls = events.filter((e): e is Extract<FwEvent, { action: 'scroll' }> => e.action === 'scroll');
    const reviews = scrolls.filter((s) => s.payload.container.includes('reviews'));
    const doc = scrolls.filter((s) => s.payload.container === 'document');
    expect(reviews.length).toBeGreaterThan(0);
    expect(doc.length).toBeGreaterThan(0);
    expect(Math.max(...doc.map((s) => s.payload.maxDepthPct))).toBeGreaterThan(40);

    // Nothing typed anywhere on the page was recorded, and URLs carry no query string.
    const raw = JSON.stringify(events);
    expect(raw).not.toContain('typed-secret');
    expect(raw).not.toContain('4111111111111111');
    expect(raw).not.toContain('session=secret123');
    // The phone number on the "Call us" button, in any of its forms (times, ports and ids may hold any digits).
    const content = JSON.stringify(events.map(({ id: _id, participant: _p, ...rest }) => rest));
    expect(content).not.toMatch(/\(555\)|555\) 123|123-4567|5551234567/);
    expect(raw).not.toContain('help@example.com');
    for (const e of events) {
      expect(e).toMatchObject({ agent: 'Page', study: 'local', role: 'seller', condition: 'B.IIc', schema: 1 });
      expect(e.url).toBe(`${h.fixtures.url}/product.html`);
    }
  });
});
