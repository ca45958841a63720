import { addImage, MAX_BRAND_CHARS, MAX_DESCRIPTION_CHARS, MAX_ID_CHARS, MAX_TITLE_CHARS, type Candidate } from './candidate';
import { parseCurrency, parsePrice, plainText, safeImageUrl, safeLinkUrl } from './values';

/**
 * The product in a page's Open Graph tags (`og:` and the `product:` namespace of ogp.me and Meta's catalogue:
 * `product:retailer_item_id`, `product:price:amount`/`currency`, `product:brand`), and every `og:image` it repeats.
 * A page is a product by these tags when `og:type` says so or a product price or item id is given.
 */
export function openGraphProduct(doc: Document, base: string | undefined): Candidate | null {
  const tags = metaTags(doc);
  const get = (...names: string[]) => {
    for (const name of names) {
      const value = tags.get(name)?.[0];
      if (value) return value;
    }
    return undefined;
  };
  const amount = get('product:price:amount', 'og:price:amount', 'product:sale_price:amount');
  const id = plainText(get('product:retailer_item_id', 'product:sku', 'product:upc', 'product:ean'), MAX_ID_CHARS);
  if (!/product/i.test(get('og:type') ?? '') && amount === undefined && id === undefined) return null;
  const images: string[] = [];
  for (const name of ['og:image:secure_url', 'og:image', 'og:image:url'])
    for (const url of tags.get(name) ?? []) addImage(images, safeImageUrl(url, base));
  const brand = plainText(get('product:brand', 'og:brand'), MAX_BRAND_CHARS);
  return {
    source: 'open-graph',
    id,
    title: withoutSiteName(plainText(get('og:title'), MAX_TITLE_CHARS), [get('og:site_name'), brand]),
    price: parsePrice(amount),
    currency: parseCurrency(get('product:price:currency', 'og:price:currency', 'product:sale_price:currency')),
    brand,
    description: plainText(get('og:description'), MAX_DESCRIPTION_CHARS),
    url: safeLinkUrl(get('og:url'), base) ?? undefined,
    images,
  };
}

/** Every `<meta property|name content>` by name, values trimmed and in page order. */
function metaTags(doc: Document): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const el of doc.querySelectorAll('meta[content]')) {
    const name = (el.getAttribute('property') ?? el.getAttribute('name') ?? '').trim().toLowerCase();
    const content = el.getAttribute('content')?.trim();
    if (!name || !content) continue;
    const found = tags.get(name);
    if (found) found.push(content);
    else tags.set(name, [content]);
  }
  return tags;
}

/** "Harbor Linen Shirt | Harbor & Mast" → "Harbor Linen Shirt": shops append their name to `og:title`. */
function withoutSiteName(title: string | undefined, names: (string | undefined)[]): string | undefined {
  const m = title ? /^(.+)\s+[|–—-]\s+(.+?)$/.exec(title) : null;
  const suffix = m?.[2]?.toLowerCase();
  return m?.[1] && names.some((n) => n?.toLowerCase() === suffix) ? m[1] : title;
}
