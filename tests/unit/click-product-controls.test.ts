// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { htmlDocument } from './helpers/fixture-page';
import { controlOf, trackClicks } from '../../lib/logger/click';
import { describeElement } from '../../lib/logger/describe';
import type { PageProduct } from '../../lib/logger/hover';
import { isNumberField } from '../../lib/storefront/controls';
import type { PayloadOf } from '../../lib/events/event-schema';

// What a click on a product page's controls carries, by the page's structure (lib/logger/click.ts,
// lib/storefront/controls.ts): quantity fields typed as text, a gallery's arrows and hit areas, and controls inside a
// form whose fields shadow its properties. The store fixtures check the same on whole pages
// (tests/unit/storefront-controls.test.ts, tests/e2e/storefront-controls.e2e.ts).

const PRODUCT: PageProduct = {
  id: 'SKU-1',
  title: 'Field Jacket',
  source: 'json-ld',
  images: ['https://shop.example/img/jacket-front.jpg', 'https://shop.example/img/jacket-back.jpg'],
};

/** A product page: a gallery of the product's two pictures (with `gallery` added to it), an info column with `info`. */
function productPage(gallery: string, info = ''): Document {
  return htmlDocument(
    `<header><a href="/"><img src="/img/logo.png" alt="Shop"></a></header>
    <main><div class="pdp">
      <div class="media"><div class="stage">
        <img src="/img/jacket-front.jpg" width="600" height="600" alt=""><img src="/img/jacket-back.jpg" width="600" height="600" alt="">
        ${gallery}
      </div></div>
      <div class="info"><h1>Field Jacket</h1>${info}</div>
    </div></main>`,
    'https://shop.example/products/field-jacket',
  );
}

/** The product id a click on `selector` carries: null when logged without one, 'not logged' when not logged at all. */
function clickOn(doc: Document, selector: string): string | null {
  const clicks: PayloadOf<'click'>[] = [];
  const ac = new AbortController();
  trackClicks(doc, ac.signal, (p) => clicks.push(p), { pageProduct: () => PRODUCT });
  const el = doc.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  const view = doc.defaultView as unknown as typeof globalThis;
  // Captured first, so happy-dom does not follow links: the click is what is under test.
  doc.addEventListener('click', (e) => e.preventDefault(), { capture: true, signal: ac.signal });
  el.dispatchEvent(new view.MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
  ac.abort();
  return clicks.length === 0 ? 'not logged' : (clicks[0]?.productId ?? null);
}

describe('quantity fields typed as text', () => {
  it('are number fields when they ask for digits or start with a count', () => {
    const doc = htmlDocument(`
      <input id="number" type="number">
      <input id="count" type="text" name="quantity" value="1" size="2">
      <input id="pattern" type="tel" pattern="[0-9]*">
      <input id="pattern-d" type="text" pattern="\\d*" value="">
      <input id="numeric" inputmode="numeric">
      <input id="search" type="text" name="q" placeholder="Search">
      <input id="postcode" type="text" value="SW1A 1AA">
      <input id="email" type="email" value="1">
      <textarea id="notes">1</textarea>`);
    const numbers = Array.from(doc.querySelectorAll('input, textarea'))
      .filter(isNumberField)
      .map((el) => el.id);
    expect(numbers).toEqual(['number', 'count', 'pattern', 'pattern-d', 'numeric']);
  });

  it('are logged as controls of the page product; other text fields are not logged', () => {
    const doc = productPage(
      '',
      `<div class="buy"><label for="qty">Qty</label><input type="text" id="qty" name="qty" value="1">
      <input type="tel" id="count" pattern="[0-9]*" value="1"><input type="text" id="note" name="note"></div>`,
    );
    expect(clickOn(doc, '#qty')).toBe('SKU-1');
    expect(clickOn(doc, '#count')).toBe('SKU-1');
    expect(clickOn(doc, '#note')).toBe('not logged');
    expect(controlOf(doc.querySelector('#note') as Element)).toBeNull();
  });
});

describe("a gallery's controls", () => {
  it("carry the page product: arrows (with an icon of their own), a lightbox trigger, the gallery's own links", () => {
    const doc = productPage(
      `<button type="button" class="prev"><img src="/img/arrow-left.svg" alt=""></button>
       <div class="bar"><div class="inner"><button type="button" id="next">›</button></div></div>
       <a href="#zoom" id="zoom">⤢</a><a href="?image=1" id="second">2</a>`,
    );
    expect(clickOn(doc, '.prev')).toBe('SKU-1');
    expect(clickOn(doc, '#next')).toBe('SKU-1');
    expect(clickOn(doc, '#zoom')).toBe('SKU-1');
    expect(clickOn(doc, '#second')).toBe('SKU-1');
  });

  it('do not include links to other pages beside the pictures, controls of the whole product block, or the chrome', () => {
    const doc = productPage(
      `<nav class="crumbs"><a href="/" id="home">Home</a> / <a href="/jackets" id="jackets">Jackets</a></nav>`,
      `<button type="button" id="share">Share</button>`,
    );
    expect(clickOn(doc, '#home')).toBeNull();
    expect(clickOn(doc, '#jackets')).toBeNull();
    // The info column holds no pictures; the block above it holds the gallery and the heading: the whole product.
    expect(clickOn(doc, '#share')).toBeNull();
    expect(clickOn(doc, 'header a')).toBeNull();
  });

  it('are told apart from a banner: a button beside pictures that are not the product’s carries nothing', () => {
    const doc = productPage('', '');
    doc.body.insertAdjacentHTML(
      'beforeend',
      '<div class="promo"><img src="/img/summer-sale.jpg" width="900" height="120" alt=""><button type="button" id="close">×</button></div>',
    );
    expect(clickOn(doc, '#close')).toBeNull();
  });
});

describe('a control inside a form whose fields shadow its properties', () => {
  it('is described from attributes and logged (Shopify: <input name="id"> makes form.id that input)', () => {
    const doc = productPage(
      '',
      `<form id="product-form" class="form" action="/cart/add" method="post"><input type="hidden" name="id" value="4501">
       <div class="buttons"><button type="button" class="buy-now">Buy it now</button></div></form>`,
    );
    const form = doc.querySelector('form') as HTMLFormElement;
    // Browsers give a form its fields as named properties over its own (happy-dom does not): as Chromium does here.
    const shadow = form.querySelector('input[name="id"]');
    Object.defineProperty(form, 'id', { get: () => shadow });
    expect(describeElement(doc.querySelector('.buy-now') as Element).path).toBe('form#product-form > div.buttons > button.buy-now');
    expect(clickOn(doc, '.buy-now')).toBe('SKU-1');
  });
});
