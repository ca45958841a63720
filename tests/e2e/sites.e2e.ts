import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness, type Harness } from './harness';
import { exportJsonl, openOptions, storedTotal, waitForStored, showSection } from './options-page';
import { contentScriptReady, NOTHING_ARRIVES_MS } from './product-page';
import { giveSiteAccessInBrowserSettings, registeredScripts } from './site-access';

async function registeredMatches(h: Harness): Promise<string[]> {
  return (await registeredScripts(h)).flatMap((s) => s.matches ?? []).sort();
}

async function clickAddToCart(page: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await page.click('#add-to-cart');
}

describe('allowed sites', () => {
  const harness = useHarness();

  it('logs on a shop only after the participant allows it, across a restart, and stops when it is removed', async () => {
    const h = harness();
    const port = new URL(h.fixtures.url).port;
    const shopUrl = `http://shop.test:${port}/product.html`;
    let options = await openOptions(h, 'sites');
    await expect
      .poll(() => options.getByTestId('site').allInnerTexts())
      .toEqual([expect.stringMatching(/^localhost/), expect.stringMatching(/^127\.0\.0\.1/)]);

    // Not allowed yet: no content script on the shop, nothing stored.
    const before = await storedTotal(options);
    const shop = await h.context.newPage();
    await shop.goto(shopUrl);
    await clickAddToCart(shop, 3);
    await shop.waitForTimeout(NOTHING_ARRIVES_MS);
    expect(await storedTotal(options)).toBe(before);
    expect(await registeredMatches(h)).toEqual([]);

    // A wildcard is refused with a reason, and nothing changes.
    await options.getByTestId('site-input').fill('*.test');
    await options.getByTestId('site-allow').click();
    await expect.poll(() => options.getByTestId('site-message').innerText()).toMatch(/wildcards/);
    expect(await options.getByTestId('site').count()).toBe(2);

    // Allowed: typed as an address on the site, as a participant might paste it.
    await giveSiteAccessInBrowserSettings(h, ['https://shop.test/*', 'http://shop.test/*']);
    await options.getByTestId('site-input').fill(shopUrl);
    await options.getByTestId('site-allow').click();
    await expect
      .poll(() => options.getByTestId('site-message').innerText())
      .toBe('Logging is allowed on shop.test. Reload its open pages to start.');
    await expect
      .poll(() => options.getByTestId('site').allInnerTexts())
      .toEqual([expect.stringMatching(/^localhost/), expect.stringMatching(/^127/), expect.stringMatching(/^shop\.test/)]);
    expect(await registeredMatches(h)).toEqual(['http://shop.test/*', 'https://shop.test/*']);
    await screenshot(options, 'options-sites');

    await shop.reload();
    await contentScriptReady(shop);
    await clickAddToCart(shop, 4);
    await waitForStored(options, before + 4);

    // The registration survives closing the browser.
    await h.closeBrowser();
    await h.reopenBrowser();
    options = await openOptions(h, 'sites');
    const afterRestart = await storedTotal(options);
    const shop2 = await h.context.newPage();
    await shop2.goto(shopUrl);
    await contentScriptReady(shop2);
    await clickAddToCart(shop2, 2);
    await waitForStored(options, afterRestart + 2);
    const { lines } = await exportJsonl(options);
    const fromShop = (lines as { action: string; url: string | null }[]).filter(
      (e) => e.action === 'click' && e.url?.startsWith(`http://shop.test:${port}/`),
    );
    expect(fromShop).toHaveLength(6);

    // Removed: an open page stops at once, new pages get no script, and the browser's access is given back.
    await showSection(options, 'sites');
    await options.getByTestId('remove-site-shop.test').click();
    await expect.poll(() => options.getByTestId('site').count()).toBe(2);
    expect(await options.getByTestId('site-message').innerText()).toMatch(/^shop\.test removed/);
    expect(await registeredMatches(h)).toEqual([]);
    const removedAt = await storedTotal(options);
    await clickAddToCart(shop2, 3); // the page opened while it was allowed
    await shop2.waitForTimeout(NOTHING_ARRIVES_MS);
    await shop2.reload();
    await clickAddToCart(shop2, 3);
    await shop2.waitForTimeout(NOTHING_ARRIVES_MS);
    expect(await storedTotal(options)).toBe(removedAt);
    expect(await options.evaluate(`chrome.permissions.contains({ origins: ['http://shop.test/*'] })`)).toBe(false);
  });
});
