import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { serveFolder } from '../../scripts/static-server';
import { extensionIdOf, FIXTURES_DIR, launchBrowser, optionsTabOpenedOnInstall, screenshot } from './harness';
import { storedTotal } from './options-page';
import { afterLoggerRestart, contentScriptReady, NOTHING_ARRIVES_MS } from './product-page';

describe('consent on first run', () => {
  it('opens the consent screen on install and records nothing until the participant agrees', async () => {
    const profile = await mkdtemp(join(tmpdir(), 'fw-consent-'));
    const fixtures = await serveFolder(FIXTURES_DIR);
    const context = await launchBrowser(profile);
    // Closed when the test is over, after a failing test's screenshots (tests/e2e/setup.ts) are taken.
    onTestFinished(async () => {
      await context.close();
      await fixtures.close();
      await rm(profile, { recursive: true, force: true });
    });
    const id = await extensionIdOf(context);
    // Installing opens the options page with the consent screen.
    const options = await optionsTabOpenedOnInstall(context, id);
    await options.getByTestId('consent-panel').waitFor();
    await screenshot(options, 'options-consent');

    const product = await context.newPage();
    await product.goto(`${fixtures.url}/product.html`);
    await contentScriptReady(product); // it has asked whether to log (and been told no)
    for (let i = 0; i < 5; i++) await product.click('#add-to-cart');
    await product.waitForTimeout(NOTHING_ARRIVES_MS);
    expect(await storedTotal(options)).toBe(0);

    await options.getByRole('radio', { name: 'Seller' }).check();
    await options.getByTestId('consent-agree').click();
    await options.getByTestId('consent-given').waitFor();
    await product.reload();
    await contentScriptReady(product);
    for (let i = 0; i < 5; i++) await product.click('#add-to-cart');
    await expect.poll(() => storedTotal(options), { timeout: 10_000 }).toBe(5);

    // Pausing from the popup stops logging on the page already open; resuming starts it again, no reload.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${id}/popup.html`);
    // (The background refuses events while paused too, so clicks racing the pause would not be kept either.)
    await popup.getByTestId('popup-toggle-logging').click();
    await popup.getByTestId('popup-logging').filter({ hasText: 'paused' }).waitFor();
    for (let i = 0; i < 5; i++) await product.click('#add-to-cart');
    await product.waitForTimeout(NOTHING_ARRIVES_MS);
    expect(await storedTotal(options)).toBe(5);
    await afterLoggerRestart(popup, product.url(), async () => {
      await popup.getByTestId('popup-toggle-logging').click();
      await popup.getByTestId('popup-logging').filter({ hasText: 'on' }).waitFor();
    });
    for (let i = 0; i < 3; i++) await product.click('#add-to-cart');
    await expect.poll(() => storedTotal(options), { timeout: 10_000 }).toBe(8);
  });
});
