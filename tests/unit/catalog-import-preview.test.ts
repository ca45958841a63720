// @vitest-environment happy-dom
// Papa Parse reads a File through FileReader, which Node lacks and happy-dom provides.
import { describe, expect, it } from 'vitest';
import { guessMapping, type ColumnMapping } from '../../lib/catalog/import';
import { reasonOf } from '../../lib/catalog/import-preview';
import { readCsv } from '../../lib/catalog/read-file';
import { readJson } from '../../lib/catalog/read-json';
import { recordingHooks, jsonProduct } from './helpers/read-hooks';
import { WEB_LOG_HEADER, WEB_LOG_MAPPING, webLogCsv } from './helpers/web-log';

const csvFile = (text: string, name = 'file.csv') => new File([text], name, { type: 'text/csv' });

async function previewOfCsv(text: string, mapping: ColumnMapping) {
  const { hooks, collector } = recordingHooks();
  await readCsv(csvFile(text), mapping, hooks);
  return collector.summary.preview(collector.errors);
}

describe('import preview', () => {
  it('warns that a mapped web-server log is no catalog: a category per row, repeated titles, refused rows by reason', async () => {
    const mapping = { ...guessMapping(WEB_LOG_HEADER.split(',')), ...WEB_LOG_MAPPING };
    const preview = await previewOfCsv(webLogCsv(700), mapping);
    // Every 7th line logged "-" bytes: refused for its price, the rest pass row validation.
    expect(preview.rows).toBe(700);
    expect(preview.refused.count).toBe(100);
    expect(preview.accepted).toBe(600);
    expect(preview.refused.reasons).toEqual([{ reason: 'price', count: 100 }]);
    expect(preview.refused.first[0]).toMatchObject({ row: 2 });
    expect(preview.warnings.map((w) => w.code)).toEqual(['category-per-product', 'repeated-titles']);
    expect(preview.warnings[0]?.message).toContain('600 categories for 600 products');
    expect(preview.warnings[1]?.message).toContain('Only 3 different titles for 600 products');
    expect(preview.sample.map((p) => p.id)).toEqual(['req-1', 'req-2', 'req-3', 'req-4', 'req-5']);
    expect(preview.categories).toHaveLength(600);
  });

  it('says nothing against a real catalog, and counts its categories largest first with the labels it knows', async () => {
    const header = 'sku,name,manufacturer,price,category';
    const rows = Array.from(
      { length: 40 },
      (_, i) => `S-${i},Pruning Shears model ${i},Fiskars,${10 + i},${i < 30 ? 'Garden Tools' : 'Hoses'}`,
    );
    const { hooks, collector } = recordingHooks();
    await readCsv(
      csvFile([header, ...rows, 'S-1,Dup,Fiskars,3,Hoses'].join('\n')),
      { ...guessMapping(header.split(',')), price: 'price' },
      hooks,
    );
    const preview = collector.summary.preview(collector.errors, [{ id: 'hoses', label: 'Garden hoses' }]);
    expect(preview.warnings).toEqual([]);
    expect(preview.categories).toEqual([
      { id: 'garden_tools', label: 'Garden tools', count: 30 },
      { id: 'hoses', label: 'Garden hoses', count: 10 },
    ]);
    expect(preview.refused.reasons).toEqual([{ reason: 'duplicate id', count: 1 }]);
  });

  it('warns when most rows are refused, titles are numbers or paths, and prices are zero', async () => {
    const products = [
      ...Array.from({ length: 30 }, (_, i) => jsonProduct(i, { title: `/var/log/${i}`, price: 0 })),
      ...Array.from({ length: 40 }, (_, i) => jsonProduct(100 + i, { price: undefined })),
    ];
    const { hooks, collector } = recordingHooks();
    await readJson(new Blob([JSON.stringify(products)]), hooks);
    const preview = collector.summary.preview(collector.errors);
    expect(preview.warnings.map((w) => w.code)).toEqual(['most-refused', 'titles-not-names', 'zero-prices']);
    expect(preview.warnings[0]?.message).toBe(
      '57 % of the rows were refused (most often for “price”): check the file and the column mapping.',
    );
  });

  it('names a refusal by the field it is about', () => {
    expect(reasonOf('price: Invalid type: Expected number but received "cheap"')).toBe('price');
    expect(reasonOf('id: "x" appears more than once in this file')).toBe('duplicate id');
    expect(reasonOf('not valid JSON')).toBe('not valid JSON');
  });
});
