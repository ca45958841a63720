import * as v from 'valibot';
import { safeImageUrl, safeLinkUrl } from './values';
import { SHARED_PRODUCT_MAX_CHARS as MAX } from '../limits';
import { StorableString } from '../text/storable';

/**
 * A product found on a storefront page, or one of the catalog's, in the shape every context shares when it is
 * shared: the product page's "Share to chat" button, the background relay, the chat overlay and the pilot server.
 * Everything in it is data from a page: text is shown as text, and only http(s) links and http(s) or data:image
 * pictures are kept, so a hostile page cannot put script or markup into a card.
 */
export const PRODUCT_SOURCES = ['json-ld', 'microdata', 'rdfa', 'open-graph', 'fallback', 'catalog'] as const;

const Text = (max: number) => v.pipe(StorableString, v.trim(), v.maxLength(max));
const HttpUrl = v.pipe(
  v.string(),
  v.maxLength(MAX.url),
  v.check((s) => safeLinkUrl(s) === s, 'must be an http(s) URL'),
);
const ImageUrl = v.pipe(
  StorableString,
  v.maxLength(MAX.image),
  v.check((s) => safeImageUrl(s) === s, 'must be an http(s) or data:image URL'),
);

export const SharedProductSchema = v.object({
  id: v.pipe(Text(MAX.id), v.minLength(1, 'must not be empty')),
  title: v.pipe(Text(MAX.title), v.minLength(1, 'must not be empty')),
  brand: v.optional(Text(MAX.brand)),
  description: v.optional(Text(MAX.description)),
  price: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1e9))),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code'))),
  image: v.optional(ImageUrl),
  url: v.optional(HttpUrl),
  source: v.picklist(PRODUCT_SOURCES),
});
export type SharedProduct = v.InferOutput<typeof SharedProductSchema>;
