import { MAX_PRODUCT_ID_CHARS } from '../limits';
import { cleanText } from '../text/unicode';
import type { DetectedProduct } from '../storefront/detect';
import { otherProductCard, productMedia, type CardOf, type ProductMedia } from '../storefront/media';

/** The page's product as the logger needs it: its id, and the URLs of its pictures that its markup names. */
export type PageProduct = DetectedProduct & { images?: readonly string[] };

/**
 * The page product's media region (lib/storefront/media), from every picture URL it is known by. Found again for
 * each use: galleries swap, slide and lazy-load their pictures.
 */
export function pageMedia(doc: Document, page: PageProduct, cardOf: CardOf | undefined): ProductMedia {
  const urls = [...(page.images ?? []), ...(page.image ? [page.image] : [])];
  return productMedia(doc, urls, cardOf ? { cardOf } : {});
}

/**
 * The product other than the page's that an element belongs to: its product card's, else one its markup tags it
 * with. A tag naming the page's own product is not enough: Magento puts the page's microdata scope on <body>.
 */
export function otherProductOf(el: Element, page: { id: string } | null, cardOf: CardOf | undefined): string | undefined {
  const card = otherProductCard(el, cardOf);
  if (card) return card.id;
  const tagged = productIdOf(el);
  return tagged && tagged !== page?.id ? tagged : undefined;
}

/**
 * Which product an element belongs to, from markup the page already has: an explicit data-product-id, or a
 * schema.org Product in microdata (sku or productID). Storefront detection (JSON-LD, Open Graph) builds on this.
 */
export function productIdOf(el: Element): string | undefined {
  const tagged = el.closest('[data-product-id]');
  const explicit = tagged?.getAttribute('data-product-id');
  if (explicit) return cleanText(explicit, MAX_PRODUCT_ID_CHARS) || undefined;
  const scope = el.closest('[itemscope][itemtype*="schema.org/Product"]');
  if (!scope) return undefined;
  const idEl = scope.querySelector('[itemprop="sku"], [itemprop="productID"]');
  const id = idEl?.getAttribute('content') ?? idEl?.textContent;
  return cleanText(id?.trim() ?? '', MAX_PRODUCT_ID_CHARS) || undefined;
}

/** The image's position among the images of the same product (or the page), for "which image" questions. */
export function imageIndexOf(img: Element): number | undefined {
  const scope = img.closest('[data-product-id], [itemscope]') ?? img.ownerDocument.body;
  const images = Array.from(scope.querySelectorAll('img'));
  const i = images.indexOf(img as HTMLImageElement);
  return i >= 0 ? i : undefined;
}

export type ImageRole = 'main' | 'gallery' | 'thumbnail' | 'card' | 'other';
const ROLES: readonly string[] = ['main', 'gallery', 'thumbnail', 'card', 'other'] satisfies ImageRole[];

/** A role the page states itself (`data-image-role`), which overrides what the structure says. */
function statedRole(el: Element): ImageRole | null {
  const stated = el.closest('[data-image-role]')?.getAttribute('data-image-role') ?? '';
  return ROLES.includes(stated) ? (stated as ImageRole) : null;
}

export interface ImageContext {
  /** The page's product, when the page is about one. */
  page: { id: string } | null;
  cardOf?: CardOf | undefined;
  /** The product's media region (lib/storefront/media), made only when needed: it reads the whole page. */
  media: () => ProductMedia | null;
}

export interface ImageAttribution {
  /** The picture the hover is about: the image under a zoom layer, else the element itself. */
  image: Element;
  role: ImageRole;
  productId?: string;
  index?: number;
}

/**
 * Which product a picture shows and its role: a picture of the page product's media region has that product's id and
 * its place's role; one in a product card has the card's id and `card`; one in an element tagged with another product
 * (data-product-id, a microdata Product) has that id; anything else is `other`, with no product. A `data-image-role`
 * on the picture or around it overrides the role.
 */
export function attributeImage(el: Element, ctx: ImageContext): ImageAttribution {
  const stated = statedRole(el);
  const page = ctx.page;
  if (page) {
    const media = ctx.media();
    const role = media?.roleOf(el);
    if (media && role) {
      const image = media.baseOf(el);
      return { image, productId: page.id, role: stated ?? role, ...optional('index', media.indexOf(image)) };
    }
  }
  const other = otherProductOf(el, page, ctx.cardOf);
  if (other) return { image: el, productId: other, role: stated ?? 'card', ...optional('index', imageIndexOf(el)) };
  if (page && stated && stated !== 'card' && stated !== 'other')
    return { image: el, productId: page.id, role: stated, ...optional('index', imageIndexOf(el)) };
  return { image: el, role: stated ?? 'other', ...optional('index', imageIndexOf(el)) };
}

export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
