import { describe, expect, it } from 'vitest';
import { screenshot, screenshotOnFailure, useHarness } from './harness';
import { exportJsonl, openOptions, storedTotal, waitForStored } from './options-page';
import { validateEvent } from '../../lib/events/schema';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';

describe('JSONL export and delete from the options page', () => {
  const harness = useHarness();

  it('downloads every stored event as valid JSONL, then deletes all after confirmation', async () => {
    const h = harness();
    screenshotOnFailure(h, 'export');
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/product.html`);
    await page.waitForTimeout(300);
    for (let i = 0; i < 12; i++) await page.click('#add-to-cart');
    await page.hover('#img-main');
    await page.waitForTimeout(200);
    await page.mouse.move(900, 20);

    const options = await openOptions(h);
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
    expect(Object.keys(files).sort()).toEqual(['README.md', 'conversations.json', 'events.csv', 'events.jsonl', 'parlai.jsonl', 'star.json']);
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
