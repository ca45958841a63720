import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness, workerControl } from './harness';
import { buyerSays, sellerSays, usePilotServer } from './pilot-room';
import { joinFromOptions, openOptions, showSection, storedTotal } from './options-page';
import { adminCall } from './admin-rpc';
import { openProductPage } from './product-page';
import { LOCAL_STUDY } from '../../lib/settings';
import { CONVERSATION_ENDED } from '../../components/overlay/share/ShareActions';

// Live state (lib/live): what the overlay, the popup and the options page show follows every change made elsewhere,
// without a reload: a guess answered and the conversation ended, all data deleted (also when the service worker was
// stopped in between), the catalog replaced, a study left.

const saved = async (page: Page) => Number(/on · (\d+) saved/.exec(await page.getByTestId('fw-logging').innerText())?.[1] ?? NaN);
const turn = async (page: Page) => Number(/turn (\d+)/.exec(await page.getByTestId('fw-turns').innerText())?.[1] ?? NaN);

describe('live state', () => {
  const harness = useHarness();
  const { server, studyWithSeller, roomFor, startChat } = usePilotServer(harness);

  it("the Buyer's answer, then the end: the overlay shows both, and Share and Guess are disabled with the reason shown", async () => {
    const { seller, buyer } = await startChat(await roomFor('B.IIc', 1), 'headphones');
    await seller.getByTestId('fw-acts').waitFor();
    await buyerSays(buyer, seller, 'Hi, I need headphones for the train.');
    await sellerSays(seller, 'Do you want noise cancelling?');

    await seller.getByTestId('fw-search-input').fill('headphones');
    const result = seller.locator('.fw-result').first();
    await result.waitFor();
    await expect.poll(() => result.getByTestId('fw-guess').isEnabled()).toBe(true);
    await result.getByTestId('fw-guess').click();
    await expect.poll(() => seller.getByTestId('fw-share-status').innerText()).toMatch(/^You guessed “.+”\. Waiting for the Buyer…$/);
    expect(await result.getByTestId('fw-guess').isDisabled()).toBe(true); // one open guess at a time

    // The Buyer rejects it: the overlay says so, and the waiting note goes.
    await buyer.getByTestId('confirm-guess').waitFor();
    await buyer.getByTestId('reject-guess').click();
    await expect.poll(() => seller.getByTestId('fw-guess-answer').getAttribute('data-answer')).toBe('rejected');
    expect(await seller.getByTestId('fw-share-status').count()).toBe(0);

    // The Buyer ends the chat while the Seller has a share open: the coach, every result's controls and the share
    // dialog say it has ended.
    await result.getByTestId('fw-share-now').click();
    await seller.getByTestId('fw-share-dialog').waitFor();
    await buyer.getByTestId('end').click();
    await seller.getByTestId('fw-coach-ended').waitFor();
    expect(await seller.getByTestId('fw-coach-ended').innerText()).toMatch(new RegExp(`^${CONVERSATION_ENDED}`));
    expect(await result.getByTestId('fw-share-now').isDisabled()).toBe(true);
    expect(await result.getByTestId('fw-guess').isDisabled()).toBe(true);
    expect(await result.getByTestId('fw-share-why').innerText()).toBe(CONVERSATION_ENDED);
    expect(await seller.getByTestId('fw-act-greet').isDisabled()).toBe(true);
    expect(await seller.getByTestId('fw-guidance').count()).toBe(0);
    expect(await seller.getByTestId('fw-share-send').isDisabled()).toBe(true);
    expect(await seller.getByTestId('fw-share-send').getAttribute('title')).toBe(CONVERSATION_ENDED);
    await screenshot(seller, 'live-overlay-ended-results');
    await seller.getByTestId('fw-coach-ended').scrollIntoViewIfNeeded();
    await screenshot(seller, 'live-overlay-ended-coach');
    await Promise.all([seller.close(), buyer.close()]);
  });

  it('delete all data on the options page: an open chat page drops its counts and turn at once, with the worker stopped before', async () => {
    const h = harness();
    const { seller, buyer } = await startChat(await roomFor('B.IIc', 1), 'headphones');
    await seller.getByTestId('fw-acts').waitFor();
    await buyerSays(buyer, seller, 'Hello, headphones please.');
    await sellerSays(seller, 'Sure, what will you use them for?');
    await buyerSays(buyer, seller, 'Running, mostly.');
    await sellerSays(seller, 'Do they need to be waterproof?');
    await expect.poll(() => turn(seller)).toBeGreaterThanOrEqual(2);
    await expect.poll(() => saved(seller), { timeout: 15_000 }).toBeGreaterThan(0);
    const countsBefore = `turn ${await turn(seller)}, ${await saved(seller)} saved`;

    // The worker is stopped (as Chrome does when idle): the deletion starts a new one, whose change still arrives.
    const options = await openOptions(h, 'data');
    const worker = await workerControl(h);
    await worker.stop();
    const starts = worker.starts();
    await options.getByTestId('delete-all').click();
    await options.getByTestId('confirm-delete').click();
    await expect.poll(() => options.getByTestId('delete-status').innerText()).toMatch(/^Deleted \d+ events\.$/);
    expect(worker.starts()).toBeGreaterThan(starts);

    await expect.poll(() => turn(seller)).toBe(0);
    await expect.poll(() => saved(seller)).toBe(0);
    await screenshot(seller, 'live-overlay-after-delete');
    expect(countsBefore).not.toBe('turn 0, 0 saved');

    // The conversation goes on from there: its next messages count from zero.
    await buyerSays(buyer, seller, 'Something light.');
    await sellerSays(seller, 'These weigh 180 grams.');
    await expect.poll(() => turn(seller)).toBe(1);
    await expect.poll(() => saved(seller)).toBeGreaterThan(0);
    await worker.dispose();
    await Promise.all([seller.close(), buyer.close(), options.close()]);
  });

  it('the catalog replaced: the overlay drops filters and categories that are gone, and searches the new products', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    await page.getByTestId('fw-cat-headphones').click();
    await page.getByTestId('fw-search-input').fill('wireless');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 20_000 }).toMatch(/^1–8 of \d+/);
    expect(await page.getByTestId('fw-cat-headphones').getAttribute('aria-pressed')).toBe('true');

    const products = Array.from({ length: 5 }, (_, i) => ({
      id: `SH-${i + 1}`,
      category: 'garden_tools',
      title: `Quillfern Wireless Hedge Trimmer ${i + 1}`,
      brand: 'Wolf',
      description: 'Cordless, for small hedges.',
      price: 40 + i,
      rating: 4,
      ratingCount: 10,
      attributes: {},
      images: [],
    }));
    const ext = await h.context.newPage();
    await ext.goto(h.extensionUrl('popup.html'));
    await adminCall(ext, 'stageProducts', 'live-import-1', products);
    await adminCall(ext, 'commitImport', 'live-import-1', {
      mode: 'replace',
      name: 'hedge-shop',
      categories: [{ id: 'garden_tools', label: 'Garden tools' }],
    });

    // No reload: the old category and its filter are gone, the words stay and find the new catalog's products.
    await page.getByTestId('fw-cat-garden_tools').waitFor();
    expect(await page.getByTestId('fw-cat-headphones').count()).toBe(0);
    expect(await page.getByTestId('fw-cat-garden_tools').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toBe('1–5 of 5');
    expect(await page.getByTestId('fw-search-input').inputValue()).toBe('wireless');
    await screenshot(page, 'live-overlay-catalog-replaced');

    // And back: the default catalog restored elsewhere brings its categories back to the open page.
    await adminCall(ext, 'restoreDefaultCatalog');
    await page.getByTestId('fw-cat-headphones').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/^1–8 of \d+/);
    await Promise.all([page.close(), ext.close()]);
  });

  it('a study left on the options page: an open popup and an open chat page follow', async () => {
    const h = harness();
    const { code } = await studyWithSeller('B.IIc', 1, 'Live study');
    const options = await openOptions(h);
    await joinFromOptions(options, server().url, code);
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    await expect.poll(() => page.getByTestId('fw-study').innerText()).not.toBe(LOCAL_STUDY);
    const popup = await h.context.newPage();
    await popup.setViewportSize({ width: 360, height: 480 });
    await popup.goto(h.extensionUrl('popup.html'));
    await popup.getByTestId('popup-study').filter({ hasText: 'Live study' }).waitFor();

    await options.getByRole('button', { name: 'Leave study' }).click();
    await expect.poll(() => page.getByTestId('fw-study').innerText()).toBe(LOCAL_STUDY);
    // The open popup shows what a popup opened now shows.
    const fresh = await h.context.newPage();
    await fresh.goto(h.extensionUrl('popup.html'));
    const now = await fresh.getByTestId('popup-study').innerText();
    expect(now).not.toMatch(/^Live study$/);
    await expect.poll(() => popup.getByTestId('popup-study').innerText()).toBe(now);
    await screenshot(popup, 'live-popup-study-left');
    await Promise.all([page.close(), popup.close(), fresh.close(), options.close()]);
  });

  it('the options page follows changes made elsewhere: a study joined in another tab, logging paused in the popup, data deleted', async () => {
    const h = harness();
    const { code } = await studyWithSeller('B.IIc', 1, 'Followed study');
    const watching = await openOptions(h, 'study');
    const other = await openOptions(h, 'study');
    const { page, click } = await openProductPage(h);
    await click(3); // three logged clicks, so there is something to delete
    await expect.poll(() => storedTotal(watching)).toBeGreaterThan(0); // Refresh, as a participant does

    await joinFromOptions(other, server().url, code);
    await watching.getByTestId('study-joined').filter({ hasText: 'Followed study' }).waitFor();

    const popup = await h.context.newPage();
    await popup.goto(h.extensionUrl('popup.html'));
    await popup.getByTestId('popup-toggle-logging').click();
    await expect.poll(() => watching.getByTestId('consent-given').getAttribute('data-logging')).toBe('paused');
    await popup.getByTestId('popup-toggle-logging').click();
    await expect.poll(() => watching.getByTestId('consent-given').getAttribute('data-logging')).toBe('on');

    await other.getByRole('button', { name: 'Leave study' }).click();
    await expect.poll(() => watching.getByTestId('study-joined').count()).toBe(0);
    await showSection(other, 'data');
    await other.getByTestId('delete-all').click();
    await other.getByTestId('confirm-delete').click();
    await expect.poll(() => watching.getByTestId('store-status').innerText()).toMatch(/^0 events stored/);
    await Promise.all([watching.close(), other.close(), page.close(), popup.close()]);
  });
});
