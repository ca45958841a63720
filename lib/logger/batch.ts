import { LOG_IDLE_TIMEOUT_MS } from '../limits';

/**
 * Where the logger finishes its events. Its handlers only note the target and the time; the work that describes an
 * event (its element's description and path, its product, its id) runs here, once for every event that came in since
 * the last run, off the event's own dispatch.
 */
export interface Batch {
  /** Runs `job` with the next batch (now, for the immediate batch). */
  defer(job: () => void): void;
  /** Runs every job waiting, now: the page is being hidden or left, or the logger stopped. */
  flush(): void;
}

/** Finishes each event at once, in its handler: for callers that read what was logged right after dispatching. */
export const IMMEDIATE: Batch = { defer: (job) => job(), flush: () => undefined };

type Schedule = (run: () => void) => void;

/**
 * When a batch runs: when the page's main thread is idle (at the latest LOG_IDLE_TIMEOUT_MS later); with `microtask`,
 * right after the handler that queued it (for a person's click that is before the page's own listeners run, so the
 * element is described as it was when clicked, while a script's burst of clicks is still finished in one run); with
 * `{ windowMs }`, once that long after the first job of the batch was queued: every job queued in the window shares one
 * run (one callback into the content script's world, which is what a batch costs most when it holds little).
 */
export type BatchTiming = 'idle' | 'microtask' | { windowMs: number };

export function createBatch(win: (Window & typeof globalThis) | null, how: BatchTiming = 'idle'): Batch {
  const jobs: (() => void)[] = [];
  let scheduled = false;
  const schedule: Schedule =
    how === 'microtask'
      ? (run) => queueMicrotask(run)
      : typeof how === 'object'
        ? (run) => setTimeout(run, how.windowMs)
        : win && typeof win.requestIdleCallback === 'function'
          ? (run) => win.requestIdleCallback(run, { timeout: LOG_IDLE_TIMEOUT_MS })
          : (run) => setTimeout(run, 0);
  const flush = () => {
    scheduled = false;
    // Jobs a job queues (none today) run in this same flush.
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      try {
        job();
      } catch (error) {
        // One event that fails to finish must not lose the others; the error still reaches the console.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };
  return {
    defer(job) {
      jobs.push(job);
      if (scheduled) return;
      scheduled = true;
      schedule(() => scheduled && flush());
    },
    flush,
  };
}

/**
 * Flushes `batches` when the page is hidden or left and when `signal` aborts. Call it after the trackers have added
 * their own listeners for these moments: theirs end what is under way (a hover), queueing its last event, and this one
 * finishes it before the sender's own pagehide send (a bubbling listener, later than these capturing ones).
 */
export function flushOnHide(doc: Document, signal: AbortSignal, ...batches: Batch[]): void {
  const flushAll = () => {
    for (const b of batches) b.flush();
  };
  const listen = { capture: true, passive: true, signal } as const;
  doc.addEventListener('visibilitychange', () => doc.visibilityState === 'hidden' && flushAll(), listen);
  doc.defaultView?.addEventListener('pagehide', flushAll, listen);
  signal.addEventListener('abort', flushAll, { once: true });
}
