// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectPage, detectProduct } from '../../lib/storefront/detect';
import { parsePrice, safeImageUrl, safeLinkUrl } from '../../lib/storefront/values';
import * as v from 'valibot';
import { SharedProductSchema } from '../../lib/storefront/product';
import { FIXTURE_ORIGIN, htmlDocument, PAGES_DIR } from './helpers/fixture-page';

const SHOP = join(PAGES_DIR, 'shop');
const expected = JSON.parse(readFileSync(join(SHOP, 'expected.json'), 'utf8')) as Record<
  string,
  { id: string | null; name: string; price: number | null; currency: string | null; brand: string | null; source: string }
>;

/** A fixture page as the content script first sees it: parsed, scripts not run. */
const page = (file: string, html = readFileSync(join(SHOP, file), 'utf8')) => htmlDocument(html, `${FIXTURE_ORIGIN}/shop/${file}`);

describe('detectProduct on the fixture shops', () => {
  for (const [file, want] of Object.entries(expected)) {
    if (file === 'injected.html') continue; // its product arrives by script: the end-to-end test covers it
    it(`${file}: ${want.source}`, () => {
      const doc = page(file);
      expect(detectPage(doc).kind).toBe('product');
      const got = detectProduct(doc);
      expect(got, file).not.toBeNull();
      expect(got).toMatchObject({ title: want.name, source: want.source });
      expect(got?.id).toBe(want.id ?? `http://127.0.0.1:4000/shop/${file}`);
      expect(got?.price ?? null).toBe(want.price);
      expect(got?.currency ?? null).toBe(want.currency);
      expect(got?.brand ?? null).toBe(want.brand);
      expect(got?.fieldSources?.title).toBe(want.source);
      // What it found is shareable as it is: the same checks the pilot server applies.
      expect(v.safeParse(SharedProductSchema, got).success).toBe(true);
    });
  }

  it('injected.html has no product until its script has run', () => {
    expect(detectProduct(page('injected.html'))).toBeNull();
  });

  it('a page with no product markup and no buy button is not a product page', () => {
    expect(detectProduct(page('iframe-host.html'))).toBeNull();
    expect(detectProduct(page('index.html'))).toBeNull();
  });

  it('keeps hostile strings as text and drops javascript: links and pictures', () => {
    const got = detectProduct(page('xss.html'));
    expect(got?.title).toContain('<script>');
    expect(got?.url).toBe('http://127.0.0.1:4000/shop/xss.html'); // the page's own address, not the javascript: one
    expect(got?.image).toBeUndefined();
    expect(got?.id).toBe('MUG-XSS-1');
  });
});

describe('JSON-LD shapes', () => {
  const ld = (data: unknown) =>
    page('x.html', `<html><head><script type="application/ld+json">${JSON.stringify(data)}</script></head><body></body></html>`);

  it('reads nested offers, price specifications and the lowest of several prices', () => {
    expect(
      detectProduct(
        ld({
          '@type': 'Product',
          name: 'A',
          sku: 'a',
          offers: { '@type': 'AggregateOffer', priceCurrency: 'USD', offers: [{ price: 30 }, { price: '25.50' }] },
        }),
      ),
    ).toMatchObject({ price: 25.5, currency: 'USD' });
    expect(
      detectProduct(
        ld({ '@type': 'Product', name: 'B', sku: 'b', offers: { priceSpecification: { price: '1.299,00', priceCurrency: 'EUR' } } }),
      ),
    ).toMatchObject({ price: 1299, currency: 'EUR' });
  });

  it('finds a product named as a page’s main entity, with a prefixed type', () => {
    expect(detectProduct(ld({ '@type': 'ItemPage', mainEntity: { '@type': 'schema:Product', name: 'C', gtin13: '123' } }))).toMatchObject({
      id: '123',
      title: 'C',
    });
  });

  it('takes a brand given as a string, an object or a list, and an image object', () => {
    expect(
      detectProduct(
        ld({ '@type': 'Product', name: 'D', sku: 'd', brand: [{ name: 'Acme' }], image: { '@type': 'ImageObject', url: '/d.png' } }),
      ),
    ).toMatchObject({ brand: 'Acme', image: 'http://127.0.0.1:4000/d.png' });
  });

  it('skips a product with no name', () => {
    expect(detectProduct(ld({ '@type': 'Product', sku: 'e' }))).toBeNull();
  });
});

describe('values from pages', () => {
  it('parses prices as shops write them', () => {
    expect([
      parsePrice('1,299.00'),
      parsePrice('1.299,00'),
      parsePrice('34,50'),
      parsePrice('€ 12'),
      parsePrice('1,299'),
      parsePrice('free'),
      parsePrice(-3),
    ]).toEqual([1299, 1299, 34.5, 12, 1299, undefined, undefined]);
  });
  it('keeps only http(s) links, and http(s) or data:image pictures', () => {
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(safeLinkUrl(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeLinkUrl('https://u:p@shop.example/x')).toBe('https://shop.example/x');
    expect(safeImageUrl('data:text/html,<script>1</script>')).toBeNull();
    expect(safeImageUrl('data:image/svg+xml;utf8,<svg/>')).toBe('data:image/svg+xml;utf8,<svg/>');
    expect(safeImageUrl('/a.png', 'http://shop.example/p/1')).toBe('http://shop.example/a.png');
  });
});
