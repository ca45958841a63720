import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import * as v from 'valibot';
import { ExpectedStoresSchema, type ExpectedPage } from '../../fixtures/pages/stores/expected-schema';
import type { ProductCard } from '../../../lib/storefront/media';

/** The storefront fixtures (tests/fixtures/pages/stores) loaded in happy-dom with their own scripts run, as the tests need them. */
export const STORES_DIR = join(import.meta.dirname, '../../fixtures/pages/stores');
/** Where the pages pretend to be served: the fixture server's address in the e2e tests, at /stores/. */
export const STORE_ORIGIN = 'http://127.0.0.1:4000';

export const expectedStores = v.parse(ExpectedStoresSchema, JSON.parse(readFileSync(join(STORES_DIR, 'expected.json'), 'utf8')));

const windows: Window[] = [];

/** A fixture page after its inline scripts have run (they build zoom layers and write script-made frames). */
export async function loadStorePage(file: string): Promise<Document> {
  const window = new Window({
    url: `${STORE_ORIGIN}/stores/${file}`,
    settings: {
      enableJavaScriptEvaluation: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
    },
  });
  windows.push(window);
  window.document.write(readFileSync(join(STORES_DIR, file), 'utf8'));
  await window.happyDOM.waitUntilComplete();
  return window.document as unknown as Document;
}

export async function closeStorePages(): Promise<void> {
  await Promise.all(windows.splice(0).map((w) => w.happyDOM.close()));
}

/** The document a mapped image is in: the page's, or its frame's. */
export function documentOf(top: Document, page: ExpectedPage, frame?: string): Document {
  const sel = frame ?? (page.kind === 'product' ? page.frame : undefined);
  if (!sel) return top;
  const doc = top.querySelector<HTMLIFrameElement>(sel)?.contentDocument;
  if (!doc) throw new Error(`no document in ${sel}`);
  return doc;
}

type Json = Record<string, unknown>;
const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : x === undefined || x === null ? [] : [x]);

/** JSON-LD as shops ship it, mended just enough to read its image URLs (the detector's lenient parser does this properly). */
function parseLoosely(text: string): unknown {
  const cleaned = text
    .replace(/\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split('')
    .map((c) => (c.charCodeAt(0) < 0x20 ? ' ' : c))
    .join('');
  for (let cut = cleaned.trim(); cut.length > 0; cut = cut.slice(0, -1).trim()) {
    try {
      return JSON.parse(cut);
    } catch {
      if (!cut.endsWith('}') && !cut.endsWith(']')) return null;
    }
  }
  return null;
}

function imageStrings(image: unknown, byId: Map<string, Json>): string[] {
  return list(image).flatMap((i) => {
    if (typeof i === 'string') return [i];
    if (!isObj(i)) return [];
    const node = typeof i['@id'] === 'string' && !i.url && !i.contentUrl ? (byId.get(i['@id']) ?? i) : i;
    return [node.contentUrl, node.url].filter((u): u is string => typeof u === 'string');
  });
}

/**
 * The product's picture URLs that the page's structured data names (JSON-LD Product `image`, with `@id` references
 * resolved; microdata and RDFa `image` in a Product; `og:image`), as the rewritten detector's `images` will list them.
 */
export function structuredImageUrls(doc: Document): string[] {
  const urls: string[] = [];
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    const data = parseLoosely(script.textContent ?? '');
    const nodes = list(data).flatMap((d) => (isObj(d) ? [d, ...list(d['@graph']).filter(isObj)] : []));
    const byId = new Map(nodes.flatMap((n) => (typeof n['@id'] === 'string' ? [[n['@id'], n] as const] : [])));
    for (const node of nodes) if (list(node['@type']).some((t) => t === 'Product')) urls.push(...imageStrings(node.image, byId));
  }
  for (const el of doc.querySelectorAll(
    '[itemscope][itemtype*="Product"] [itemprop="image"], [typeof="Product"] [property="image"], meta[property="og:image"]',
  ))
    urls.push(el.getAttribute('content') ?? el.getAttribute('src') ?? el.getAttribute('href') ?? '');
  return urls.filter((u) => u !== '');
}

/** The first link of `el` to a page (not an anchor, not a picture file), as a path. */
function productLinkOf(el: Element, doc: Document): { href: string; path: string } | null {
  for (const a of el.matches('a[href]') ? [el] : Array.from(el.querySelectorAll('a[href]'))) {
    const href = a.getAttribute('href') ?? '';
    if (href === '' || href.startsWith('#') || /\.(svg|jpe?g|png|webp)(\?|$)/i.test(href)) continue;
    const url = new URL(href, doc.baseURI);
    if (url.pathname === new URL(doc.baseURI).pathname) continue; // ?add-to-cart=… links back to this page
    if (!a.querySelector('img') && !el.querySelector('img')) continue;
    return { href: url.href, path: url.pathname };
  }
  return null;
}

/**
 * A stand-in for lib/storefront/cards.ts's `productCardOf`, from the stores README's rule: a card is the repeated
 * element around a product link with an image (siblings of the same tag link to other products); its id is the path
 * of its product link (no fixture gives card skus).
 */
export function standInCardOf(el: Element): ProductCard | null {
  const doc = el.ownerDocument;
  for (let node: Element | null = el, depth = 0; node && node !== doc.body && depth < 10; node = node.parentElement, depth++) {
    const parent = node.parentElement;
    if (!parent || node.querySelectorAll('img').length > 3) return null;
    const own = productLinkOf(node, doc);
    if (!own) continue;
    const paths = new Set(
      Array.from(parent.children)
        .filter((c) => c.tagName === node?.tagName)
        .flatMap((c) => {
          const link = productLinkOf(c, doc);
          return link ? [link.path] : [];
        }),
    );
    if (paths.size >= 2) return { id: own.path, root: node, link: own.href };
  }
  return null;
}
