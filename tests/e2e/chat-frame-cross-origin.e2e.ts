import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness, workerControl } from './harness';
import { openOptions, storedEvents } from './options-page';
import { CHATSCOPE } from './chat-lib-sites';
import { typeChatSite } from './chat-site-form';

/**
 * A support widget in a frame of another origin (tests/fixtures/pages/chats/libs/widget-cross-origin.html): the top
 * page cannot reach into it, so the site is configured under the frame's own host with the frame's own selectors; the
 * coach runs in the frame and the overlay in the top page shows it, relayed by the background.
 */

/** The widget's page in the frame, by which its events are told from the shop page's. */
const WIDGET_PAGE = 'widget/index.html';

const sentCount = async (page: Page) => ((await page.evaluate('window.fixtureSent')) as string[]).length;

describe('a chat widget in a cross-origin frame', () => {
  const harness = useHarness();

  /** Configures the widget's site as docs/using-the-extension.md says, then opens the shop page that frames it, with the overlay up. */
  async function openShopWithWidget() {
    const h = harness();
    const shopUrl = new URL(`${h.fixtures.url}/chats/libs/widget-cross-origin.html`);
    // The frame is served under the other loopback name (the fixture's host.ts): that host is the chat site.
    const frameHost = shopUrl.hostname === 'localhost' ? '127.0.0.1' : 'localhost';

    // Configured as docs/using-the-extension.md says: the widget's own page (its frame's address) open in a tab, where Save's dry run runs.
    const options = await openOptions(h);
    const widget = await h.context.newPage();
    const widgetUrl = new URL(`chats/libs/${WIDGET_PAGE}`, `${shopUrl.protocol}//${frameHost}:${shopUrl.port}/`);
    await widget.goto(widgetUrl.href);
    await typeChatSite(options, widget, { host: frameHost, fields: CHATSCOPE, enterSends: true });
    await widget.close();

    const page = await h.context.newPage();
    await page.goto(shopUrl.href);
    // The overlay shows in the top page (getByTestId reads the page's open shadow roots, not its frames) ...
    await page.getByTestId('fw-acts').waitFor();
    const frame = page.frameLocator('iframe#support-chat');
    const input = frame.locator(CHATSCOPE.input);
    await input.waitFor();
    return { h, options, page, frame, input, frameHost };
  }

  it('is coached from the overlay in the top page, holds sends until an act is clicked, and logs each message once across worker stops', async () => {
    const { h, options, page, frame, input, frameHost } = await openShopWithWidget();
    const worker = await workerControl(h);
    // ... and not in the frame, where the coach runs.
    expect(await frame.locator('floorwalker-overlay').count()).toBe(0);
    expect(
      new URL(
        page
          .frames()
          .find((f) => f.url().includes(WIDGET_PAGE))
          ?.url() ?? 'http://none',
      ).hostname,
    ).toBe(frameHost);

    await page.evaluate(`fixtureReceive(['Hi, is the green one in stock?'])`);

    // Enter in the frame is held: the top page's overlay asks for an act, and the page sends nothing yet.
    await input.fill('Hello from the widget');
    await input.press('Enter');
    await page.getByTestId('fw-choose-act').waitFor();
    expect(await sentCount(page)).toBe(0);
    await screenshot(page, 'chat-frame-cross-origin-held');

    // The worker is stopped while the send is held: the click in the overlay still reaches the frame.
    await worker.stop();
    await page.getByTestId('fw-act-greet').click();
    await expect.poll(() => sentCount(page)).toBe(1);
    await expect.poll(() => page.getByTestId('fw-act-greet').getAttribute('data-count')).toBe('1');
    expect(await page.getByTestId('fw-choose-act').count()).toBe(0);

    // A Buyer message arriving while the worker is stopped, then a second coached send by the widget's button.
    await worker.stop();
    await page.evaluate(`fixtureReceive(['Does it come in blue?'])`);
    await input.fill('Yes, in blue too');
    await frame.locator(CHATSCOPE.send).click();
    await page.getByTestId('fw-choose-act').waitFor();
    expect(await sentCount(page)).toBe(1);
    await worker.stop();
    await page.getByTestId('fw-act-ask_recipient').click();
    await expect.poll(() => sentCount(page)).toBe(2);
    await screenshot(page, 'chat-frame-cross-origin');
    expect(worker.starts()).toBeGreaterThanOrEqual(3);

    await options.bringToFront();
    const utters = async () =>
      (await storedEvents(options)).filter((e) => e.action === 'utter' && e.url?.includes(WIDGET_PAGE)).sort((a, b) => a.time - b.time);
    await expect.poll(async () => (await utters()).length, { timeout: 15_000 }).toBe(4);
    const logged = await utters();
    const said = (agent: string) =>
      logged.filter((e) => e.agent === agent).map((e) => (e.action === 'utter' ? [e.payload.text, e.payload.acts] : []));
    expect(said('Buyer')).toEqual([
      ['Hi, is the green one in stock?', undefined],
      ['Does it come in blue?', undefined],
    ]);
    expect(said('Seller')).toEqual([
      ['Hello from the widget', ['greet']],
      ['Yes, in blue too', ['ask_recipient']],
    ]);
    // No utter from the shop page itself (the widget's history is not news, and the top page is not a chat).
    const all = (await storedEvents(options)).filter((e) => e.action === 'utter');
    expect(all).toHaveLength(4);
    await worker.dispose();
  });

  it('shares a product found in the overlay’s search into the frame’s message box, logged once from the frame', async () => {
    const { options, page, input } = await openShopWithWidget();
    const since = Date.now();
    await page.getByTestId('fw-search-input').fill('dinosaur');
    const first = page.locator('.fw-result').first();
    await first.waitFor();
    const productId = (await first.getAttribute('data-product-id')) ?? '';
    const title = await first.locator('.fw-result-title').innerText();
    // The study's default sharing (II) on a chat with no product cards: the product goes into the message box as text.
    await first.getByTestId('fw-share-now').click();
    await page.getByTestId('fw-share-dialog').waitFor();
    await page.getByTestId('fw-share-message').fill('This one has the fossils.');
    await page.getByTestId('fw-share-send').click();
    await expect.poll(() => page.getByTestId('fw-share-status').innerText()).toBe('The product is in your message box: press Send.');
    await expect.poll(() => input.innerText()).toContain(title);
    expect(await input.innerText()).toContain('This one has the fossils.');
    await screenshot(page, 'chat-frame-cross-origin-shared');

    // Sent as any message: held for an act, then the page sends it.
    await input.press('Enter');
    await page.getByTestId('fw-choose-act').waitFor();
    await page.getByTestId('fw-act-recommend').click();
    await expect.poll(async () => ((await page.evaluate('window.fixtureSent')) as string[]).at(-1) ?? '').toContain(title);

    await options.bringToFront();
    const mine = async () => (await storedEvents(options)).filter((e) => e.time >= since && e.url?.includes(WIDGET_PAGE));
    // The share is logged at once; the message once it shows in the frame's message list and the frame's sender flushes.
    await expect.poll(async () => (await mine()).filter((e) => e.action === 'share').length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await mine()).filter((e) => e.action === 'utter' && e.agent === 'Seller').length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const share = (await mine()).find((e) => e.action === 'share');
    expect(share?.agent).toBe('Seller');
    expect(share?.payload).toMatchObject({ productIds: [productId], mode: 'II', from: 'search', message: 'This one has the fossils.' });
    const said = (await mine()).filter((e) => e.action === 'utter' && e.agent === 'Seller');
    expect(said).toHaveLength(1);
    expect(said[0]?.action === 'utter' && said[0].payload.acts).toEqual(['recommend']);
    // Nothing of it logged from the shop page itself.
    expect((await storedEvents(options)).filter((e) => e.time >= since && e.action === 'share')).toHaveLength(1);
  });
});
