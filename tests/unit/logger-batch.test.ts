// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatch, flushOnHide, IMMEDIATE, type Batch } from '../../lib/logger/batch';
import { trackClicks } from '../../lib/logger/click';
import { trackImageHovers } from '../../lib/logger/hover';

beforeEach(() => {
  document.body.innerHTML = `<div data-product-id="P1"><img id="big" alt="front"><a id="buy" href="https://shop.example/cart?t=1"><span id="inner">Buy</span></a></div>
    <div data-product-id="P2"><img id="other" alt="back"></div><p id="text">plain</p>`;
  for (const id of ['big', 'other'])
    vi.spyOn(document.getElementById(id)!, 'getBoundingClientRect').mockReturnValue({ width: 200, height: 150 } as DOMRect);
});

/** A window whose idle callbacks run only when the test says: counts how many batches were asked for. */
function idleWindow() {
  const waiting: (() => void)[] = [];
  const win = { requestIdleCallback: vi.fn((cb: () => void) => waiting.push(cb)) };
  return {
    win: win as unknown as Window & typeof globalThis,
    runIdle: () => waiting.splice(0).forEach((cb) => cb()),
    asked: win.requestIdleCallback,
  };
}

/** What a person does on the page, with the dwell clock at `t`; every event logged, with the time it carries. */
function session(batch: Batch) {
  const logged: { action: string; payload: unknown; time: number | undefined }[] = [];
  let t = 0;
  const ac = new AbortController();
  const opts = { now: () => t, batch };
  trackClicks(document, ac.signal, (payload, time) => logged.push({ action: 'click', payload, time }), opts);
  trackImageHovers(document, ac.signal, (payload, time) => logged.push({ action: 'hover', payload, time }), opts);
  flushOnHide(document, ac.signal, batch);
  const el = (id: string) => document.getElementById(id)!;
  const fire = (id: string, type: string) => el(id).dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, detail: 1 }));
  document.addEventListener('click', (e) => e.preventDefault(), { signal: ac.signal });
  const run = () => {
    fire('big', 'pointerover');
    t = 300;
    fire('big', 'pointerout');
    document.documentElement.dispatchEvent(new MouseEvent('pointerleave')); // the pointer leaves the page
    fire('inner', 'click');
    fire('text', 'click');
    fire('other', 'pointerover');
    t = 350; // too short
    fire('big', 'pointerover');
    t = 900;
    fire('inner', 'click');
  };
  return { logged, run, stop: () => ac.abort(), signal: ac.signal };
}

describe('the logger finishes events in a batch', () => {
  it('deferred completion logs the same events, with the times they happened, as finishing each at once', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    try {
      const now = session(IMMEDIATE);
      now.run();
      now.stop();
      const { win, runIdle } = idleWindow();
      const batch = createBatch(win, 'idle');
      const later = session(batch);
      vi.setSystemTime(1_000_000);
      later.run();
      expect(later.logged).toEqual([]); // nothing finished in the handlers
      vi.setSystemTime(1_005_000); // the idle callback comes later: events keep the time they happened
      runIdle();
      vi.setSystemTime(1_000_000); // leaving the page at the same moment as in the first run
      later.stop(); // ends the look under way, finished by the flush on abort
      expect(later.logged.map((e) => e.action)).toEqual(['hover', 'click', 'click', 'hover']);
      expect(later.logged).toEqual(now.logged);
      expect(later.logged.every((e) => e.time === 1_000_000)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('finishes a burst of events in one frame in one batch', () => {
    const { win, runIdle, asked } = idleWindow();
    const batch = createBatch(win, 'idle');
    const s = session(batch);
    for (let i = 0; i < 50; i++) document.getElementById('inner')!.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(s.logged).toEqual([]);
    runIdle();
    expect(s.logged).toHaveLength(50);
    expect(new Set(s.logged.map((e) => JSON.stringify(e.payload))).size).toBe(1);
    // The events share one payload, made once and frozen: no consumer can change what the others carry.
    const first = s.logged[0]?.payload as { element: { tag: string } };
    expect(() => (first.element.tag = 'changed')).toThrow(TypeError);
    expect((s.logged[1]?.payload as { element: { tag: string } }).element.tag).toBe('a');
    // The next burst asks for a new batch.
    document.getElementById('inner')!.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    expect(asked).toHaveBeenCalledTimes(2);
    s.stop();
    expect(s.logged).toHaveLength(51);
  });

  it('a microtask batch finishes right after the code that queued it', async () => {
    const batch = createBatch(null, 'microtask');
    const s = session(batch);
    document.getElementById('inner')!.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    expect(s.logged).toEqual([]);
    await Promise.resolve();
    expect(s.logged.map((e) => e.action)).toEqual(['click']);
    s.stop();
  });

  it('a hidden page finishes its events before a later pagehide listener (the sender) sends', () => {
    const { win } = idleWindow();
    const batch = createBatch(win, 'idle');
    const s = session(batch);
    let seenBySender = -1;
    window.addEventListener('pagehide', () => (seenBySender = s.logged.length), { signal: s.signal });
    document.getElementById('inner')!.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    window.dispatchEvent(new Event('pagehide'));
    expect(seenBySender).toBe(1);
    s.stop();
  });

  it('one job that throws does not lose the others', async () => {
    const batch = createBatch(null, 'microtask');
    const ran: number[] = [];
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on('uncaughtException', onError);
    try {
      batch.defer(() => ran.push(1));
      batch.defer(() => {
        throw new Error('bad page');
      });
      batch.defer(() => ran.push(3));
      await new Promise((r) => setTimeout(r, 0));
      expect(ran).toEqual([1, 3]);
      // The failure is not swallowed: it still reaches the console (here, the process) as an uncaught error.
      expect(errors).toEqual([new Error('bad page')]);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
