import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness, type Harness } from './harness';
import { openOptions, storedSettings } from './options-page';
import { typeChatSite } from './chat-site-form';
import { FIXTURE_CHAT_FIELDS } from './chat-lib-sites';
import { usePilotServer } from './pilot-room';

/** The two laptop sizes the overlay must leave the chat usable at. */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
] as const;

interface ChatPage {
  name: string;
  /** Opens the page (configuring its site first when it needs selectors). */
  open(h: Harness, options: Page): Promise<Page>;
  input: string;
  /** The page's send button, or null where Enter is the only way to send. */
  send: string | null;
  /** How many messages the page itself has sent. */
  sent(page: Page): Promise<number>;
}

type SiteFields = Record<string, string>;

const fixtureSent = (page: Page) => page.evaluate(() => (window as unknown as { fixtureSent: string[] }).fixtureSent.length);

function configuredFixture(file: string, fields: SiteFields, enterSends: boolean, input: string, send: string | null): ChatPage {
  return {
    name: file.replace('.html', ''),
    async open(h, options) {
      const page = await h.context.newPage();
      await page.goto(`${h.fixtures.url}/chats/${file}`);
      await typeChatSite(options, page, { host: new URL(h.fixtures.url).hostname, fields, enterSends });
      await page.bringToFront();
      await page.reload();
      return page;
    },
    input,
    send,
    sent: fixtureSent,
  };
}

function builtInFixture(path: string): ChatPage {
  return {
    name: path.replace(/\.html$/, '').replace('/', '-'),
    async open(h) {
      const page = await h.context.newPage();
      await page.goto(`${h.fixtures.url}/${path}`);
      return page;
    },
    input: '#input',
    send: '#send',
    sent: fixtureSent,
  };
}

/** The panel's box, as the page sees it. */
const panelBox = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector('floorwalker-overlay')!.shadowRoot!.querySelector('.fw-panel')!.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
const panelState = (page: Page) =>
  page.evaluate(() => {
    const p = document.querySelector('floorwalker-overlay')!.shadowRoot!.querySelector('.fw-panel')!;
    return `${p.getAttribute('data-mode')}:${p.getAttribute('data-side')}`;
  });

/**
 * The chat's part `selector` is uncovered: its box does not meet the panel's, it lies inside the viewport, and the
 * element at its centre is the part (or inside it).
 */
async function expectClear(page: Page, selector: string): Promise<void> {
  const panel = await panelBox(page);
  const part = await page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, hitInside: !!hit && el.contains(hit), vw: innerWidth };
  }, selector);
  const meets = part.left < panel.right && panel.left < part.right && part.top < panel.bottom && panel.top < part.bottom;
  expect({ selector, meets, hitInside: part.hitInside, onScreen: part.left >= 0 && part.right <= part.vw }).toEqual({
    selector,
    meets: false,
    hitInside: true,
    onScreen: true,
  });
}

/** Sends a message with a real click on the page's send button (Enter where it has none), through the coach. */
async function sendThrough(page: Page, chat: ChatPage, text: string): Promise<void> {
  const before = await chat.sent(page);
  const input = page.locator(chat.input);
  await input.click();
  await page.keyboard.type(text);
  if (chat.send) await page.locator(chat.send).click();
  else await page.keyboard.press('Enter');
  await page.getByTestId('fw-choose-act').waitFor();
  await page.locator('floorwalker-overlay >> button[data-testid^="fw-act-"]:enabled').first().click();
  await expect.poll(() => chat.sent(page)).toBe(before + 1);
}

async function expectChatClear(page: Page, chat: ChatPage): Promise<void> {
  await expectClear(page, chat.input);
  if (chat.send) await expectClear(page, chat.send);
}

describe('the overlay never covers the chat', () => {
  const harness = useHarness();
  const { roomFor, startChat } = usePilotServer(harness);

  const PAGES: ChatPage[] = [
    builtInFixture('chat.html'),
    configuredFixture('textarea-button.html', FIXTURE_CHAT_FIELDS['textarea-button'], false, '#compose', '#send-btn'),
    configuredFixture('contenteditable-enter.html', FIXTURE_CHAT_FIELDS['contenteditable-enter'], true, '#editor', null),
    configuredFixture('virtualized.html', FIXTURE_CHAT_FIELDS.virtualized, true, '#msg', '#f button[type="submit"]'),
    builtInFixture('room/fixed-widget.html'),
    builtInFixture('room/full-width.html'),
    {
      name: 'pilot-seller',
      async open() {
        const { seller, buyer } = await startChat(await roomFor('B.IIc', 1), 'headphones');
        await buyer.close();
        return seller;
      },
      input: '#input',
      send: '#send',
      sent: (page) => page.locator('#messages .msg.seller').count(),
    },
  ];

  it.each(PAGES.map((p) => [p.name, p] as const))(
    '%s: input and send button clear and clickable, open and as a tab, at 1280×800 and 1366×768',
    async (_name, chat) => {
      const h = harness();
      const options = await openOptions(h);
      const page = await chat.open(h, options);
      await page.bringToFront();
      if (chat.name === 'chat') {
        // This page has no send logic of its own: count the sends the coach lets through to its form.
        await page.evaluate(() => {
          const w = window as unknown as { fixtureSent: string[] };
          w.fixtureSent = [];
          document.getElementById('composer')!.addEventListener('submit', () => w.fixtureSent.push('sent'));
        });
      }
      await page.getByTestId('fw-acts').waitFor();
      let n = 0;
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect.poll(() => panelState(page)).toMatch(/^(room|float):/);
        await expectChatClear(page, chat);
        await sendThrough(page, chat, `open at ${size.width} (${++n})`);
        await screenshot(page, `overlay-room-${chat.name}-${size.width}-open`);

        await page.getByTestId('fw-toggle').click();
        await expect.poll(() => panelState(page)).toMatch(/^tab:/);
        await expectChatClear(page, chat);
        await screenshot(page, `overlay-room-${chat.name}-${size.width}-tab`);
        await page.getByTestId('fw-toggle').click();
        await expect.poll(() => panelState(page)).toMatch(/^(room|float):/);
      }
      await page.close();
      await options.close();
    },
  );

  it('docks to the other side, remembers the place for its host and not for another, and gives the page its styles back', async () => {
    const h = harness();
    const port = new URL(h.fixtures.url).port;
    const page = await h.context.newPage();
    await page.setViewportSize(SIZES[0]);
    await page.goto(`http://127.0.0.1:${port}/room/full-width.html`);
    await expect.poll(() => panelState(page)).toBe('room:right');
    // Room is made with inline styles only, and they go when the panel collapses: the page's own, exactly.
    expect(await page.evaluate(() => document.documentElement.getAttribute('style'))).toContain('margin-right: 340px');
    await page.getByTestId('fw-toggle').click();
    await expect.poll(() => panelState(page)).toBe('tab:right');
    expect(
      await page.evaluate(() => [document.documentElement.hasAttribute('style'), document.getElementById('app')!.hasAttribute('style')]),
    ).toEqual([false, false]);
    await page.getByTestId('fw-toggle').click();

    await page.getByTestId('fw-dock').click();
    await expect.poll(() => panelState(page)).toBe('room:left');
    await expectChatClear(
      page,
      PAGES.find((p) => p.name === 'room-full-width')!,
    );
    await screenshot(page, 'overlay-room-docked-left');
    const options = await openOptions(h);
    await expect.poll(async () => (await storedSettings(options))?.overlay.sites['127.0.0.1']).toEqual({ collapsed: false, side: 'left' });
    await page.bringToFront();
    await page.reload();
    await expect.poll(() => panelState(page)).toBe('room:left');

    // The same page on another host keeps the default place.
    const other = await h.context.newPage();
    await other.setViewportSize(SIZES[0]);
    await other.goto(`http://localhost:${port}/room/full-width.html`);
    await expect.poll(() => panelState(other)).toBe('room:right');
    await other.getByTestId('fw-toggle').click();
    await expect.poll(() => panelState(other)).toBe('tab:right');
    await other.reload();
    await expect.poll(() => panelState(other)).toBe('tab:right');
    await page.reload();
    await expect.poll(() => panelState(page)).toBe('room:left');
    expect((await storedSettings(options))?.overlay.sites).toEqual({
      '127.0.0.1': { collapsed: false, side: 'left' },
      localhost: { collapsed: true, side: 'right' },
    });
    await Promise.all([page.close(), other.close(), options.close()]);
  });

  it('in a window too narrow to make room, floats on the side where the chat is clear', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.setViewportSize({ width: 860, height: 700 });
    await page.goto(`${h.fixtures.url}/room/fixed-widget.html`);
    // The widget sits bottom right, so the panel floats on the left, over the shop's page and clear of the chat.
    await expect.poll(() => panelState(page)).toBe('float:left');
    await expectChatClear(
      page,
      PAGES.find((p) => p.name === 'room-fixed-widget')!,
    );
    expect(await page.evaluate(() => document.documentElement.hasAttribute('style'))).toBe(false);
    await screenshot(page, 'overlay-room-narrow-float');
    await page.close();
  });
});
