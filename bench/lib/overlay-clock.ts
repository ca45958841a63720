/**
 * An init script that records, in the page's own timeline (`performance.now()`, from navigation start), the first
 * animation frame at which `part` inside the overlay's shadow root has a size: when the Seller can see it. It sets
 * `window[mark]`. A string, not a function: tsx would wrap a function's inner declarations in helpers the page does
 * not have.
 */
export function overlayClock(part: string, mark: string): string {
  return `
  const check = () => {
    const el = document.querySelector('floorwalker-overlay')?.shadowRoot?.querySelector(${JSON.stringify(part)});
    const box = el && el.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) window[${JSON.stringify(mark)}] = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;
}

/** How often layoutClock looks, besides every animation frame. */
const LAYOUT_POLL_MS = 2;

/**
 * As overlayClock, but `part` is looked for every LAYOUT_POLL_MS too, not only at animation frames: the time it is
 * laid out with a size, whether or not a frame has been painted since. Chromium sometimes holds a loading page's
 * frames back for about a second (seen with the service worker stopped before the load), which would hide when a
 * part that came after the panel was ready.
 */
export function layoutClock(part: string, mark: string): string {
  return `
  const look = () => {
    if (window[${JSON.stringify(mark)}] !== undefined) return true;
    const el = document.querySelector('floorwalker-overlay')?.shadowRoot?.querySelector(${JSON.stringify(part)});
    const box = el && el.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) window[${JSON.stringify(mark)}] = performance.now();
    return window[${JSON.stringify(mark)}] !== undefined;
  };
  const timer = setInterval(() => look() && clearInterval(timer), ${LAYOUT_POLL_MS});
  const frame = () => look() || requestAnimationFrame(frame);
  requestAnimationFrame(frame);
`;
}
