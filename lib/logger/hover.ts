import type { PayloadOf } from '../events/event-schema';
import { MAX_IMAGE_ALT_CHARS, MIN_HOVER_IMAGE_PX, MIN_HOVER_MS } from '../limits';
import { sanitizeUrl } from '../privacy/url';
import { maskPii } from '../privacy/text';
import { cleanText } from '../text/unicode';
import { imageIndexOf, imageRoleOf, productIdOf } from './product';
import type { DetectedProduct } from '../storefront/detect';
import { isPageProductImage } from '../storefront/controls';

export interface TrackerOptions {
  /** Elements to leave alone, e.g. the overlay's own shadow host. */
  ignore?: (el: Element) => boolean;
  now?: () => number;
  /** The product the page is about (storefront pages): its images and controls are logged with its id. */
  pageProduct?: () => DetectedProduct | null;
}

/**
 * Logs how long the pointer rests on an image, with which product and which image. One pair of delegated,
 * passive listeners for the whole page: nothing is attached per image, so images added later count too.
 */
export function trackImageHovers(
  doc: Document,
  signal: AbortSignal,
  emit: (payload: PayloadOf<'hover'>) => void,
  opts: TrackerOptions = {},
): void {
  const now = opts.now ?? (() => performance.now());
  let current: { img: HTMLImageElement; start: number } | null = null;

  const end = () => {
    if (!current) return;
    const { img, start } = current;
    current = null;
    const dwellMs = Math.round(now() - start);
    if (dwellMs < MIN_HOVER_MS) return;
    // Size is read only for hovers long enough to log: reading it on every pointerover forces a layout.
    const box = img.getBoundingClientRect();
    if (box.width < MIN_HOVER_IMAGE_PX || box.height < MIN_HOVER_IMAGE_PX) return;
    const page = opts.pageProduct?.();
    const productId = productIdOf(img) ?? (page && isPageProductImage(img, page) ? page.id : undefined);
    // Alt text is the page's: it may hold NULs or lone surrogates, and a plain cut could split an emoji.
    const alt = cleanText(maskPii(img.getAttribute('alt') ?? ''), MAX_IMAGE_ALT_CHARS);
    emit({
      target: productId ? 'product_image' : 'image',
      ...(productId ? { productId } : {}),
      image: {
        src: sanitizeUrl(img.currentSrc || img.src),
        ...optional('index', imageIndexOf(img)),
        role: imageRoleOf(img),
        ...(alt ? { alt } : {}),
      },
      dwellMs,
    });
  };

  const onOver = (e: Event) => {
    const img = e.target;
    if (!(img instanceof HTMLImageElement) || opts.ignore?.(img)) return;
    if (current?.img === img) return;
    end();
    current = { img, start: now() };
  };
  const onOut = (e: Event) => {
    if (current && e.target === current.img) end();
  };
  const onHide = () => end();

  const listen = { capture: true, passive: true, signal } as const;
  doc.addEventListener('pointerover', onOver, listen);
  doc.addEventListener('pointerout', onOut, listen);
  doc.addEventListener('visibilitychange', onHide, listen);
  doc.defaultView?.addEventListener('pagehide', onHide, listen);
  signal.addEventListener('abort', end, { once: true });
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
