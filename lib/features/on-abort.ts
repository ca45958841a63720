/**
 * Runs `cleanup` once when `signal` aborts, or at once when it already has: a listener added to an aborted
 * signal never fires, so a feature started late would otherwise keep what it set up.
 */
export function onAbort(signal: AbortSignal, cleanup: () => void): void {
  if (signal.aborted) cleanup();
  else signal.addEventListener('abort', cleanup, { once: true });
}

/** An extension event (`browser.storage.onChanged`, `browser.runtime.onMessage`, …): these take no AbortSignal. */
export interface ExtensionEvent<Listener> {
  addListener(listener: Listener): void;
  removeListener(listener: Listener): void;
}

/** Adds `listener` to an extension event until `signal` aborts (not at all when it already has). */
export function listenUntilAbort<Listener>(event: ExtensionEvent<Listener>, listener: Listener, signal: AbortSignal): void {
  event.addListener(listener);
  onAbort(signal, () => event.removeListener(listener));
}
