import { createHash } from 'node:crypto';

/** The length of a rate-limit window. */
export const RATE_WINDOW_MS = 60_000;

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Fixed-window request counting per key (an ingest token), in this process only: behind a load balancer each
 * instance counts its own share. Windows that have ended are swept out at most once a window, so the map holds
 * only keys seen in the last two windows however many tokens come and go.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep: number;

  constructor(
    private readonly perWindow: number,
    private readonly now: () => number = Date.now,
    private readonly windowMs = RATE_WINDOW_MS,
  ) {
    this.lastSweep = now();
  }

  /** Counts one request for `key`; refuses it (with when to retry) past the limit of the current window. */
  take(key: string): RateDecision {
    const now = this.now();
    this.sweep(now);
    // Kept by hash: the map never holds live tokens, and every key has the same small size.
    const k = createHash('sha256').update(key).digest('base64url');
    const w = this.windows.get(k);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(k, { start: now, count: 1 });
      return { ok: true };
    }
    if (++w.count <= this.perWindow) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) };
  }

  /** Keys being counted now (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}
