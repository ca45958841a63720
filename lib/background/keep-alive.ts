/**
 * Chrome stops an extension's service worker after 30 s without an event or an extension API call, even in the
 * middle of work a page is waiting for (committing 100,000 imported products, then rebuilding and saving the
 * index, can take that long on a busy machine). A cheap API call every 20 s while such work runs resets that timer.
 * It cannot help during one synchronous stretch of over 30 s; the work is written in awaited steps.
 */
export const KEEP_ALIVE_INTERVAL_MS = 20_000;

export type KeepAlive = <T>(work: () => Promise<T>) => Promise<T>;

export function keepAliveWith(ping: () => Promise<unknown>, intervalMs: number = KEEP_ALIVE_INTERVAL_MS): KeepAlive {
  return async (work) => {
    const timer = setInterval(() => void ping().catch(() => undefined), intervalMs);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  };
}

/** For contexts that need no keep-alive (tests, pages). */
export const noKeepAlive: KeepAlive = (work) => work();
