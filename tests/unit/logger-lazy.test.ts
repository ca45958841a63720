// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatch, flushOnHide, IMMEDIATE, type Batch } from '../../lib/logger/batch';
import { HOVER_BATCH_MS, trackImageHovers } from '../../lib/logger/hover';
import type { PayloadOf } from '../../lib/events/event-schema';

beforeEach(() => {
  document.body.innerHTML = `<div data-product-id="P1"><img id="a" alt="front"><img id="b" alt="side"></div>
    <div data-product-id="P2"><img id="c" alt="back"></div><p id="text">plain</p>`;
  for (const id of ['a', 'b', 'c'])
    vi.spyOn(document.getElementById(id)!, 'getBoundingClientRect').mockReturnValue({ width: 200, height: 150 } as DOMRect);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

/** The hover tracker on the document with the dwell clock at `t`; every look logged, with the time it carries. */
function tracker(batch: Batch) {
  const looks: { payload: PayloadOf<'hover'>; time: number | undefined }[] = [];
  let t = 0;
  const ac = new AbortController();
  trackImageHovers(document, ac.signal, (payload, time) => looks.push({ payload, time }), { now: () => t, batch });
  flushOnHide(document, ac.signal, batch);
  const over = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
  const at = (ms: number) => {
    vi.setSystemTime(1_000_000 + ms);
    t = ms;
  };
  return { looks, over, at, stop: () => ac.abort(), signal: ac.signal };
}

/** What a person does: a sweep over three pictures, a rest on one, a sweep on, a rest that the `end` ends. */
function person(s: ReturnType<typeof tracker>, end: () => void) {
  s.at(0);
  s.over('a');
  s.at(16);
  s.over('b'); // passing over: 16 ms, not a look
  s.at(32);
  s.over('c'); // rests 500 ms: a look
  s.at(532);
  s.over('text');
  s.at(548);
  s.over('a'); // rests 70 ms: too short
  s.at(618);
  s.over('b'); // rests 300 ms, until the end
  s.at(918);
  end();
}

const summary = (looks: { payload: PayloadOf<'hover'>; time: number | undefined }[]) =>
  looks.map(({ payload, time }) => ({ id: payload.productId, alt: payload.image?.alt, dwellMs: payload.dwellMs, time }));

describe('hovers worked through a window after the first move of a sweep', () => {
  const ends: [string, (s: ReturnType<typeof tracker>) => void][] = [
    ['by leaving the page', () => document.documentElement.dispatchEvent(new MouseEvent('pointerleave'))],
    [
      'by hiding it',
      () => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
    ['by the logger stopping', (s) => s.stop()],
  ];
  for (const [how, end] of ends)
    it(`logs the same looks as one at a time, the last one ended only ${how}`, () => {
      const now = tracker(IMMEDIATE);
      person(now, () => end(now));
      now.stop();
      const expected = summary(now.looks);
      expect(expected.map((l) => [l.id, l.dwellMs])).toEqual([
        ['P2', 500],
        ['P1', 300],
      ]);

      const lazy = tracker(createBatch(window, { windowMs: HOVER_BATCH_MS }));
      person(lazy, () => end(lazy));
      // Hiding or leaving the page (and stopping) flushes at once: nothing waits for a timer that may never fire.
      if (how !== 'by leaving the page') expect(summary(lazy.looks)).toEqual(expected);
      vi.runAllTimers();
      lazy.stop();
      expect(summary(lazy.looks)).toEqual(expected);
    });

  it('a sweep of moves in one window is worked through in one run, a move after it starts the next', () => {
    const batch = createBatch(window, { windowMs: HOVER_BATCH_MS });
    const s = tracker(batch);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    for (let i = 0; i < 5; i++) {
      s.at(i * 10);
      s.over(i % 2 ? 'a' : 'c');
    }
    // Picture to picture, each sooner than a look counts: no look ended that could be logged, no run asked for yet.
    expect(timers).not.toHaveBeenCalled();
    expect(s.looks).toEqual([]); // nothing worked out in the handlers
    s.at(HOVER_BATCH_MS);
    vi.advanceTimersByTime(HOVER_BATCH_MS);
    s.at(400);
    s.over('text'); // ends the look at c that began at 40 ms: 360 ms
    expect(timers).toHaveBeenCalledTimes(1);
    expect(s.looks).toEqual([]);
    vi.advanceTimersByTime(HOVER_BATCH_MS);
    expect(summary(s.looks)).toEqual([{ id: 'P2', alt: 'back', dwellMs: 360, time: 1_000_400 }]);
    // A move onto a picture that may end a look long enough to log asks for its run at once.
    s.at(500);
    s.over('a');
    s.at(700);
    s.over('b'); // ends the look at a: 200 ms
    expect(timers).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(HOVER_BATCH_MS);
    expect(summary(s.looks).map((l) => l.dwellMs)).toEqual([360, 200]);
    s.stop();
  });

  it('a picture moved to another product between two looks is logged as that product’s', () => {
    const s = tracker(createBatch(window, { windowMs: HOVER_BATCH_MS }));
    s.at(0);
    s.over('a');
    s.at(200);
    s.over('text');
    vi.advanceTimersByTime(HOVER_BATCH_MS);
    document.querySelector('[data-product-id="P2"]')!.append(document.getElementById('a')!);
    s.at(300);
    s.over('a');
    s.at(500);
    s.over('text');
    vi.advanceTimersByTime(HOVER_BATCH_MS);
    expect(summary(s.looks).map((l) => l.id)).toEqual(['P1', 'P2']);
    s.stop();
  });
});

describe('a click on what the page answered for last time', () => {
  /** A batch that runs when the test says, counting the runs asked for. */
  const manual = () => {
    const jobs: (() => void)[] = [];
    const batch: Batch & { asked: number; run: () => void } = {
      asked: 0,
      defer: (job) => {
        batch.asked++;
        jobs.push(job);
      },
      flush: () => jobs.splice(0).forEach((j) => j()),
      run: () => batch.flush(),
    };
    return batch;
  };

  it('is logged as it was when clicked, with no callback of its own, until the page changes', async () => {
    const { trackClicks } = await import('../../lib/logger/click');
    document.body.innerHTML = '<button id="add">Add to cart</button><p id="text">plain</p>';
    const soon = manual();
    const later = manual();
    const logged: { label: string | undefined; time: number | undefined }[] = [];
    const ac = new AbortController();
    trackClicks(document, ac.signal, (p, time) => logged.push({ label: p.element.label, time }), { batch: soon, later });
    flushOnHide(document, ac.signal, soon, later);
    const click = (id: string, at: number) => {
      vi.setSystemTime(1_000_000 + at);
      document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    };
    click('add', 0);
    click('text', 1);
    expect(soon.asked).toBe(1);
    soon.run();
    // The page has not changed: both answers are kept, and nothing is worked out for these clicks.
    click('add', 10);
    click('text', 11); // on no control: nothing to log, nothing asked for
    click('add', 12);
    expect([soon.asked, later.asked]).toEqual([1, 1]);
    // The shop relabels the button in its own listener: the click that did it is logged with the label it had.
    const relabel = () => (document.getElementById('add')!.textContent = 'Added');
    document.getElementById('add')!.addEventListener('click', relabel, { once: true });
    click('add', 13);
    expect([soon.asked, later.asked]).toEqual([1, 1]);
    click('add', 20); // the page changed since: worked out again, now
    expect(soon.asked).toBe(2);
    soon.run(); // the clicks waiting in the later batch are logged first, in the order they came
    later.run();
    expect(logged).toEqual([
      { label: 'Add to cart', time: 1_000_000 },
      { label: 'Add to cart', time: 1_000_010 },
      { label: 'Add to cart', time: 1_000_012 },
      { label: 'Add to cart', time: 1_000_013 },
      { label: 'Added', time: 1_000_020 },
    ]);
    ac.abort();
  });
});
