import { sanitizeUrl } from '../privacy/url';
import { MAX_PRODUCT_ID_CHARS } from '../limits';
import { urlPath, type Candidate, type FieldSource } from './candidate';
import type { DetectedProduct, FieldSources } from './detected';
import { plainText } from './values';

/**
 * One product from what several sources say about it, field by field: each field from the best source that has it
 * (the order of `candidates`: JSON-LD, microdata, RDFa, Open Graph, then the page itself), recorded in `fieldSources`.
 * A source that plainly describes another product (another id or address, and another name) is left out. Ids are the
 * product's own (sku, gtin, mpn, retailer item id), else a JSON-LD `@id`, else its address; the pictures are all of
 * them, in order.
 */
export interface PageFacts {
  /** The page's heading: the name of last resort. */
  heading?: string | undefined;
  /** The page's canonical address (or its own): the product's address and id of last resort. */
  address?: string | undefined;
}

type Field = 'id' | 'ref' | 'title' | 'price' | 'currency' | 'brand' | 'description' | 'url';

export function mergeProduct(candidates: readonly Candidate[], page: PageFacts): DetectedProduct | null {
  const primary = candidates.find((c) => c.title !== undefined || c.id !== undefined) ?? candidates[0];
  if (!primary) return null;
  const used = candidates.filter((c) => c === primary || sameProduct(primary, c));
  const sources: FieldSources = {};
  const pick = <K extends Field>(key: K): { value: NonNullable<Candidate[K]>; from: FieldSource } | undefined => {
    for (const c of used) {
      const value = c[key];
      if (value !== undefined && value !== null && value !== '') return { value, from: c.source };
    }
    return undefined;
  };

  const title = pick('title') ?? (page.heading ? { value: page.heading, from: 'fallback' as const } : undefined);
  if (!title) return null;
  sources.title = title.from;
  const url = pick('url') ?? (page.address ? { value: page.address, from: 'fallback' as const } : undefined);
  const ownId = pick('id') ?? pick('ref');
  const id = ownId ?? (url ? { value: sanitizeUrl(url.value) ?? url.value, from: 'fallback' as const } : undefined);
  const idText = plainText(id?.value, MAX_PRODUCT_ID_CHARS);
  if (!id || !idText) return null;
  sources.id = id.from;

  const product: DetectedProduct = { id: idText, title: title.value, source: primary.source };
  // The lowest price of the best source that gives one (a group's variants, given as nodes of their own, each have one).
  const priceSource = used.find((c) => c.price !== undefined)?.source;
  let price: Candidate | undefined;
  for (const c of used)
    if (c.source === priceSource && c.price !== undefined && (price?.price === undefined || c.price < price.price)) price = c;
  if (price?.price !== undefined) {
    product.price = price.price;
    sources.price = price.source;
  }
  // The currency of the price, where its source gives one.
  const currency = price?.currency !== undefined ? { value: price.currency, from: price.source } : pick('currency');
  if (currency) {
    product.currency = currency.value;
    sources.currency = currency.from;
  }
  for (const key of ['brand', 'description'] as const) {
    const found = pick(key);
    if (found) {
      product[key] = found.value;
      sources[key] = found.from;
    }
  }
  const images: string[] = [];
  for (const c of used) for (const i of c.images) if (!images.includes(i)) images.push(i);
  const first = used.find((c) => c.images.length > 0);
  if (images[0] && first) {
    product.image = images[0];
    sources.image = first.source;
  }
  if (url) {
    product.url = url.value;
    sources.url = url.from;
  }
  product.images = images;
  product.fieldSources = sources;
  return product;
}

/** False when `other` names another product: another id or address, a name that does not agree, and another group. */
function sameProduct(main: Candidate, other: Candidate): boolean {
  if (namesAgree(main.title, other.title) || (main.group !== undefined && main.group === other.group)) return true;
  const differ = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a !== b;
  return !differ(main.id, other.id) && !differ(urlPath(main.url), urlPath(other.url));
}

const comparable = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** One name begins with the other ("Harbor Linen Shirt" and "Harbor Linen Shirt | Harbor & Mast"). */
function namesAgree(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const [x, y] = [comparable(a), comparable(b)];
  return x !== '' && y !== '' && (x.startsWith(y) || y.startsWith(x));
}
