import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';
import { screenshot, useHarness } from './harness';
import { openOptions } from './options-page';

describe('researcher view in the options page', () => {
  const harness = useHarness();

  it('loads a study export, lists conversations, shows a timeline and draws the charts', async () => {
    const h = harness();
    const events: FwEvent[] = [];
    let t = 1_750_000_000_000;
    for (const [id, condition, turns] of [
      ['conv-a', 'B.IIc', 4],
      ['conv-b', 'A.Iu', 3],
      ['conv-c', 'B.IIc', 5],
    ] as const) {
      const c = { study: 's', participant: 'p', conversation: id, role: 'seller' as const, condition, url: null };
      for (let i = 0; i < turns; i++) {
        events.push(makeEvent(c, 'Buyer', 'utter', { text: `buyer says ${i}` }, t++));
        if (i % 2 === 0)
          events.push(makeEvent(c, 'Seller', 'hover', { target: 'result_image', productId: 'lego-0001', dwellMs: 400 }, t++));
        events.push(makeEvent(c, 'Seller', 'utter', { text: `seller says ${i}`, acts: [i === 0 ? 'greet' : 'ask_use'] }, t++));
      }
      events.push(makeEvent(c, 'Seller', 'share', { productIds: ['lego-0001'], mode: 'II', from: 'search' }, t++));
      events.push(makeEvent(c, 'Seller', 'guess', { productId: 'lego-0001' }, t++));
      events.push(makeEvent(c, 'Buyer', 'confirm', { productId: 'lego-0001', accepted: id !== 'conv-b' }, t++));
    }
    const dir = await mkdtemp(join(tmpdir(), 'fw-research-'));
    const file = join(dir, 'study.jsonl');
    await writeFile(file, `${events.map((e) => JSON.stringify(e)).join('\n')}\nnot json\n`);

    const options = await openOptions(h);
    await options.getByTestId('research-file').setInputFiles(file);
    await expect.poll(() => options.getByTestId('research-summary').innerText()).toMatch(/^study\.jsonl: \d+ events, 3 conversations/);
    expect(await options.getByText('1 line was not a valid event and was left out.').count()).toBe(1);
    const rows = await options.getByTestId('conversations-table').locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t').slice(0, 4).join('|'))).toEqual([
      'conv-a|B.IIc|4|accepted',
      'conv-b|A.Iu|3|rejected',
      'conv-c|B.IIc|5|accepted',
    ]);
    await options.getByRole('button', { name: 'conv-b' }).click();
    const timeline = await options.getByTestId('timeline').innerText();
    expect(timeline).toContain('Buyer: buyer says 0');
    expect(timeline).toContain('Seller looked at lego-0001 for 400 ms');
    expect(timeline).toContain('Buyer rejected');
    // Charts are drawn (canvas has pixels) for the hover rate by condition and the others.
    expect(await options.locator('.chart canvas').count()).toBe(4);
    const drawn = await options
      .getByTestId('chart-hover')
      .locator('canvas')
      .evaluate((c: HTMLCanvasElement) => {
        const ctx = c.getContext('2d');
        if (!ctx) return 0;
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        let painted = 0;
        for (let i = 3; i < d.length; i += 4) if ((d[i] ?? 0) > 0) painted++;
        return painted;
      });
    expect(drawn).toBeGreaterThan(500);
    await options.getByTestId('research-view').scrollIntoViewIfNeeded();
    await screenshot(options, 'options-research');
    await rm(dir, { recursive: true, force: true });
  });
});
