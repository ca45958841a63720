// @vitest-environment node
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeStorePages, loadStorePage, standInCardOf, structuredImageUrls } from './helpers/store-pages';
import { trackImageHovers, type PageProduct } from '../../lib/logger/hover';
import type { PayloadOf } from '../../lib/events/event-schema';

// The hover tracker (lib/logger/hover.ts) on store fixtures: what it logs for a look at a zoom layer, a card, a logo,
// and a layer stacked over a picture. happy-dom has no layout: boxes and the hit test are stubbed where the tracker
// reads them.
afterAll(closeStorePages);

function box(el: Element, width: number, height = width) {
  vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({
    width,
    height,
    left: 0,
    top: 0,
    right: width,
    bottom: height,
    x: 0,
    y: 0,
  } as DOMRect);
}

async function tracked(file: string, id: string) {
  const doc = await loadStorePage(file);
  const win = doc.defaultView as unknown as typeof globalThis;
  const product: PageProduct = { id, title: 'x', source: 'json-ld', images: structuredImageUrls(doc) };
  let t = 0;
  const hovers: PayloadOf<'hover'>[] = [];
  const ac = new AbortController();
  trackImageHovers(doc, ac.signal, (p) => hovers.push(p), { now: () => t, pageProduct: () => product, cardOf: standInCardOf });
  const pointer = (type: 'pointerover' | 'pointerout', el: Element, init: MouseEventInit = {}) =>
    el.dispatchEvent(new win.MouseEvent(type, { bubbles: true, clientX: 20, clientY: 20, ...init }));
  // The pointer leaving the page from `el`, as the browser tells it: out of the element, then leaving the root.
  const leave = (el: Element) => {
    pointer('pointerout', el);
    doc.documentElement.dispatchEvent(new win.MouseEvent('pointerleave'));
  };
  const look = (el: Element, ms: number) => {
    pointer('pointerover', el);
    t += ms;
    leave(el);
  };
  return { doc, hovers, look, leave, pointer, advance: (ms: number) => (t += ms), stop: () => ac.abort() };
}

describe('hovers on a WooCommerce product page', () => {
  it('logs the zoom layer as the main image under it, a related card as that card, and the logo as nobody', async () => {
    const { doc, hovers, look } = await tracked('woocommerce-product.html', 'HW-THR-130-GRY');
    const zoom = doc.querySelector('.woocommerce-product-gallery__wrapper > div:nth-child(1) > img.zoomImg') as Element;
    const main = doc.querySelector('.woocommerce-product-gallery__wrapper > div:nth-child(1) > a > img') as HTMLImageElement;
    const card = doc.querySelector('.related.products li.product:nth-child(2) img') as Element;
    const logo = doc.querySelector('.custom-logo') as Element;
    const thumb = doc.querySelector('.flex-control-thumbs li:nth-child(3) img') as Element;
    for (const [el, size] of [
      [zoom, 1200],
      [card, 324],
      [logo, 110],
      [thumb, 100],
    ] as const)
      box(el, size);
    look(zoom, 500);
    look(card, 300);
    look(logo, 200);
    look(thumb, 150);
    expect(hovers).toEqual([
      {
        target: 'product_image',
        productId: 'HW-THR-130-GRY',
        image: { src: main.src, index: 0, role: 'main', alt: 'Heddal Wool Throw 130 × 170 cm front' },
        dwellMs: 500,
      },
      {
        target: 'product_image',
        productId: '/product/rya-rug-small/',
        image: expect.objectContaining({ role: 'card', alt: 'Rya Rug 60 × 90 cm' }),
        dwellMs: 300,
      },
      { target: 'image', image: expect.objectContaining({ role: 'other', alt: 'Heddal Weavers' }), dwellMs: 200 },
      {
        target: 'product_image',
        productId: 'HW-THR-130-GRY',
        image: expect.objectContaining({ role: 'thumbnail', index: 6 }),
        dwellMs: 150,
      },
    ]);
  });

  it('counts moving from the picture onto its zoom layer as one look', async () => {
    const { doc, hovers, pointer, leave, advance } = await tracked('woocommerce-product.html', 'HW-THR-130-GRY');
    const zoom = doc.querySelector('img.zoomImg') as Element;
    const main = doc.querySelector('.woocommerce-product-gallery__wrapper > div:nth-child(1) > a > img') as Element;
    box(main, 416);
    box(zoom, 1200);
    pointer('pointerover', main);
    advance(100);
    pointer('pointerout', main, { relatedTarget: zoom });
    pointer('pointerover', zoom, { relatedTarget: main });
    advance(400);
    leave(zoom);
    expect(hovers).toEqual([
      expect.objectContaining({ productId: 'HW-THR-130-GRY', image: expect.objectContaining({ role: 'main' }), dwellMs: 500 }),
    ]);
  });
});

describe('a layer stacked over a picture (Amazon-style lens, Dawn lightbox button)', () => {
  it('is a look at the picture under the pointer; a dialog over the page is not', async () => {
    const { doc, hovers, look } = await tracked('amazon-product.html', '@page');
    const main = doc.querySelector('#main-image-container li.itemNo0 img') as Element;
    const lens = doc.createElement('div');
    lens.id = 'magnifierLens';
    doc.querySelector('#leftCol')?.appendChild(lens);
    const dialog = doc.createElement('div');
    doc.body.appendChild(dialog);
    box(main, 500);
    box(lens, 160);
    box(dialog, 1280, 800);
    let stack: Element[] = [lens, main, doc.body];
    Object.defineProperty(doc, 'elementsFromPoint', { value: () => stack, configurable: true });
    look(lens, 400);
    stack = [dialog, main, doc.body];
    look(dialog, 400);
    expect(hovers).toEqual([
      { target: 'product_image', productId: '@page', image: expect.objectContaining({ role: 'main', index: 5 }), dwellMs: 400 },
    ]);
  });
});
