import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useHarness, workerControl } from './harness';
import { openOptions, storedProducts } from './options-page';
import { WEB_LOG_MAPPING, webLogCsv } from '../unit/helpers/web-log';
import { IMPORT_STAGES_MARK } from '../../lib/catalog/read-catalog';

const DEFAULT_INFO = /2,208 products in 7 categories · bundled/;

/** A shop's CSV: `n` products named `name` in `category`, ids from `prefix`. */
function shopCsv(prefix: string, name: string, category: string, n: number): string {
  const rows = ['sku,name,manufacturer,price,category,stars,reviews,image_url,colour,waterproof'];
  for (let i = 1; i <= n; i++)
    rows.push(
      `${prefix}-${i},${name} ${i}in,Fiskars,${(9.5 + i).toFixed(2)},${category},4.${i % 10},${i * 10},https://img.example/${i}.png,green|black,${i % 2 ? 'yes' : 'no'}`,
    );
  return rows.join('\n');
}

/** Chooses a file and checks it; resolves once the preview (or a failure) is shown. */
async function checkFile(options: Page, file: string): Promise<void> {
  await options.getByTestId('import-file').setInputFiles(file);
  await options.getByTestId('import-check').click();
  await options.locator('[data-testid="import-preview"], [data-testid="import-status"]').first().waitFor({ timeout: 30_000 });
}

async function catalogInfo(options: Page): Promise<string> {
  return options.getByTestId('catalog-info').innerText();
}

describe('researcher catalog import', () => {
  const harness = useHarness();

  it('imports a CSV with a column mapping after a preview of what it holds, reports bad rows, searches it, and restores the default', async () => {
    const h = harness();
    const dir = await mkdtemp(join(tmpdir(), 'fw-csv-'));
    const rows = shopCsv('GT', 'Zephyrblade Pruning Shears', 'Garden Tools', 10).split('\n');
    rows.push('GT-11,Zephyrblade Broken,Fiskars,cheap,Garden Tools,4,1,,,'); // line 12: price is not a number
    rows.push('GT-12,,Fiskars,12.00,Garden Tools,4,1,,,'); // line 13: no title
    const csv = join(dir, 'garden-shop.csv');
    await writeFile(csv, rows.join('\n'));

    const options = await openOptions(h, 'catalog');
    await expect.poll(() => catalogInfo(options), { timeout: 20_000 }).toMatch(DEFAULT_INFO);
    // A fresh install loads the default catalog's index from the file shipped with the extension, not by building.
    expect(await options.getByTestId('catalog-info').getAttribute('data-cold-start-mode')).toBe('prebuilt');
    await options.getByTestId('import-file').setInputFiles(csv);
    const mapping = options.getByTestId('column-mapping');
    await mapping.waitFor();
    expect(await mapping.locator('select[data-field="id"]').inputValue()).toBe('sku');
    expect(await mapping.locator('select[data-field="title"]').inputValue()).toBe('name');
    expect(await mapping.locator('select[data-field="brand"]').inputValue()).toBe('manufacturer');
    expect(await mapping.innerText()).toContain('Attributes: colour, waterproof');
    await options.getByTestId('import-check').click();

    // The preview: what will be imported, per category, what was refused and why; nothing written yet.
    const preview = options.getByTestId('import-preview');
    await preview.waitFor({ timeout: 30_000 });
    expect(await options.getByTestId('import-summary').innerText()).toBe(
      '10 of 12 rows can be imported as products in 1 category; 2 refused. Nothing has been written yet.',
    );
    expect(await options.getByTestId('import-warnings').count()).toBe(0);
    const sample = await options.getByTestId('import-sample').locator('tbody tr').allInnerTexts();
    expect(sample).toHaveLength(5);
    expect(sample[0]?.split('\t')).toEqual([
      'GT-1',
      'garden_tools',
      'Zephyrblade Pruning Shears 1in',
      'Fiskars',
      '10.5 USD',
      'colour: green, black; waterproof: true',
    ]);
    expect(await options.getByTestId('import-categories').innerText()).toBe('Garden tools (garden_tools): 10');
    expect(await options.getByTestId('import-reasons').locator('li').allInnerTexts()).toEqual(['price: 1 row', 'title: 1 row']);
    expect(await catalogInfo(options)).toMatch(DEFAULT_INFO);
    expect((await storedProducts(options)).active).toBe(2208);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(options, 'options-catalog-preview');

    await options.getByTestId('import-replace').click();
    await expect
      .poll(() => options.getByTestId('import-status').innerText(), { timeout: 30_000 })
      .toMatch(/^Imported 10 products, skipped 2 invalid rows\./);
    const errors = await options.getByTestId('import-errors').locator('tbody tr').allInnerTexts();
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^12\s+price: /);
    expect(errors[1]).toMatch(/^13\s+title: /);
    expect(await catalogInfo(options)).toMatch(/garden-shop · 10 products in 1 category · imported/);
    // The index was built by the second worker from the batches the first read, and Replace loaded it, not built it.
    const stages = await options.evaluate(
      (name) => (performance.getEntriesByName(name).at(-1) as PerformanceMark | undefined)?.detail as unknown,
      IMPORT_STAGES_MARK,
    );
    expect(stages).toMatchObject({ indexIndexingMs: expect.any(Number), indexSavingMs: expect.any(Number), snapshotMs: 0 });
    expect(await options.getByTestId('catalog-info').getAttribute('data-cold-start-mode')).toBe('snapshot');
    await screenshot(options, 'options-catalog-imported');

    // The Seller's overlay now searches the imported catalog, and only it.
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    await page.getByTestId('fw-search-input').waitFor();
    await page.getByTestId('fw-search-input').fill('zephyr');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 20_000 }).toBe('1–8 of 10');
    expect(await page.getByTestId('fw-cat-garden_tools').innerText()).toBe('Garden tools');
    await page.getByTestId('fw-search-input').fill('headphones');
    // The default catalog's word is not in this one: the empty state names it.
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/^No results for “headphones”\./);
    await screenshot(page, 'search-imported-catalog');

    // Restore the default catalog (the page asks first).
    options.once('dialog', (d) => void d.accept());
    await options.getByTestId('restore-default').click();
    await expect.poll(() => catalogInfo(options), { timeout: 30_000 }).toMatch(DEFAULT_INFO);
    expect(await options.getByTestId('catalog-info').getAttribute('data-cold-start-mode')).toBe('prebuilt');
    await page.reload();
    await page.getByTestId('fw-search-input').fill('headphones');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 20_000 }).toMatch(/^1–8 of \d+/);
    await rm(dir, { recursive: true, force: true });
  });

  it('warns that a web-server log is no catalog and writes nothing until the researcher chooses; Cancel leaves the catalog as it was', async () => {
    const h = harness();
    const dir = await mkdtemp(join(tmpdir(), 'fw-weblog-'));
    const log = join(dir, 'access-log.csv');
    await writeFile(log, webLogCsv(3_000));

    const options = await openOptions(h, 'catalog');
    await expect.poll(() => catalogInfo(options), { timeout: 20_000 }).toMatch(DEFAULT_INFO);
    await options.getByTestId('import-file').setInputFiles(log);
    const mapping = options.getByTestId('column-mapping');
    await mapping.waitFor();
    // The hurried mapping that once imported 32,989 junk products: every required field gets some column.
    for (const [field, column] of Object.entries(WEB_LOG_MAPPING))
      await mapping.locator(`select[data-field="${field}"]`).selectOption(column);
    await options.getByTestId('import-check').click();
    await options.getByTestId('import-preview').waitFor({ timeout: 30_000 });

    const warnings = options.getByTestId('import-warnings');
    expect(await warnings.locator('li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-warning')))).toEqual([
      'category-per-product',
      'repeated-titles',
    ]);
    expect(await warnings.innerText()).toContain('Nearly every product has its own category (2,571 categories for 2,571 products)');
    expect(await options.getByTestId('import-summary').innerText()).toMatch(/^2,571 of 3,000 rows can be imported .* 429 refused/);
    expect(await options.getByTestId('import-reasons').innerText()).toBe('price: 429 rows');
    // Nothing has changed: the catalog, its products, and what the Seller searches.
    expect(await catalogInfo(options)).toMatch(DEFAULT_INFO);
    expect((await storedProducts(options)).active).toBe(2208);
    await options.getByTestId('import-preview').scrollIntoViewIfNeeded();
    await screenshot(options, 'options-catalog-junk-warning');

    await options.getByTestId('import-cancel').click();
    await options.getByTestId('import-preview').waitFor({ state: 'detached' });
    // The rows read for the preview are gone too.
    await expect.poll(async () => (await storedProducts(options)).other).toBe(0);
    expect((await storedProducts(options)).active).toBe(2208);
    await options.reload();
    await expect.poll(() => catalogInfo(options), { timeout: 20_000 }).toMatch(DEFAULT_INFO);
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    await page.getByTestId('fw-search-input').fill('headphones');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 20_000 }).toMatch(/^1–8 of \d+/);
    await rm(dir, { recursive: true, force: true });
  });

  it('Add keeps the products there are, Replace does not', async () => {
    const h = harness();
    const dir = await mkdtemp(join(tmpdir(), 'fw-add-'));
    const shears = join(dir, 'shears.csv');
    await writeFile(shears, shopCsv('GT', 'Zephyrblade Pruning Shears', 'Garden Tools', 10));
    const hoses = join(dir, 'hoses.csv');
    await writeFile(hoses, shopCsv('HO', 'Coilspring Garden Hose', 'Hoses', 4));

    const options = await openOptions(h, 'catalog');
    await expect.poll(() => catalogInfo(options), { timeout: 20_000 }).toMatch(DEFAULT_INFO);
    await checkFile(options, shears);
    expect(await options.getByTestId('import-preview').innerText()).toContain('Replace removes the 2,208 products of “Default catalog”');
    await options.getByTestId('import-add').click();
    await expect.poll(() => options.getByTestId('import-status').innerText(), { timeout: 60_000 }).toMatch(/^Imported 10 products\./);
    expect(await catalogInfo(options)).toMatch(/shears · 2,218 products in 8 categories · imported/);
    expect((await storedProducts(options)).active).toBe(2218);

    await checkFile(options, hoses);
    await options.getByTestId('import-replace').click();
    await expect.poll(() => options.getByTestId('import-status').innerText(), { timeout: 60_000 }).toMatch(/^Imported 4 products\./);
    expect(await catalogInfo(options)).toMatch(/hoses · 4 products in 1 category · imported/);
    expect((await storedProducts(options)).active).toBe(4);
    await rm(dir, { recursive: true, force: true });
  });

  it('commits what was staged when the service worker was stopped between the preview and Replace, loading the staged index', async () => {
    const h = harness();
    const dir = await mkdtemp(join(tmpdir(), 'fw-restart-'));
    const file = join(dir, 'kettle-shop.json');
    const products = Array.from({ length: 40 }, (_, i) => ({
      id: `KT-${i + 1}`,
      category: 'Kettles',
      title: `Brightwater Gooseneck Kettle ${i + 1}`,
      brand: 'Fellow',
      price: 60 + i,
    }));
    await writeFile(file, JSON.stringify({ categories: [{ id: 'kettles', label: 'Pour-over kettles' }], products }));
    const worker = await workerControl(h);
    const options = await openOptions(h, 'catalog');
    await options.getByTestId('catalog-info').waitFor({ timeout: 20_000 });
    const before = (await storedProducts(options)).active;
    await checkFile(options, file);
    expect(await options.getByTestId('import-summary').innerText()).toMatch(/^40 of 40 rows can be imported/);
    // Staged under the import's version; the active catalog (the last test's) untouched.
    await expect.poll(() => storedProducts(options)).toEqual({ active: before, other: 40 });
    const starts = worker.starts();
    // Nothing of the import is held in the worker: the products and the index built while reading are stored.
    await worker.stop();
    await options.getByTestId('import-replace').click();
    await expect
      .poll(() => options.getByTestId('import-status').innerText(), { timeout: 60_000 })
      .toMatch(/^Imported 40 products\. The search index is ready \(loaded in \d+ ms\)\./); // the staged index survived the stop
    expect(worker.starts()).toBeGreaterThan(starts);
    expect(await catalogInfo(options)).toMatch(/kettle-shop · 40 products in 1 category · imported/);
    expect((await storedProducts(options)).active).toBe(40);
    await expect.poll(async () => (await storedProducts(options)).other).toBe(0);

    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    await page.getByTestId('fw-search-input').fill('gooseneck');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 20_000 }).toBe('1–8 of 40');
    expect(await page.getByTestId('fw-cat-kettles').innerText()).toBe('Pour-over kettles');
    await worker.dispose();
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

    const options = await openOptions(h, 'catalog');
    await options.getByTestId('catalog-info').waitFor({ timeout: 20_000 });
    await checkFile(options, good);
    // The file's own label for its category.
    expect(await options.getByTestId('import-categories').innerText()).toBe('Shears & hedges (garden_tools): 5');
    await options.getByTestId('import-replace').click();
    await expect
      .poll(() => options.getByTestId('import-status').innerText(), { timeout: 30_000 })
      .toMatch(/^Imported 5 products, skipped 1 invalid rows\. The search index is ready \(loaded in \d+ ms\)\./); // built while reading
    expect(await options.getByTestId('import-errors').locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^3\s+price: /)]);
    const info = await catalogInfo(options);
    expect(info).toMatch(/hedge-shop · 5 products in 1 category · imported/);

    await checkFile(options, bad);
    expect(await options.getByTestId('import-status').innerText()).toMatch(
      /^Import failed, the catalog was not changed: The file is not valid JSON \(at byte \d+\): /,
    );
    expect(await catalogInfo(options)).toBe(info);

    // The file's label for the category is the one the Seller's overlay shows.
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    await page.getByTestId('fw-search-input').fill('quillfern');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 20_000 }).toBe('1–5 of 5');
    expect(await page.getByTestId('fw-cat-garden_tools').innerText()).toBe('Shears & hedges');
    await rm(dir, { recursive: true, force: true });
  });
});
