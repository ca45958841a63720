import { sanitizeUrl } from '../privacy/url';
import type { SharedProduct } from './product';
import { parseCurrency, parsePrice, plainText, safeImageUrl, safeLinkUrl } from './values';
import { MAX_PRODUCT_ID_CHARS } from '../limits';

/**
 * Finds the product a storefront page is about, from the markup shops add for search engines: schema.org JSON-LD
 * (single objects, arrays, `@graph`, `@type` arrays, nested and aggregate offers), then microdata, then Open Graph
 * product tags, and last the page's heading and main image when the page clearly sells something. Read-only:
 * nothing on the page is changed or executed, and JSON-LD is parsed as data.
 */
export type DetectedProduct = SharedProduct & { source: Exclude<SharedProduct['source'], 'catalog'> };

type Json = Record<string, unknown>;
const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : x === undefined || x === null ? [] : [x]);

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel', 'someproducts', 'vehicle', 'car']);
const ID_KEYS = ['sku', 'productID', 'gtin13', 'gtin', 'gtin14', 'gtin12', 'gtin8', 'mpn'] as const;
/** Buttons that say a page sells the thing it shows; without one, a page with no product markup is not a product page. */
const BUY_CONTROL = /\b(add to (cart|bag|basket|trolley)|buy (it )?now|in den warenkorb|ajouter au panier|añadir al carrito)\b/i;

export function detectProduct(doc: Document): DetectedProduct | null {
  return fromJsonLd(doc) ?? fromMicrodata(doc) ?? fromOpenGraph(doc) ?? fromFallback(doc);
}

function typeNames(node: Json): string[] {
  return list(node['@type']).flatMap((t) => (typeof t === 'string' ? [t.replace(/^.*[/:#]/, '').toLowerCase()] : []));
}

/** Every node in a JSON-LD document: top-level arrays, `@graph`, and products named as a page's main entity. */
function* nodes(data: unknown, depth = 0): Generator<Json> {
  if (depth > 4) return;
  for (const item of list(data)) {
    if (!isObj(item)) continue;
    yield item;
    if (item['@graph'] !== undefined) yield* nodes(item['@graph'], depth + 1);
    for (const key of ['mainEntity', 'mainEntityOfPage', 'itemOffered'])
      if (isObj(item[key]) || Array.isArray(item[key])) yield* nodes(item[key], depth + 1);
  }
}

function fromJsonLd(doc: Document): DetectedProduct | null {
  for (const script of doc.querySelectorAll('script[type]')) {
    if (!/ld\+json/i.test(script.getAttribute('type') ?? '')) continue;
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue; // a broken block is skipped, not fatal
    }
    for (const node of nodes(data)) {
      if (!typeNames(node).some((t) => PRODUCT_TYPES.has(t))) continue;
      const found = productFromNode(node, doc);
      if (found) return found;
    }
  }
  return null;
}

function productFromNode(node: Json, doc: Document): DetectedProduct | null {
  const title = plainText(node.name, 500);
  if (!title) return null;
  const offer = bestOffer(node.offers);
  const url = safeLinkUrl(typeof node.url === 'string' ? node.url : null, doc.baseURI);
  return assemble(doc, {
    source: 'json-ld',
    title,
    id: firstId(node) ?? (typeof node['@id'] === 'string' ? plainText(node['@id'], 200) : undefined),
    brand: brandName(node.brand),
    description: plainText(node.description, 2000),
    image: firstImage(node.image, doc.baseURI),
    url,
    ...offer,
  });
}

function firstId(node: Json): string | undefined {
  for (const key of ID_KEYS) {
    const id = plainText(node[key], 200);
    if (id) return id;
  }
  return undefined;
}

function brandName(brand: unknown): string | undefined {
  for (const b of list(brand)) {
    const name = isObj(b) ? plainText(b.name, 200) : plainText(b, 200);
    if (name) return name;
  }
  return undefined;
}

function firstImage(image: unknown, base: string): string | undefined {
  for (const i of list(image)) {
    const raw = isObj(i) ? (i.contentUrl ?? i.url) : i;
    const url = typeof raw === 'string' ? safeImageUrl(raw, base) : null;
    if (url) return url;
  }
  return undefined;
}

/** The lowest price among the offers (a shop's "from" price), with its currency. */
function bestOffer(offers: unknown, depth = 0): { price?: number; currency?: string } {
  let best: { price?: number; currency?: string } = {};
  for (const o of list(offers)) {
    if (!isObj(o) || depth > 3) continue;
    const spec = list(o.priceSpecification).find(isObj);
    const price = parsePrice(o.price) ?? parsePrice(o.lowPrice) ?? parsePrice(spec?.price);
    const currency = parseCurrency(o.priceCurrency) ?? parseCurrency(spec?.priceCurrency);
    let candidate: { price?: number; currency?: string } = { ...(price !== undefined ? { price } : {}), ...(currency ? { currency } : {}) };
    if (price === undefined && o.offers !== undefined) {
      const nested = bestOffer(o.offers, depth + 1);
      candidate = { ...nested, ...(nested.currency ? {} : currency ? { currency } : {}) };
    }
    if (candidate.price !== undefined && (best.price === undefined || candidate.price < best.price)) best = candidate;
    else if (best.price === undefined && !best.currency && candidate.currency) best = candidate;
  }
  return best;
}

/** A microdata property's value, as the spec reads it from the element. */
function itemValue(el: Element | null, base: string): string | undefined {
  if (!el) return undefined;
  const content = el.getAttribute('content');
  if (content !== null) return content;
  const tag = el.tagName.toLowerCase();
  if (tag === 'img' || tag === 'source') return el.getAttribute('src') ?? undefined;
  if (tag === 'a' || tag === 'link') return safeLinkUrl(el.getAttribute('href'), base) ?? undefined;
  if (tag === 'time') return el.getAttribute('datetime') ?? el.textContent ?? undefined;
  if (tag === 'data' || tag === 'meter') return el.getAttribute('value') ?? undefined;
  return el.textContent ?? undefined;
}

/** The first element with the property that belongs to this item (not to an item nested in it). */
function prop(scope: Element, name: string): Element | null {
  for (const el of scope.querySelectorAll(`[itemprop]`)) {
    if (!(el.getAttribute('itemprop') ?? '').split(/\s+/).includes(name)) continue;
    const owner = el.parentElement?.closest('[itemscope]');
    if (owner === scope) return el;
  }
  return null;
}

function fromMicrodata(doc: Document): DetectedProduct | null {
  const scopes = Array.from(doc.querySelectorAll('[itemscope][itemtype]')).filter((el) =>
    /schema\.org\/(Product|ProductGroup|IndividualProduct)\b/i.test(el.getAttribute('itemtype') ?? ''),
  );
  // The page's own product is the outermost one; related products are usually smaller and later.
  const scope = scopes.find((s) => !s.parentElement?.closest('[itemscope][itemtype*="Product" i]'));
  if (!scope) return null;
  const base = doc.baseURI;
  const title = plainText(itemValue(prop(scope, 'name'), base), 500);
  if (!title) return null;
  const offerEl = prop(scope, 'offers');
  const offerScope = offerEl?.hasAttribute('itemscope') ? offerEl : null;
  const priceEl = (offerScope && (prop(offerScope, 'price') ?? prop(offerScope, 'lowPrice'))) ?? prop(scope, 'price');
  const currencyEl = (offerScope && prop(offerScope, 'priceCurrency')) ?? prop(scope, 'priceCurrency');
  const brandEl = prop(scope, 'brand');
  const brand = brandEl?.hasAttribute('itemscope') ? itemValue(prop(brandEl, 'name'), base) : itemValue(brandEl, base);
  let id: string | undefined;
  for (const key of ID_KEYS) {
    id = plainText(itemValue(prop(scope, key), base), 200);
    if (id) break;
  }
  const price = parsePrice(itemValue(priceEl, base));
  const currency = parseCurrency(itemValue(currencyEl, base));
  const image = safeImageUrl(itemValue(prop(scope, 'image'), base), base) ?? undefined;
  return assemble(doc, {
    source: 'microdata',
    title,
    id,
    brand: plainText(brand, 200),
    description: plainText(itemValue(prop(scope, 'description'), base), 2000),
    image,
    url: safeLinkUrl(itemValue(prop(scope, 'url'), base), base),
    ...(price !== undefined ? { price } : {}),
    ...(currency ? { currency } : {}),
  });
}

function meta(doc: Document, ...names: string[]): string | undefined {
  for (const name of names) {
    const el = doc.querySelector(`meta[property="${name}"], meta[name="${name}"]`);
    const content = el?.getAttribute('content');
    if (content?.trim()) return content.trim();
  }
  return undefined;
}

function fromOpenGraph(doc: Document): DetectedProduct | null {
  const type = meta(doc, 'og:type') ?? '';
  const amount = meta(doc, 'product:price:amount', 'og:price:amount', 'product:sale_price:amount');
  if (!/product/i.test(type) && amount === undefined) return null;
  const title = plainText(meta(doc, 'og:title'), 500);
  if (!title) return null;
  const base = doc.baseURI;
  const price = parsePrice(amount);
  const currency = parseCurrency(meta(doc, 'product:price:currency', 'og:price:currency', 'product:sale_price:currency'));
  return assemble(doc, {
    source: 'open-graph',
    title,
    id: plainText(meta(doc, 'product:retailer_item_id', 'product:sku', 'product:upc', 'product:ean'), 200),
    brand: plainText(meta(doc, 'product:brand', 'og:brand'), 200),
    description: plainText(meta(doc, 'og:description'), 2000),
    image: safeImageUrl(meta(doc, 'og:image:secure_url', 'og:image', 'og:image:url'), base) ?? undefined,
    url: safeLinkUrl(meta(doc, 'og:url'), base),
    ...(price !== undefined ? { price } : {}),
    ...(currency ? { currency } : {}),
  });
}

/** A page with a buy button but no product markup: its heading (or title) and its largest image. */
function fromFallback(doc: Document): DetectedProduct | null {
  const buy = Array.from(doc.querySelectorAll('button, input[type="submit"], a[role="button"], [role="button"]')).some((b) =>
    BUY_CONTROL.test((b.textContent ?? '') + ' ' + (b.getAttribute('value') ?? '') + ' ' + (b.getAttribute('aria-label') ?? '')),
  );
  if (!buy) return null;
  const title = plainText(doc.querySelector('h1')?.textContent, 500) ?? plainText(doc.title.replace(/\s+[|–—-]\s+[^|–—-]+$/, ''), 500);
  if (!title) return null;
  const image = largestImage(doc);
  const priceEl = doc.querySelector('[class*="price" i], [id*="price" i], [data-price]');
  const priceText = priceEl?.getAttribute('data-price') ?? priceEl?.textContent ?? '';
  const price = parsePrice(priceText.match(/[\d][\d.,]*/)?.[0]);
  const currency = parseCurrency(priceText.replace(/\$/g, ''));
  return assemble(doc, {
    source: 'fallback',
    title,
    ...(image ? { image } : {}),
    ...(price !== undefined ? { price } : {}),
    ...(currency ? { currency } : {}),
  });
}

function largestImage(doc: Document): string | undefined {
  let best: { area: number; src: string } | null = null;
  for (const img of doc.querySelectorAll('img')) {
    const w = img.naturalWidth || img.width || Number(img.getAttribute('width')) || 0;
    const h = img.naturalHeight || img.height || Number(img.getAttribute('height')) || 0;
    const src = safeImageUrl(img.currentSrc || img.getAttribute('src'), doc.baseURI);
    if (src && w * h > (best?.area ?? 150 * 150 - 1)) best = { area: w * h, src };
  }
  return best?.src;
}

function canonicalUrl(doc: Document): string | undefined {
  const link = doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
  return safeLinkUrl(link, doc.baseURI) ?? safeLinkUrl(sanitizeUrl(doc.location?.href ?? doc.URL) ?? '') ?? undefined;
}

type Draft = Omit<DetectedProduct, 'id' | 'url' | 'image' | 'brand' | 'description'> & {
  id?: string | undefined;
  url?: string | null | undefined;
  image?: string | undefined;
  brand?: string | undefined;
  description?: string | undefined;
};

/** Fills in the address (the page's canonical one when the markup gives none) and the id (a product with no sku or gtin is known by its address), and drops empty fields. */
function assemble(doc: Document, d: Draft): DetectedProduct | null {
  const url = d.url ?? canonicalUrl(doc);
  const id = plainText(d.id ?? (url ? (sanitizeUrl(url) ?? url) : undefined), MAX_PRODUCT_ID_CHARS);
  if (!id) return null;
  const out: DetectedProduct = { id, title: d.title, source: d.source };
  if (d.brand) out.brand = d.brand;
  if (d.description) out.description = d.description;
  if (d.price !== undefined) out.price = d.price;
  if (d.currency) out.currency = d.currency;
  if (d.image) out.image = d.image;
  if (url) out.url = url;
  return out;
}
