// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackScrollDepth } from '../../lib/logger/scroll';
import type { PayloadOf } from '../../lib/events/event-schema';

const THROTTLE_MS = 400;

beforeEach(() => {
  document.body.innerHTML = '<div id="list"></div><div id="side"></div><div id="overlay"></div>';
  for (const id of ['list', 'side', 'overlay'])
    Object.defineProperties(document.getElementById(id)!, {
      scrollHeight: { value: 1000 },
      clientHeight: { value: 200 },
      scrollTop: { value: 0, writable: true },
    });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

/** The tracker hearing gestures (`scrollend`); `to` scrolls an element and fires what the browser fires for one frame of it. */
function tracked(scrollEnd = true) {
  const emitted: PayloadOf<'scroll'>[] = [];
  const ac = new AbortController();
  const ignore = (el: Element) => el.id === 'overlay';
  trackScrollDepth(document, ac.signal, (p) => emitted.push(p), { throttleMs: THROTTLE_MS, scrollEnd, ignore });
  const el = (id: string) => document.getElementById(id)!;
  const to = (id: string, top: number) => {
    (el(id) as { scrollTop: number }).scrollTop = top;
    el(id).dispatchEvent(new Event('scroll'));
  };
  const end = (id: string) => el(id).dispatchEvent(new Event('scrollend'));
  /** A gesture's frames, 16 ms apart, from where the element is to `top`. */
  const glide = (id: string, top: number, frames = 10) => {
    const from = (el(id) as { scrollTop: number }).scrollTop;
    for (let f = 1; f <= frames; f++) {
      to(id, from + ((top - from) * f) / frames);
      vi.advanceTimersByTime(16);
    }
  };
  return { emitted, to, end, glide, stop: () => ac.abort() };
}

describe('scroll depth, once per gesture (scrollend)', () => {
  it('logs where a gesture comes to rest, once, however many frames it scrolled', () => {
    const s = tracked();
    s.glide('list', 300);
    s.end('list');
    s.glide('list', 600);
    s.end('list');
    vi.runAllTimers();
    expect(s.emitted).toEqual([
      { container: 'div#list', depthPct: 50, maxDepthPct: 50 },
      { container: 'div#list', depthPct: 80, maxDepthPct: 80 },
    ]);
    s.stop();
  });

  it('a long drag down and back up keeps how deep it went (sampled while it moves, as every scroll heard did), and logs its rest', () => {
    // A scrollbar drag of 3 s: down to 700 (90 %) and back to 0 before the button is let go.
    const drag = (s: ReturnType<typeof tracked>) => {
      s.glide('list', 700, 90);
      s.glide('list', 0, 90);
      s.end('list');
      vi.runAllTimers();
      s.stop();
      (document.getElementById('list') as { scrollTop: number }).scrollTop = 0;
      return s.emitted;
    };
    const perGesture = drag(tracked(true));
    const perEvent = drag(tracked(false));
    expect(perGesture).toEqual([{ container: 'div#list', depthPct: 20, maxDepthPct: 82 }]);
    // Every scroll heard, the depth was read on the same throttle: it saw no deeper, and logged the way down and up too.
    expect(Math.max(...perEvent.map((e) => e.maxDepthPct))).toBe(82);
    expect(perEvent.at(-1)).toEqual(perGesture[0]);
  });

  it('a rest at the same depth after going deeper is logged again, with the new deepest', () => {
    const s = tracked();
    s.glide('list', 100);
    s.end('list');
    s.glide('list', 500, 40);
    s.glide('list', 100, 40);
    s.end('list');
    s.glide('list', 100, 1); // a nudge that goes nowhere: nothing new to log
    s.end('list');
    vi.runAllTimers();
    expect(s.emitted).toEqual([
      { container: 'div#list', depthPct: 30, maxDepthPct: 30 },
      { container: 'div#list', depthPct: 30, maxDepthPct: 60 }, // 70 % reached between two samples (400 ms apart)
    ]);
    s.stop();
  });

  it('hears a second container that scrolls while the first still moves, and leaves the overlay alone', () => {
    const s = tracked();
    s.to('overlay', 400);
    s.end('overlay');
    s.to('list', 100);
    s.to('side', 300); // the scroll listener is off until the gestures end: heard at its scrollend
    s.to('list', 200);
    s.end('side');
    s.end('list');
    s.glide('side', 500);
    s.end('side');
    vi.runAllTimers();
    expect(s.emitted).toEqual([
      { container: 'div#side', depthPct: 50, maxDepthPct: 50 },
      { container: 'div#list', depthPct: 40, maxDepthPct: 40 },
      { container: 'div#side', depthPct: 70, maxDepthPct: 70 },
    ]);
    s.stop();
  });

  it('a gesture with no scrollend (a finger held still) is logged once it stops moving, and the next one is heard', () => {
    const s = tracked();
    s.glide('list', 300);
    vi.advanceTimersByTime(3 * THROTTLE_MS);
    expect(s.emitted).toEqual([{ container: 'div#list', depthPct: 50, maxDepthPct: 50 }]);
    s.glide('list', 500);
    s.end('list');
    expect(s.emitted.at(-1)).toEqual({ container: 'div#list', depthPct: 70, maxDepthPct: 70 });
    s.stop();
  });

  it('the page left or the logger stopped mid-gesture logs where it is', () => {
    const s = tracked();
    s.glide('list', 300);
    window.dispatchEvent(new Event('pagehide'));
    expect(s.emitted).toEqual([{ container: 'div#list', depthPct: 50, maxDepthPct: 50 }]);
    s.glide('side', 500);
    s.stop();
    expect(s.emitted.at(-1)).toEqual({ container: 'div#side', depthPct: 70, maxDepthPct: 70 });
    s.to('list', 800); // stopped: nothing more
    s.end('list');
    vi.runAllTimers();
    expect(s.emitted).toHaveLength(2);
  });

  it('logs the same rests with every scroll event heard (browsers without scrollend)', () => {
    const gesture = (s: ReturnType<typeof tracked>) => {
      s.glide('list', 300);
      s.end('list');
      vi.advanceTimersByTime(THROTTLE_MS);
      s.glide('list', 600);
      s.end('list');
      vi.runAllTimers();
      s.stop();
      return s.emitted;
    };
    const perGesture = gesture(tracked(true));
    (document.getElementById('list') as { scrollTop: number }).scrollTop = 0;
    expect(gesture(tracked(false))).toEqual(perGesture);
  });
});
