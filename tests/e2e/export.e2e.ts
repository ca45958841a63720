import { describe, expect, it } from 'vitest';
import { screenshot, useHarness } from './harness';
import { exportJsonl, openOptions, storedTotal, waitForStored } from './options-page';
import { contentScriptReady, restPointerOn } from './product-page';
import { validateEvent } from '../../lib/events/event-schema';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';

describe('JSONL export and delete from the options page', () => {
  const harness = useHarness();

  it('downloads every stored event as valid JSONL, then deletes all after confirmation', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/product.html`);
    await contentScriptReady(page);
    for (let i = 0; i < 12; i++) await page.click('#add-to-cart');
    await restPointerOn(page, page.locator('#img-main'));

    const options = await openOptions(h, 'data');
    const total = await waitForStored(options, 13);
    const { lines, raw } = await exportJsonl(options);
    expect(raw.endsWith('\n')).toBe(true);
    expect(lines).toHaveLength(total);
    for (const line of lines) {
      const result = validateEvent(line);
      expect(result.ok, result.ok ? '' : result.error).toBe(true);
    }
    const ids = lines.map((l) => (l as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids); // oldest first: UUIDv7 ids sort by time
    await expect.poll(() => options.getByTestId('export-status').innerText()).toBe(`Exported ${total} events.`);

    // All formats in one ZIP, with a README; each file parses and holds every event.
    await options.getByTestId('export-format').selectOption('zip');
    const zipDownload = options.waitForEvent('download');
    await options.getByTestId('export-jsonl').click();
    const zipPath = await (await zipDownload).path();
    const files = unzipSync(new Uint8Array(await readFile(zipPath)));
    expect(Object.keys(files).sort()).toEqual([
      'README.md',
      'conversations.json',
      'events.csv',
      'events.jsonl',
      'parlai.jsonl',
      'star.json',
    ]);
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    expect(text('events.jsonl').trim().split('\n')).toHaveLength(total);
    const csv = Papa.parse(text('events.csv'), { header: true, skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    expect(csv.data).toHaveLength(total);
    expect(Array.isArray(JSON.parse(text('conversations.json')))).toBe(true);
    expect(Array.isArray(JSON.parse(text('star.json')))).toBe(true);
    expect(text('README.md')).toContain(`${total} events`);

    // Delete: cancelling keeps everything; confirming removes it.
    await options.getByTestId('delete-all').click();
    await screenshot(options, 'options-delete-dialog');
    await options.getByRole('button', { name: 'Cancel' }).click();
    expect(await storedTotal(options)).toBe(total);
    await options.getByTestId('delete-all').click();
    await options.getByTestId('confirm-delete').click();
    await expect.poll(() => options.getByTestId('delete-status').innerText()).toBe(`Deleted ${total} events.`);
    expect(await storedTotal(options)).toBe(0);
    await expect.poll(() => options.getByText('No events stored yet.').isVisible()).toBe(true);
  });
});

describe('a large export from the options page', () => {
  const harness = useHarness();

  it('streams thousands of events into a ZIP, showing progress as it reads', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/product.html`);
    await contentScriptReady(page);
    const clicks = 5_000;
    // Clicks with a click count, as a mouse's: a script's bare click() is no one's and is not logged (lib/logger/click.ts).
    await page.evaluate(
      `(() => { const b = document.getElementById('add-to-cart'); for (let i = 0; i < ${clicks}; i++) b.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 })); })()`,
    );
    const options = await openOptions(h, 'data');
    const total = await waitForStored(options, clicks, 60_000);

    // Every text the progress line shows, as it shows it.
    await options.evaluate(`(() => {
      window.__progress = [];
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="export-progress"]');
        const t = el ? el.textContent : null;
        if (t && window.__progress.at(-1) !== t) window.__progress.push(t);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
    await options.getByTestId('export-format').selectOption('zip');
    const download = options.waitForEvent('download');
    await options.getByTestId('export-jsonl').click();
    const zipPath = await (await download).path();
    await expect.poll(() => options.getByTestId('export-status').innerText()).toBe(`Exported ${total} events.`);

    const seen = (await options.evaluate('window.__progress')) as string[];
    const reading = seen.flatMap((t) => {
      const m = /^Reading: ([\d,]+) of ([\d,]+) events$/.exec(t);
      return m ? [{ done: Number(m[1]?.replace(/,/g, '')), of: Number(m[2]?.replace(/,/g, '')) }] : [];
    });
    expect(reading.length, seen.join(' | ')).toBeGreaterThanOrEqual(3);
    expect(reading.every((r, i) => r.of === total && (i === 0 || r.done > (reading[i - 1]?.done ?? 0)))).toBe(true);

    const files = unzipSync(new Uint8Array(await readFile(zipPath)));
    const lines = strFromU8(files['events.jsonl'] ?? new Uint8Array())
      .trim()
      .split('\n');
    expect(lines).toHaveLength(total);
    expect(new Set(lines.map((l) => (JSON.parse(l) as { id: string }).id)).size).toBe(total);
    const csv = Papa.parse(strFromU8(files['events.csv'] ?? new Uint8Array()), { header: true, skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    expect(csv.data).toHaveLength(total);
    console.info(`large export: ${total} events, progress lines seen: ${seen.length}, ZIP ${(await readFile(zipPath)).byteLength} bytes`);
  });
});
