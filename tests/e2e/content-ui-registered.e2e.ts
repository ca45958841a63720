import { describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { screenshot, useHarness, workerControl, type Harness } from './harness';
import { openOptions } from './options-page';
import { FIXTURE_CHAT_FIELDS } from './chat-lib-sites';
import { typeChatSite } from './chat-site-form';
import { contentScriptReady } from './product-page';
import { giveSiteAccessInBrowserSettings, registeredScripts } from './site-access';
import { originsFor } from '../../lib/sites/site';
import { UI_SCRIPT_FILE, UI_SCRIPT_ID } from '../../lib/sites/ui-script';

/**
 * On chat pages the content script's UI script comes with it (lib/sites/ui-script.ts): from the manifest on the
 * built-in sites, from one dynamic registration on the chat sites a participant adds. So the overlay's panel does not
 * wait for the service worker, which Chrome stops when idle and whose start takes longer than the rest of the way to
 * the panel. To show that the panel needs nothing from the worker, the worker is kept busy (a long task on its thread:
 * it cannot answer anything) while the page loads: the panel shows, and the coaching checklist, which does need the
 * worker, only once it is free again.
 */

/**
 * How long the panel may take with the worker busy: far longer than a page load and the panel take on a loaded machine
 * (well under a second; one CI-like run under load missed 5 s), and shorter than the hold, so a panel that waited for
 * the worker fails the test.
 */
const PANEL_TIMEOUT_MS = 10_000;
/** How long the worker is kept busy: past the panel's time limit. The test waits on conditions; this bounds the hold. */
const WORKER_HOLD_MS = PANEL_TIMEOUT_MS + 5_000;

/** The coaching checklist, which comes once the coach has its schema and state from the worker. */
const CHECKLIST = '[aria-labelledby="fw-coach-h"]';

const panel = (page: Page) => page.locator('floorwalker-overlay >> .fw-panel');

/** Keeps the worker's thread busy for `ms`: messages to it wait until then. `held()` is true until it is free again. */
function holdWorker(worker: Worker, ms: number): { held(): boolean; released: Promise<void> } {
  let held = true;
  const released = worker.evaluate(`(() => { const end = Date.now() + ${ms}; while (Date.now() < end); })()`).then(() => {
    held = false;
  });
  return { held: () => held, released };
}

/** The extension's running service worker, as Playwright has it. */
async function currentWorker(h: Harness): Promise<Worker> {
  return h.context.serviceWorkers()[0] ?? (await h.context.waitForEvent('serviceworker'));
}

/** Loads a chat page (`load`) with the worker busy: the panel shows while it is, the checklist only once it is free. */
async function loadWithWorkerBusy(h: Harness, page: Page, load: () => Promise<unknown>, shot: string): Promise<void> {
  const hold = holdWorker(await currentWorker(h), WORKER_HOLD_MS);
  await load();
  await expect.poll(() => panel(page).isVisible(), { timeout: PANEL_TIMEOUT_MS }).toBe(true);
  // Both still hold while the panel is up: the worker had not answered anything (no checklist yet).
  expect(hold.held()).toBe(true);
  expect(await page.locator(CHECKLIST).count()).toBe(0);
  await screenshot(page, shot);
  await hold.released;
  await expect.poll(() => page.locator(CHECKLIST).isVisible(), { timeout: 10_000 }).toBe(true);
}

describe('the overlay on the built-in pilot chat, with the service worker unable to answer', () => {
  const harness = useHarness();

  it('shows its panel while the worker is busy, and its checklist once the worker is free', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await loadWithWorkerBusy(h, page, () => page.goto(`${h.fixtures.url}/chat.html?held`), 'content-ui-worker-busy');
  });

  it('shows its panel and then its checklist with the worker stopped before the load', async () => {
    const h = harness();
    const worker = await workerControl(h);
    const page = await h.context.newPage();
    for (const run of [1, 2]) {
      await page.goto('about:blank');
      await worker.stop();
      const startsBefore = worker.starts();
      await page.goto(`${h.fixtures.url}/chat.html?stopped=${run}`);
      await expect.poll(() => panel(page).isVisible(), { timeout: PANEL_TIMEOUT_MS }).toBe(true);
      await expect.poll(() => page.locator(CHECKLIST).isVisible(), { timeout: 10_000 }).toBe(true);
      // The page woke the worker it needed for the checklist.
      expect(worker.starts()).toBeGreaterThan(startsBefore);
    }
    await screenshot(page, 'content-ui-worker-stopped');
    await worker.dispose();
  });
});

describe('the overlay on a chat site added later', () => {
  const harness = useHarness();

  it('comes with the content script once the site is allowed and configured, and is injected on request on a storefront', async () => {
    const h = harness();
    const port = new URL(h.fixtures.url).port;
    const chatUrl = `http://chat.test:${port}/chats/textarea-button.html`;
    const shopUrl = `http://shop.test:${port}/product.html`;
    const options = await openOptions(h, 'sites');
    for (const host of ['chat.test', 'shop.test']) {
      await giveSiteAccessInBrowserSettings(h, originsFor(host));
      await options.getByTestId('site-input').fill(host);
      await options.getByTestId('site-allow').click();
      await expect.poll(() => options.getByTestId('site-message').innerText()).toMatch(new RegExp(`^Logging is allowed on ${host}`));
    }
    // Allowed, but neither is a chat site yet: the content script is registered for both, its UI script for none.
    expect((await registeredScripts(h)).map((s) => s.id)).not.toContain(UI_SCRIPT_ID);

    const chat = await h.context.newPage();
    await chat.goto(chatUrl);
    await typeChatSite(options, chat, { host: 'chat.test', fields: FIXTURE_CHAT_FIELDS['textarea-button'], enterSends: false });
    const ui = (await registeredScripts(h)).find((s) => s.id === UI_SCRIPT_ID);
    expect(ui?.js).toEqual([UI_SCRIPT_FILE]);
    expect(ui?.matches?.slice().sort()).toEqual(originsFor('chat.test').sort());
    expect(ui?.allFrames).toBe(false);

    // Reloaded with the worker busy: the panel shows, the checklist waits for the worker.
    await loadWithWorkerBusy(h, chat, () => chat.reload(), 'content-ui-chat-site-worker-busy');

    // A storefront is no chat site: its "Share to chat" button comes from the UI script injected when it asks.
    const shop = await h.context.newPage();
    await shop.goto(shopUrl);
    await contentScriptReady(shop);

    // The chat site removed: the registration goes with it.
    await options.bringToFront();
    await options.getByTestId('remove-chat-site-chat.test').click();
    await expect.poll(async () => (await registeredScripts(h)).map((s) => s.id)).not.toContain(UI_SCRIPT_ID);
  });
});
