// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { ExpectedStoresSchema, type ExpectedPage } from '../fixtures/pages/stores/expected-schema';
import { closeStorePages, loadStorePage, STORE_ORIGIN } from './helpers/store-pages';

// Checks the storefront fixtures themselves (tests/fixtures/pages/stores/): the image map in expected.json must describe
// each page exactly, and nothing on a page may reach beyond the fixture server.
const DIR = join(import.meta.dirname, '../fixtures/pages/stores');
const MOUNT = '/stores/';
const ORIGIN = STORE_ORIGIN;
const raw: unknown = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8'));
const parsed = v.safeParse(ExpectedStoresSchema, raw);
const expected = parsed.success ? parsed.output : {};
const files = readdirSync(DIR).filter((f) => f.endsWith('.html'));

/** Attributes that hold a URL (or a srcset) a browser or a gallery script loads. */
const URL_ATTRS = ['src', 'data-src', 'data-large_image', 'data-zoom-image', 'data-old-hires', 'data-full-size-image-url', 'data-thumb'];
const SRCSET_ATTRS = ['srcset', 'data-srcset', 'data-thumb-srcset', 'data-image-gallery-new-image-srcset'];

afterAll(closeStorePages);

/** A fixture page after its own inline scripts have run (they build zoom layers and fill script-written frames). */
const load = loadStorePage;

function frameDocument(top: Document, selector: string): Document {
  const frames = top.querySelectorAll<HTMLIFrameElement>(selector);
  expect(frames.length, `frame ${selector}`).toBe(1);
  const doc = frames[0]?.contentDocument;
  expect(doc, `document of ${selector}`).toBeTruthy();
  return doc as Document;
}

/** Every document of the page: the top one and the documents of its frames, keyed by the frame's selector ('' = top). */
function documents(top: Document, page: ExpectedPage): Map<string, Document> {
  const docs = new Map<string, Document>([['', top]]);
  for (const sel of new Set(page.images.map((i) => i.frame).filter((f): f is string => !!f))) docs.set(sel, frameDocument(top, sel));
  expect(top.querySelectorAll('iframe').length, 'every iframe holds mapped images').toBe(docs.size - 1);
  return docs;
}

function srcsetUrls(value: string): string[] {
  return value
    .trim()
    .split(/,\s+/)
    .map((c) => c.trim().split(/\s+/)[0] ?? '')
    .filter((u) => u !== '');
}

/** URLs a document would load: image attributes, srcsets, stylesheets, scripts and inline background images. */
function loadedUrls(doc: Document): string[] {
  const urls: string[] = [];
  for (const el of doc.querySelectorAll('*')) {
    for (const a of URL_ATTRS) if (el.hasAttribute(a) && (el.tagName !== 'A' || a !== 'src')) urls.push(el.getAttribute(a) ?? '');
    for (const a of SRCSET_ATTRS) if (el.hasAttribute(a)) urls.push(...srcsetUrls(el.getAttribute(a) ?? ''));
    if (el.tagName === 'LINK' && /stylesheet|preload|icon/.test(el.getAttribute('rel') ?? '')) urls.push(el.getAttribute('href') ?? '');
    for (const m of (el.getAttribute('style') ?? '').matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)) urls.push(m[1] ?? '');
  }
  return urls.filter((u) => u !== '');
}

it('expected.json follows its schema', () => {
  expect(parsed.success ? [] : parsed.issues.map((i) => `${v.getDotPath(i) ?? ''}: ${i.message}`)).toEqual([]);
});

it('every page in the folder has an entry and every entry a page', () => {
  expect(Object.keys(expected).sort()).toEqual([...files].sort());
  expect(Object.values(expected).filter((p) => p.kind !== 'none').length).toBeGreaterThanOrEqual(20);
});

describe.each(files)('%s', (file) => {
  // A page without an entry fails the parity test above; here it is checked as a page with nothing on it.
  const page: ExpectedPage = expected[file] ?? { kind: 'none', platform: '', images: [], controls: [] };

  it('cites the templates it follows and maps every image exactly once', async () => {
    const html = readFileSync(join(DIR, file), 'utf8');
    if (page.kind !== 'none') expect(html.slice(0, 3000)).toMatch(/Sources?:/);
    const top = await load(file);
    const docs = documents(top, page);
    for (const [frame, doc] of docs) {
      const entries = page.images.filter((i) => (i.frame ?? '') === frame);
      const mapped = new Map<Element, number>();
      for (const entry of entries) {
        const found = doc.querySelectorAll(entry.selector);
        expect(found.length, `${entry.selector} in ${frame || 'the page'}`).toBe(1);
        const el = found[0];
        if (!el) continue;
        if (entry.background) expect(el.getAttribute('style') ?? '', entry.selector).toMatch(/background-image:\s*url\(/);
        else expect(el.tagName, entry.selector).toBe('IMG');
        if (entry.layer) expect(() => doc.querySelectorAll(entry.layer as string)).not.toThrow();
        mapped.set(el, (mapped.get(el) ?? 0) + 1);
      }
      for (const img of doc.querySelectorAll('img')) {
        expect(mapped.get(img) ?? 0, `<img src="${img.getAttribute('src')}"> in ${frame || 'the page'} is mapped once`).toBe(1);
      }
    }
  });

  it('loads nothing from outside the fixture server, and every image file it names exists', async () => {
    const top = await load(file);
    for (const doc of documents(top, page).values()) {
      for (const url of loadedUrls(doc)) {
        if (url.startsWith('data:')) continue;
        expect(url, 'relative or root-relative, never another host').not.toMatch(/^([a-z][a-z0-9+.-]*:|\/\/)/i);
        const path = decodeURIComponent(new URL(url, `${ORIGIN}${MOUNT}${file}`).pathname);
        expect(path.startsWith(MOUNT), url).toBe(true);
        expect(existsSync(join(DIR, path.slice(MOUNT.length))), `${url} exists`).toBe(true);
      }
    }
  });

  it('attributes images consistently with the page kind', () => {
    const own = page.images.filter((i) => ['main', 'gallery', 'thumbnail'].includes(i.role));
    const cards = page.images.filter((i) => i.role === 'card');
    for (const other of page.images.filter((i) => i.role === 'other')) expect(other.productId, other.selector).toBeNull();
    for (const i of [...own, ...cards]) expect(i.productId, i.selector).not.toBeNull();
    if (page.kind === 'product') {
      expect(own.filter((i) => i.role === 'main' && !i.hidden).length, 'a visible main image').toBeGreaterThanOrEqual(1);
      for (const i of own) expect(i.productId, i.selector).toBe(page.product.id ?? '@page');
      for (const c of cards) expect(c.productId, c.selector).not.toBe(page.product.id ?? '@page');
      if (page.frame) expect(own.every((i) => i.frame === page.frame)).toBe(true);
    } else {
      expect(own, 'a page without a product has no main, gallery or thumbnail images').toEqual([]);
    }
    if (page.kind === 'listing') expect(cards.map((c) => c.productId)).toEqual(page.listing.productIds);
  });

  it('maps controls that each match exactly one element of their document', async () => {
    const top = await load(file);
    const seen = new Set<Element>();
    for (const control of page.controls) {
      const doc = control.frame ? frameDocument(top, control.frame) : top;
      const found = doc.querySelectorAll(control.selector);
      expect(found.length, `${control.selector} in ${control.frame ?? 'the page'}`).toBe(1);
      const el = found[0];
      if (el) expect(seen.has(el), `${control.selector} is mapped once`).toBe(false);
      if (el) seen.add(el);
    }
  });

  it('gives each control the page product, a card of the image map, or (for chrome) none', () => {
    const pageId = page.kind === 'product' ? (page.product.id ?? '@page') : null;
    const cardIds = new Set(page.images.filter((i) => i.role === 'card').map((i) => i.productId));
    const ofPage = ['add_to_cart', 'buy_now', 'option', 'quantity', 'gallery', 'wish_list'];
    for (const c of page.controls) {
      if (c.kind === 'chrome') expect(c.productId, c.selector).toBeNull();
      else if (c.productId !== pageId || c.kind === 'card_link' || c.kind === 'quick_view')
        expect(cardIds.has(c.productId), `${c.selector}: ${c.productId} is a card's`).toBe(true);
      else expect(ofPage, c.selector).toContain(c.kind);
      // The page product's controls are where its pictures are: in its frame when it has one.
      if (pageId !== null && c.productId === pageId && page.kind === 'product') expect(c.frame, c.selector).toBe(page.frame);
    }
    if (page.kind === 'product') {
      const kinds = new Set(page.controls.filter((c) => c.productId === pageId).map((c) => c.kind));
      expect([...kinds], 'every product page maps its add to cart').toContain('add_to_cart');
    }
  });
});
