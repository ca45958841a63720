// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import type { ExpectedPage } from '../fixtures/pages/stores/expected-schema';
import { closeStorePages, documentOf, expectedStores, loadStorePage, standInCardOf, structuredImageUrls } from './helpers/store-pages';
import { trackClicks } from '../../lib/logger/click';
import type { PayloadOf } from '../../lib/events/event-schema';
import type { PageProduct } from '../../lib/logger/hover';

// Clicks on the store fixtures' product controls (lib/storefront/controls.ts, lib/logger/click.ts): add to cart, buy
// now, variant swatches and options, quantity controls and gallery thumbnails carry the page product's id; a card's
// controls carry the card's; the shop's header, navigation and banners carry none.
afterAll(closeStorePages);

interface Controls {
  /** Controls of the page's product. */
  product: string[];
  /** Controls of no product. */
  none: string[];
  /** Controls inside product cards, with the card's id. */
  cards?: [string, string][];
}

const CONTROLS: Record<string, Controls> = {
  'dawn-product.html': {
    product: [
      '#ProductSubmitButton-template--21987654321__main',
      '.shopify-payment-button__button',
      'label[for="template--21987654321__main-1-1"]',
      '.quantity__button[name="plus"]',
      '.quantity__input',
    ],
    none: ['#cart-icon-bubble', '.header__menu-item', '.header__heading-link'],
    cards: [['product-recommendations .grid__item:nth-child(2) a', '/products/varde-wool-cap']],
  },
  'woocommerce-product.html': {
    product: ['button[name="add-to-cart"]', 'input[name="quantity"]'],
    none: ['.cart-contents', '#menu-primary a', '.custom-logo-link'],
    cards: [['.related.products li.product:nth-child(1) .add_to_cart_button', '/product/heddal-cushion-cover/']],
  },
  'broken-entities.html': { product: ['button[name="add-to-cart"]', 'input[name="quantity"]'], none: ['.custom-logo-link'] },
  'magento-product.html': {
    product: ['#option-label-size-144-item-168', '#option-label-color-93-item-50', '#qty', '#product-addtocart-button', 'a.towishlist'],
    none: ['a.level-top', 'a.showcart', 'a.logo'],
    cards: [['.block.related .product-item:nth-child(2) .product-item-link', '/ridge-softshell.html']],
  },
  'broken-cdata.html': { product: ['#product-addtocart-button', '#qty'], none: ['a.logo'] },
  'bigcommerce-product.html': {
    product: [
      'label[for="attribute_rectangle__121_211"]',
      '[data-action="inc"]',
      '#form-action-addToCart',
      '.productView-thumbnail:nth-child(2) a',
    ],
    none: ['.navPages-action', '.header-logo__link'],
    cards: [['.productCarousel-slide:nth-child(1) .quickview', '/tindra-gooseneck-scale/']],
  },
  'sfra-product.html': {
    product: ['button.color-attribute[aria-label="Select Color Moss"]', '#size-1', '#quantity-1', 'button.add-to-cart'],
    none: ['.minicart-link', '.logo-home'],
    cards: [['.recommendations .product[data-pid="30412801M"] .quickview', '/s/RefArch/kestrel-trail-cap/30412801M.html']],
  },
  'nextjs-product.html': {
    product: [
      'button[title="Color White"]',
      'button[title="Size M"]',
      'button[aria-label="Please select an option"]',
      'form > ul > li:nth-child(2) a',
    ],
    none: ['nav a[href="/search"]'],
    cards: [['.py-8 ul > li:nth-child(1) a', '/product/acme-cup']],
  },
  'amazon-product.html': {
    product: ['#color_name_1 button', '#quantity', '#add-to-cart-button', '#buy-now-button'],
    none: ['#nav-logo-sprites', '#bylineInfo'],
    cards: [['li.a-carousel-card:nth-child(3) a', '/Lumo-Bottle-Straw-Lid/dp/B0C8H5Q2WN/ref=pd_sim_d_sccl_1_3/135-2084671-5546403']],
  },
  'broken-extra-brace.html': {
    product: [
      '#SingleOptionSelector-0',
      '#Quantity-product-template',
      '#AddToCart-product-template',
      '.product-single__thumbnails-item:nth-child(2) a',
    ],
    none: ['.site-header__logo-image'],
  },
  'broken-comments.html': { product: ['.btn-cart', '.product-image-thumbs li:nth-child(2) a'], none: ['a.logo'] },
  'broken-control-chars.html': { product: ['#input-option227', '#button-cart'], none: ['#top-links a', '#logo a'] },
  'og-rdfa-disagree.html': {
    product: ['.size-picker button:nth-child(1)', 'input[name="quantity"]', 'button.add', '.pdp-media nav button:nth-child(2)'],
    none: ['.promo-banner a', 'header.masthead nav a'],
  },
  'srcdoc-frame.html': { product: ['select[name="quantity"]', '.buy-card__btn'], none: [] },
  'about-blank-frame.html': {
    product: ['select[name="Color"]', '.shopify-buy__quantity-increment', '.shopify-buy__quantity-input', '.shopify-buy__btn'],
    none: [],
  },
  'woocommerce-category.html': {
    product: [],
    none: ['.custom-logo-link'],
    cards: [['ul.products > li:nth-child(2) .add_to_cart_button', '/product/heddal-cushion-cover/']],
  },
  'magento-category.html': {
    product: [],
    none: ['a.logo'],
    cards: [['.products-grid .product-item:nth-child(3) button.tocart', '/ridge-softshell.html']],
  },
  'sfra-search.html': {
    product: [],
    none: [],
    cards: [['.search-results .product[data-pid="30412814M"] .pdp-link a', '/s/RefArch/merlin-fleece-hoodie/30412814M.html']],
  },
  'prestashop-category.html': {
    product: [],
    none: [],
    cards: [['#js-product-list .products > div:nth-child(2) .product-thumbnail', '/men/2-hummingbird-printed-sweater.html']],
  },
  'dawn-collection.html': {
    product: [],
    none: [],
    cards: [['#product-grid > li:nth-child(3) a', '/collections/bags/products/duffel-40l']],
  },
};

it('lists the controls of every page that has a product or cards', () => {
  expect(Object.keys(CONTROLS).sort()).toEqual(
    Object.entries(expectedStores)
      .filter(([, p]) => p.kind !== 'none')
      .map(([f]) => f)
      .sort(),
  );
});

describe.each(Object.entries(CONTROLS))('%s', (file, controls) => {
  it('gives each control the product it acts on', async () => {
    const page = expectedStores[file] as ExpectedPage;
    const doc = documentOf(await loadStorePage(file), page);
    const product: PageProduct | null =
      page.kind === 'product'
        ? { id: page.product.id ?? '@page', title: page.product.name, source: 'json-ld', images: structuredImageUrls(doc) }
        : null;
    const clicks: PayloadOf<'click'>[] = [];
    const ac = new AbortController();
    trackClicks(doc, ac.signal, (p) => clicks.push(p), { pageProduct: () => product, cardOf: standInCardOf });
    const productOf = (selector: string) => {
      const el = doc.querySelector(selector);
      if (!el) throw new Error(`${file}: no ${selector}`);
      clicks.length = 0;
      el.dispatchEvent(new (doc.defaultView as unknown as typeof globalThis).MouseEvent('click', { bubbles: true, cancelable: true }));
      // A label's click also clicks its radio: both are logged, with one product.
      expect(clicks.length, `${selector} is logged as a click`).toBeGreaterThanOrEqual(1);
      expect(new Set(clicks.map((c) => c.productId)).size, `${selector}: one product for its clicks`).toBe(1);
      return clicks[0]?.productId ?? null;
    };
    const got = {
      product: controls.product.map((s) => [s, productOf(s)]),
      none: controls.none.map((s) => [s, productOf(s)]),
      cards: (controls.cards ?? []).map(([s]) => [s, productOf(s)]),
    };
    ac.abort();
    expect(got).toEqual({
      product: controls.product.map((s) => [s, product?.id]),
      none: controls.none.map((s) => [s, null]),
      cards: controls.cards ?? [],
    });
  });
});
