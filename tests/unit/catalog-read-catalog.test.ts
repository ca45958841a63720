import { describe, expect, it } from 'vitest';
import { readCatalogFile, READ_BATCH, type ReadRequest } from '../../lib/catalog/read-catalog';
import type { Product } from '../../lib/catalog/catalog-schema';
import { readJson, readJsonWhole } from '../../lib/catalog/read-json';
import { jsonProduct, recordingHooks } from './helpers/read-hooks';

const blob = (text: string) => new Blob([text]);

async function readAll(text: string, request: Partial<ReadRequest> & Pick<ReadRequest, 'format'>) {
  const batches: Product[][] = [];
  const progress: number[] = [];
  const outcome = await readCatalogFile(
    blob(text),
    { mapping: null, known: [], wholeJson: false, ...request },
    { onProducts: async (p) => void batches.push(p), onProgress: (p) => void progress.push(p.pct) },
  );
  return { outcome, batches, progress };
}

describe('reading a whole catalog file (what the import worker runs)', () => {
  const products = Array.from({ length: 12_345 }, (_, i) => jsonProduct(i + 1, i === 7 ? { price: 'cheap' } : {}));
  const doc = JSON.stringify({
    categories: [{ id: 'Garden Tools', label: 'Shears' }],
    attributes: { batteryHours: { label: 'Playtime', unit: 'hours' } },
    products,
  });

  it('hands valid products on in staging batches, in file order, with the preview and row errors', async () => {
    const { outcome, batches, progress } = await readAll(doc, { format: 'json', wholeJson: true });
    const sizes = batches.map((b) => b.length);
    expect(sizes.slice(0, -1).every((n) => n === READ_BATCH)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(12_344);
    expect(sizes.at(-1)).toBeLessThanOrEqual(READ_BATCH);
    expect(batches.flat()[7]?.id).toBe('p-9'); // row 8 was refused
    expect(outcome).toMatchObject({ accepted: 12_344, skipped: 1, errors: [{ row: 8 }] });
    expect(outcome.categories).toEqual([{ id: 'garden_tools', label: 'Shears' }]);
    expect(outcome.attributes).toEqual({ batteryHours: { label: 'Playtime', unit: 'hours' } });
    expect(outcome.preview.categories).toEqual([{ id: 'garden_tools', label: 'Shears', count: 12_344 }]);
    expect(progress.at(-1)).toBe(100);
  });

  it('reads JSON whole to exactly what the streaming reader reads', async () => {
    for (const text of [doc, JSON.stringify(products.slice(0, 50)), JSON.stringify({ products: [] })]) {
      const whole = recordingHooks();
      const streamed = recordingHooks();
      expect(await readJsonWhole(blob(text), whole.hooks)).toEqual(await readJson(blob(text), streamed.hooks));
      expect(whole.collector.products).toEqual(streamed.collector.products);
      expect(whole.collector.errors).toEqual(streamed.collector.errors);
    }
  });

  it('refuses what the streaming reader refuses, with its words', async () => {
    const { hooks } = recordingHooks();
    await expect(readJsonWhole(blob('[{"id" "a"}]'), hooks)).rejects.toThrow(/^The file is not valid JSON \(at byte 7\): /);
    await expect(readJsonWhole(blob('{"items": []}'), hooks)).rejects.toThrow(/Expected a JSON array of products/);
    await expect(readJsonWhole(blob(' \n'), hooks)).rejects.toThrow('The file is empty');
    await expect(readJsonWhole(blob('{"products": [], "attributes": {"a": 1}}'), hooks)).rejects.toThrow(/^"attributes" does not describe/);
  });
});
