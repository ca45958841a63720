import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Frame, type FrameLocator, type Locator, type Page } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import { CHROMIUM, CHROMIUM_ARGS, FIXTURES_DIR, ROOT, screenshot } from './harness';
import { serveFolder, type StaticServer } from '../../scripts/static-server';
import { CHAT_LIB_SITES } from './chat-lib-sites';

// The chat fixture pages built from published chat UI libraries (tests/fixtures/pages/chats/README.md, "Pages built
// from chat UI libraries") work as documented: the documented selectors find the history, and Enter, the page's send
// button and Ctrl+Enter send, fixtureReceive adds Buyer messages. Plain Chromium, no extension: this checks the pages.

/** The conversation every page starts with (tests/fixtures/chat-libs/shared/fixture-api.ts). */
const HISTORY = [
  { mine: false, text: 'Hi! Is the trail backpack still available?' },
  { mine: false, text: 'I mean the 30 litre one, in green.' },
  { mine: true, text: 'Hello! Yes, we have two left in green.' },
  { mine: false, text: 'Great. Does it fit a 15 inch laptop?' },
  { mine: true, text: 'It does, there is a padded sleeve at the back.' },
];

/** The selectors a person types for each page, as docs/using-the-extension.md documents them (` >>> ` crosses a shadow root or frame). */
interface Selectors {
  messageList: string;
  message: string;
  mine: string;
  text: string;
  input: string;
  send: string;
}

interface LibPage {
  name: string;
  path: string;
  selectors: Selectors;
  /** The chat is in a frame of another origin: selectors run in that frame (its URL contains this). */
  crossOriginFrame?: string;
}

/** The documented selectors of each page (chat-lib-sites.ts); the cross-origin widget's run inside its frame. */
const selectorsOf = (name: string): Selectors => {
  const fields = CHAT_LIB_SITES.find((s) => s.name === name)?.fields;
  if (!fields?.text) throw new Error(`no documented selectors for ${name}`);
  return { ...fields, text: fields.text };
};

const PAGES: LibPage[] = [
  ...CHAT_LIB_SITES.map((s) => ({ name: s.name, path: s.path, selectors: selectorsOf(s.name) })),
  { name: 'widget-cross-origin', path: 'widget-cross-origin.html', selectors: selectorsOf('chatscope'), crossOriginFrame: '//localhost:' },
];

interface Snapshot {
  lists: number;
  messages: { text: string; mine: boolean; inList: boolean }[];
  inputs: number;
  sends: number;
}

/** Resolves the documented selectors in the page (or frame) and reads the messages as the adapter would. */
async function snapshot(where: Page | Frame, s: Selectors): Promise<Snapshot> {
  return where.evaluate((sel) => {
    // Each ` >>> ` step runs in the shadow root of the element before it, or in an iframe's document.
    const resolve = (path: string): Element[] => {
      let roots: ParentNode[] = [document];
      let found: Element[] = [];
      for (const step of path.split(' >>> ')) {
        found = roots.flatMap((r) => [...r.querySelectorAll(step)]);
        roots = found.map((el) => (el instanceof HTMLIFrameElement ? el.contentDocument : el.shadowRoot)).filter((r) => r !== null);
      }
      return found;
    };
    const lists = resolve(sel.messageList);
    const mine = new Set(resolve(sel.mine));
    return {
      lists: lists.length,
      messages: resolve(sel.message).map((m) => ({
        text: (m.querySelector(sel.text)?.textContent ?? '').trim(),
        mine: mine.has(m),
        inList: lists.some((l) => l.contains(m)),
      })),
      inputs: resolve(sel.input).length,
      sends: resolve(sel.send).length,
    };
  }, s);
}

/** A Playwright locator for a documented selector: CSS locators pierce open shadow roots; frames need frameLocator. */
function locate(page: Page, path: string, crossOrigin: boolean): Locator {
  const steps = path.split(' >>> ');
  let scope: Page | FrameLocator | Locator = crossOrigin ? page.frameLocator('iframe#support-chat') : page;
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    if (!last && step.startsWith('iframe')) scope = scope.frameLocator(step);
    else scope = scope.locator(step);
  }
  return scope as Locator;
}

describe('chat fixture pages built from published chat UI libraries', () => {
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  const offHost: string[] = [];

  beforeAll(async () => {
    // The pages are build output; `npm test` builds them first, this keeps a lone run of this file working.
    const built = spawnSync('npx', ['tsx', 'scripts/fixtures/build-chat-libs.ts'], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`npm run fixtures failed:\n${built.stderr}`);
    server = await serveFolder(FIXTURES_DIR);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const port = new URL(server.url).port;
    context.on('request', (r) => {
      const u = new URL(r.url());
      const loopback = (u.hostname === '127.0.0.1' || u.hostname === 'localhost') && u.port === port;
      if (!loopback && !u.protocol.startsWith('data') && u.protocol !== 'about:') offHost.push(r.url());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const lib of PAGES) {
    it(`${lib.name}: documented selectors, Enter, the send button, Ctrl+Enter, ⌘+Enter, Shift+Enter and fixtureReceive`, async () => {
      const page = await context.newPage();
      await page.goto(`${server.url}/chats/libs/${lib.path}`);
      const crossOrigin = lib.crossOriginFrame !== undefined;
      const where = async (): Promise<Page | Frame> => {
        if (!crossOrigin) return page;
        const frame = page.frames().find((f) => f.url().includes(lib.crossOriginFrame ?? ''));
        if (!frame) throw new Error('the widget frame has not loaded yet');
        return frame;
      };
      const snap = async () => snapshot(await where(), lib.selectors);
      const sent = () => page.evaluate(() => [...window.fixtureSent]);

      // History: exactly the five messages, in order, two of them the Seller's, all inside the one message list.
      await expect.poll(async () => (await snap()).messages.length, { timeout: 10_000 }).toBe(HISTORY.length);
      const first = await snap();
      expect(first.lists).toBe(1);
      expect(first.inputs).toBe(1);
      expect(first.messages).toEqual(HISTORY.map((m) => ({ ...m, inList: true })));
      expect(await sent()).toEqual([]);

      const input = locate(page, lib.selectors.input, crossOrigin);
      const send = locate(page, lib.selectors.send, crossOrigin);
      const expectSent = async (text: string, ownCount: number) => {
        await expect.poll(sent).toEqual(expect.arrayContaining([text]));
        await expect.poll(async () => (await snap()).messages.filter((m) => m.mine).length).toBe(ownCount);
        const messages = (await snap()).messages;
        expect(messages.at(-1)).toEqual({ text, mine: true, inList: true });
      };

      // Enter sends.
      await input.click();
      await page.keyboard.type(`Enter sends (${lib.name})`);
      await page.keyboard.press('Enter');
      await expectSent(`Enter sends (${lib.name})`, 3);

      // The library's own send button sends.
      await input.click();
      await page.keyboard.type(`The button sends (${lib.name})`);
      await send.click();
      await expectSent(`The button sends (${lib.name})`, 4);

      // Ctrl+Enter, the alternative send key, sends once.
      await input.click();
      await page.keyboard.type(`Ctrl+Enter sends (${lib.name})`);
      await page.keyboard.press('Control+Enter');
      await expectSent(`Ctrl+Enter sends (${lib.name})`, 5);

      // ⌘+Enter too.
      await input.click();
      await page.keyboard.type(`Meta+Enter sends (${lib.name})`);
      await page.keyboard.press('Meta+Enter');
      await expectSent(`Meta+Enter sends (${lib.name})`, 6);

      // Shift+Enter is a newline; the two lines go out as one message.
      await input.click();
      await page.keyboard.type('line one');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('line two');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await sent()).length).toBe(5);
      expect((await sent())[4]).toMatch(/^line one\n+line two$/);
      await expect.poll(async () => (await snap()).messages.filter((m) => m.mine).length).toBe(7);

      expect(await sent()).toEqual([
        `Enter sends (${lib.name})`,
        `The button sends (${lib.name})`,
        `Ctrl+Enter sends (${lib.name})`,
        `Meta+Enter sends (${lib.name})`,
        (await sent())[4],
      ]);

      // fixtureReceive adds Buyer messages through the library.
      await page.evaluate(() => window.fixtureReceive(['Buyer: one more question', 'Buyer: is there a rain cover?']));
      await expect.poll(async () => (await snap()).messages.length).toBe(HISTORY.length + 7);
      const last = (await snap()).messages.slice(-2);
      expect(last).toEqual([
        { text: 'Buyer: one more question', mine: false, inList: true },
        { text: 'Buyer: is there a rain cover?', mine: false, inList: true },
      ]);

      await screenshot(page, `chat-lib-${lib.name}`);
      expect(offHost).toEqual([]);
      await page.close();
    });
  }
});
