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
