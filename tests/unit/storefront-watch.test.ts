// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageProductOf, watchPage } from '../../lib/storefront/watch';
import { trackProductViews } from '../../lib/logger/product-view';
import { observable } from '../../lib/observable';
import type { DetectedPage, DetectedProduct } from '../../lib/storefront/detect';
import type { PayloadOf } from '../../lib/events/event-schema';
import { STOREFRONT_RECHECK_MS } from '../../lib/limits';

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const ld = (sku: string, name: string) => {
  const s = document.createElement('script');
  s.type = 'application/ld+json';
  s.textContent = JSON.stringify({ '@type': 'Product', sku, name, offers: { price: 10, priceCurrency: 'USD' } });
  return s;
};

/** The page's product as `watchPage` and `pageProductOf` keep it, as a feature does: each value it takes, by id. */
function watchProductIds(signal: AbortSignal): (string | null)[] {
  const page = observable<DetectedPage>({ kind: 'none' });
  watchPage(document, signal, page.set);
  const product = pageProductOf(page, signal);
  const seen = [product.get()?.id ?? null];
  product.subscribe((p) => seen.push(p?.id ?? null));
  return seen;
}

describe('watchPage with pageProductOf', () => {
  it('finds a product added by script after load, and the next one a single-page shop moves to', async () => {
    const ac = new AbortController();
    const seen = watchProductIds(ac.signal);
    expect(seen).toEqual([null]);
    document.head.append(ld('A-1', 'First'));
    await vi.waitFor(() => expect(seen).toEqual([null, 'A-1']), { timeout: STOREFRONT_RECHECK_MS * 5 });
    // Same address, product known: unrelated changes cost no detection.
    document.body.append(document.createElement('div'));
    history.pushState({}, '', '/p/2');
    document.head.replaceChildren(ld('B-2', 'Second'));
    await vi.waitFor(() => expect(seen).toEqual([null, 'A-1', 'B-2']), { timeout: STOREFRONT_RECHECK_MS * 5 });
    ac.abort();
  });
});

describe('watchPage', () => {
  const card = (path: string) => {
    const li = document.createElement('li');
    li.innerHTML = `<a href="${path}"><img src="/img${path}.svg" alt=""></a><a href="${path}">Name</a><span>€ 12,00</span>`;
    return li;
  };

  it('follows a listing as it loads more cards, and reports no product for it', async () => {
    const grid = document.createElement('ul');
    grid.append(card('/p/a'), card('/p/b'));
    document.body.append(grid);
    const pages: string[][] = [];
    const ac = new AbortController();
    watchPage(document, ac.signal, (page) => pages.push(page.kind === 'listing' ? page.items.map((i) => i.id) : [page.kind]));
    const products = watchProductIds(ac.signal);
    expect(pages).toEqual([['/p/a', '/p/b']]);
    grid.append(card('/p/c'));
    await vi.waitFor(
      () =>
        expect(pages).toEqual([
          ['/p/a', '/p/b'],
          ['/p/a', '/p/b', '/p/c'],
        ]),
      { timeout: STOREFRONT_RECHECK_MS * 5 },
    );
    expect(products).toEqual([null]);
    ac.abort();
  });
});

describe('trackProductViews', () => {
  const p = (id: string): DetectedProduct => ({ id, title: `P ${id}`, price: 5, currency: 'EUR', source: 'json-ld' });

  it('logs each visible stretch with its time, for the product shown, and skips glances', () => {
    let t = 0;
    const product = observable<DetectedProduct | null>(p('a'));
    const views: PayloadOf<'product_view'>[] = [];
    const ac = new AbortController();
    trackProductViews(document, ac.signal, product, (v, view) => view.final && views.push(v), { now: () => t });
    t = 1200;
    product.set(p('b')); // the shop moved on: a's view ends
    t = 1300;
    product.set(p('c')); // b was only glanced at
    t = 4300;
    window.dispatchEvent(new Event('pagehide'));
    expect(views).toEqual([
      { productId: 'a', name: 'P a', price: 5, currency: 'EUR', source: 'json-ld', timeOnPageMs: 1200 },
      { productId: 'c', name: 'P c', price: 5, currency: 'EUR', source: 'json-ld', timeOnPageMs: 3000 },
    ]);
    ac.abort(); // nothing visible left to report
    expect(views).toHaveLength(2);
  });
});
