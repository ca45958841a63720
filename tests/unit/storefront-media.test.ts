// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import type { ExpectedPage } from '../fixtures/pages/stores/expected-schema';
import { closeStorePages, documentOf, expectedStores, loadStorePage, standInCardOf, structuredImageUrls } from './helpers/store-pages';
import { productMedia, type CardOf } from '../../lib/storefront/media';
import { attributeImage } from '../../lib/logger/product';
import { detectProduct } from '../../lib/storefront/detect';

// The product's media region and image attribution (lib/storefront/media.ts, lib/logger/product.ts) on the store
// fixtures, whose expected.json maps every picture. happy-dom has no layout, so sizes come from the markup and the
// main picture is the first one shown: what the structure alone can tell. tests/e2e/storefront-attribution.e2e.ts
// checks the same pages with real geometry.
afterAll(closeStorePages);

const pages = Object.entries(expectedStores).filter(([, p]) => p.kind !== 'none');

/** The page product as the detector will give it: its id (expected.json's, "@page" when the markup has none) and its pictures' URLs. */
function pageProductOf(page: ExpectedPage, doc: Document): { id: string; images: string[] } | null {
  if (page.kind !== 'product') return null;
  const found = detectProduct(doc);
  return { id: page.product.id ?? '@page', images: [...structuredImageUrls(doc), ...(found?.image ? [found.image] : [])] };
}

async function attribution(file: string, cardOf: CardOf | undefined) {
  const page = expectedStores[file] as ExpectedPage;
  const top = await loadStorePage(file);
  const productDoc = documentOf(top, page);
  const product = pageProductOf(page, productDoc);
  const media = product ? productMedia(productDoc, product.images, cardOf ? { cardOf } : {}) : null;
  const attribute = (el: Element) => {
    const ours = el.ownerDocument === productDoc;
    return attributeImage(el, { page: ours ? product : null, cardOf, media: () => (ours ? media : null) });
  };
  const rows = page.images.map((entry) => {
    const el = (entry.frame ? documentOf(top, page, entry.frame) : top).querySelector(entry.selector);
    if (!el) throw new Error(`${file}: no ${entry.selector}`);
    return { entry, el, got: attribute(el) };
  });
  return { page, top, productDoc, product, rows, attribute };
}

describe.each(pages)('%s', (file) => {
  it('attributes every mapped picture to its product with its role (product cards found by a stand-in for cards.ts)', async () => {
    const { rows, attribute, productDoc } = await attribution(file, standInCardOf);
    const wrong = rows
      .filter(({ entry, got }) => got.role !== entry.role || (got.productId ?? null) !== entry.productId)
      .map(({ entry, got }) => `${entry.selector}: want ${entry.role} ${entry.productId}, got ${got.role} ${got.productId}`);
    expect(wrong).toEqual([]);
    // A zoom layer there from the start counts as the picture under it.
    for (const { entry, el } of rows.filter((r) => r.entry.layer)) {
      const layer = productDoc.querySelector(entry.layer ?? '');
      if (!layer) continue; // added only while the pointer is over the picture (see the hover tests below)
      expect(attribute(layer)).toMatchObject({ image: el, role: entry.role, productId: entry.productId });
    }
  });

  it('never attributes a card or another picture to the page product, even without a card finder', async () => {
    const { rows, product } = await attribution(file, undefined);
    const taken = rows.filter(
      ({ entry, got }) => (entry.role === 'card' || entry.role === 'other') && product && got.productId === product.id,
    );
    expect(taken.map((r) => r.entry.selector)).toEqual([]);
    // The product's own pictures do not need the card finder.
    for (const { entry, got } of rows.filter((r) => r.entry.productId !== null && r.entry.role !== 'card'))
      expect({ selector: entry.selector, role: got.role, productId: got.productId }).toEqual({
        selector: entry.selector,
        role: entry.role,
        productId: entry.productId,
      });
  });
});

describe('the page product a listing was taken for', () => {
  it('does not make the listing grid its gallery (the old detector took the first of 24 microdata products)', async () => {
    const top = await loadStorePage('prestashop-category.html');
    // The detector now calls it a listing (no page product); even seeded with the first card's picture, as the old
    // detector would have, the region refuses the grid.
    expect(detectProduct(top)).toBeNull();
    const firstPicture = top.querySelector('[itemtype*="schema.org/Product"] img')?.getAttribute('src') ?? '';
    expect(firstPicture).not.toBe('');
    const media = productMedia(top, [new URL(firstPicture, top.baseURI).href]);
    expect(media.images.size).toBe(0);
  });
});

describe('pictures in the site header and footer', () => {
  it('are never the product’s, even when the product’s image list names the shop logo (Yoast puts it in the same graph)', async () => {
    const top = await loadStorePage('woocommerce-product.html');
    const logo = top.querySelector('.custom-logo') as Element;
    const media = productMedia(top, [...structuredImageUrls(top), logo.getAttribute('src') ?? ''], { cardOf: standInCardOf });
    expect(media.roleOf(logo)).toBeNull();
    expect(media.roleOf(top.querySelector('.woocommerce-product-gallery__wrapper > div:nth-child(1) > a > img') as Element)).toBe('main');
  });
});

describe('zoom layers added while the pointer is on the picture', () => {
  it('BigCommerce EasyZoom flyout: the flyout image is the main picture', async () => {
    const top = await loadStorePage('bigcommerce-product.html');
    const container = top.querySelector('.productView-img-container');
    container?.dispatchEvent(new (top.defaultView as unknown as typeof globalThis).Event('mouseenter'));
    const flyout = top.querySelector('.productView-image .easyzoom-flyout img');
    expect(flyout).not.toBeNull();
    const images = structuredImageUrls(top);
    const media = productMedia(top, images, { cardOf: standInCardOf });
    const main = top.querySelector('.productView-image img[data-main-image]');
    expect(media.roleOf(flyout as Element)).toBe('main');
    expect(media.baseOf(flyout as Element)).toBe(main);
    expect(media.indexOf(flyout as Element)).toBe(media.indexOf(main as Element));
  });
});

describe('odd and hostile markup', () => {
  it('does not throw, and attributes nothing it cannot place', async () => {
    const top = await loadStorePage('index.html');
    const body = top.body;
    body.innerHTML = `
      <img><img src=""><img src="javascript:alert(1)"><img srcset=",,, ,"><img srcset="x.jpg 1x, , y.jpg 9999999999w">
      <img src="http://[::1"><img data-a-dynamic-image="{not json"><img data-a-dynamic-image='{"/p/a.jpg":[1,1]}'>
      <div style="background: url(javascript:alert(1))"></div><div style="background-image: url('')"></div>
      <picture><source srcset=""><img src="/p/%E0%A4%A.jpg"></picture>
      <ul><li><img src="/p/a-100x100.jpg"></li><li><img src="/p/a-100x100.jpg"></li></ul>
      <a href="/p/a.jpg"><img src="/p/a-1x1.jpg" width="0" height="-5"></a>
      ${'<div>'.repeat(300)}<img src="/p/deep.jpg">${'</div>'.repeat(300)}`;
    for (const urls of [[], ['/p/a.jpg'], ['', 'data:,', '//', '/p/deep.jpg']]) {
      const media = productMedia(top, urls, { cardOf: () => null });
      for (const img of body.querySelectorAll('img, div')) {
        expect(() => attributeImage(img, { page: { id: 'P' }, media: () => media })).not.toThrow();
      }
    }
    // The product's picture and the copies of it are the product's; the throwaway ones are not.
    const media = productMedia(top, ['/p/a.jpg'], {});
    expect(media.roleOf(body.querySelector('img[src="/p/a-100x100.jpg"]') as Element)).not.toBeNull();
    expect(media.roleOf(body.querySelector('img[src="/p/deep.jpg"]') as Element)).toBeNull();
  });

  it('reads a page with thousands of pictures in bounded time', async () => {
    const top = await loadStorePage('index.html');
    top.body.innerHTML = `<ul>${Array.from({ length: 2000 }, (_, i) => `<li><a href="/p/${i}"><img src="/img/p${i}-300x300.jpg"></a></li>`).join('')}</ul>`;
    const start = performance.now();
    const media = productMedia(top, ['/img/p7.jpg'], {});
    expect(performance.now() - start).toBeLessThan(5_000);
    expect(media.images.size).toBe(0); // a grid of links to other pages is a product list, not a gallery
  });
});
