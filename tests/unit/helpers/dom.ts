import { afterEach } from 'vitest';

/** Lets queued work run: mutation observer callbacks, timers at 0. */
export const flush = () => new Promise((r) => setTimeout(r, 0));

/**
 * For DOM tests: observers and listeners a test starts with `signal` are stopped after it, and the page is emptied.
 * `renew()` stops what was started so far, within a test.
 */
export function useTestSignal(): { readonly signal: AbortSignal; renew(): void } {
  let controller = new AbortController();
  const renew = () => {
    controller.abort();
    controller = new AbortController();
  };
  afterEach(() => {
    renew();
    document.body.innerHTML = '';
  });
  return {
    get signal() {
      return controller.signal;
    },
    renew,
  };
}
