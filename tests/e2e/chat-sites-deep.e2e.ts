import { describe, expect, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { screenshot, useHarness } from './harness';
import { openOptions, storedEvents } from './options-page';
import { typeChatSite } from './chat-site-form';

/**
 * Chats the page's own selectors cannot reach: one inside a web component's open shadow root, one in an srcdoc
 * iframe (tests/fixtures/pages/chats/README.md). Each is configured by typing deep selectors in the options page.
 */
interface DeepSite {
  page: string;
  fields: Record<string, string>;
  enterSends: boolean;
  /** Where the chat's input and send button are: the page (its shadow root is pierced by locators) or the frame. */
  chat: (p: Page) => Page | FrameLocator;
  /** The send button's icon (what a picker would have picked). */
  icon: string;
  input: string;
}

const SITES: DeepSite[] = [
  {
    page: 'shadow-component.html',
    fields: {
      messageList: 'support-chat >>> .messages',
      message: 'support-chat >>> .message',
      mine: 'support-chat >>> .group[data-side="out"]',
      text: '.bubble',
      input: 'support-chat >>> textarea.composer-input',
      send: 'support-chat >>> button.send svg',
    },
    enterSends: false,
    chat: (p) => p,
    icon: 'button.send svg',
    input: 'textarea.composer-input',
  },
  {
    page: 'iframe-srcdoc.html',
    fields: {
      messageList: 'iframe#support >>> #messages',
      message: 'iframe#support >>> .m',
      mine: 'iframe#support >>> .m[data-who="agent"]',
      input: 'iframe#support >>> #box',
      send: 'iframe#support >>> #go svg',
    },
    enterSends: true,
    chat: (p) => p.frameLocator('#support'),
    icon: '#go svg',
    input: '#box',
  },
];

/** How long the page may take to show a sent message before the coach says it was not sent (SEND_CONFIRM_MS + slack). */
const DROPPED_NOTICE_MS = 10_000;

/** Writes `text` and tries to send it; the coach holds it, an act is chosen by its number, and the page sends it. */
async function coachedSend(page: Page, input: Locator, text: string, send: () => Promise<void>, actKey: string, sentBefore: number) {
  await input.fill(text);
  await send();
  await page.getByTestId('fw-choose-act').waitFor();
  expect(((await page.evaluate('window.fixtureSent')) as string[]).length).toBe(sentBefore);
  await page.keyboard.press(actKey);
  await expect.poll(() => page.evaluate('window.fixtureSent')).toHaveLength(sentBefore + 1);
}

describe('chats inside a shadow root and an srcdoc frame, configured with deep selectors', () => {
  const harness = useHarness();

  it('holds every send (icon, button edge, Enter, Ctrl+Enter), logs what the chat shows once, and nothing it never showed', async () => {
    const h = harness();
    const host = new URL(h.fixtures.url).hostname;
    const options = await openOptions(h);
    const expected: Record<string, { buyer: string[]; seller: [string, string[] | undefined, boolean | undefined][] }> = {};

    for (const site of SITES) {
      // Save runs a dry run on the chat's tab: the chat is open first, and chosen in the form.
      const page = await h.context.newPage();
      await page.goto(`${h.fixtures.url}/chats/${site.page}`);
      await typeChatSite(options, page, { host, fields: site.fields, enterSends: site.enterSends });
      if (site === SITES[0]) await screenshot(options, 'chat-sites-deep-options');

      await page.bringToFront();
      await page.reload();
      await page.getByTestId('fw-acts').waitFor();
      const chat = site.chat(page);
      const input = chat.locator(site.input);
      const tag = `(${site.page})`;

      await page.evaluate(`fixtureReceive(['Hi, I need trail shoes under $120 ${tag}'])`);
      await page.evaluate(`fixtureReceive(['first of a batch ${tag}', 'second of a batch ${tag}'])`);

      // The icon inside the send button, as a picker would have picked it.
      await coachedSend(page, input, `Hello ${tag}`, () => chat.locator(site.icon).click(), '1', 0);
      // Ctrl+Enter, the page's other send key.
      await coachedSend(page, input, `Ctrl+Enter ${tag}`, () => input.press('Control+Enter'), '2', 1);
      let sent = 2;
      const seller: [string, string[] | undefined, boolean | undefined][] = [
        [`Hello ${tag}`, ['greet'], undefined],
        [`Ctrl+Enter ${tag}`, ['ask_recipient'], undefined],
      ];
      if (site.enterSends) {
        await coachedSend(page, input, `Enter ${tag}`, () => input.press('Enter'), '4', sent++);
        seller.push([`Enter ${tag}`, ['ask_owned'], undefined]);
      } else {
        // The button's edge, outside its icon.
        const button = chat.locator(site.icon).locator('xpath=..');
        await coachedSend(page, input, `Edge ${tag}`, () => button.click({ position: { x: 2, y: 2 } }), '4', sent++);
        seller.push([`Edge ${tag}`, ['ask_owned'], undefined]);
        // Shift+Enter is a new line: never held.
        await input.fill('line one');
        await input.press('Shift+Enter');
        expect(await page.getByTestId('fw-choose-act').count()).toBe(0);
        await input.fill('');

        // The page drops a send: the coach says so, and nothing is logged as said.
        await page.evaluate('fixtureDropSends(true)');
        await input.fill(`Dropped ${tag}`);
        await chat.locator(site.icon).click();
        await page.getByTestId('fw-choose-act').waitFor();
        await page.keyboard.press('2');
        await expect
          .poll(() => page.getByTestId('fw-coach-error').innerText(), { timeout: DROPPED_NOTICE_MS })
          .toContain('The page did not send your message');
        await screenshot(page, 'chat-site-deep-dropped');
        await page.evaluate('fixtureDropSends(false)');
        await input.fill('');
      }
      // The page's own script sends: no key, no click. Logged from the list, as not held.
      await page.evaluate(`fixturePageSend('Auto-reply ${tag}')`);
      seller.push([`Auto-reply ${tag}`, undefined, false]);
      await expect.poll(() => page.evaluate('window.fixtureSent')).toHaveLength(sent + 1);
      if (site.page === 'iframe-srcdoc.html') {
        // The widget's frame reloads: a new document, whose send keys are held again and whose history is not news.
        await page.evaluate('fixtureReloadWidget()');
        await expect.poll(() => chat.locator('.m').count()).toBe(2);
        await expect.poll(() => page.evaluate('window.fixtureSent.length')).toBe(0);
        await coachedSend(page, input, `After reload ${tag}`, () => input.press('Enter'), '6', 0);
        seller.push([`After reload ${tag}`, ['ask_duration'], undefined]);
      }
      await screenshot(page, `chat-site-${site.page.replace('.html', '')}`);
      expected[site.page] = {
        buyer: [`Hi, I need trail shoes under $120 ${tag}`, `first of a batch ${tag}`, `second of a batch ${tag}`],
        seller,
      };
    }

    await options.bringToFront();
    const utters = async (pageName: string) =>
      (await storedEvents(options)).filter((e) => e.action === 'utter' && e.url?.includes(pageName)).sort((a, b) => a.time - b.time);
    for (const site of SITES) {
      const want = expected[site.page];
      await expect
        .poll(async () => (await utters(site.page)).length, { timeout: 15_000 })
        .toBe((want?.buyer.length ?? 0) + (want?.seller.length ?? 0));
      const here = await utters(site.page);
      expect(here.filter((e) => e.agent === 'Buyer').map((e) => (e.action === 'utter' ? e.payload.text : ''))).toEqual(want?.buyer);
      expect(
        here.filter((e) => e.agent === 'Seller').map((e) => (e.action === 'utter' ? [e.payload.text, e.payload.acts, e.payload.held] : [])),
      ).toEqual(want?.seller);
      // History on the page at start is never logged.
      expect(here.some((e) => e.action === 'utter' && e.payload.text.includes('(history)'))).toBe(false);
    }
  });
});
