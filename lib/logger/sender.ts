import type { FwEvent } from '../events/event-schema';
import type { LogResult } from '../rpc/api';
import { EVENT_BATCH_MAX, EVENT_FLUSH_MS, EVENT_RETRY_BASE_MS, EVENT_RETRY_MAX_MS } from '../limits';

export interface SenderOptions {
  flushMs?: number;
  batchMax?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  onRejected?: (rejected: LogResult['rejected']) => void;
  onError?: (error: unknown) => void;
  /** Called whenever the queue changes: events waiting, and how many this sender has had acknowledged. */
  onProgress?: (progress: { pending: number; acknowledged: number }) => void;
}

/**
 * Sends events to the background in small batches and keeps each one until the background says it is
 * stored. A failed send (worker stopped, port lost) keeps the batch and retries with backoff; the background
 * stores by id, so a batch that was written but not acknowledged is harmless to send again.
 */
export class EventSender {
  private readonly queue = new Map<string, FwEvent>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerDelay = 0;
  private sending = false;
  private failures = 0;
  private stopped = false;
  private acknowledged = 0;
  private readonly opts: Required<Omit<SenderOptions, 'onRejected' | 'onError' | 'onProgress'>> & SenderOptions;

  constructor(
    private readonly send: (events: FwEvent[]) => Promise<LogResult>,
    opts: SenderOptions = {},
  ) {
    this.opts = {
      flushMs: EVENT_FLUSH_MS,
      batchMax: EVENT_BATCH_MAX,
      retryBaseMs: EVENT_RETRY_BASE_MS,
      retryMaxMs: EVENT_RETRY_MAX_MS,
      ...opts,
    };
  }

  /** Events not yet acknowledged. */
  get pending(): number {
    return this.queue.size;
  }

  enqueue(event: FwEvent): void {
    if (this.stopped) return;
    this.queue.set(event.id, event);
    this.progress();
    if (this.queue.size >= this.opts.batchMax) this.schedule(0);
    else this.schedule(this.opts.flushMs);
  }

  /**
   * Sends everything now, synchronously: when the page is being hidden or left, a timer may never fire again, and
   * the last hover or product view is logged by that very pagehide. A batch already in flight does not hold the
   * rest back; the background stores each id once, so overlapping sends are harmless.
   */
  flush(): void {
    if (this.stopped || this.queue.size === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.sending) {
      void this.sendBatch();
      return;
    }
    const batch = Array.from(this.queue.values()).slice(0, this.opts.batchMax);
    void this.send(batch).then(
      (result) => this.settle(result),
      () => undefined, // the regular loop retries what is left
    );
  }

  /** Drops what the background stored or refused from the queue; returns how many that was. */
  private settle(result: LogResult): number {
    const before = this.queue.size;
    for (const id of result.stored) this.queue.delete(id);
    const rejected = result.rejected.filter((r) => r.id !== null && this.queue.delete(r.id));
    if (rejected.length) this.opts.onRejected?.(rejected);
    this.acknowledged += before - this.queue.size;
    this.progress();
    return before - this.queue.size;
  }

  /** Stops scheduling; unacknowledged events stay in `pending`. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Resolves once every queued event is acknowledged (or the sender is stopped). For tests and shutdown. */
  async drain(pollMs = 20): Promise<void> {
    while (this.queue.size > 0 && !this.stopped) {
      this.flush();
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  private progress(): void {
    this.opts.onProgress?.({ pending: this.queue.size, acknowledged: this.acknowledged });
  }

  private schedule(delay: number): void {
    if (this.stopped || this.sending) return;
    if (this.timer) {
      // A flush is already due (at once, or later when this one is not asked for at once). Each event that comes in
      // while a full batch waits must not set the timer again: one timer call per event cost more than the event.
      if (delay > 0 || this.timerDelay === 0) return;
      clearTimeout(this.timer);
    }
    this.timerDelay = delay;
    this.timer = setTimeout(() => void this.sendBatch(), delay);
  }

  private async sendBatch(): Promise<void> {
    this.timer = null;
    if (this.sending || this.queue.size === 0 || this.stopped) return;
    this.sending = true;
    const batch = Array.from(this.queue.values()).slice(0, this.opts.batchMax);
    let retryIn: number | null = null;
    try {
      const result = await this.send(batch);
      // An answer that settles none of the batch is a failure too, or the loop would spin; ids a pagehide flush
      // already settled count as settled.
      if (this.settle(result) === 0 && batch.some((e) => this.queue.has(e.id)))
        throw new Error('background acknowledged none of the batch');
      this.failures = 0;
    } catch (error) {
      this.failures++;
      this.opts.onError?.(error);
      const backoff = Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** (this.failures - 1));
      retryIn = backoff / 2 + Math.random() * (backoff / 2);
    } finally {
      this.sending = false;
    }
    // What came in while the batch was out waits for the next flush like any event, unless a full batch is waiting: sending
    // again at once after every answer sent a message per round trip, a handful of events each, under a steady stream.
    if (this.queue.size > 0) this.schedule(retryIn ?? (this.queue.size >= this.opts.batchMax ? 0 : this.opts.flushMs));
  }
}
