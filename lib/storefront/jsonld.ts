import {
  addImage,
  ID_KEYS,
  MAX_BRAND_CHARS,
  MAX_DESCRIPTION_CHARS,
  MAX_ID_CHARS,
  MAX_TITLE_CHARS,
  PRODUCT_TYPES,
  typeName,
  type Candidate,
} from './candidate';
import type { EntityDecoder } from './entities';
import { parseLenientJson } from './lenient-json';
import { parseCurrency, parsePrice, plainText, safeImageUrl, safeLinkUrl } from './values';

/**
 * Products in a page's schema.org JSON-LD: single objects, top-level arrays, `@graph` (with `@id` references between
 * its nodes, as Yoast writes them), `@type` lists, a page's `mainEntity`; nested, aggregate and multiple offers, the
 * lowest price kept; and the products an `ItemList` names (a listing). Blocks are read leniently (./lenient-json.ts)
 * and their text HTML-entity-decoded; a block that is not data even then is skipped, and the others are used.
 * Everything is read as data: no key of the page's JSON is ever set on an object here, so `__proto__` is just a key.
 */
export interface JsonLdFindings {
  /** Product nodes a page describes as itself (not the items of a list). */
  products: Candidate[];
  /** The products named by `ItemList`s, in list order. */
  listed: Candidate[];
}

type Json = Record<string, unknown>;
const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : x === undefined || x === null ? [] : [x]);

/** How deep into a block nodes are looked for, and how many are indexed by `@id`: bounds for hostile blocks. */
const MAX_NODE_DEPTH = 4;
const MAX_INDEX_DEPTH = 8;
const MAX_INDEXED_NODES = 5000;
const MAX_OFFER_DEPTH = 3;
const LIST_TYPES = new Set(['itemlist', 'offercatalog']);

interface Reader {
  base: string | undefined;
  decode: EntityDecoder;
  /** Nodes by `@id`, for `{"@id": …}` references. */
  byId: Map<string, Json>;
}

export function readJsonLd(doc: Document, base: string | undefined, decode: EntityDecoder): JsonLdFindings {
  const blocks: unknown[] = [];
  for (const script of doc.querySelectorAll('script[type]')) {
    if (!/ld\+json/i.test(script.getAttribute('type') ?? '')) continue;
    const data = blockData(script, decode);
    if (data !== undefined) blocks.push(data);
  }
  const reader: Reader = { base, decode, byId: indexById(blocks) };
  const products: Candidate[] = [];
  const listed: Candidate[] = [];
  const seen = new Set<Json>();
  for (const block of blocks) {
    for (const node of nodes(block, reader)) {
      if (seen.has(node)) continue;
      seen.add(node);
      const types = typeNames(node);
      if (types.some((t) => PRODUCT_TYPES.has(t))) products.push(candidateOf(node, reader));
      else if (types.some((t) => LIST_TYPES.has(t))) listed.push(...listItems(node, reader));
    }
  }
  return { products, listed };
}

/** What each script element held when last read: a page re-checked as it changes parses only the blocks that changed. */
const parsed = new WeakMap<Element, { text: string; data: unknown }>();

function blockData(script: Element, decode: EntityDecoder): unknown {
  const text = script.textContent ?? '';
  const known = parsed.get(script);
  if (known?.text === text) return known.data;
  // A block whose whole text is entity-encoded (`{&quot;@type&quot;: …`) is read once decoded.
  const data = parseLenientJson(text) ?? (text.includes('&quot;') ? parseLenientJson(decode(text)) : undefined);
  parsed.set(script, { text, data });
  return data;
}

function typeNames(node: Json): string[] {
  return list(node['@type']).flatMap((t) => (typeof t === 'string' ? [typeName(t)] : []));
}

/** Every object with an `@id` and something more, so that a bare `{"@id": …}` elsewhere can be followed to it. */
function indexById(blocks: unknown[]): Map<string, Json> {
  const byId = new Map<string, Json>();
  let budget = MAX_INDEXED_NODES;
  const walk = (x: unknown, depth: number) => {
    if (depth > MAX_INDEX_DEPTH || budget <= 0 || typeof x !== 'object' || x === null) return;
    budget--;
    const values = Array.isArray(x) ? x : Object.values(x);
    if (isObj(x) && typeof x['@id'] === 'string' && !byId.has(x['@id']) && Object.keys(x).length > 1) byId.set(x['@id'], x);
    for (const v of values) walk(v, depth + 1);
  };
  for (const b of blocks) walk(b, 0);
  return byId;
}

/** The node a bare `{"@id": …}` reference points to, or the value itself. */
function deref(x: unknown, r: Reader): unknown {
  if (!isObj(x) || typeof x['@id'] !== 'string' || Object.keys(x).length !== 1) return x;
  return r.byId.get(x['@id']) ?? x;
}

/** Every node in a JSON-LD document: top-level arrays, `@graph`, and products named as a page's main entity. */
function* nodes(data: unknown, r: Reader, depth = 0): Generator<Json> {
  if (depth > MAX_NODE_DEPTH) return;
  for (const raw of list(data)) {
    const item = deref(raw, r);
    if (!isObj(item)) continue;
    yield item;
    if (item['@graph'] !== undefined) yield* nodes(item['@graph'], r, depth + 1);
    for (const key of ['mainEntity', 'mainEntityOfPage', 'itemOffered'])
      if (isObj(item[key]) || Array.isArray(item[key])) yield* nodes(item[key], r, depth + 1);
  }
}

/** A string value as plain text, its HTML entities decoded. */
function text(x: unknown, r: Reader, max: number): string | undefined {
  return plainText(typeof x === 'string' ? r.decode(x) : x, max);
}

function candidateOf(node: Json, r: Reader): Candidate {
  let id: string | undefined;
  for (const key of ID_KEYS) if ((id = text(node[key], r, MAX_ID_CHARS))) break;
  // A product group (Shopify's variants) may leave offers and pictures to its variants.
  const variants = list(node.hasVariant).map((v) => deref(v, r));
  const offer = bestOffer(node.offers ?? variants.flatMap((v) => (isObj(v) ? list(v.offers) : [])), r);
  const images: string[] = [];
  for (const source of [node.image, ...variants.map((v) => (isObj(v) ? v.image : undefined))]) collectImages(source, r, images);
  return {
    source: 'json-ld',
    id: id ?? text(node.productGroupID, r, MAX_ID_CHARS),
    ref: text(node['@id'], r, MAX_ID_CHARS),
    group: groupOf(node, r),
    title: text(node.name, r, MAX_TITLE_CHARS),
    brand: brandName(node.brand, r),
    description: text(node.description, r, MAX_DESCRIPTION_CHARS),
    url: link(node.url, r),
    ...offer,
    images,
  };
}

/** A group's own id, or the group a variant names (`inProductGroupWithID`, `isVariantOf`). */
function groupOf(node: Json, r: Reader): string | undefined {
  const parent = deref(node.isVariantOf, r);
  const own = typeNames(node).includes('productgroup') ? node : undefined;
  for (const x of [
    own?.productGroupID,
    own?.['@id'],
    node.inProductGroupWithID,
    ...(isObj(parent) ? [parent.productGroupID, parent['@id']] : []),
  ]) {
    const group = text(x, r, MAX_ID_CHARS);
    if (group) return group;
  }
  return undefined;
}

function link(x: unknown, r: Reader): string | undefined {
  return typeof x === 'string' ? (safeLinkUrl(r.decode(x), r.base) ?? undefined) : undefined;
}

function brandName(brand: unknown, r: Reader): string | undefined {
  for (const raw of list(brand)) {
    const b = deref(raw, r);
    const name = isObj(b) ? text(b.name, r, MAX_BRAND_CHARS) : text(b, r, MAX_BRAND_CHARS);
    if (name) return name;
  }
  return undefined;
}

/** Image URLs, ImageObjects (their `contentUrl` or `url`) and references to either, in order. */
function collectImages(image: unknown, r: Reader, into: string[]): void {
  for (const raw of list(image)) {
    const i = deref(raw, r);
    for (const u of isObj(i) ? [i.contentUrl, i.url] : [i]) {
      if (typeof u !== 'string') continue;
      const url = safeImageUrl(r.decode(u), r.base);
      if (url) {
        addImage(into, url);
        break;
      }
    }
  }
}

/** The lowest price among the offers (a shop's "from" price), with its currency. */
function bestOffer(offers: unknown, r: Reader, depth = 0): { price?: number; currency?: string } {
  let best: { price?: number; currency?: string } = {};
  if (depth > MAX_OFFER_DEPTH) return best;
  for (const raw of list(offers)) {
    const o = deref(raw, r);
    if (!isObj(o)) continue;
    const spec = list(o.priceSpecification).find(isObj);
    const price = parsePrice(o.price) ?? parsePrice(o.lowPrice) ?? parsePrice(spec?.price);
    const currency = parseCurrency(o.priceCurrency) ?? parseCurrency(spec?.priceCurrency);
    let candidate: { price?: number; currency?: string } = { ...(price !== undefined ? { price } : {}), ...(currency ? { currency } : {}) };
    if (price === undefined && o.offers !== undefined) {
      const nested = bestOffer(o.offers, r, depth + 1);
      candidate = { ...nested, ...(nested.currency ? {} : currency ? { currency } : {}) };
    }
    if (candidate.price !== undefined && (best.price === undefined || candidate.price < best.price)) best = candidate;
    else if (best.price === undefined && !best.currency && candidate.currency) best = candidate;
  }
  return best;
}

/** The products of an ItemList: `ListItem`s whose `item` is a product, a reference to one, or a URL. */
function listItems(node: Json, r: Reader): Candidate[] {
  const out: Candidate[] = [];
  for (const raw of list(node.itemListElement)) {
    const el = deref(raw, r);
    if (typeof el === 'string') {
      const url = link(el, r);
      if (url) out.push({ source: 'json-ld', url, images: [] });
      continue;
    }
    if (!isObj(el)) continue;
    const item = deref(el.item, r);
    if (isObj(item) && typeNames(item).some((t) => PRODUCT_TYPES.has(t))) out.push(candidateOf(item, r));
    else if (typeNames(el).some((t) => PRODUCT_TYPES.has(t))) out.push(candidateOf(el, r));
    else {
      const url = link(typeof item === 'string' ? item : isObj(item) ? item.url : el.url, r);
      if (url) out.push({ source: 'json-ld', url, images: [] });
    }
  }
  return out;
}
