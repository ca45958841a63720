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
import { parseCurrency, parsePrice, plainText, safeImageUrl, safeLinkUrl } from './values';

/**
 * Products described by attributes on the page's own elements: schema.org microdata (`itemscope`/`itemtype`/`itemprop`)
 * and RDFa Lite (`vocab`/`typeof`/`property`). Both say the same things the same way (an element starts an item; a
 * property belongs to the nearest item around it; its value is a `content` attribute, a link, a picture or the text),
 * so one reader serves both. Only outermost products count: a product inside another is a related one.
 */
interface Syntax {
  source: 'microdata' | 'rdfa';
  /** Selector of the elements that start an item. */
  item: string;
  /** The attribute with the item's types. */
  typeAttr: string;
  /** The attribute that names an element's properties. */
  propAttr: string;
}

const MICRODATA: Syntax = { source: 'microdata', item: '[itemscope]', typeAttr: 'itemtype', propAttr: 'itemprop' };
const RDFA: Syntax = { source: 'rdfa', item: '[typeof]', typeAttr: 'typeof', propAttr: 'property' };
const ID_NAMES = ID_KEYS.map((k) => k.toLowerCase());
const PRICE_NAMES = ['price', 'lowprice'];

export interface MarkupProduct {
  /** The element that starts the product's item. */
  el: Element;
  candidate: Candidate;
}

export const microdataProducts = (doc: Document, base: string | undefined) => products(doc, base, MICRODATA);
export const rdfaProducts = (doc: Document, base: string | undefined) => products(doc, base, RDFA);

/** Selector of the elements that start a microdata or RDFa item of any type. */
export const ITEM_SELECTOR = `${MICRODATA.item}, ${RDFA.item}`;

/** The element starts a product item (microdata or RDFa). */
export function isProductItem(el: Element): boolean {
  return [MICRODATA, RDFA].some((s) => isProductOf(el, s));
}

function isProductOf(el: Element, s: Syntax): boolean {
  const types = el.getAttribute(s.typeAttr);
  return !!types && el.matches(s.item) && types.split(/\s+/).some((t) => PRODUCT_TYPES.has(typeName(t)));
}

function products(doc: Document, base: string | undefined, s: Syntax): MarkupProduct[] {
  const out: MarkupProduct[] = [];
  for (const el of doc.querySelectorAll(s.item)) {
    if (!isProductOf(el, s)) continue;
    let outer: Element | null = el.parentElement;
    while (outer && !isProductOf(outer, s)) outer = outer.parentElement?.closest(s.item) ?? null;
    if (!outer) out.push({ el, candidate: productItem(el, s, base) });
  }
  return out;
}

/** The product item an element is in or holds (the card's own markup), read as a candidate; null when there is none. */
export function productItemOf(root: Element, base: string | undefined): Candidate | null {
  for (const s of [MICRODATA, RDFA]) {
    const el = isProductOf(root, s) ? root : Array.from(root.querySelectorAll(s.item)).find((e) => isProductOf(e, s));
    if (el) return productItem(el, s, base);
  }
  return null;
}

/** The item's properties by (lower-case, unprefixed) name: elements whose nearest item is this one. */
function propsOf(item: Element, s: Syntax): Map<string, Element[]> {
  const props = new Map<string, Element[]>();
  for (const el of item.querySelectorAll(`[${s.propAttr}]`)) {
    if (el.parentElement?.closest(s.item) !== item) continue;
    for (const name of (el.getAttribute(s.propAttr) ?? '').split(/\s+/)) {
      if (!name) continue;
      const key = typeName(name);
      const found = props.get(key);
      if (found) found.push(el);
      else props.set(key, [el]);
    }
  }
  return props;
}

/** A property's value, as the microdata and RDFa specs read it from the element. */
function valueOf(el: Element | undefined, base: string | undefined): string | undefined {
  if (!el) return undefined;
  const content = el.getAttribute('content');
  if (content !== null) return content;
  const tag = el.tagName.toLowerCase();
  if (tag === 'img' || tag === 'source' || tag === 'video' || tag === 'audio') return el.getAttribute('src') ?? undefined;
  if (tag === 'a' || tag === 'link' || tag === 'area') return safeLinkUrl(el.getAttribute('href'), base) ?? undefined;
  if (tag === 'time') return el.getAttribute('datetime') ?? el.textContent ?? undefined;
  if (tag === 'data' || tag === 'meter') return el.getAttribute('value') ?? undefined;
  return el.getAttribute('resource') ?? el.textContent ?? undefined;
}

function productItem(item: Element, s: Syntax, base: string | undefined): Candidate {
  const props = propsOf(item, s);
  const first = (name: string) => valueOf(props.get(name)?.[0], base);
  let id: string | undefined;
  for (const key of ID_NAMES) if ((id = plainText(first(key), MAX_ID_CHARS))) break;
  const brandEl = props.get('brand')?.[0];
  const brand = brandEl?.matches(s.item) ? valueOf(propsOf(brandEl, s).get('name')?.[0], base) : valueOf(brandEl, base);
  const images: string[] = [];
  for (const el of props.get('image') ?? []) addImage(images, safeImageUrl(valueOf(el, base), base));
  const url = first('url');
  return {
    source: s.source,
    id,
    title: plainText(first('name'), MAX_TITLE_CHARS),
    brand: plainText(brand, MAX_BRAND_CHARS),
    description: plainText(first('description'), MAX_DESCRIPTION_CHARS),
    url: url ? (safeLinkUrl(url, base) ?? undefined) : undefined,
    ...bestOffer(props, s, base),
    images,
  };
}

type Price = { price?: number | undefined; currency?: string | undefined };

/** The lowest price among the item's offers (else the item's own), with its currency. */
function bestOffer(props: Map<string, Element[]>, s: Syntax, base: string | undefined): Price {
  const offers = (props.get('offers') ?? []).filter((el) => el.matches(s.item)).map((el) => priceIn(propsOf(el, s), base));
  const own = priceIn(props, base);
  let best: Price = {};
  for (const o of offers) if (o.price !== undefined && (best.price === undefined || o.price < best.price)) best = o;
  return {
    price: best.price ?? own.price,
    currency: best.currency ?? offers.find((o) => o.currency)?.currency ?? own.currency,
  };
}

function priceIn(props: Map<string, Element[]>, base: string | undefined): Price {
  const priceEl = PRICE_NAMES.map((n) => props.get(n)?.[0]).find((el) => el !== undefined);
  return { price: parsePrice(valueOf(priceEl, base)), currency: parseCurrency(valueOf(props.get('pricecurrency')?.[0], base)) };
}
