import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { FIXTURES_DIR, screenshot, useHarness, waitFor } from './harness';
import { exportJsonl, openOptions, waitForStoredEvents } from './options-page';
import { HOVER_REST_MS } from './product-page';
import type { FwEvent } from '../../lib/events/event-schema';

const expected = JSON.parse(readFileSync(join(FIXTURES_DIR, 'shop/expected.json'), 'utf8')) as Record<
  string,
  { id: string | null; name: string; price: number | null; currency: string | null; source: string }
>;

/** Each storefront style, and where its product lives (the iframe page's is inside its frame). */
const PAGES: { file: string; product: string; frame?: string }[] = [
  { file: 'jsonld-single.html', product: 'jsonld-single.html' },
  { file: 'jsonld-graph.html', product: 'jsonld-graph.html' },
  { file: 'jsonld-array.html', product: 'jsonld-array.html' },
  { file: 'microdata.html', product: 'microdata.html' },
  { file: 'og-only.html', product: 'og-only.html' },
  { file: 'fallback.html', product: 'fallback.html' },
  { file: 'injected.html', product: 'injected.html' },
  { file: 'csp.html', product: 'csp.html' },
  { file: 'hostile.html', product: 'hostile.html' },
  { file: 'iframe-host.html', product: 'iframe-product.html', frame: '#product-frame' },
];

describe('storefront product pages in real Chromium', () => {
  const harness = useHarness();

  it('finds the product on every style of page, logs its view, image hovers by role and product clicks', async () => {
    const h = harness();
    const options = await openOptions(h);
    const page = await h.context.newPage();
    const cspErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && cspErrors.push(m.text()));
    for (const { file, product, frame } of PAGES) {
      await page.goto(`${h.fixtures.url}/shop/${file}`);
      const scope: Page | FrameLocator = frame ? page.frameLocator(frame) : page;
      // The "Share to chat" button appears once the product is found (after load, for the injected page).
      await scope.getByTestId('fw-s2c-open').click({ timeout: 10_000 });
      expect(await scope.getByTestId('fw-s2c-title').innerText(), file).toBe(expected[product]?.name);
      if (file === 'csp.html' || file === 'hostile.html' || file === 'iframe-host.html' || file === 'injected.html')
        await screenshot(page, `storefront-${file.replace('.html', '')}`);
      await scope.locator('#main-image').hover();
      await page.waitForTimeout(HOVER_REST_MS); // a hover counts only after resting there
      await scope.locator('#thumb-1').hover();
      await page.waitForTimeout(HOVER_REST_MS);
      await scope.locator('#add-to-cart').click();
      // Both hovers and the click are stored before the page is left (the product view is logged on leaving).
      const url = `${h.fixtures.url}/shop/${product}`;
      await waitForStoredEvents(
        options,
        3,
        (e) => e.url === url && (e.action === 'hover' || e.action === 'click'),
        `the hovers and click on ${file}`,
      );
    }
    await page.goto('about:blank');
    expect(cspErrors).toEqual([]);

    await options.reload(); // the page opened before anything was stored: show what is now
    await options.getByTestId('store-status').filter({ hasText: 'events stored' }).waitFor();
    const events = await waitFor(
      async () => {
        const all = (await exportJsonl(options)).lines as FwEvent[];
        return all.filter((e) => e.action === 'product_view').length >= PAGES.length ? all : null;
      },
      20_000,
      'a product view per page',
    );
    for (const { file, product } of PAGES) {
      const want = expected[product];
      const url = `${h.fixtures.url}/shop/${product}`;
      const id = want?.id ?? url;
      const views = events.filter((e) => e.action === 'product_view' && (e.payload as { productId?: string }).productId === id);
      expect(views, file).toHaveLength(1);
      expect(views[0]?.payload, file).toMatchObject({
        name: want?.name,
        source: want?.source,
        ...(want?.price !== null ? { price: want?.price, currency: want?.currency } : {}),
      });
      expect(views[0]?.url, file).toBe(url);
      const hovers = events.filter((e) => e.action === 'hover' && e.url === url && (e.payload as { productId?: string }).productId === id);
      expect(hovers.map((e) => (e.payload as { image: { role: string } }).image.role).sort(), file).toEqual(['main', 'thumbnail']);
      const click = events.find(
        (e) => e.action === 'click' && e.url === url && (e.payload as { element: { id?: string } }).element.id === 'add-to-cart',
      );
      expect(click?.payload, file).toMatchObject({ productId: id });
    }
    await Promise.all([page.close(), options.close()]);
  });
});
