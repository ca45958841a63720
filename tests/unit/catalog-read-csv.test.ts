// @vitest-environment happy-dom
// Papa Parse reads a File through FileReader, which Node lacks and happy-dom provides.
import { describe, expect, it } from 'vitest';
import { guessMapping } from '../../lib/catalog/import';
import { csvHeaders, readCsv } from '../../lib/catalog/read-file';
import { jsonProduct, recordingHooks, timerTicksDuring } from './helpers/read-hooks';
import { readCatalogFile, READ_BATCH } from '../../lib/catalog/read-catalog';

const HEADER = 'sku,name,manufacturer,price,category,stars,colour';
const file = (text: string) => new File([text], 'shop.csv', { type: 'text/csv' });
const row = (i: number, price = (9.5 + i).toFixed(2)) => `GT-${i},Zephyrblade Shears ${i},Fiskars,${price},Garden Tools,4.5,green|black`;

describe('csvHeaders', () => {
  it('reads the trimmed header row', async () => {
    expect(await csvHeaders(file(` sku , name,price\n1,a,2\n`))).toEqual(['sku', 'name', 'price']);
  });
});

describe('readCsv', () => {
  const mapping = { ...guessMapping(HEADER.split(',')), price: 'price' };

  it('reads mapped rows; bad rows are errors by their line in the file (the header is line 1), blank lines skipped', async () => {
    const lines = [HEADER, row(1), row(2, 'cheap'), '', ' , ,', row(3), 'GT-4,,Fiskars,12.00,Garden Tools,4,', row(1), ''];
    const text = lines.join('\n');
    const { hooks, collector, batches } = recordingHooks();
    const result = await readCsv(file(text), mapping, hooks);
    expect(result).toEqual({ rows: 5, bytes: text.length });
    expect(collector.products.map((p) => p.id)).toEqual(['GT-1', 'GT-3']);
    expect(collector.products[0]).toMatchObject({
      title: 'Zephyrblade Shears 1',
      category: 'garden_tools',
      price: 10.5,
      attributes: { colour: ['green', 'black'] },
    });
    // Blank lines still count: the numbers are the lines a researcher sees in an editor.
    expect(collector.errors.map((e) => [e.row, e.error.split(':')[0]])).toEqual([
      [3, 'price'],
      [7, 'title'],
      [8, 'id'],
    ]);
    expect(batches.at(-1)?.rows).toBe(5);
  });

  it('reports a row with too many fields as a CSV error on its line', async () => {
    const text = [HEADER, row(1), `${row(2)},extra`, row(3)].join('\n');
    const { hooks, collector } = recordingHooks();
    await readCsv(file(text), mapping, hooks);
    expect(collector.errors).toContainEqual({ row: 3, error: expect.stringMatching(/^CSV: Too many fields/) });
  });

  it('streams in chunks with byte progress, yielding as it goes', async () => {
    const text = [HEADER, ...Array.from({ length: 6_000 }, (_, i) => row(i + 1))].join('\n');
    const { hooks, collector, batches } = recordingHooks();
    // Chunks smaller than the default (CSV_CHUNK_BYTES), so a small file makes several.
    const ticks = await timerTicksDuring(() => readCsv(file(text), mapping, hooks, 128 * 1024));
    expect(collector.products).toHaveLength(6_000);
    expect(collector.errorCount).toBe(0);
    // One report per 128 KiB chunk, rows and bytes both growing to the whole file.
    expect(batches.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < batches.length; i++) {
      expect(batches[i]!.rows).toBeGreaterThan(batches[i - 1]!.rows);
      expect(batches[i]!.bytes).toBeGreaterThan(batches[i - 1]!.bytes);
    }
    expect(batches.at(-1)).toEqual({ rows: 6_000, bytes: text.length });
    expect(ticks).toBeGreaterThan(0); // it yields by the clock (see the pacer's own test)
  });
});

describe('readCatalogFile (what the import worker runs) over CSV and NDJSON', () => {
  it('reads CSV with its mapping and NDJSON line by line through the same staging batches', async () => {
    const read = async (f: Blob, format: 'csv' | 'ndjson', mapping: ReturnType<typeof guessMapping> | null) => {
      const batches: number[] = [];
      const outcome = await readCatalogFile(
        f,
        { format, mapping, known: [], wholeJson: true },
        { onProducts: async (p) => void batches.push(p.length), onProgress: () => undefined },
      );
      return { outcome, batches };
    };
    const csv = [HEADER, ...Array.from({ length: 6_001 }, (_, i) => row(i + 1))].join('\n');
    const mapping = { ...guessMapping(HEADER.split(',')), price: 'price' };
    const fromCsv = await read(file(csv), 'csv', mapping);
    expect(fromCsv.batches).toEqual([READ_BATCH, READ_BATCH, 6_001 - 2 * READ_BATCH]);
    await expect(read(file(csv), 'csv', null)).rejects.toThrow(/columns mapped/);
    const lines = Array.from({ length: 20 }, (_, i) => JSON.stringify(jsonProduct(i + 1, i === 3 ? { price: 'x' } : {})));
    const fromNdjson = await read(new File([lines.join('\n')], 'shop.ndjson'), 'ndjson', null);
    expect(fromNdjson.outcome).toMatchObject({ accepted: 19, skipped: 1, errors: [{ row: 4 }] });
    expect(fromNdjson.batches).toEqual([19]);
  });
});
