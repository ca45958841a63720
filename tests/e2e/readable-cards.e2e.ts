import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness } from './harness';
import { openOptions, storedEvents, waitForStoredEvents } from './options-page';
import { usePilotServer } from './pilot-room';
import type { StoredEvent } from '../../lib/db/database';

/** A camelCase or snake_case identifier ("noiseCancelling", "bag_size"): what a card must never show a person. */
const RAW_KEY = /\b[a-z]+(?:[A-Z][a-z0-9]*|_[a-z0-9]+)+\b/;
/** "Noise cancelling: Yes" or "…: No", as every headphones card says it. */
const NOISE_CANCELLING = /^Noise cancelling: (Yes|No)$/;

const shadow = (page: Page, css: string) => page.locator(`floorwalker-overlay >> ${css}`);

describe('readable product cards', () => {
  const harness = useHarness();
  const { server, roomFor, startChat } = usePilotServer(harness);

  it('shows attributes as labels and words in the overlay’s search results', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    const input = page.getByTestId('fw-search-input');
    await input.waitFor();
    await input.fill('wired headphones');
    await page.getByTestId('fw-cat-headphones').click();
    await expect.poll(() => shadow(page, '.fw-result').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    const cards = shadow(page, '[data-testid="fw-result-attrs"]');
    await expect.poll(() => cards.count()).toBe(await shadow(page, '.fw-result').count());
    for (const card of await cards.all()) {
      const items = await card.locator('li').allInnerTexts();
      expect(items.filter((t) => NOISE_CANCELLING.test(t))).toHaveLength(1);
      expect(items.find((t) => t.startsWith('Battery: '))).toMatch(/^Battery: (none|[\d.]+ h)$/);
      expect(items.filter((t) => RAW_KEY.test(t) || /\b(true|false)\b/.test(t))).toEqual([]);
    }
    await shadow(page, '[data-testid="fw-result-attrs"]').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'readable-search-cards');
    // The filter chips name attributes as the cards do.
    await page.getByTestId('fw-more-filters').click();
    await expect.poll(() => shadow(page, '[role="group"][aria-label="Features"] button').allInnerTexts()).toContain('Noise cancelling');
    await screenshot(page, 'readable-filter-chips');
  });

  it('shows them so on the Buyer’s pilot page and in the pilot shop', async () => {
    const { seller, buyer } = await startChat(await roomFor('C.IIc'), 'headphones');
    const cards = buyer.locator('.task .card');
    await expect.poll(() => cards.count()).toBe(3);
    for (const card of await cards.all()) {
      const labels = await card.locator('dt').allInnerTexts();
      const values = await card.locator('dd').allInnerTexts();
      const lines = labels.map((l, i) => `${l}: ${values[i] ?? ''}`);
      expect(lines.filter((t) => NOISE_CANCELLING.test(t))).toHaveLength(1);
      expect(labels.filter((l) => RAW_KEY.test(l))).toEqual([]);
      expect(values.filter((v) => v === 'true' || v === 'false')).toEqual([]);
    }
    expect(await buyer.locator('.task').innerText()).not.toMatch(/noiseCancelling|batteryHours/);
    await screenshot(buyer, 'readable-buyer-cards');

    // The pilot shop's product page, where the Seller shares from.
    const id = await cards.first().getAttribute('data-product-id');
    const shop = await harness().context.newPage();
    await shop.goto(`${server().url}/pilot/products/${encodeURIComponent(id ?? '')}`);
    const shopLabels = await shop.locator('dt').allInnerTexts();
    expect(shopLabels).toContain('Noise cancelling');
    expect(shopLabels.filter((l) => RAW_KEY.test(l))).toEqual([]);
    await screenshot(shop, 'readable-shop-page');
    await Promise.all([seller.close(), buyer.close(), shop.close()]);
  });
});

describe('clicks the logger files on the pilot Seller page', () => {
  const harness = useHarness();
  const { roomFor, startChat } = usePilotServer(harness);

  it('does not file Enter in the message box as a click on Send; a mouse click on Send is one', async () => {
    const h = harness();
    const room = await roomFor('B.IIc', 1);
    const { seller, buyer } = await startChat(room, 'headphones');
    await seller.getByTestId('fw-acts').waitFor();
    const reached = () => buyer.locator('.msg.theirs[data-sender="seller"]').allInnerTexts();
    const sendClicks = (events: StoredEvent[]) =>
      events.filter((e) => e.agent === 'Page' && e.action === 'click' && (e.payload as { element: { id?: string } }).element.id === 'send');

    // Enter in the message box: the coach holds it, an act releases it, and the overlay presses Send for it.
    await seller.locator('#input').fill('Hello, typed and sent with Enter');
    await seller.locator('#input').press('Enter');
    await seller.getByTestId('fw-choose-act').waitFor();
    await seller.getByTestId('fw-act-greet').click();
    await expect.poll(reached).toEqual(['Hello, typed and sent with Enter']);

    // The mouse on Send.
    await seller.locator('#input').fill('And this one with the mouse');
    await seller.locator('#send').click();
    await seller.getByTestId('fw-choose-act').waitFor();
    await seller.locator('floorwalker-overlay >> button[data-testid^="fw-act-"]:enabled').first().click();
    await expect.poll(reached).toEqual(['Hello, typed and sent with Enter', 'And this one with the mouse']);

    const options = await openOptions(h);
    const utters = await waitForStoredEvents(
      options,
      2,
      (e) => e.conversation === room.conversation && e.agent === 'Seller' && e.action === 'utter',
      'both Seller messages stored',
    );
    const clicks = await waitForStoredEvents(options, 1, (e) => sendClicks([e]).length === 1, 'the mouse click on Send stored');
    // Stored after the first message was sent: a click for it would be stored by now too.
    const all = await storedEvents(options);
    expect(sendClicks(all)).toHaveLength(1);
    expect(clicks[0]?.time).toBeGreaterThan(utters[0]?.time ?? Infinity);
    // Typed text is in the messages only, never in a click or anything else the page logged.
    const outsideChat = all.filter((e) => e.action !== 'utter');
    expect(outsideChat.filter((e) => JSON.stringify(e.payload).includes('typed and sent'))).toEqual([]);
    await screenshot(seller, 'logger-send-clicks');
  });
});
