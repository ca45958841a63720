import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { ROOT, screenshot, useHarness } from './harness';
import { openOptions, storedEvents } from './options-page';
import { CHAT_LIB_SITES, HISTORY_TEXTS, locateDeep, type ChatLibSite } from './chat-lib-sites';
import { chooseChatTab, emptyChatSiteForm, PICKED_FIELDS, pickField, saveChatSiteForm, typeChatSite } from './chat-site-form';

/**
 * The coached Seller on chat pages built from published chat UI libraries (tests/fixtures/pages/chats/README.md,
 * "Pages built from published chat UI libraries"): each site is configured by typing its documented selectors in
 * the options page, then messages go out with Enter, with the page's own send button (a real mouse click) and with
 * Ctrl+Enter, each held until an act is chosen, and the stored events are checked against what the page sent.
 */

const sentOf = (page: Page) => page.evaluate(() => [...(window as unknown as { fixtureSent: string[] }).fixtureSent]);

describe('the coached Seller on chat pages built from published chat UI libraries', () => {
  const harness = useHarness();

  beforeAll(() => {
    // The pages are build output; `npm test` builds them first, this keeps a lone run of this file working.
    const built = spawnSync('npx', ['tsx', 'scripts/fixtures/build-chat-libs.ts'], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`npm run fixtures failed:\n${built.stderr}`);
  });

  /** Opens the options page and the site's page, configures the site with `configure`, and reloads the page. */
  const configured = async (site: ChatLibSite, configure: (options: Page, page: Page, host: string) => Promise<void>) => {
    const h = harness();
    const since = Date.now(); // the tests share one browser: this test's events are those stored from now on
    const options = await openOptions(h, 'sites');
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chats/libs/${site.path}`);
    await configure(options, page, new URL(h.fixtures.url).hostname);
    await page.bringToFront();
    await page.reload(); // the configuration is read when the page loads
    await page.getByTestId('fw-acts').waitFor();
    return { options, page, since };
  };

  for (const site of CHAT_LIB_SITES) {
    it(`${site.name}: typed selectors; Enter, the page's button and Ctrl+Enter held and labeled; Buyer messages logged once`, async () => {
      const { options, page, since } = await configured(site, async (options, page, host) => {
        // ChatUI draws its send button only while there is text: as the dry run's refusal says, type a letter first.
        if (!(await locateDeep(page, site.fields.send).count())) await locateDeep(page, site.fields.input).pressSequentially('x');
        await typeChatSite(options, page, { host, fields: site.fields, enterSends: true });
      });
      await coachedExchange(options, page, site, 'typed', since);
    });

    it(`${site.name}: configured by picking on the page (a Buyer message, one of yours, the box, the button); then coached as typed`, async () => {
      const { options, page, since } = await configured(site, async (options, page) => {
        await options.bringToFront();
        await chooseChatTab(options, await page.title());
        await emptyChatSiteForm(options);
        for (const field of PICKED_FIELDS) await pickField(options, page, site.fields, field);
        // What the picks inferred (the list and the text part came with the message) is what the form now holds.
        expect(await options.getByTestId('chat-site-messageList').inputValue()).not.toBe('');
        await screenshot(options, `chat-libs-${site.name}-picked-form`);
        await saveChatSiteForm(options);
      });
      await coachedExchange(options, page, site, 'picked', since);
    });
  }
});

/**
 * Coached sends with Enter, the page's own send button (a real mouse click) and Ctrl+Enter, each held until an act
 * is chosen, with Buyer messages before and after; then the stored events checked against what the page sent.
 */
async function coachedExchange(options: Page, page: Page, site: ChatLibSite, how: string, since: number): Promise<void> {
  const tag = `(${site.name}, ${how})`;
  const input = locateDeep(page, site.fields.input);
  const send = locateDeep(page, site.fields.send);
  const buyer = [`Hi, is the green one waterproof? ${tag}`, `first of a batch ${tag}`, `second of a batch ${tag}`];
  await page.evaluate((t) => window.fixtureReceive([t]), buyer[0] ?? '');
  await page.evaluate((t) => window.fixtureReceive(t), buyer.slice(1));

  /** Types `text`, tries to send it, checks it is held (not sent), chooses an act, and waits for the page to send it. */
  const coachedSend = async (text: string, attempt: () => Promise<void>, choose: () => Promise<void>) => {
    const before = (await sentOf(page)).length;
    await input.click();
    await page.keyboard.type(text);
    await attempt();
    await page.getByTestId('fw-choose-act').waitFor();
    expect(await sentOf(page)).toHaveLength(before); // held: the page has not sent it
    await choose();
    await expect.poll(() => sentOf(page)).toHaveLength(before + 1);
    expect((await sentOf(page)).at(-1)).toBe(text);
    await expect.poll(() => page.getByTestId('fw-choose-act').count()).toBe(0);
  };

  await coachedSend(
    `Enter sends ${tag}`,
    () => page.keyboard.press('Enter'),
    () => page.keyboard.press('3'), // ask_use, by its number while held (acts with no limit: the tests share a conversation)
  );
  await coachedSend(
    `The button sends ${tag}`,
    () => send.click(), // a real mouse press and release on the page's own button
    async () => {
      await screenshot(page, `chat-libs-${site.name}-held`);
      await page.getByTestId('fw-act-recommend').click(); // by clicking the act in the overlay
    },
  );
  await coachedSend(
    `Ctrl+Enter sends ${tag}`,
    () => page.keyboard.press('Control+Enter'),
    () => page.keyboard.press('5'), // ask_features
  );
  const late = `one more question ${tag}`;
  await page.evaluate((t) => window.fixtureReceive([t]), late);
  buyer.push(late);
  await screenshot(page, `chat-libs-${site.name}`);

  const sent = await sentOf(page);
  const seller: [string, string[]][] = [
    [`Enter sends ${tag}`, ['ask_use']],
    [`The button sends ${tag}`, ['recommend']],
    [`Ctrl+Enter sends ${tag}`, ['ask_features']],
  ];
  expect(sent).toEqual(seller.map(([t]) => t));

  await options.bringToFront();
  const here = async () =>
    (await storedEvents(options)).filter((e) => e.time >= since && e.url?.includes(`/libs/${site.path}`)).sort((a, b) => a.time - b.time);
  const utters = async () => (await here()).filter((e) => e.action === 'utter');
  await expect.poll(async () => (await utters()).length, { timeout: 15_000 }).toBe(buyer.length + seller.length);
  const events = await utters();
  const texts = (agent: string) => events.filter((e) => e.agent === agent).map((e) => (e.action === 'utter' ? e.payload : null));
  // Every Buyer message once, in order; no sender name or time line logged as a message.
  expect(texts('Buyer').map((p) => p?.text)).toEqual(buyer);
  // Every Seller message once, with the act chosen for it, held (no `held: false`), and only what the page sent.
  expect(texts('Seller').map((p) => [p?.text, p?.acts, p?.held])).toEqual(seller.map(([t, a]) => [t, a, undefined]));
  expect(texts('Seller').every((p) => sent.includes(p?.text ?? ''))).toBe(true);
  // The history on the page at load is never logged as new.
  expect(events.some((e) => e.action === 'utter' && HISTORY_TEXTS.some((t) => e.payload.text.includes(t)))).toBe(false);
  // One act choice per send.
  expect((await here()).filter((e) => e.action === 'select_act')).toHaveLength(seller.length);
  await page.close();
  await options.close();
}
