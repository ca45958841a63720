import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot, useHarness } from './harness';
import { openOptions } from './options-page';

describe('researcher catalog import', () => {
  const harness = useHarness();

  it('imports a CSV with a column mapping, reports bad rows, searches it, and restores the default', async () => {
    const h = harness();
    const dir = await mkdtemp(join(tmpdir(), 'fw-csv-'));
    const rows = ['sku,name,manufacturer,price,category,stars,reviews,image_url,colour,waterproof'];
    for (let i = 1; i <= 10; i++)
      rows.push(
        `GT-${i},Zephyrblade Pruning Shears ${i}in,Fiskars,${(9.5 + i).toFixed(2)},Garden Tools,4.${i % 10},${i * 10},https://img.example/${i}.png,green|black,${i % 2 ? 'yes' : 'no'}`,
      );
    rows.push('GT-11,Zephyrblade Broken,Fiskars,cheap,Garden Tools,4,1,,,'); // line 12: price is not a number
    rows.push('GT-12,,Fiskars,12.00,Garden Tools,4,1,,,'); // line 13: no title
    const csv = join(dir, 'garden-shop.csv');
    await writeFile(csv, rows.join('\n'));

    const options = await openOptions(h);
    await expect
      .poll(() => options.getByTestId('catalog-info').innerText(), { timeout: 20_000 })
      .toMatch(/2,208 products in 7 categories · bundled/);
    // A fresh install loads the default catalog's index from the file shipped with the extension, not by building.
    expect(await options.getByTestId('catalog-info').getAttribute('data-cold-start-mode')).toBe('prebuilt');
    await options.getByTestId('import-file').setInputFiles(csv);
    const mapping = options.getByTestId('column-mapping');
    await mapping.waitFor();
    expect(await mapping.locator('select[data-field="id"]').inputValue()).toBe('sku');
    expect(await mapping.locator('select[data-field="title"]').inputValue()).toBe('name');
    expect(await mapping.locator('select[data-field="brand"]').inputValue()).toBe('manufacturer');
    expect(await mapping.innerText()).toContain('Attributes: colour, waterproof');
    await options.getByTestId('import-run').click();
    await expect
      .poll(() => options.getByTestId('import-status').innerText(), { timeout: 30_000 })
      .toMatch(/^Imported 10 products, skipped 2 invalid rows\./);
    const errors = await options.getByTestId('import-errors').locator('tbody tr').allInnerTexts();
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^12\s+price: /);
    expect(errors[1]).toMatch(/^13\s+title: /);
    expect(await options.getByTestId('catalog-info').innerText()).toMatch(/garden-shop · 10 products in 1 category · imported/);
    await screenshot(options, 'options-catalog-imported');

    // The Seller's overlay now searches the imported catalog, and only it.
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    await page.getByTestId('fw-search-input').waitFor();
    await page.getByTestId('fw-search-input').fill('zephyr');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 20_000 }).toBe('1–8 of 10');
    expect(await page.getByTestId('fw-cat-garden_tools').innerText()).toBe('Garden tools');
    await page.getByTestId('fw-search-input').fill('headphones');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/^No products match/);
    await screenshot(page, 'search-imported-catalog');

    // Restore the default catalog (the page asks first).
    options.once('dialog', (d) => void d.accept());
    await options.getByTestId('restore-default').click();
    await expect
      .poll(() => options.getByTestId('catalog-info').innerText(), { timeout: 30_000 })
      .toMatch(/2,208 products in 7 categories · bundled/);
    expect(await options.getByTestId('catalog-info').getAttribute('data-cold-start-mode')).toBe('prebuilt');
    await page.reload();
    await page.getByTestId('fw-search-input').fill('headphones');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 20_000 }).toMatch(/^1–8 of \d+/);
    await rm(dir, { recursive: true, force: true });
  });

  it('imports a JSON catalog object with its category labels, and refuses a malformed JSON file without changing anything', async () => {
    const h = harness();
    const dir = await mkdtemp(join(tmpdir(), 'fw-json-'));
    const products: unknown[] = Array.from({ length: 5 }, (_, i) => ({
      id: `SH-${i + 1}`,
      category: 'Garden Tools',
      title: `Quillfern Hedge Shears ${i + 1}`,
      brand: 'Wolf',
      price: 20 + i,
    }));
    products.splice(2, 0, { id: 'SH-bad', category: 'Garden Tools', title: 'Quillfern Broken', brand: 'Wolf' }); // element 3: no price
    const good = join(dir, 'hedge-shop.json');
    await writeFile(good, JSON.stringify({ categories: [{ id: 'garden_tools', label: 'Shears & hedges' }], products }, null, 2));
    const bad = join(dir, 'broken.json');
    await writeFile(bad, JSON.stringify({ products: products.slice(0, 2) }).replace('"price":21', '"price" 21'));

    const options = await openOptions(h);
    await options.getByTestId('catalog-info').waitFor({ timeout: 20_000 });
    await options.getByTestId('import-file').setInputFiles(good);
    await options.getByTestId('import-run').click();
    await expect
      .poll(() => options.getByTestId('import-status').innerText(), { timeout: 30_000 })
      .toMatch(/^Imported 5 products, skipped 1 invalid rows\./);
    expect(await options.getByTestId('import-errors').locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^3\s+price: /)]);
    const info = await options.getByTestId('catalog-info').innerText();
    expect(info).toMatch(/hedge-shop · 5 products in 1 category · imported/);

    await options.getByTestId('import-file').setInputFiles(bad);
    await options.getByTestId('import-run').click();
    await expect
      .poll(() => options.getByTestId('import-status').innerText(), { timeout: 30_000 })
      .toMatch(/^Import failed, the catalog was not changed: The file is not valid JSON \(at byte \d+\): /);
    expect(await options.getByTestId('catalog-info').innerText()).toBe(info);

    // The file's label for the category is the one the Seller's overlay shows.
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    await page.getByTestId('fw-search-input').fill('quillfern');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 20_000 }).toBe('1–5 of 5');
    expect(await page.getByTestId('fw-cat-garden_tools').innerText()).toBe('Shears & hedges');
    await rm(dir, { recursive: true, force: true });
  });
});
