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

  it('is coached from the overlay in the top page, holds sends until an act is clicked, and logs each message once across worker stops', async () => {
    const h = harness();
    const shopUrl = new URL(`${h.fixtures.url}/chats/libs/widget-cross-origin.html`);
    // The frame is served under the other loopback name (the fixture's host.ts): that host is the chat site.
    const frameHost = shopUrl.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const worker = await workerControl(h);

    // Configured as the README says: the widget's own page (its frame's address) open in a tab, where Save's dry run runs.
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
});
