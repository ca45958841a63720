import { STOREFRONT_RECHECK_MS } from '../limits';
import { observable, type Observable } from '../observable';
import { detectPage, type DetectedPage, type DetectedProduct } from './detect';

/**
 * Keeps what a page is about current: found once at start, and again when the page changes in a way that can change
 * it (a product rendered by script after load, a single-page shop moving to another product, a listing loading more
 * cards as it scrolls). The observer's callback only compares the address and whether a product is known, so a busy
 * page costs one cheap check per mutation batch and at most one detection per STOREFRONT_RECHECK_MS.
 */
export function watchPage(
  doc: Document,
  signal: AbortSignal,
  onChange: (page: DetectedPage) => void,
  detect: (doc: Document) => DetectedPage = detectPage,
): void {
  let current = detect(doc);
  let href = doc.location?.href ?? doc.URL;
  let timer: ReturnType<typeof setTimeout> | undefined;
  onChange(current);

  const recheck = () => {
    timer = undefined;
    if (signal.aborted) return;
    href = doc.location?.href ?? doc.URL;
    const next = detect(doc);
    if (!samePage(next, current)) {
      current = next;
      onChange(next);
    }
  };
  // A product found in the page's markup stays until the address changes; a listing grows as it scrolls.
  const settled = () => current.kind === 'product' && current.product.source !== 'fallback';
  const observer = new MutationObserver(() => {
    if (timer !== undefined) return;
    if (settled() && (doc.location?.href ?? doc.URL) === href) return;
    timer = setTimeout(recheck, STOREFRONT_RECHECK_MS);
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  signal.addEventListener(
    'abort',
    () => {
      observer.disconnect();
      clearTimeout(timer);
    },
    { once: true },
  );
}

/** The page's product while `page` is a product page, null otherwise; follows `page` until `signal` ends. */
export function pageProductOf(page: Observable<DetectedPage>, signal: AbortSignal): Observable<DetectedProduct | null> {
  const of = (p: DetectedPage) => (p.kind === 'product' ? p.product : null);
  const product = observable(of(page.get()));
  const off = page.subscribe((p) => product.set(of(p)));
  signal.addEventListener('abort', off, { once: true });
  return product;
}

export function samePage(a: DetectedPage, b: DetectedPage): boolean {
  if (a.kind === 'product' && b.kind === 'product') return sameProduct(a.product, b.product);
  if (a.kind === 'listing' && b.kind === 'listing')
    return a.items.length === b.items.length && a.items.every((item, i) => item.id === b.items[i]?.id);
  return a.kind === b.kind;
}

export function sameProduct(a: DetectedProduct | null, b: DetectedProduct | null): boolean {
  if (a === null || b === null) return a === b;
  return a.id === b.id && a.title === b.title && a.price === b.price && a.source === b.source && a.image === b.image;
}
