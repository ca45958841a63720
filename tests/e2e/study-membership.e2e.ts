import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness, waitFor, type Harness } from './harness';
import { joinFromOptions, openOptions, storedEvents } from './options-page';
import { afterLoggerRestart, openProductPage } from './product-page';
import { exportedEvents, studyServer, useCleanup } from './study-server';
import { LOGGING_STATE_TEXT } from '../../lib/logging-switch';

/** What the popup and the options page say about logging, read from each as the participant sees them. */
async function loggingAsShown(h: Harness, options: Page): Promise<{ popup: string; options: string }> {
  const popup = await h.context.newPage();
  await popup.goto(h.extensionUrl('popup.html'));
  const inPopup = await popup.getByTestId('popup-logging').innerText();
  await popup.close();
  await options.getByRole('button', { name: 'Refresh' }).click();
  const consent = options.getByTestId('consent-given');
  const inOptions = (await consent.count()) ? await options.getByTestId('options-logging').innerText() : 'no consent';
  return { popup: inPopup, options: inOptions };
}

describe('leaving a study and joining again', () => {
  const harness = useHarness();
  const cleanup = useCleanup();

  it('keeps consent: events are still logged and uploaded, and the popup and options page agree throughout', async () => {
    const h = harness();
    const { first: server, study, code } = await studyServer(cleanup, 'Rejoin study');
    const options = await openOptions(h);
    const on = { popup: LOGGING_STATE_TEXT.on, options: LOGGING_STATE_TEXT.on };
    expect(await loggingAsShown(h, options)).toEqual(on);

    await joinFromOptions(options, server.url, code);
    const { page: product, click } = await openProductPage(h);
    const clicksOnServer = async () => (await exportedEvents(server.url, study.id)).filter((e) => e.action === 'click').length;
    const syncNow = () =>
      options
        .getByTestId('sync-now')
        .click()
        .catch(() => undefined);
    await click(3);
    await waitFor(async () => (await syncNow(), (await clicksOnServer()) === 3), 20_000, '3 clicks on the server');

    // Leave: consent stays, logging stays on, and the page already open goes on logging, in this browser only.
    // The open page hears about the change (storage mirror) and starts logging again under the local study.
    await afterLoggerRestart(
      options,
      product.url(),
      async () => {
        await options.getByRole('button', { name: 'Leave study' }).click();
        await options.getByTestId('study-message').filter({ hasText: 'Left the study' }).waitFor();
        expect(await loggingAsShown(h, options)).toEqual(on);
      },
      (e) => e.study === 'local',
    );
    await click(2);
    await waitFor(
      async () => (await storedEvents(options)).filter((e) => e.action === 'click' && e.study === 'local').length === 2,
      15_000,
      '2 clicks stored locally after leaving',
    );

    // Join again with the same code: the open page logs under the study again, and uploads resume.
    await afterLoggerRestart(
      options,
      product.url(),
      async () => {
        await joinFromOptions(options, server.url, code);
        expect(await loggingAsShown(h, options)).toEqual(on);
      },
      (e) => e.study === study.id,
    );
    await click(4);
    await waitFor(async () => (await syncNow(), (await clicksOnServer()) === 7), 20_000, '7 clicks on the server');
    expect(await clicksOnServer()).toBe(7);

    const popup = await h.context.newPage();
    await popup.setViewportSize({ width: 360, height: 480 });
    await popup.goto(h.extensionUrl('popup.html'));
    await popup.getByTestId('popup-study').filter({ hasText: 'Rejoin study' }).waitFor();
    // Waiting counts what this study will get: the clicks kept locally while out of it are not waiting for anything.
    expect(await popup.getByTestId('popup-pending').innerText()).toBe('0 events');
    await screenshot(popup, 'popup-after-rejoin');
    await screenshot(options, 'options-after-rejoin');
    await popup.close();
  });
});
