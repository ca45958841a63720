import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness } from './harness';
import { exportJsonl, openOptions, waitForStored } from './options-page';
import { FIXTURE_CHAT_FIELDS } from './chat-lib-sites';
import { chooseChatTab, pickOnPage, saveChatSiteForm, type StoredUtter } from './chat-site-form';

/** The three fixture chats (tests/fixtures/pages/chats/README.md), each with the selectors a participant would enter. */
const SITES = [
  {
    page: 'textarea-button.html',
    fields: FIXTURE_CHAT_FIELDS['textarea-button'],
    enterSends: false,
    write: async (p: Page, text: string) => {
      await p.locator('#compose').fill(text);
      await p.locator('#send-btn').click();
    },
  },
  {
    page: 'contenteditable-enter.html',
    fields: FIXTURE_CHAT_FIELDS['contenteditable-enter'],
    enterSends: true,
    write: async (p: Page, text: string) => {
      await p.locator('#editor').click();
      await p.keyboard.type(text);
      await p.keyboard.press('Enter');
    },
  },
  {
    page: 'virtualized.html',
    fields: FIXTURE_CHAT_FIELDS.virtualized,
    enterSends: true,
    write: async (p: Page, text: string) => {
      await p.locator('#msg').fill(text);
      await p.locator('#msg').press('Enter');
    },
  },
] as const;

/**
 * How long the virtualized list's re-created old rows stay on screen before scrolling back: long enough for the
 * message watcher to see them. That nothing is logged for them is what is under test, so this is a wait by design.
 */
const OLD_ROWS_SHOWN_MS = 300;

describe('generic chat adapters configured by selectors in the options page', () => {
  const harness = useHarness();

  it('coaches on three differently built chat sites: held sends, act labels, Buyer messages one by one and in batches, a virtualized list', async () => {
    const h = harness();
    const host = new URL(h.fixtures.url).hostname;
    const options = await openOptions(h, 'sites');

    // A broken selector is refused with the field named, and nothing is saved.
    await options.getByTestId('chat-site-host').fill(host);
    for (const [k, v] of Object.entries(SITES[0].fields)) await options.getByTestId(`chat-site-${k}`).fill(v);
    await options.getByTestId('chat-site-input').fill('textarea[');
    await options.getByTestId('chat-site-save').click();
    await expect
      .poll(() => options.getByTestId('chat-sites-status').innerText())
      .toContain('Message box: “textarea[” is not a CSS selector');
    expect(await options.getByTestId('chat-site').count()).toBe(0);

    let sent = 0;
    for (const site of SITES) {
      // One configuration per site: each fixture replaces the last one for this host.
      await options.bringToFront();
      for (const f of ['host', 'text', 'send', 'idAttribute'] as const) await options.getByTestId(`chat-site-${f}`).fill('');
      const page = await h.context.newPage();
      await page.goto(`${h.fixtures.url}/chats/${site.page}`);
      await options.bringToFront();
      // Save runs a dry run on the chosen tab: the chat's tab is chosen for every site.
      await chooseChatTab(options, (await page.title()).replace('Chat fixture: ', ''));
      if (site.page === 'contenteditable-enter.html') {
        // Picked on the page instead of typed: the participant clicks each part in the chat's tab.
        const picks: [string, string, string][] = [
          ['messageList', '#log', '#log'],
          ['message', '.row[data-author="them"] .txt', '#log div.row'],
          ['mine', '.row[data-author="me"] .txt', '#log div.row[data-author="me"]'],
          ['input', '#editor', '#editor'],
        ];
        for (const [field, target, expected] of picks) {
          const at = field === 'messageList' ? { x: 5, y: 5 } : undefined;
          expect(await pickOnPage(options, page, field, page.locator(target).first(), at)).toBe(expected);
        }
        expect(await options.getByTestId('chat-site-host').inputValue()).toBe(host);
        await screenshot(options, 'chat-sites-picked');
        await options.getByTestId('chat-site-text').fill(site.fields.text);
      } else {
        await options.getByTestId('chat-site-host').fill(host);
        for (const [k, v] of Object.entries(site.fields)) await options.getByTestId(`chat-site-${k}`).fill(v);
      }
      await options.getByTestId('chat-site-enterSends').setChecked(site.enterSends);
      await saveChatSiteForm(options);
      if (site === SITES[0]) await screenshot(options, 'chat-sites-options');

      await page.bringToFront();
      await page.reload(); // the configuration is read when the page loads
      await page.getByTestId('fw-acts').waitFor();
      // Buyer messages: one, then a batch of two added at once.
      await page.evaluate(`fixtureReceive(['Hi, I need trail shoes under $120 (${site.page})'])`);
      await page.evaluate(`fixtureReceive(['first of a batch (${site.page})', 'second of a batch (${site.page})'])`);
      await page.getByTestId('fw-profile-budget').waitFor(); // the profile read the first message

      // Held until an act is chosen, then sent by the page itself with the act attached in the log.
      await site.write(page, `Hello from ${site.page}`);
      await page.getByTestId('fw-choose-act').waitFor();
      expect(await page.evaluate('window.fixtureSent.length')).toBe(0);
      await page.keyboard.press('1');
      await expect.poll(() => page.evaluate('window.fixtureSent')).toEqual([`Hello from ${site.page}`]);
      sent++;
      if (site.page === 'virtualized.html') {
        // Scrolling the long list up re-creates hundreds of old rows: none is logged as a new message.
        await page.evaluate('fixtureScrollTo(10)');
        await page.waitForTimeout(OLD_ROWS_SHOWN_MS); // the old rows stay a while, for a wrong "new message" to be logged
        await page.evaluate('fixtureScrollTo(499)');
      }
      await screenshot(page, `chat-site-${site.page.replace('.html', '')}`);
    }

    await options.bringToFront();
    await waitForStored(options, 3 * 4);
    const { lines } = await exportJsonl(options);
    const utters = (lines as StoredUtter[]).filter((e) => e.action === 'utter' && e.url?.includes('/chats/'));
    for (const site of SITES) {
      const here = utters.filter((e) => e.url?.includes(site.page));
      expect(here.filter((e) => e.agent === 'Buyer').map((e) => e.payload.text)).toEqual([
        `Hi, I need trail shoes under $120 (${site.page})`,
        `first of a batch (${site.page})`,
        `second of a batch (${site.page})`,
      ]);
      expect(here.filter((e) => e.agent === 'Seller').map((e) => [e.payload.text, e.payload.acts])).toEqual([
        [`Hello from ${site.page}`, ['greet']],
      ]);
    }
    expect(sent).toBe(3);
  });
});
