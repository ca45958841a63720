// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { trackListingViews, type InViewWatcher } from '../../lib/logger/listing-view';
import { observable } from '../../lib/observable';
import type { DetectedPage, ListingItem } from '../../lib/storefront/detect';
import type { PayloadOf } from '../../lib/events/event-schema';
import { MAX_LISTING_VIEW_IDS, MIN_PRODUCT_VIEW_MS } from '../../lib/limits';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A stand-in for IntersectionObserver: the test says which cards are in view. */
function fakeViewport() {
  const watched = new Set<Element>();
  let notify: (el: Element, inView: boolean) => void = () => undefined;
  const watcher: InViewWatcher = (_doc, onChange) => {
    notify = onChange;
    return { watch: (el) => watched.add(el), unwatch: (el) => watched.delete(el), stop: () => watched.clear() };
  };
  return {
    watcher,
    watched,
    show: (...els: Element[]) => els.forEach((el) => watched.has(el) && notify(el, true)),
    hide: (...els: Element[]) => els.forEach((el) => watched.has(el) && notify(el, false)),
  };
}

function cards(n: number, from = 0): ListingItem[] {
  return Array.from({ length: n }, (_, i) => {
    const root = document.createElement('li');
    document.body.append(root);
    const id = `/p/${from + i}`;
    return { id, url: `https://shop.test${id}`, card: { id, root } };
  });
}

const listingOf = (items: ListingItem[]): DetectedPage => ({ kind: 'listing', items, linkedIds: new Map() });

function track(page: ReturnType<typeof observable<DetectedPage>>, viewport: ReturnType<typeof fakeViewport>, now: () => number) {
  const views: { payload: PayloadOf<'listing_view'>; final: boolean; id: string }[] = [];
  const ac = new AbortController();
  trackListingViews(document, ac.signal, page, (payload, view) => views.push({ payload, ...view }), {
    now,
    inView: viewport.watcher,
    newId: (() => {
      let n = 0;
      return () => `view-${++n}`;
    })(),
  });
  return { views, ac, finals: () => views.filter((v) => v.final) };
}

describe('trackListingViews', () => {
  it('names the products whose cards came into view, in the order they did, and how many the listing held', () => {
    let t = 0;
    const items = cards(6);
    const page = observable(listingOf(items));
    const vp = fakeViewport();
    const { ac, finals } = track(page, vp, () => t);
    const root = (i: number) => items[i]!.card!.root;
    vp.show(root(0), root(1), root(2));
    vp.hide(root(0));
    vp.show(root(4), root(1)); // seen again: named once
    t = 2_000;
    ac.abort();
    expect(finals().map((v) => v.payload)).toEqual([
      { productIds: ['/p/0', '/p/1', '/p/2', '/p/4'], basis: 'in_view', listed: 6, timeOnPageMs: 2_000 },
    ]);
  });

  it('keeps one view while the listing loads more cards, and watches the new ones', () => {
    let t = 0;
    const first = cards(2);
    const page = observable(listingOf(first));
    const vp = fakeViewport();
    const { ac, finals } = track(page, vp, () => t);
    vp.show(first[0]!.card!.root);
    const more = cards(2, 2);
    page.set(listingOf([...first, ...more])); // "load more": same address, more items
    expect(vp.watched.size).toBe(4);
    vp.show(more[1]!.card!.root);
    t = 1_500;
    ac.abort();
    expect(finals()).toHaveLength(1);
    expect(finals()[0]!.payload).toMatchObject({ productIds: ['/p/0', '/p/3'], listed: 4 });
  });

  it('starts a new view when the tab comes back, seeded with the cards in view then', () => {
    let t = 0;
    const items = cards(3);
    const page = observable(listingOf(items));
    const vp = fakeViewport();
    const { ac, finals } = track(page, vp, () => t);
    vp.show(items[0]!.card!.root, items[1]!.card!.root);
    vp.hide(items[0]!.card!.root);
    t = 1_000;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    t = 5_000;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    t = 5_800;
    ac.abort();
    const payloads = finals().map((v) => v.payload);
    expect(payloads).toEqual([
      { productIds: ['/p/0', '/p/1'], basis: 'in_view', listed: 3, timeOnPageMs: 1_000 },
      { productIds: ['/p/1'], basis: 'in_view', listed: 3, timeOnPageMs: 800 },
    ]);
    expect(new Set(finals().map((v) => v.id)).size).toBe(2);
  });

  it('names every product of a listing known only from its structured data, and caps the list', () => {
    let t = 0;
    const n = MAX_LISTING_VIEW_IDS + 5;
    const items: ListingItem[] = Array.from({ length: n }, (_, i) => ({ id: `sku-${i}` }));
    const page = observable(listingOf(items));
    const { ac, finals } = track(page, fakeViewport(), () => t);
    t = 1_000;
    ac.abort();
    const [view] = finals();
    expect(view?.payload.basis).toBe('listed');
    expect(view?.payload.listed).toBe(n);
    expect(view?.payload.productIds).toHaveLength(MAX_LISTING_VIEW_IDS);
    expect(view?.payload.productIds[0]).toBe('sku-0');
  });

  it('reports nothing on a product page, ends the view when the page becomes one, and skips glances', () => {
    let t = 0;
    const page = observable<DetectedPage>({ kind: 'none' });
    const vp = fakeViewport();
    const { ac, views } = track(page, vp, () => t);
    page.set(listingOf(cards(2)));
    t = MIN_PRODUCT_VIEW_MS - 1;
    page.set({ kind: 'product', product: { id: 'x', title: 'X', source: 'json-ld' }, images: [], linkedIds: new Map() });
    expect(views).toEqual([]); // a glance
    expect(vp.watched.size).toBe(0);
    page.set(listingOf(cards(2, 10)));
    t += 700;
    page.set({ kind: 'none' });
    expect(views.filter((v) => v.final).map((v) => v.payload.timeOnPageMs)).toEqual([700]);
    t += 10_000;
    ac.abort();
    expect(views.filter((v) => v.final)).toHaveLength(1);
  });
});
