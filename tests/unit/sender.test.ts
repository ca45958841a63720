import { describe, expect, it, vi } from 'vitest';
import { EventSender } from '../../lib/logger/sender';
import type { FwEvent } from '../../lib/events/event-schema';
import type { LogResult } from '../../lib/rpc/api';
import { clickEvent } from './helpers/events';

const quick = { flushMs: 5, retryBaseMs: 2, retryMaxMs: 10 };

/** A background whose store is a Map keyed by id, like IndexedDB's. */
function store() {
  const stored = new Map<string, FwEvent>();
  const calls: number[] = [];
  return {
    stored,
    calls,
    async send(events: FwEvent[]): Promise<LogResult> {
      calls.push(events.length);
      for (const e of events) stored.set(e.id, e);
      return { stored: events.map((e) => e.id), rejected: [] };
    },
  };
}

describe('EventSender', () => {
  it('flush posts at once, without waiting for a timer (a page being left runs no more timers)', () => {
    const s = store();
    const sender = new EventSender((e) => s.send(e), { flushMs: 60_000 });
    sender.enqueue(clickEvent(1));
    expect(s.calls).toEqual([]);
    sender.flush();
    expect(s.calls).toEqual([1]); // synchronously, in the same task
    // A second flush while the first batch is in flight still posts what was logged since.
    sender.enqueue(clickEvent(2));
    sender.flush();
    expect(s.calls).toEqual([1, 2]);
    sender.stop();
  });

  it('under a steady stream, what comes in while a batch is out waits for the next flush, not the answer', async () => {
    vi.useFakeTimers();
    try {
      const answers: (() => void)[] = [];
      const calls: number[] = [];
      const sender = new EventSender(
        (events) => {
          calls.push(events.length);
          return new Promise<LogResult>((ok) => answers.push(() => ok({ stored: events.map((e) => e.id), rejected: [] })));
        },
        { flushMs: 250, batchMax: 50 },
      );
      sender.enqueue(clickEvent(0));
      await vi.advanceTimersByTimeAsync(250);
      expect(calls).toEqual([1]);
      for (let i = 1; i <= 3; i++) sender.enqueue(clickEvent(i)); // while the first batch is out
      answers.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toEqual([1]); // not sent again right after the answer
      for (let i = 4; i <= 6; i++) sender.enqueue(clickEvent(i));
      await vi.advanceTimersByTimeAsync(250);
      expect(calls).toEqual([1, 6]); // one message for all that came in since
      // A full batch waiting goes at once.
      for (let i = 7; i < 7 + 60; i++) sender.enqueue(clickEvent(i));
      answers.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toEqual([1, 6, 50]);
      answers.shift()?.();
      await vi.advanceTimersByTimeAsync(250);
      expect(calls).toEqual([1, 6, 50, 10]);
      answers.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
      expect(sender.pending).toBe(0);
      // A burst past a full batch, none out: one timer, however many events come in after the batch filled.
      const timers = vi.spyOn(globalThis, 'setTimeout');
      for (let i = 100; i < 100 + 80; i++) sender.enqueue(clickEvent(i));
      expect(timers.mock.calls.map(([, ms]) => ms)).toEqual([250, 0]);
      timers.mockRestore();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls.at(-1)).toBe(50);
      sender.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends in batches of at most batchMax and empties its queue', async () => {
    const s = store();
    const sender = new EventSender((e) => s.send(e), { ...quick, batchMax: 10 });
    for (let i = 0; i < 25; i++) sender.enqueue(clickEvent(i));
    await sender.drain();
    expect(s.stored.size).toBe(25);
    expect(Math.max(...s.calls)).toBeLessThanOrEqual(10);
    expect(sender.pending).toBe(0);
  });

  it('keeps events through failures and delivers each once they succeed', async () => {
    const s = store();
    let failures = 3;
    const errors: unknown[] = [];
    const sender = new EventSender(
      async (events) => {
        if (failures-- > 0) throw new Error('port closed');
        return s.send(events);
      },
      { ...quick, onError: (e) => errors.push(e) },
    );
    const events = Array.from({ length: 12 }, (_, i) => clickEvent(i));
    events.forEach((e) => sender.enqueue(e));
    await sender.drain();
    expect([...s.stored.keys()].sort()).toEqual(events.map((e) => e.id).sort());
    expect(errors).toHaveLength(3);
  });

  it('resends a batch that was stored but not acknowledged, which the store keeps once', async () => {
    const s = store();
    let dropAck = true;
    const sender = new EventSender(async (events) => {
      const result = await s.send(events);
      if (dropAck) {
        dropAck = false;
        throw new Error('worker stopped before answering');
      }
      return result;
    }, quick);
    for (let i = 0; i < 5; i++) sender.enqueue(clickEvent(i));
    await sender.drain();
    expect(s.calls).toEqual([5, 5]);
    expect(s.stored.size).toBe(5);
  });

  it('drops rejected events (resending will not fix them) and reports them', async () => {
    const rejectedSeen: unknown[] = [];
    const good = clickEvent(1);
    const bad = clickEvent(2);
    const sender = new EventSender(async () => ({ stored: [good.id], rejected: [{ id: bad.id, error: 'role: invalid' }] }), {
      ...quick,
      onRejected: (r) => rejectedSeen.push(...r),
    });
    sender.enqueue(good);
    sender.enqueue(bad);
    await sender.drain();
    expect(rejectedSeen).toEqual([{ id: bad.id, error: 'role: invalid' }]);
  });

  it('treats an answer that settles nothing as a failure instead of spinning', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const sender = new EventSender(
      async () => {
        calls++;
        return { stored: [], rejected: [] };
      },
      { ...quick, retryBaseMs: 20, retryMaxMs: 20, onError: (e) => errors.push(e) },
    );
    sender.enqueue(clickEvent(1));
    await new Promise((r) => setTimeout(r, 60));
    sender.stop();
    expect(calls).toBeLessThanOrEqual(5);
    expect(errors.length).toBeGreaterThan(0);
    expect(sender.pending).toBe(1);
  });

  it('reports progress', async () => {
    const s = store();
    const seen: { pending: number; acknowledged: number }[] = [];
    const sender = new EventSender((e) => s.send(e), { ...quick, onProgress: (p) => seen.push(p) });
    sender.enqueue(clickEvent(1));
    sender.enqueue(clickEvent(2));
    await sender.drain();
    expect(seen.at(-1)).toEqual({ pending: 0, acknowledged: 2 });
    expect(seen[0]).toEqual({ pending: 1, acknowledged: 0 });
  });
});
