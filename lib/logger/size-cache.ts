/** A picture's rendered size, in CSS px. */
export interface Size {
  width: number;
  height: number;
}

export interface SizeCache {
  /** Starts watching `el`'s size (the picture a look has started on). */
  watch(el: Element): void;
  /** Stops watching `el` and gives its size as the observer last reported it (none yet: a DOM without layout, a new picture). */
  release(el: Element): Size | undefined;
}

/**
 * Picture sizes from one ResizeObserver, which reports them after layout, when the browser has them anyway, instead
 * of a read that may force a layout in the middle of the page's work. Where it has not reported, the caller reads the box.
 */
export function createSizeCache(win: (Window & typeof globalThis) | null): SizeCache {
  const sizes = new WeakMap<Element, Size>();
  const Observer = win?.ResizeObserver;
  const observer =
    typeof Observer === 'function'
      ? new Observer((entries) => {
          for (const entry of entries) {
            const box = entry.borderBoxSize?.[0];
            if (box) sizes.set(entry.target, { width: box.inlineSize, height: box.blockSize });
          }
        })
      : null;
  return {
    watch(el) {
      observer?.observe(el);
    },
    release(el) {
      observer?.unobserve(el);
      const size = sizes.get(el);
      sizes.delete(el);
      return size;
    },
  };
}
