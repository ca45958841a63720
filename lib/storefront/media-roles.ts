import { commonAncestor, distinctPictures, isImageFileLink, picturesIn, type PictureScan, type PictureSet } from './picture-scan';
import { clippedOut, declaredExtent, hasLayout, renderedExtent, visibleByStyle } from './picture-size';

/**
 * The role of each picture of a product's media region, from its place: the largest picture shown is `main`; much
 * smaller ones (or, where sizes are only declared, ones in a strip of controls beside it) are thumbnails; the others
 * (inactive slides, lightbox copies, the rest of a stacked grid) are `gallery`. A zoom layer (the same photo stacked in
 * the same slot) takes the role of the picture under it.
 */

export type MediaRole = 'main' | 'gallery' | 'thumbnail';

export interface ProductMedia {
  /** The role of a picture of the page's product (or of a zoom layer over one); null for any other element. */
  roleOf(el: Element): MediaRole | null;
  /** The picture a zoom layer stands for; the element itself when it is not a layer. */
  baseOf(el: Element): Element;
  /** The picture's position among the product's pictures (layers not counted), in document order. */
  indexOf(el: Element): number | undefined;
  /** Every picture of the product with its role, in document order. */
  readonly images: ReadonlyMap<Element, MediaRole>;
}

/** A picture this much smaller than the main one is a thumbnail; within the main one's own set it takes more. */
const THUMB_RATIO = 0.5;
const SAME_SET_THUMB_RATIO = 0.4;
/** Without a main picture's size, a picture no larger than this (CSS px) is a thumbnail. */
const THUMB_MAX_PX = 200;
/** Controls that make a strip of pictures a thumbnail strip (links to pages, not to image files, count too). */
const CONTROL = 'button, input, select, [role="button"], [role="tab"], [role="option"], [role="radio"], [tabindex]:not([tabindex="-1"])';

interface Facts {
  el: Element;
  set: PictureSet | null;
  item: Element | null;
  /** The picture this one is a zoom layer of; itself when it is not a layer. */
  base: Element;
  rendered: number | null;
  extent: number | null;
  shown: boolean;
  control: boolean;
}

function hasControl(item: Element | null): boolean {
  if (!item) return false;
  if (item.matches(CONTROL) || item.querySelector(CONTROL)) return true;
  const links = item.matches('a[href]') ? [item] : Array.from(item.querySelectorAll('a[href]'));
  return links.some((a) => !isImageFileLink(a.getAttribute('href') ?? ''));
}

export function assignRoles(scan: PictureScan, members: readonly Element[], sets: ReadonlyMap<Element, PictureSet | null>): ProductMedia {
  const layout = hasLayout(scan.doc);
  const memberScan: PictureScan = { ...scan, isCandidate: new Set(members) };
  const facts: Facts[] = [];
  for (const el of members) {
    const set = sets.get(el) ?? null;
    const item = set?.items.find((it) => it.contains(el)) ?? null;
    const keys = scan.keys(el);
    // A zoom layer: the same photo as an earlier picture, in a slot that holds no other photo.
    const under = facts.find((f) => {
      if (f.base !== f.el || ![...scan.keys(f.el)].some((k) => keys.has(k))) return false;
      const slot = commonAncestor(el, f.el);
      return !!slot && distinctPictures(picturesIn(slot, memberScan), scan) === 1;
    });
    const rendered = layout ? renderedExtent(el) : null;
    facts.push({
      el,
      set,
      item,
      base: under?.el ?? el,
      rendered,
      extent: rendered ?? declaredExtent(el, item, scan.base),
      shown: visibleByStyle(el) && (!layout || (rendered !== null && !clippedOut(el))),
      control: hasControl(item),
    });
  }
  const bases = facts.filter((f) => f.base === f.el);
  // The main picture: the largest shown, preferring pictures that are not in a strip of controls (thumbnails).
  const shown = bases.filter((f) => f.shown);
  const preferred = shown.some((f) => !f.control) ? shown.filter((f) => !f.control) : shown;
  let main: Facts | undefined = preferred[0] ?? bases[0];
  for (const f of preferred) if ((f.extent ?? 0) > (main?.extent ?? 0)) main = f;

  const roleOfBase = (f: Facts): MediaRole => {
    if (!main || f === main) return 'main';
    const sameSet = !!f.set && f.set.container === main.set?.container;
    if (f.extent !== null && main.extent !== null) {
      if (f.extent <= main.extent * (sameSet ? SAME_SET_THUMB_RATIO : THUMB_RATIO)) return 'thumbnail';
    } else if (f.extent !== null && f.extent <= THUMB_MAX_PX) return 'thumbnail';
    // Sizes only declared, not seen: a strip of controls beside the main picture selects it.
    return f.rendered === null && f.control && !sameSet ? 'thumbnail' : 'gallery';
  };
  const baseRoles = new Map(bases.map((f) => [f.el, roleOfBase(f)] as const));
  const roles = new Map<Element, MediaRole>(facts.map((f) => [f.el, baseRoles.get(f.base) ?? 'gallery']));
  const baseOf = new Map(facts.map((f) => [f.el, f.base]));
  const order = bases.map((f) => f.el);
  return {
    images: roles,
    roleOf: (el) => roles.get(el) ?? null,
    baseOf: (el) => baseOf.get(el) ?? el,
    indexOf: (el) => {
      const i = order.indexOf(baseOf.get(el) ?? el);
      return i >= 0 ? i : undefined;
    },
  };
}
