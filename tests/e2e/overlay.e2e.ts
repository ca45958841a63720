import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTENSION_DIR, screenshot, useHarness } from './harness';
import { openOptions, storedSettings, waitForStoredEvents } from './options-page';
import { contentScriptReady } from './product-page';

const LAYOUT_IDS = ['page-header', 'chat', 'messages', 'input', 'send', 'page-footer'];

describe('overlay on a chat page', () => {
  const harness = useHarness();

  it('appears in a shadow root, isolated from page CSS both ways, making room beside the page and giving it back', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    const host = page.locator('floorwalker-overlay');
    await host.waitFor({ state: 'attached' });
    await expect.poll(() => page.getByText('Floorwalker', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('fw-condition').innerText()).toBe('B.IIc');

    // The host is a child of <html>, so <body>'s flex gap and :last-child rules never see it.
    const placement = await page.evaluate(() => ({
      parent: document.querySelector('floorwalker-overlay')?.parentElement?.tagName,
      lastInBody: document.body.lastElementChild?.id,
    }));
    expect(placement).toEqual({ parent: 'HTML', lastInBody: 'page-footer' });

    const rects = () =>
      page.evaluate((ids) => ids.map((id) => JSON.stringify(document.getElementById(id)!.getBoundingClientRect())), LAYOUT_IDS);
    // Open, the panel has room of its own: the page's chat ends where the panel begins.
    const beside = await page.evaluate(() => ({
      chatRight: document.getElementById('chat')!.getBoundingClientRect().right,
      panelLeft: document.querySelector('floorwalker-overlay')!.shadowRoot!.querySelector('.fw-panel')!.getBoundingClientRect().left,
    }));
    expect(beside.chatRight).toBeLessThanOrEqual(beside.panelLeft);
    const styles = await page.evaluate(() => {
      const panel = document.querySelector('floorwalker-overlay')!.shadowRoot!.querySelector('.fw-panel')!;
      const title = panel.querySelector('.fw-title')!;
      const pageSend = document.getElementById('send')!;
      const hostStyle = getComputedStyle(document.querySelector('floorwalker-overlay')!);
      return {
        panelBorder: getComputedStyle(panel).borderLeftStyle, // docked right with room made: its inner edge
        panelBorderWidth: getComputedStyle(panel).borderLeftWidth,
        panelBg: getComputedStyle(panel).backgroundColor,
        titleColor: getComputedStyle(title).color,
        titleFont: getComputedStyle(title).fontFamily,
        hostDisplay: hostStyle.display,
        hostPosition: hostStyle.position,
        pageSendBorder: getComputedStyle(pageSend).borderTopStyle,
        pageSendBorderWidth: getComputedStyle(pageSend).borderTopWidth,
        pageSendBg: getComputedStyle(pageSend).backgroundColor,
      };
    });
    // Page CSS does not leak in...
    expect(styles.panelBorder).toBe('solid');
    expect(styles.panelBorderWidth).toBe('1px');
    expect(styles.panelBg).toBe('rgb(255, 255, 255)');
    expect(styles.titleColor).not.toBe('rgb(200, 0, 0)');
    expect(styles.titleFont).not.toMatch(/Comic/);
    expect(styles.hostDisplay).toBe('block');
    expect(styles.hostPosition).toBe('fixed');
    // ...and the overlay's CSS does not leak out onto the page's own .fw-btn.
    expect(styles.pageSendBorder).toBe('dotted');
    expect(styles.pageSendBorderWidth).toBe('7px');
    expect(styles.pageSendBg).toBe('rgb(0, 128, 0)');
    await screenshot(page, 'overlay-chat-open');

    // Collapsed to its tab, the page has its own layout back: the same as with no overlay at all.
    await page.getByTestId('fw-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute('style'))).toBe(false);
    const collapsed = await rects();
    await page.evaluate(() => document.querySelector('floorwalker-overlay')!.remove());
    expect(await rects()).toEqual(collapsed);
    // Open again, so the next test starts where a participant who never collapsed it would.
    await page.reload();
    await page.getByTestId('fw-toggle').click();
    await expect.poll(() => page.getByTestId('fw-toggle').getAttribute('aria-expanded')).toBe('true');
    await page.close();
  });

  it('collapses and opens with the mouse and the keyboard, and remembers it', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    const toggle = page.getByTestId('fw-toggle');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.getByTestId('fw-condition').count()).toBe(0);
    await screenshot(page, 'overlay-chat-collapsed');

    // Keyboard: Alt+Shift+F from the page toggles the panel and puts focus on its toggle button.
    await page.locator('#input').focus();
    await page.keyboard.press('Alt+Shift+KeyF');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const focused = await page.evaluate(() =>
      document.querySelector('floorwalker-overlay')!.shadowRoot!.activeElement?.getAttribute('data-testid'),
    );
    expect(focused).toBe('fw-toggle');
    // Escape inside the panel collapses it; Enter on the focused toggle opens it again.
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    // Dock to the left, then reload: the side is remembered.
    await page.getByTestId('fw-dock').click();
    await expect.poll(() => page.locator('floorwalker-overlay >> .fw-panel').getAttribute('data-side')).toBe('left');
    const options = await openOptions(h);
    await expect.poll(async () => (await storedSettings(options))?.overlay.sites[new URL(h.fixtures.url).hostname]?.side).toBe('left'); // saved, so a reload can find it
    await options.close();
    await page.reload();
    await expect.poll(() => page.locator('floorwalker-overlay >> .fw-panel').getAttribute('data-side')).toBe('left');
    await screenshot(page, 'overlay-chat-left');
    await page.close();
  });

  it('leaves no IndexedDB on the page: only the background and extension pages open the database', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    // Coach, search and logger all at work: a search typed in the overlay, clicks on the page.
    const input = page.getByTestId('fw-search-input');
    await input.pressSequentially('lego', { delay: 20 });
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 15_000 }).toMatch(/of \d+/);
    await page.click('#messages', { position: { x: 700, y: 120 } }); // clear of the overlay, on either side
    // The page's events have made the whole trip to the background's database by now.
    const options = await openOptions(h);
    await waitForStoredEvents(options, 1, (e) => e.action === 'results', 'the search stored');
    await options.close();
    // Content scripts share the page's storage: a database opened by one would be listed under the page's origin.
    const cdp = await h.context.newCDPSession(page);
    const { databaseNames } = (await cdp.send('IndexedDB.requestDatabaseNames', { securityOrigin: new URL(h.fixtures.url).origin })) as {
      databaseNames: string[];
    };
    expect(databaseNames).toEqual([]);
    await cdp.detach();
    // And the content script's bundle has no IndexedDB code in it to begin with.
    const bundle = await readFile(join(EXTENSION_DIR, 'content-scripts/page.js'), 'utf8');
    expect(bundle).not.toMatch(/indexedDB|Dexie/);
    await page.close();
  });

  it('does not appear on pages that are not chats', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/product.html`);
    // The storefront button shows once the content script has found no chat on the page: the overlay never will then.
    await contentScriptReady(page);
    expect(await page.locator('floorwalker-overlay').count()).toBe(0);
    await page.close();
  });
});
