import type { Page } from 'playwright-core';
import type { Harness } from './harness';

/** The fixture product page in a new tab, ready to log; `click(n)` presses "Add to cart" n times (a click event each). */
export async function openProductPage(h: Pick<Harness, 'context' | 'fixtures'>): Promise<{ page: Page; click(n: number): Promise<void> }> {
  const page = await h.context.newPage();
  await page.goto(`${h.fixtures.url}/product.html`);
  await page.waitForTimeout(300); // the content script has asked whether to log
  return {
    page,
    async click(n) {
      for (let i = 0; i < n; i++) await page.click('#add-to-cart');
    },
  };
}
