// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import type { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { ExpectedStoresSchema, type ExpectedPage } from '../fixtures/pages/stores/expected-schema';
import { findProductCards, productCardOf } from '../../lib/storefront/cards';
import { detectPage, type DetectedPage } from '../../lib/storefront/detect';
import { SharedProductSchema } from '../../lib/storefront/product';
import { FIXTURE_ORIGIN, fixturePage, frameDocument, PAGES_DIR } from './helpers/fixture-page';

// The detector on the storefront fixtures (tests/fixtures/pages/stores/): each page loaded with its own scripts run,
// as the content script finds it after load, and checked against expected.json: the page's kind, its product, its
// listing's product ids, and the product card (or none) of every image the page maps.
const DIR = join(PAGES_DIR, 'stores');
const expected = v.parse(ExpectedStoresSchema, JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')));
const files = readdirSync(DIR).filter((f) => f.endsWith('.html'));

const windows: Window[] = [];
afterAll(async () => Promise.all(windows.map((w) => w.happyDOM.close())));

async function load(file: string): Promise<Document> {
  const { window, doc } = await fixturePage(`stores/${file}`, { scripts: true });
  windows.push(window);
  return doc;
}

/** The kind and product or listing of a detection, in expected.json's terms (id null: the page's canonical or own address). */
function asExpected(got: DetectedPage): unknown {
  if (got.kind === 'listing') return { kind: 'listing', listing: { productIds: got.items.map((i) => i.id) } };
  if (got.kind === 'none') return { kind: 'none' };
  const p = got.product;
  return {
    kind: 'product',
    product: {
      id: p.fieldSources?.id === 'fallback' ? null : p.id,
      name: p.title,
      price: p.price ?? null,
      currency: p.currency ?? null,
      brand: p.brand ?? null,
    },
  };
}

function want(page: ExpectedPage): unknown {
  if (page.kind === 'product') return { kind: 'product', product: page.product };
  if (page.kind === 'listing') return { kind: 'listing', listing: page.listing };
  return { kind: 'none' };
}

it('has an expectation for every page', () => {
  expect(Object.keys(expected).sort()).toEqual([...files].sort());
});

describe.each(files)('stores/%s', (file) => {
  const page = expected[file] as ExpectedPage;

  it('is detected as expected.json says', async () => {
    const top = await load(file);
    const doc = page.kind === 'product' && page.frame ? frameDocument(top, page.frame) : top;
    const got = detectPage(doc);
    expect(asExpected(got)).toEqual(want(page));
    if (got.kind === 'product') {
      const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
      if (got.product.fieldSources?.id === 'fallback') expect(got.product.id).toBe(canonical ?? `${FIXTURE_ORIGIN}/stores/${file}`);
      // What it found is shareable as it is, and its pictures are absolute http(s) URLs.
      expect(v.safeParse(SharedProductSchema, got.product).success).toBe(true);
      expect(got.images).toEqual(got.product.images);
      for (const url of got.images) expect(url).toMatch(/^https?:\/\//);
    }
    // A page whose product is in a frame has none of its own.
    if (doc !== top) expect(detectPage(top).kind).toBe('none');
  });

  it('finds every product card, and the card (or none) of every image', async () => {
    const top = await load(file);
    const docs = new Map<string, Document>([['', top]]);
    for (const img of page.images) if (img.frame && !docs.has(img.frame)) docs.set(img.frame, frameDocument(top, img.frame));
    const cardImages = page.images.filter((i) => i.role === 'card');
    expect([...docs.values()].flatMap((d) => findProductCards(d).map((c) => c.id))).toEqual(cardImages.map((i) => i.productId));
    for (const img of page.images) {
      const el = docs.get(img.frame ?? '')?.querySelector(img.selector);
      expect(el, img.selector).toBeTruthy();
      const card = el ? productCardOf(el) : null;
      expect(card?.id ?? null, `${img.role} ${img.selector}`).toBe(img.role === 'card' ? img.productId : null);
      if (card) expect(card.root.contains(el as Element)).toBe(true);
    }
  });
});

describe('sources merged field by field', () => {
  it('og-rdfa-disagree.html: the name and offer from RDFa, the id from Open Graph, never the marketing heading', async () => {
    const got = detectPage(await load('og-rdfa-disagree.html'));
    expect(got.kind).toBe('product');
    if (got.kind !== 'product') return;
    expect(got.product).toMatchObject({ id: 'HLS-0042-WHT-M', title: 'Harbor Linen Shirt', source: 'rdfa' });
    expect(got.product.fieldSources).toEqual({
      id: 'open-graph',
      title: 'rdfa',
      price: 'rdfa',
      currency: 'rdfa',
      brand: 'rdfa',
      description: 'rdfa',
      image: 'rdfa',
      url: 'rdfa',
    });
    // Both the RDFa picture and the og:image.
    expect(got.images).toEqual([
      `${FIXTURE_ORIGIN}/stores/img/harbor/media/products/harbor-linen-shirt-front-w900.svg`,
      `${FIXTURE_ORIGIN}/stores/img/harbor/media/products/harbor-linen-shirt-front-w1200.svg`,
    ]);
  });

  it('magento-product.html: microdata for the product, Open Graph for the picture it lacks', async () => {
    const got = detectPage(await load('magento-product.html'));
    expect(got.kind === 'product' && got.product.fieldSources).toMatchObject({
      id: 'microdata',
      title: 'microdata',
      price: 'microdata',
      image: 'open-graph',
    });
  });

  it('woocommerce-product.html: the Product’s picture through its @id reference in the Yoast graph', async () => {
    const got = detectPage(await load('woocommerce-product.html'));
    expect(got.kind === 'product' && got.images).toEqual([
      `${FIXTURE_ORIGIN}/stores/img/wp-content/uploads/2024/03/heddal-wool-throw-front.svg`,
    ]);
  });

  it('sfra-product.html: every picture of the JSON-LD image array', async () => {
    const got = detectPage(await load('sfra-product.html'));
    expect(got.kind === 'product' && got.images.map((u) => u.replace(/^.*\//, ''))).toEqual([
      'PG.30412788.JJ5QZ41.PZ.svg',
      'PG.30412788.JJ5QZ41.BZ.svg',
      'PG.30412788.JJ5QZ41.SZ.svg',
      'PG.30412788.JJ5QZ41.DZ.svg',
    ]);
  });
});

describe('broken JSON-LD', () => {
  const broken = files.filter((f) => f.startsWith('broken-'));

  it('covers every kind of breakage the fixtures have', () => {
    expect(broken.sort()).toEqual([
      'broken-cdata.html',
      'broken-comments.html',
      'broken-control-chars.html',
      'broken-entities.html',
      'broken-extra-brace.html',
    ]);
  });

  it.each(broken)('%s: the block JSON.parse refuses (or garbles) still gives the product', async (file) => {
    const doc = await load(file);
    const block = doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
    const strict = (() => {
      try {
        return JSON.stringify(JSON.parse(block));
      } catch {
        return null;
      }
    })();
    // Four are not JSON at all; the fifth is JSON whose text is HTML-escaped.
    if (file === 'broken-entities.html') expect(strict).toContain('&#8217;');
    else expect(strict).toBeNull();
    const got = detectPage(doc);
    expect(got.kind === 'product' && got.product.fieldSources).toMatchObject({
      id: 'json-ld',
      title: 'json-ld',
      brand: 'json-ld',
      price: 'json-ld',
    });
  });
});

describe('the older fixture shop (tests/fixtures/pages/shop/)', () => {
  it('pages with no product markup and no buy button of their own are not product pages', async () => {
    for (const file of ['index.html', 'iframe-host.html']) {
      const { window, doc } = await fixturePage(`shop/${file}`);
      windows.push(window);
      expect(detectPage(doc).kind, file).toBe('none');
    }
  });
});
