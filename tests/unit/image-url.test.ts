import { describe, expect, it } from 'vitest';
import { imageKey, srcsetUrls, urlSizeHint } from '../../lib/storefront/image-url';

const BASE = 'http://127.0.0.1:4000/stores/page.html';
const key = (url: string) => imageKey(url, BASE);

// URL shapes as the store fixtures (tests/fixtures/pages/stores) carry them, after the platforms they copy.
describe('imageKey: renditions of one picture have one key', () => {
  it.each([
    [
      'Shopify Dawn: ?v=&width=, structured data without width',
      '/stores/img/shopify/cdn/shop/files/nk-rolltop-22-black-front.svg?v=1712003456&width=1946',
      '/stores/img/shopify/cdn/shop/files/nk-rolltop-22-black-front.svg?v=1712003456',
    ],
    [
      'Shopify Debut: _345x345@2x vs _1200x1200, protocol-relative',
      '//ember.example/stores/img/shopify/cdn/shop/products/ember-soy-candle-front_345x345@2x.svg?v=1598012345',
      '/stores/img/shopify/cdn/shop/products/ember-soy-candle-front_1200x1200.svg?v=1598012345',
    ],
    [
      'Shopify legacy named size and CDN host',
      'https://cdn.shopify.com/s/files/1/0754/3727/files/ember-soy-candle-front_grande.jpg',
      '/stores/img/shopify/cdn/shop/products/ember-soy-candle-front_110x110@2x.svg',
    ],
    [
      'WooCommerce: -416x416 vs the original (data-large_image)',
      '/stores/img/wp-content/uploads/2024/03/heddal-wool-throw-front-416x416.svg',
      '/stores/img/wp-content/uploads/2024/03/heddal-wool-throw-front.svg',
    ],
    [
      'WooCommerce: escaped slashes were JSON, -100x100 thumbnail',
      '/stores/img/wp-content/uploads/2024/01/mens-trail-apron-waxed-linen-front.svg',
      '/stores/img/wp-content/uploads/2024/01/mens-trail-apron-waxed-linen-front-100x100.svg',
    ],
    [
      'Magento 2: cache/<hash>/ per size',
      '/stores/img/media/catalog/product/cache/0f831c1845fc143d00d6d1ebc49f446a/m/j/mjaster_main-front.svg',
      '/stores/img/media/catalog/product/m/j/mjaster_main-front.svg',
    ],
    [
      'Magento 1: cache/1/thumbnail/75x/<hash>/',
      '/stores/img/media/catalog/product/cache/1/thumbnail/75x/9df78eab33525d08d6e5fb8d27136e95/a/r/arc-desk-lamp-front.svg',
      '/stores/img/media/catalog/product/a/r/arc-desk-lamp-front.svg',
    ],
    [
      'BigCommerce: stencil/<size>/ and ?c=',
      '/stores/img/bigcommerce/s-q8x2mz7k/images/stencil/50x50/products/112/379/tindra-kettle-matte-black-front__37917.1700000000.svg?c=1',
      '/stores/img/bigcommerce/s-q8x2mz7k/images/stencil/1280x1280/products/112/379/tindra-kettle-matte-black-front__37917.1700000000.svg?c=1',
    ],
    [
      'Salesforce: ?sw=&sh=&sm=',
      '/stores/img/on/demandware.static/-/Sites-apparel-m-catalog/default/dw4e7c2a1b/images/large/PG.30412788.JJ5QZ41.PZ.svg?sw=800&sh=800&sm=fit',
      '/stores/img/on/demandware.static/-/Sites-apparel-m-catalog/default/dw4e7c2a1b/images/large/PG.30412788.JJ5QZ41.PZ.svg',
    ],
    [
      'Salesforce: the same file under another size folder',
      '/on/demandware.static/-/Sites-apparel-m-catalog/default/dw4e7c2a1b/images/medium/PG.30412788.JJ5QZ41.PZ.jpg',
      '/on/demandware.static/-/Sites-apparel-m-catalog/default/dw4e7c2a1b/images/large/PG.30412788.JJ5QZ41.PZ.jpg',
    ],
    [
      'Next.js: /_next/image?url=<encoded CDN URL>&w=&q=',
      '/stores/_next/image?url=https%3A%2F%2Fcdn.shopify.com%2Fs%2Ffiles%2F1%2F0754%2F3727%2F7491%2Ffiles%2Ft-shirt-circles-black.png%3Fv%3D1690003482&w=3840&q=75',
      'https://cdn.shopify.com/s/files/1/0754/3727/7491/files/t-shirt-circles-black.png?v=1690003482',
    ],
    [
      'Cloudflare image resizing',
      'https://shop.example/cdn-cgi/image/width=400,quality=80/products/green-tea-tin.jpg',
      'https://shop.example/products/green-tea-tin.jpg',
    ],
    [
      'Amazon: ._AC_SX679_ vs ._AC_US40_',
      '/stores/img/amazon/images/I/71kQ2vX8sZL._AC_SX679_.svg',
      '/stores/img/amazon/images/I/71kQ2vX8sZL._AC_US40_.svg',
    ],
    [
      'Amazon: ._AC_SL1500_ (hi-res)',
      '/stores/img/amazon/images/I/71kQ2vX8sZL._AC_SL1500_.svg',
      'https://m.media-amazon.com/images/I/71kQ2vX8sZL.jpg',
    ],
    [
      'OpenCart: -228x228 vs -74x74',
      '/stores/img/opencart/image/cache/catalog/products/trail-runner-front-228x228.svg',
      '/stores/img/opencart/image/cache/catalog/products/trail-runner-front-500x500.svg',
    ],
    [
      'Custom: -w900 vs -w120, WebP <source> of the same picture',
      '/stores/img/harbor/media/products/harbor-linen-shirt-front-w900.svg',
      '/stores/img/harbor/media/products/harbor-linen-shirt-front-w1200.webp',
    ],
    [
      'PrestaShop: <id>-home_default/ folders',
      'https://shop.example/2-home_default/mug.jpg',
      'https://shop.example/2-large_default/mug.jpg',
    ],
    [
      'PrestaShop: -home_default suffix',
      'https://shop.example/img/p/hummingbird-printed-sweater-home_default.jpg',
      'https://shop.example/img/p/hummingbird-printed-sweater.jpg',
    ],
    [
      'WordPress: -scaled original',
      'https://blog.example/wp-content/uploads/2024/04/ridge-walk-hero-scaled.jpg',
      'https://blog.example/wp-content/uploads/2024/04/ridge-walk-hero-1024x683.jpg',
    ],
  ])('%s', (_label, a, b) => {
    expect(key(a)).not.toBeNull();
    expect(key(a)).toBe(key(b));
  });
});

describe('imageKey: different pictures keep different keys', () => {
  it.each([
    [
      'two views of one product',
      '/img/wp-content/uploads/2024/03/heddal-wool-throw-front-416x416.svg',
      '/img/wp-content/uploads/2024/03/heddal-wool-throw-back-416x416.svg',
    ],
    ['Amazon ids', '/images/I/71kQ2vX8sZL._AC_SX679_.svg', '/images/I/71Jr4mP0aQL._AC_SX679_.svg'],
    ['Next.js proxied files', '/_next/image?url=%2Ffiles%2Ft-shirt-1.png&w=640', '/_next/image?url=%2Ffiles%2Ft-shirt-2.png&w=640'],
    [
      'short names in different product folders',
      'https://shop.example/products/112/front.jpg',
      'https://shop.example/products/130/front.jpg',
    ],
    ['a script that serves pictures by id', 'https://shop.example/image.php?id=7&w=200', 'https://shop.example/image.php?id=8&w=200'],
  ])('%s', (_label, a, b) => {
    expect(key(a)).not.toBe(key(b));
  });

  it('names no picture for data:, blob:, javascript: and junk', () => {
    for (const url of ['data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'blob:https://x/1', 'javascript:alert(1)', '', '   ', 'http://[::1'])
      expect(key(url)).toBeNull();
  });

  it('resolves against a stand-in base where the page has none (an about:blank frame)', () => {
    expect(imageKey('/img/cap-front_100x100.svg', 'about:blank')).toBe(imageKey('https://x.example/img/cap-front_480x480.svg'));
  });
});

describe('srcsetUrls', () => {
  it('reads candidates with width and density descriptors, commas inside URLs, and no space after commas', () => {
    expect(srcsetUrls('/a-100x100.jpg 100w, /a-300x300.jpg 300w')).toEqual(['/a-100x100.jpg', '/a-300x300.jpg']);
    expect(srcsetUrls('/I/8H3M7RTL._AC_UL160_SR160,160_.jpg 1x, /I/8H3M7RTL._AC_UL320_SR320,320_.jpg 2x')).toEqual([
      '/I/8H3M7RTL._AC_UL160_SR160,160_.jpg',
      '/I/8H3M7RTL._AC_UL320_SR320,320_.jpg',
    ]);
    expect(srcsetUrls('a.jpg 1x,b.jpg 2x')).toEqual(['a.jpg', 'b.jpg']);
    expect(srcsetUrls('  a.jpg,  b.jpg,, ')).toEqual(['a.jpg', 'b.jpg']);
    expect(srcsetUrls('')).toEqual([]);
    expect(srcsetUrls(null)).toEqual([]);
  });
});

describe('urlSizeHint', () => {
  it.each([
    ['/stencil/500x659/products/112/x.svg', 659],
    ['/uploads/x-100x100.svg', 100],
    ['/products/x_110x110@2x.svg?v=1', 110],
    ['/images/I/71kQ2vX8sZL._AC_US40_.svg', 40],
    ['/images/I/8H3M7RTL._AC_UL160_SR160,160_.svg', 160],
    ['/cache/1/image/1800x/040ec09b1e35df139433887a97daa66f/a/r/x.svg', 1800],
    ['/media/products/shirt-front-w120.svg', 120],
    ['/files/x.svg?v=1&width=128', 128],
    ['/images/large/x.svg?sw=800&sh=800', 800],
    ['/files/x.svg', null],
  ])('%s → %s', (url, px) => {
    expect(urlSizeHint(url, BASE)).toBe(px);
  });
});
