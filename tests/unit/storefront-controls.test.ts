// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import type { ExpectedPage } from '../fixtures/pages/stores/expected-schema';
import { closeStorePages, documentOf, expectedStores, loadStorePage } from './helpers/store-pages';
import { trackClicks } from '../../lib/logger/click';
import { productCardOf } from '../../lib/storefront/cards';
import { detectPage } from '../../lib/storefront/detect';
import type { PayloadOf } from '../../lib/events/event-schema';

// Clicks on the store fixtures' controls (expected.json `controls`; lib/storefront/controls.ts, lib/logger/click.ts),
// with the page product as the detector finds it and product cards as the logger finds them: add to cart, buy now,
// options, quantity controls, the gallery carry the page product's id; a card's controls carry the card's; the shop's
// chrome carries none. tests/e2e/storefront-controls.e2e.ts clicks the same controls in real Chromium.
afterAll(closeStorePages);

const pages = Object.entries(expectedStores).filter(([, p]) => p.controls.length > 0);

it('maps controls on every page that has a product or cards', () => {
  expect(pages.map(([f]) => f).sort()).toEqual(
    Object.entries(expectedStores)
      .filter(([, p]) => p.kind !== 'none')
      .map(([f]) => f)
      .sort(),
  );
});

describe.each(pages)('%s', (file, page: ExpectedPage) => {
  it('gives each control the product it acts on', async () => {
    const top = await loadStorePage(file);
    const productDoc = documentOf(top, page);
    const detected = detectPage(productDoc);
    const product = detected.kind === 'product' ? { ...detected.product, images: detected.images } : null;
    expect(detected.kind, 'the detector reads the page as expected.json says').toBe(page.kind);

    const clicks: PayloadOf<'click'>[] = [];
    const ac = new AbortController();
    const docs = new Set(page.controls.map((c) => documentOf(top, page, c.frame ?? '')));
    for (const doc of docs) {
      // Links and submit buttons would take happy-dom's window to another page: the test stays on this one. Capture:
      // happy-dom follows a link as the click bubbles through it, before listeners on the document hear it.
      doc.addEventListener('click', (e) => e.preventDefault(), { capture: true });
      trackClicks(doc, ac.signal, (p) => clicks.push(p), {
        // Each document's logger knows only its own page's product (a frame's product is not its top page's).
        pageProduct: () => (doc === productDoc ? product : null),
        cardOf: (el) => productCardOf(el),
      });
    }
    const productOf = (control: (typeof page.controls)[number]) => {
      const el = documentOf(top, page, control.frame ?? '').querySelector(control.selector);
      if (!el) throw new Error(`${file}: no ${control.selector}`);
      clicks.length = 0;
      const view = el.ownerDocument.defaultView as unknown as typeof globalThis;
      el.dispatchEvent(new view.MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
      // A label's click also clicks its radio: both are logged, with one product.
      if (clicks.length === 0) return 'not logged';
      const ids = new Set(clicks.map((c) => c.productId ?? null));
      return ids.size === 1 ? [...ids][0] : `several: ${[...ids].join(', ')}`;
    };
    const want = (id: string | null) => (id === '@page' ? (product?.id ?? '@page') : id);
    const wrong = page.controls.flatMap((c) => {
      const got = productOf(c);
      return got === want(c.productId) ? [] : [`${c.kind} ${c.selector}: want ${want(c.productId)}, got ${got}`];
    });
    ac.abort();
    expect(wrong).toEqual([]);
  });
});
