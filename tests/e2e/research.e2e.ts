import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { knownStudyEvents } from '../unit/helpers/study-export';
import { screenshot, useHarness } from './harness';
import { openOptions } from './options-page';

describe('researcher view in the options page', () => {
  const harness = useHarness();

  it('loads a study export (JSONL or the ZIP), lists conversations, shows a timeline and the study report', async () => {
    const h = harness();
    const events = knownStudyEvents();
    const dir = await mkdtemp(join(tmpdir(), 'fw-research-'));
    const jsonl = `${events.map((e) => JSON.stringify(e)).join('\n')}\nnot json\n`;
    const file = join(dir, 'study.jsonl');
    await writeFile(file, jsonl);

    const options = await openOptions(h, 'research');
    await options.getByTestId('research-file').setInputFiles(file);
    await expect.poll(() => options.getByTestId('research-summary').innerText()).toMatch(/^study\.jsonl: 111 events, 6 conversations/);
    expect(await options.getByText('1 line was not a valid event and was left out.').count()).toBe(1);
    const rows = await options.getByTestId('conversations-table').locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t').slice(0, 4).join('|'))).toEqual([
      'c1|A.Iu|3|accepted',
      'c2|A.Iu|2|accepted',
      'c3|B.IIc|3|rejected',
      'c4|B.IIc+v|3|—',
      'c5|B.IIIc|2|—',
      'c6|C.IIu|5|rejected',
    ]);
    await options.getByRole('button', { name: 'c2' }).click();
    const timeline = await options.getByTestId('timeline').innerText();
    expect(timeline).toContain('Buyer: Lego for my niece');
    expect(timeline).toContain('Seller looked at p0 for 300 ms');
    expect(timeline).toContain('Buyer confirmed');

    // Figure 3 as the paper draws it: one line per priming (A, B, C here; no D), the median per turn with its bounds.
    const figure = options.getByTestId('report-figure-figure-3-seller-hover');
    await expect.poll(() => figure.locator('g.series').count()).toBe(3);
    const points = await figure
      .locator('circle')
      .evaluateAll((cs) =>
        cs.map((c) =>
          [
            c.getAttribute('data-series'),
            c.getAttribute('data-x'),
            c.getAttribute('data-y'),
            c.getAttribute('data-low'),
            c.getAttribute('data-high'),
          ].join(' '),
        ),
      );
    expect(points.slice(0, 6)).toEqual(['A 1 2 2 2', 'A 2 2 0 4', 'A 3 0.5 0 1', 'B 1 1 0 5', 'B 2 1 1 5', 'B 3 3 1 5']);
    // The figure is drawn: it has a size on the page, and each priming a band.
    const box = await figure.locator('svg').boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(await figure.locator('polygon').count()).toBe(3);
    expect(await options.getByTestId('report-figure-buyer-hover').locator('g.series').count()).toBe(3);
    // Every measure has its table; one opened shows the numbers.
    for (const id of [
      'act-frequency',
      'turns-by-category',
      'words-per-message',
      'share-modes',
      'guess-outcomes',
      'suggestion-use',
      'preference-confirmation',
    ])
      expect(await options.getByTestId(`section-${id}`).count(), id).toBe(1);
    await options.getByTestId('section-turns-by-category').locator('summary').click();
    expect(await options.getByTestId('table-turns-by-category').locator('tbody tr').allInnerTexts()).toEqual([
      'A.Iu\tlego\t2\t2.5',
      'B.IIIc\theadphones\t1\t2',
      'B.IIc\tbooks\t1\t3',
      'B.IIc+v\tbooks\t1\t3',
      'C.IIu\tunknown\t1\t5',
    ]);
    await figure.scrollIntoViewIfNeeded();
    await screenshot(options, 'options-research-figure-3');

    // The whole report downloads as the CLI writes it.
    const download = options.waitForEvent('download');
    await options.getByTestId('report-download').click();
    const zip = unzipSync(new Uint8Array(await readFile(await (await download).path())));
    expect(Object.keys(zip).sort()).toContain('index.html');
    expect(Object.keys(zip)).toHaveLength(16);
    expect(strFromU8(zip['turns-by-category.csv'] ?? new Uint8Array())).toBe(
      'condition,category,conversations,mean_turns\nA.Iu,lego,2,2.5\nB.IIIc,headphones,1,2\nB.IIc,books,1,3\nB.IIc+v,books,1,3\nC.IIu,unknown,1,5\n',
    );

    // The options page's own ZIP export (all formats) loads the same.
    const zipFile = join(dir, 'floorwalker-export.zip');
    await writeFile(zipFile, zipSync({ 'events.jsonl': strToU8(jsonl), 'README.md': strToU8('# export') }));
    await options.getByTestId('research-file').setInputFiles(zipFile);
    await expect
      .poll(() => options.getByTestId('research-summary').innerText())
      .toMatch(/^floorwalker-export\.zip: 111 events, 6 conversations/);
    await rm(dir, { recursive: true, force: true });
  });
});
