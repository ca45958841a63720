import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, ROOT, waitFor } from './harness';
import { launchFirefox, type Firefox } from './firefox-bidi';
import { serveFolder, type StaticServer } from '../../scripts/static-server';
import { SITE_SCRIPT_ID, PAGE_SCRIPT_FILE } from '../../lib/background/site-service';

// The Firefox build (`npm run build:firefox`, MV2: an event page, optional origins among optional_permissions) in
// Debian's firefox-esr, headless, installed as a temporary add-on over WebDriver BiDi (firefox-bidi.ts). CI installs
// firefox-esr beside chromium.
const BUILD = join(ROOT, '.output/firefox-mv2');
const manifest = JSON.parse(readFileSync(join(BUILD, 'manifest.json'), 'utf8')) as {
  browser_specific_settings: { gecko: { id: string; strict_min_version: string } };
};
const { id: ADDON_ID, strict_min_version: MIN_VERSION } = manifest.browser_specific_settings.gecko;
/** The extension's internal UUID, fixed by a pref, so its pages have a known address. */
const UUID = '0b7c6f4e-1d7a-4b8e-9a1e-2f4d3c5b6a70';
const BASE = `moz-extension://${UUID}`;

const PREFS = {
  'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: UUID }),
  // The prompt for an optional permission is browser chrome no driver can click; with this test pref Firefox answers
  // permissions.request itself (still only from a user's click, which the test makes with real pointer input).
  'extensions.webextOptionalPermissionPrompts': false,
  // A shop that is not a built-in site, on the fixture server: shop.test resolves to loopback.
  'network.dns.localDomains': 'shop.test',
};

const major = (version: string) => Number(version.split('.')[0]);

describe('the Firefox build in Firefox ESR', () => {
  let ff: Firefox;
  let fixtures: StaticServer;
  beforeAll(async () => {
    fixtures = await serveFolder(FIXTURES_DIR);
    ff = await launchFirefox(PREFS);
  });
  afterAll(async () => {
    await ff?.close();
    await fixtures?.close();
  });

  /** Waits for an element (in open shadow roots too) and clicks it with the pointer. */
  async function clickOn(context: string, selector: string) {
    const node = await waitFor(() => ff.find(context, selector), 15_000, selector);
    await ff.click(context, node);
  }
  const textOf = (context: string, selector: string) =>
    ff.evaluate<string | null>(context, `document.querySelector(${JSON.stringify(selector)})?.textContent ?? null`);
  async function storedEvents(options: string): Promise<number> {
    await ff.evaluate(options, `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Refresh')?.click()`);
    return Number(/(\d+) events stored/.exec((await textOf(options, '[data-testid="store-status"]')) ?? '')?.[1] ?? NaN);
  }

  it('is new enough for the manifest', () => {
    expect(major(ff.version)).toBeGreaterThanOrEqual(major(MIN_VERSION));
  });

  it('installs, its background answers, and a site allowed at run time gets the content script registered with scripting', async () => {
    const { extension } = await ff.send<{ extension: string }>('webExtension.install', { extensionData: { type: 'path', path: BUILD } });
    expect(extension).toBe(ADDON_ID);

    // The extension opens its options page on install (BiDi may not open extension pages itself); its header's
    // count comes from the background over the runtime port, so the background is up and answering.
    const options = await waitFor(
      async () => (await ff.tabs()).find((t) => t.url.startsWith(`${BASE}/options.html`))?.context,
      20_000,
      'the options tab',
    );
    expect(
      await waitFor(
        async () => /^0 events stored/.test((await textOf(options, '[data-testid="store-status"]')) ?? '') || null,
        15_000,
        'the stored count',
      ),
    ).toBe(true);

    await clickOn(options, 'input[type="radio"][name="role"]');
    await clickOn(options, '[data-testid="consent-agree"]');
    await waitFor(() => ff.find(options, '[data-testid="consent-given"]'), 10_000, 'consent given');

    // Allow a shop: permissions.request from the click, then the background registers the page script for it.
    const port = new URL(fixtures.url).port;
    await clickOn(options, '[data-testid="tab-sites"]');
    await clickOn(options, '[data-testid="site-input"]');
    await ff.type(options, `http://shop.test:${port}/product.html`);
    await clickOn(options, '[data-testid="site-allow"]');
    const message = await waitFor(async () => (await textOf(options, '[data-testid="site-message"]')) || null, 10_000, 'the site message');
    expect(message).toMatch(/^Logging is allowed on shop\.test/);
    expect(await ff.evaluate(options, 'browser.permissions.getAll()')).toMatchObject({
      origins: expect.arrayContaining(['http://shop.test/*']),
    });
    const registered = await ff.evaluate<{ id: string; js?: string[]; matches?: string[] }[]>(
      options,
      'browser.scripting.getRegisteredContentScripts()',
    );
    expect(registered.find((s) => s.id === SITE_SCRIPT_ID)).toMatchObject({
      js: [PAGE_SCRIPT_FILE],
      matches: expect.arrayContaining(['http://shop.test/*']),
    });

    // The registered script runs on the shop: the Seller's share button comes (its UI injected by the background
    // with scripting.executeScript), and clicks there are logged into the extension's IndexedDB.
    const { context: shop } = await ff.send<{ context: string }>('browsingContext.create', { type: 'tab' });
    await ff.send('browsingContext.navigate', { context: shop, url: `http://shop.test:${port}/product.html`, wait: 'complete' });
    await waitFor(() => ff.find(shop, '[data-testid="fw-s2c-open"]'), 20_000, 'the share button on the shop page');
    for (let i = 0; i < 3; i++) await clickOn(shop, '#add-to-cart');
    await ff.send('browsingContext.activate', { context: options });
    expect(await waitFor(async () => ((await storedEvents(options)) >= 3 ? true : null), 20_000, 'three stored events')).toBe(true);
  });
});
