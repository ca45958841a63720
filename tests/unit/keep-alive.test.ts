import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepAliveWith } from '../../lib/background/keep-alive';

describe('keeping the service worker alive through long work', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings every interval while the work runs, and stops when it ends, whether it succeeds or fails', async () => {
    const ping = vi.fn(async () => 'ok');
    const keepAlive = keepAliveWith(ping, 20_000);
    let finish!: (v: string) => void;
    const done = keepAlive(() => new Promise<string>((r) => (finish = r)));
    await vi.advanceTimersByTimeAsync(65_000);
    expect(ping).toHaveBeenCalledTimes(3);
    finish('committed');
    await expect(done).resolves.toBe('committed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ping).toHaveBeenCalledTimes(3);

    const failed = keepAlive(() => Promise.reject(new Error('disk full')));
    await expect(failed).rejects.toThrow('disk full');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ping).toHaveBeenCalledTimes(3);
  });

  it('keeps going when a ping fails (the worker may be shutting down anyway)', async () => {
    const ping = vi.fn(() => Promise.reject(new Error('context invalidated')));
    const keepAlive = keepAliveWith(ping, 1_000);
    const done = keepAlive(() => new Promise<number>((r) => setTimeout(() => r(7), 3_500)));
    await vi.advanceTimersByTimeAsync(3_500);
    await expect(done).resolves.toBe(7);
    expect(ping).toHaveBeenCalledTimes(3);
  });
});
