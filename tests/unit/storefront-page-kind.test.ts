// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findProductCards, productCardOf } from '../../lib/storefront/cards';
import { detectPage, detectProduct, type DetectedPage } from '../../lib/storefront/detect';
import { FIXTURE_ORIGIN, htmlDocument } from './helpers/fixture-page';

// What kind of page the detector takes a page for, and how it merges what several sources say: small pages written
// for one rule each. The fixture pages (storefront-fixtures.test.ts) check the same rules on full platform markup.
const ld = (...nodes: unknown[]) => nodes.map((n) => `<script type="application/ld+json">${JSON.stringify(n)}</script>`).join('');
const doc = (head: string, body = '') => htmlDocument(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);

/** A product card as grids write them: a linked picture, a linked name and a price. */
const card = (path: string, extra = '', price = '$12.00') =>
  `<li><a href="${path}"><img src="/img${path}.svg" alt=""></a><h3><a href="${path}?ref=grid">Name of ${path}</a></h3><span>${price}</span>${extra}</li>`;
const grid = (...cards: string[]) => `<ul class="grid">${cards.join('')}</ul>`;
const ids = (page: DetectedPage) => (page.kind === 'listing' ? page.items.map((i) => i.id) : page.kind);

describe('listing pages', () => {
  it('several microdata products: a listing, each card known by its own sku', () => {
    const item = (sku: string) =>
      card(`/p/${sku}`, `<meta itemprop="sku" content="${sku}"><meta itemprop="name" content="${sku}">`).replace(
        '<li>',
        '<li itemscope itemtype="https://schema.org/Product">',
      );
    const page = doc('', grid(item('A-1'), item('B-2'), item('C-3')));
    expect(ids(detectPage(page))).toEqual(['A-1', 'B-2', 'C-3']);
    expect(detectProduct(page)).toBeNull();
  });

  it('several JSON-LD products: a listing, from its cards, or from the products when it shows none', () => {
    const products = ld({ '@type': 'Product', name: 'A', sku: 'A-1', url: '/p/a' }, { '@type': 'Product', name: 'B', url: '/p/b' });
    expect(ids(detectPage(doc(products)))).toEqual(['A-1', '/p/b']);
    expect(ids(detectPage(doc(products, grid(card('/p/a'), card('/p/b')))))).toEqual(['A-1', '/p/b']);
  });

  it('an ItemList of products is a listing; one of bare URLs only names the cards’ skus', () => {
    const list = (items: unknown[]) => ld({ '@type': 'ItemList', itemListElement: items });
    const products = list([
      { '@type': 'ListItem', position: 1, item: { '@type': 'Product', name: 'A', sku: 'A-1', url: `${FIXTURE_ORIGIN}/p/a` } },
      { '@type': 'ListItem', position: 2, item: { '@type': 'Product', name: 'B', sku: 'B-2', url: `${FIXTURE_ORIGIN}/p/b` } },
    ]);
    expect(ids(detectPage(doc(products)))).toEqual(['A-1', 'B-2']);
    // Cards whose links structured data names with a sku take that sku.
    expect(ids(detectPage(doc(products, grid(card('/p/b'), card('/p/c')))))).toEqual(['B-2', '/p/c']);
    const urls = list([
      { '@type': 'ListItem', url: '/p/a' },
      { '@type': 'ListItem', url: '/p/b' },
    ]);
    expect(detectPage(doc(urls)).kind).toBe('none'); // an article carousel looks the same
    expect(ids(detectPage(doc(urls, grid(card('/p/a'), card('/p/b')))))).toEqual(['/p/a', '/p/b']);
  });

  it('a grid whose add-to-cart buttons are all in cards is a listing, not a product page', () => {
    const buy = '<button>Add to cart</button>';
    const page = doc('', `<h1>Bags</h1>${grid(card('/p/a', buy), card('/p/b', buy), card('/p/c', buy))}`);
    expect(ids(detectPage(page))).toEqual(['/p/a', '/p/b', '/p/c']);
  });

  it('rows of posts or category tiles (no price, markup or buy button) are not product cards', () => {
    const page = doc('', grid(card('/blog/a', '', ''), card('/blog/b', '', ''), card('/blog/c', '', '')));
    expect(findProductCards(page)).toEqual([]);
    expect(detectPage(page).kind).toBe('none');
  });

  it('a card with a price missing (sold out) still counts when most of its row shows prices', () => {
    const page = doc('', grid(card('/p/a'), card('/p/b', '', 'Sold out'), card('/p/c')));
    expect(ids(detectPage(page))).toEqual(['/p/a', '/p/b', '/p/c']);
  });

  it('brand links that several cards share do not split them', () => {
    const brand = (b: string) => `<a href="/brands/${b}">${b}</a>`;
    const page = doc('', grid(card('/p/a', brand('acme')), card('/p/b', brand('acme')), card('/p/c', brand('zeta'))));
    expect(ids(detectPage(page))).toEqual(['/p/a', '/p/b', '/p/c']);
  });

  it('card ids are their links’ URL paths, however the links are written', () => {
    const hrefs = ['/p/caf%C3%A9', '/p/café', '/p/x/../y', 'p/relative', `${FIXTURE_ORIGIN}/p/absolute?x=1`, '/p/semi;v=1#top'];
    const page = doc('', grid(...hrefs.map((h) => card(h))));
    expect(findProductCards(page).map((c) => c.id)).toEqual(hrefs.map((h) => new URL(h, `${FIXTURE_ORIGIN}/x.html`).pathname));
  });

  it('quick-view and icon links inside a card do not split it', () => {
    const extra = (p: string) => `<a href="/quickview?pid=${p}" data-toggle="modal">Quick view</a><a href="/wish/${p}"><svg></svg></a>`;
    const page = doc('', grid(card('/p/a', extra('a')), card('/p/b', extra('b'))));
    expect(findProductCards(page).map((c) => [c.id, c.link])).toEqual([
      ['/p/a', `${FIXTURE_ORIGIN}/p/a`],
      ['/p/b', `${FIXTURE_ORIGIN}/p/b`],
    ]);
  });
});

describe('product pages', () => {
  const main = ld({ '@type': 'Product', name: 'Main', sku: 'M-1', offers: { price: 30, priceCurrency: 'EUR' } });

  it('related-product cards do not make a product page a listing, and their pictures are theirs', () => {
    const page = doc(main, `<h1>Main</h1><img id="hero" src="/img/m.svg"><section>${grid(card('/p/a'), card('/p/b'))}</section>`);
    expect(detectPage(page)).toMatchObject({ kind: 'product', product: { id: 'M-1' } });
    expect(productCardOf(page.querySelector('#hero') as Element)).toBeNull();
    expect(productCardOf(page.querySelector('img[src="/img/p/b.svg"]') as Element)?.id).toBe('/p/b');
  });

  it('the same product given twice (two blocks, one per variant) is one product', () => {
    const page = doc(main + ld({ '@type': 'Product', name: 'Main', sku: 'M-1-RED', offers: { price: 32, priceCurrency: 'EUR' } }));
    expect(detectPage(page)).toMatchObject({ kind: 'product', product: { id: 'M-1', price: 30 } });
  });

  it('a product group and its variants, each its own node, are one product', () => {
    const group = { '@type': 'ProductGroup', '@id': '#shirt', name: 'Shirt', productGroupID: 'SH', url: '/p/shirt' };
    const variant = (color: string, price: number) => ({
      '@type': 'Product',
      name: `Linen ${color}`,
      sku: `SH-${color}`,
      isVariantOf: { '@id': '#shirt' },
      url: `/p/shirt-${color}`,
      offers: { price, priceCurrency: 'EUR' },
    });
    const got = detectPage(doc(ld(group, variant('red', 40), variant('blue', 35))));
    expect(got).toMatchObject({ kind: 'product', product: { id: 'SH', title: 'Shirt', price: 35, currency: 'EUR' } });
  });

  it('a source about another product lends the page’s product nothing', () => {
    const og =
      '<meta property="og:type" content="product"><meta property="og:title" content="Other"><meta property="product:retailer_item_id" content="O-9"><meta property="product:brand" content="Otherco">';
    const got = detectProduct(doc(main + og));
    expect(got).toMatchObject({ id: 'M-1', title: 'Main' });
    expect(got?.brand).toBeUndefined();
  });

  it('a product without an id of its own is known by its address, and its name may come from the heading', () => {
    const got = detectProduct(
      doc('<meta property="product:price:amount" content="5"><meta property="product:price:currency" content="USD">', '<h1>Cap</h1>'),
    );
    expect(got).toMatchObject({ id: `${FIXTURE_ORIGIN}/x.html`, title: 'Cap', price: 5, source: 'open-graph' });
    expect(got?.fieldSources).toMatchObject({ id: 'fallback', title: 'fallback', price: 'open-graph' });
  });

  it('a page with only a buy button: its heading, and no price read from text', () => {
    const got = detectProduct(doc('', '<h1>Trail Runner</h1><p class="price">$139.00</p><button>Add to cart</button>'));
    expect(got).toMatchObject({ title: 'Trail Runner', source: 'fallback' });
    expect(got?.price).toBeUndefined();
  });
});

describe('HTML entities in JSON-LD', () => {
  it('are decoded once, as text', () => {
    const page = doc(
      ld({ '@type': 'Product', sku: 'E', name: 'Men&#8217;s &amp;amp; &lt;img src=x onerror=alert(1)&gt; &eacute;&nbsp;&bogus;' }),
    );
    expect(detectProduct(page)?.title).toBe('Men’s &amp; <img src=x onerror=alert(1)> é &bogus;');
    // Only single references ever reach the parser: nothing was created from the page's text.
    expect(page.querySelectorAll('img')).toHaveLength(0);
  });

  it('decode a block whose whole text is entity-encoded', () => {
    const page = doc(
      `<script type="application/ld+json">{&quot;@type&quot;:&quot;Product&quot;,&quot;name&quot;:&quot;Q&quot;,&quot;sku&quot;:&quot;Q-1&quot;}</script>`,
    );
    expect(detectProduct(page)).toMatchObject({ id: 'Q-1', title: 'Q' });
  });
});
