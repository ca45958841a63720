import { describe, expect, it } from 'vitest';
import { readNdjson } from '../../lib/catalog/read-file';
import { readJson } from '../../lib/catalog/read-json';
import { jsonProduct, recordingHooks, timerTicksDuring } from './helpers/read-hooks';

// Node's own Blob: file.stream() yields real bytes, as a File from an <input> does in the browser.
const blob = (text: string) => new Blob([text]);
const bytesOf = (text: string) => new TextEncoder().encode(text).length;

describe('readJson', () => {
  it('reads an array of products, reporting bad elements by their position in the array', async () => {
    const list: unknown[] = [
      jsonProduct(1),
      jsonProduct(2, { price: 'cheap' }),
      42,
      jsonProduct(1, { title: 'Again' }),
      jsonProduct(5, { category: 'Hand Tools' }),
    ];
    const { hooks, collector, batches } = recordingHooks();
    const text = JSON.stringify(list, null, 2);
    const result = await readJson(blob(text), hooks);
    expect(result).toEqual({ rows: 5, bytes: bytesOf(text) });
    expect(collector.products.map((p) => [p.id, p.category])).toEqual([
      ['p-1', 'garden_tools'],
      ['p-5', 'hand_tools'],
    ]);
    expect(collector.errors.map((e) => e.row)).toEqual([2, 3, 4]);
    expect(collector.errors[0]?.error).toMatch(/^price: /);
    expect(collector.errors[2]?.error).toBe('id: "p-1" appears more than once in this file');
    expect(batches).toEqual([{ rows: 5, bytes: bytesOf(text) }]);
  });

  it("takes the catalog's words for its attributes, and refuses a file whose words are wrong, saying where", async () => {
    const attributes = {
      batteryHours: { label: 'Playtime', unit: 'hours', none: 'none' },
      sizeLabel: { label: 'Size', values: { M: 'Medium' } },
    };
    const good = JSON.stringify({ attributes, products: [jsonProduct(1)] });
    expect(await readJson(blob(good), recordingHooks().hooks)).toEqual({ rows: 1, bytes: bytesOf(good), attributes });
    const bad = JSON.stringify({ products: [jsonProduct(1)], attributes: { batteryHours: 'Playtime' } });
    await expect(readJson(blob(bad), recordingHooks().hooks)).rejects.toThrow(
      /^"attributes" does not describe the attributes: batteryHours: /,
    );
  });

  it('reads the catalog object form: products, category labels (wherever they stand), other keys skipped', async () => {
    const text = JSON.stringify({
      schema: 1,
      products: [jsonProduct(1), jsonProduct(2, { category: 'lego' })],
      personas: [{ id: 'x', products: [jsonProduct(99)] }],
      categories: [{ id: 'Garden Tools', label: 'Garden tools & shears' }, { id: 'lego', label: 'Lego sets' }, { id: 'bad' }, 'nonsense'],
    });
    const { hooks, collector } = recordingHooks();
    const result = await readJson(blob(text), hooks);
    expect(result.rows).toBe(2);
    expect(result.categories).toEqual([
      { id: 'garden_tools', label: 'Garden tools & shears' },
      { id: 'lego', label: 'Lego sets' },
    ]);
    // The persona's nested product is not a catalog row.
    expect(collector.products.map((p) => p.id)).toEqual(['p-1', 'p-2']);
    expect(collector.errorCount).toBe(0);
  });

  it('leaves categories out when the file has none, and accepts an empty products array', async () => {
    const { hooks } = recordingHooks();
    expect(await readJson(blob('{"products": []}'), hooks)).toEqual({ rows: 0, bytes: 16 });
  });

  it('streams a large file: progress every 5,000 rows with growing byte counts, yielding as it goes', async () => {
    const list = Array.from({ length: 11_000 }, (_, i) =>
      jsonProduct(i + 1, { description: 'Sharp bypass blades, sap groove, non-stick coating. '.repeat(4) }),
    );
    const text = JSON.stringify({ products: list });
    const size = bytesOf(text);
    expect(size).toBeGreaterThan(8 * 64 * 1024); // many parser slices
    const { hooks, collector, batches } = recordingHooks();
    const ticks = await timerTicksDuring(() => readJson(blob(text), hooks));
    expect(collector.products).toHaveLength(11_000);
    expect(collector.products[10_999]?.id).toBe('p-11000');
    expect(batches.map((b) => b.rows)).toEqual([5_000, 10_000, 11_000]);
    // Bytes read so far, not a share of rows: row 5,000 ends a little before 5,000/11,000 of the file.
    expect(batches[0]!.bytes).toBeGreaterThan(size * (5_000 / 11_000) - 64 * 1024);
    expect(batches[0]!.bytes).toBeLessThan(batches[1]!.bytes);
    expect(batches[1]!.bytes).toBeLessThan(size);
    expect(batches[2]).toEqual({ rows: 11_000, bytes: size });
    // It yields by the clock (see the pacer's own test): the timer got turns while the file was read.
    expect(ticks).toBeGreaterThan(0);
  });

  it('keeps characters whole when a slice boundary falls inside one', async () => {
    const title = 'Sécateur 剪刀 🌿';
    // Pad an ignored key so that the "é" straddles the parser's first 64 KiB slice.
    const head = (pad: string) => `{"notes":"${pad}","products":[{"id":"p-1","category":"x","brand":"b","price":1,"title":"S`;
    const text = `${head('a'.repeat(64 * 1024 - 1 - bytesOf(head(''))))}${title.slice(1)}"}]}`;
    expect(new TextEncoder().encode(text).subarray(64 * 1024 - 1, 64 * 1024 + 1)).toEqual(new TextEncoder().encode('é'));
    const { hooks, collector } = recordingHooks();
    await readJson(blob(text), hooks);
    expect(collector.errors).toEqual([]);
    expect(collector.products[0]?.title).toBe(title);
  });

  it('refuses malformed JSON with where it went wrong, anywhere in the file', async () => {
    const { hooks } = recordingHooks();
    // A value where a colon should be: the token parser's error, placed by the last token's byte.
    await expect(readJson(blob('[{"id" "a"}]'), hooks)).rejects.toThrow(/^The file is not valid JSON \(at byte 7\): Unexpected STRING/);
    // A bad character, past the first slice: the tokenizer's error, with its absolute position.
    const good = JSON.stringify(Array.from({ length: 500 }, (_, i) => jsonProduct(i))).slice(0, -1);
    await expect(readJson(blob(`${good},{"id": tru}]`), hooks)).rejects.toThrow(
      new RegExp(`^The file is not valid JSON: .*absolute position "${bytesOf(good) + 11}"`),
    );
    await expect(readJson(blob('[{"id": "a"}, {"id": "b"'), hooks)).rejects.toThrow(
      /^The file is not valid JSON: Parser ended in mid-parsing/,
    );
    await expect(readJson(blob('[] []'), hooks)).rejects.toThrow(/^The file is not valid JSON \(at byte 3\): Unexpected LEFT_BRACKET/);
  });

  it('refuses files of another shape', async () => {
    const { hooks } = recordingHooks();
    const shape = 'Expected a JSON array of products, or an object with a "products" array';
    await expect(readJson(blob('"products"'), hooks)).rejects.toThrow(shape);
    await expect(readJson(blob('{"items": [{"id": "a"}]}'), hooks)).rejects.toThrow(shape);
    await expect(readJson(blob('{"products": {"a": {"id": "a"}}}'), hooks)).rejects.toThrow(shape);
    await expect(readJson(blob('  \n'), hooks)).rejects.toThrow('The file is empty');
  });
});

describe('readNdjson', () => {
  it('reads one product per line; bad lines are row errors by line number, blank lines count as lines', async () => {
    const lines = [
      JSON.stringify(jsonProduct(1)),
      '',
      '{"id": "p-2", oops}',
      JSON.stringify(jsonProduct(3, { brand: '' })),
      `${JSON.stringify(jsonProduct(4))}\r`,
      JSON.stringify(jsonProduct(5)),
    ];
    const text = lines.join('\n');
    const { hooks, collector, batches } = recordingHooks();
    expect(await readNdjson(blob(text), hooks)).toEqual({ rows: 6, bytes: bytesOf(text) });
    expect(collector.products.map((p) => p.id)).toEqual(['p-1', 'p-4', 'p-5']);
    expect(collector.errors).toEqual([
      { row: 3, error: 'not valid JSON' },
      { row: 4, error: expect.stringMatching(/^brand: /) },
    ]);
    expect(batches).toEqual([{ rows: 6, bytes: bytesOf(text) }]);
  });

  it('reports progress every 5,000 lines and yields as it goes', async () => {
    const text = Array.from({ length: 10_100 }, (_, i) => JSON.stringify(jsonProduct(i + 1))).join('\n');
    const { hooks, collector, batches } = recordingHooks();
    const ticks = await timerTicksDuring(() => readNdjson(blob(text), hooks));
    expect(collector.products).toHaveLength(10_100);
    expect(batches.map((b) => b.rows)).toEqual([5_000, 10_000, 10_100]);
    expect(batches.at(-1)?.bytes).toBe(bytesOf(text));
    expect(ticks).toBeGreaterThan(0);
  });
});
