import { documentBase } from './address';
import { urlPath, type Candidate } from './candidate';
import { findProductCards, type Card, type LinkedIds } from './cards';
import type { DetectedPage, DetectedProduct, ListingItem } from './detected';
import { entityDecoder } from './entities';
import { canonicalAddress, fallbackProduct, pageHeading } from './fallback';
import { readJsonLd } from './jsonld';
import { microdataProducts, rdfaProducts } from './markup-items';
import { mergeProduct } from './merge';
import { openGraphProduct } from './open-graph';

export type { DetectedPage, DetectedProduct, FieldSources, ListingItem, ProductField } from './detected';

/**
 * What a storefront page (or one frame's document) is about, from the markup shops add for search engines: schema.org
 * JSON-LD, microdata and RDFa Lite, and Open Graph product tags, merged field by field (./merge.ts); the page's heading
 * and largest picture only when the page has a buy button of its own and no product markup. Several products in one
 * source, an `ItemList` of products, or a grid of product cards (./cards.ts) with no product of the page's own make a
 * listing. Read-only: nothing on the page is changed or executed, and JSON-LD is parsed as data.
 */
export function detectPage(doc: Document): DetectedPage {
  const base = documentBase(doc);
  const ld = readJsonLd(doc, base, entityDecoder(doc));
  const microdata = microdataProducts(doc, base).map((p) => p.candidate);
  const rdfa = rdfaProducts(doc, base).map((p) => p.candidate);
  const og = openGraphProduct(doc, base);
  const linkedIds = idsByPath([...ld.products, ...ld.listed, ...microdata, ...rdfa]);
  const sources = [ld.products, microdata, rdfa, og ? [og] : []].map((s) => s.filter(describes));

  // The best source that describes any product decides: one is the page's, several are a listing.
  const deciding = sources.find((s) => s.length > 0);
  const several = deciding ? distinctProducts(deciding) : [];
  if (several.length > 1) return listing(doc, linkedIds, several);
  const page = { heading: pageHeading(doc), address: canonicalAddress(doc, base) };
  if (deciding) {
    // A source that names several products (related ones marked up beside the page's) lends it nothing.
    const product = mergeProduct(sources.filter((s) => distinctProducts(s).length <= 1).flat(), page);
    if (product) return { kind: 'product', product, images: product.images ?? [], linkedIds };
  }
  if (distinctProducts(ld.listed).length > 1) return listing(doc, linkedIds, ld.listed);
  const cards = findProductCards(doc, linkedIds);
  const shown = fallbackProduct(doc, base, cards);
  const product = shown && mergeProduct([shown], page);
  if (product) return { kind: 'product', product, images: product.images ?? [], linkedIds };
  if (cards.length > 0) return listing(doc, linkedIds, [], cards);
  return { kind: 'none' };
}

/** The page's product, or null on a listing or a page with none: what a product page's logger and share button need. */
export function detectProduct(doc: Document): DetectedProduct | null {
  const page = detectPage(doc);
  return page.kind === 'product' ? page.product : null;
}

/** A listing's items: its product cards in page order, else the products its structured data names. */
function listing(doc: Document, linkedIds: LinkedIds, described: readonly Candidate[], found?: readonly Card[]): DetectedPage {
  const cards = found ?? findProductCards(doc, linkedIds);
  const items: ListingItem[] = cards.length
    ? cards.map((card) => ({ id: card.id, ...(card.link ? { url: card.link } : {}), card }))
    : described.flatMap((c) => {
        const id = c.id ?? urlPath(c.url);
        return id ? [{ id, ...(c.url ? { url: c.url } : {}), ...(c.title ? { title: c.title } : {}) }] : [];
      });
  const seen = new Set<string>();
  return { kind: 'listing', items: items.filter((i) => !seen.has(i.id) && !!seen.add(i.id)), linkedIds };
}

/** The ids structured data gives for products, by the path of their address: how a card's link finds its sku. */
function idsByPath(candidates: readonly Candidate[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const c of candidates) {
    const path = urlPath(c.url);
    if (c.id && path && !ids.has(path)) ids.set(path, c.id);
  }
  return ids;
}

/** A candidate that says anything about a product: a name, an id or a price. */
const describes = (c: Candidate) => c.title !== undefined || c.id !== undefined || c.price !== undefined;

/**
 * The products a source names, one each: a product given twice (two blocks, a theme's and an app's; one node per
 * variant) has the same id, address, name or product group. Nodes with neither a name nor an id (a reviews widget's) name none.
 */
function distinctProducts(candidates: readonly Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of candidates) {
    if (c.title === undefined && c.id === undefined) continue;
    const path = urlPath(c.url);
    const same = (o: Candidate) =>
      (c.id !== undefined && c.id === o.id) ||
      (path !== undefined && path === urlPath(o.url)) ||
      (c.title !== undefined && c.title === o.title) ||
      (c.group !== undefined && c.group === o.group);
    if (!out.some(same)) out.push(c);
  }
  return out;
}
