import { STOREFRONT_RECHECK_MS } from '../limits';
import { detectProduct, type DetectedProduct } from './detect';

/**
 * Keeps the page's product current: found once at start, and again when the page changes in a way that can
 * change it (a product rendered by script after load, or a single-page shop moving to another product). The
 * observer's callback only compares the address and whether a product is known, so a busy page costs one cheap
 * check per mutation batch and at most one detection per STOREFRONT_RECHECK_MS.
 */
export function watchProduct(
  doc: Document,
  signal: AbortSignal,
  onChange: (product: DetectedProduct | null) => void,
  detect: (doc: Document) => DetectedProduct | null = detectProduct,
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
    if (!sameProduct(next, current)) {
      current = next;
      onChange(next);
    }
  };
  const settled = () => current !== null && current.source !== 'fallback';
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

export function sameProduct(a: DetectedProduct | null, b: DetectedProduct | null): boolean {
  if (a === null || b === null) return a === b;
  return a.id === b.id && a.title === b.title && a.price === b.price && a.source === b.source && a.image === b.image;
}
