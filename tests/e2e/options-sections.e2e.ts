import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { knownStudyEvents } from '../unit/helpers/study-export';
import { screenshot, useHarness } from './harness';
import { openOptions, showSection, waitForStored } from './options-page';
import { openProductPage } from './product-page';
import { giveSiteAccessInBrowserSettings } from './site-access';

/** The checklist's steps as `id:done`, in order. */
async function steps(options: Page): Promise<string[]> {
  return options
    .getByTestId('getting-started')
    .locator('li')
    .evaluateAll((lis) => lis.map((li) => `${li.getAttribute('data-testid')?.replace('step-', '')}:${li.getAttribute('data-done')}`));
}

const selectedTab = (options: Page) => options.locator('[role="tab"][aria-selected="true"]').getAttribute('data-testid');

describe('the options page, as sections that guide', () => {
  const harness = useHarness();

  it('shows each section as a tab (kept in the URL, keyboard operable), an empty state that says what to do, and a checklist from the real state', async () => {
    const h = harness();
    const options = await openOptions(h);
    expect(await selectedTab(options)).toBe('tab-study');
    // A fresh install after consent: the other steps are still to do, each with a way there.
    await expect.poll(() => steps(options)).toEqual(['consent:true', 'study:false', 'site:false', 'event:false']);
    expect(await options.getByTestId('getting-started').getAttribute('open')).not.toBeNull();
    await screenshot(options, 'options-study-empty');

    // Keyboard: the arrow keys move between tabs and select (the roving tabindex leaves one tab in the Tab order).
    await options.getByTestId('tab-study').focus();
    await options.keyboard.press('ArrowRight');
    expect(await selectedTab(options)).toBe('tab-sites');
    expect(await options.evaluate(() => [document.activeElement?.getAttribute('data-testid'), location.hash])).toEqual([
      'tab-sites',
      '#sites',
    ]);
    expect(await options.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
    expect(await options.getByTestId('panel-study').isHidden()).toBe(true);
    expect(await options.getByTestId('sites-empty').innerText()).toMatch(
      /^No sites added yet: only the pilot chat on this computer is logged/,
    );
    await screenshot(options, 'options-sites-empty');
    await options.keyboard.press('End');
    expect(await selectedTab(options)).toBe('tab-catalog');
    await options.keyboard.press('ArrowRight'); // wraps round
    expect(await selectedTab(options)).toBe('tab-study');
    await options.keyboard.press('ArrowLeft');
    expect(await selectedTab(options)).toBe('tab-catalog');
    expect(await options.getByTestId('catalog-empty').innerText()).toMatch(/^Sellers search the bundled catalog/);
    await options.getByTestId('catalog-info').waitFor({ timeout: 20_000 });
    await screenshot(options, 'options-catalog-empty');

    // The checklist's open step leads to the section that does it.
    await options.getByTestId('go-event').click();
    expect(await selectedTab(options)).toBe('tab-data');
    expect(await options.getByTestId('data-empty').innerText()).toMatch(/^No events yet\. Open a chat page with the extension on/);
    await screenshot(options, 'options-data-empty');

    // Research before anything is loaded, then this browser's data with no conversation: every figure says so.
    await showSection(options, 'research');
    expect(await options.getByTestId('research-empty').innerText()).toMatch(/^Nothing loaded yet\./);
    await screenshot(options, 'options-research-empty');
    await options.getByTestId('research-local').click();
    await options.getByTestId('research-no-conversations').waitFor();
    const figures = options.locator('[data-testid^="report-figure-"] svg');
    expect(await figures.count()).toBe(5);
    expect(
      await figures.evaluateAll((svgs) => svgs.map((s) => `${s.getAttribute('data-empty')} ${s.textContent?.includes('No data yet')}`)),
    ).toEqual(Array(5).fill('true true'));
    await options.getByTestId('research-no-conversations').scrollIntoViewIfNeeded();
    await screenshot(options, 'options-research-no-data');

    // A reload (or a link) keeps the section.
    await options.reload();
    await options.getByTestId('panel-research').waitFor();
    expect(await selectedTab(options)).toBe('tab-research');

    // With data: a site allowed and events recorded tick their steps, and the empty states give way.
    const port = new URL(h.fixtures.url).port;
    await showSection(options, 'sites');
    await giveSiteAccessInBrowserSettings(h, ['https://shop.test/*', 'http://shop.test/*']);
    await options.getByTestId('site-input').fill(`http://shop.test:${port}/product.html`);
    await options.getByTestId('site-allow').click();
    await expect.poll(() => options.getByTestId('site-message').innerText()).toMatch(/^Logging is allowed on shop\.test/);
    await expect.poll(() => options.getByTestId('sites-empty').count()).toBe(0);
    await screenshot(options, 'options-sites-with-data');
    const product = await openProductPage(h);
    await product.click(3);
    await options.bringToFront();
    await waitForStored(options, 3);
    await expect.poll(() => steps(options)).toEqual(['consent:true', 'study:false', 'site:true', 'event:true']);
    await showSection(options, 'data');
    expect(await options.getByTestId('data-empty').count()).toBe(0);
    expect(await options.getByTestId('events-table').locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
    await screenshot(options, 'options-data-with-events');
    await showSection(options, 'study');
    await screenshot(options, 'options-study-checklist');

    // Research with a study export: the conversations and the turns-per-conversation histogram.
    const dir = await mkdtemp(join(tmpdir(), 'fw-sections-'));
    const file = join(dir, 'study.jsonl');
    await writeFile(
      file,
      knownStudyEvents()
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    await showSection(options, 'research');
    await options.getByTestId('research-file').setInputFiles(file);
    await expect.poll(() => options.getByTestId('research-summary').innerText()).toMatch(/^study\.jsonl: 111 events, 6 conversations/);
    expect(await options.getByTestId('research-no-conversations').count()).toBe(0);
    const histogram = options.getByTestId('report-figure-turns-per-conversation');
    // Bins 2 to 5 turns, stacked by condition: a segment per condition with conversations there, summing to the 6.
    const bars = await histogram.locator('rect[data-group]').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-value'))));
    expect(bars).toEqual([1, 1, 1, 1, 1, 1]);
    expect(bars.reduce((a, b) => a + b, 0)).toBe(6);
    expect(await histogram.locator('text').evaluateAll((ts) => ts.map((t) => t.textContent))).toEqual(
      expect.arrayContaining(['2', '3', '4', '5']),
    );
    await histogram.scrollIntoViewIfNeeded();
    await screenshot(options, 'options-research-histogram');
    await rm(dir, { recursive: true, force: true });
  });
});
