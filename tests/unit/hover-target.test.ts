// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { picturesAt, pictureUnderPointer } from '../../lib/logger/hover-target';

// The picture under a layer (lib/logger/hover-target): the hit test is made only where a picture is under the point,
// and the pictures' boxes are read again once the page scrolls or changes. happy-dom has no layout: boxes and the hit
// test are stubbed where the code reads them.

function box(el: Element, left: number, top: number, width: number, height = width) {
  vi.spyOn(el, 'getBoundingClientRect').mockImplementation(
    () => ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect,
  );
}

let ac: AbortController;
let hitTests: number;
let stack: Element[];
beforeEach(() => {
  ac = new AbortController();
  hitTests = 0;
  stack = [];
  Object.defineProperty(document, 'elementsFromPoint', {
    value: () => {
      hitTests++;
      return stack;
    },
    configurable: true,
  });
});
afterEach(() => {
  ac.abort();
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = `<div id="gallery"><img id="photo" src="/p.jpg"><button id="lens"></button></div>
    <div id="info"><span id="badge"></span></div>`;
  const photo = document.getElementById('photo')!;
  const lens = document.getElementById('lens')!;
  const badge = document.getElementById('badge')!;
  box(photo, 0, 0, 400);
  box(lens, 100, 100, 120);
  box(badge, 600, 100, 40);
  return { photo, lens, badge };
}

describe('the picture under a layer', () => {
  it('is found by a hit test where a picture is under the point, with no hit test elsewhere', () => {
    const { photo, lens, badge } = page();
    const at = picturesAt(document, ac.signal);
    stack = [lens, photo, document.body];
    expect(pictureUnderPointer(lens, () => ({ x: 150, y: 150 }), at)).toBe(photo);
    expect(hitTests).toBe(1);
    stack = [badge, document.body];
    expect(pictureUnderPointer(badge, () => ({ x: 610, y: 110 }), at)).toBeNull();
    expect(hitTests).toBe(1);
    // The same without the boxes: the hit test answers the same.
    expect(pictureUnderPointer(badge, () => ({ x: 610, y: 110 }))).toBeNull();
    expect(hitTests).toBe(2);
  });

  it('reads the boxes again once the page scrolls or changes, or a second later', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { photo, badge } = page();
    const at = picturesAt(document, ac.signal);
    expect(at(610, 110)).toBe(false);
    // The page scrolls: the photo is now under the badge's point.
    box(photo, 500, 0, 400);
    expect(at(610, 110)).toBe(false); // kept until the scroll is heard
    document.dispatchEvent(new Event('scroll'));
    expect(at(610, 110)).toBe(true);
    // A picture added to the page counts at once.
    box(photo, 0, 0, 400);
    document.dispatchEvent(new Event('scroll'));
    expect(at(610, 110)).toBe(false);
    const added = document.createElement('img');
    added.src = '/q.jpg';
    box(added, 600, 100, 100);
    badge.after(added);
    expect(at(610, 110)).toBe(true);
    // A picture moved with no scroll and no change to the DOM (a CSS animation): seen a second later at the latest.
    box(added, 0, 0, 10);
    vi.advanceTimersByTime(500);
    expect(at(610, 110)).toBe(true);
    vi.advanceTimersByTime(500);
    expect(at(610, 110)).toBe(false);
    vi.useRealTimers();
  });

  it('reads no point for a picture or for what cannot be a layer', () => {
    const { photo } = page();
    const text = document.getElementById('info')!;
    text.append('Price: 10 EUR');
    const pointOf = vi.fn(() => ({ x: 150, y: 150 }));
    expect(pictureUnderPointer(photo, pointOf, picturesAt(document, ac.signal))).toBe(photo);
    expect(pictureUnderPointer(text, pointOf, picturesAt(document, ac.signal))).toBeNull();
    expect(pointOf).not.toHaveBeenCalled();
    expect(hitTests).toBe(0);
  });
});

describe('the hover tracker without a clock of its own', () => {
  it("times a look by its events' time stamps and reads the point only where a layer may be", async () => {
    const { trackImageHovers } = await import('../../lib/logger/hover');
    const { photo, lens, badge } = page();
    const looks: { dwellMs: number; time: number | undefined }[] = [];
    trackImageHovers(document, ac.signal, (p, time) => looks.push({ dwellMs: p.dwellMs, time }));
    const over = (el: Element, timeStamp: number, x: number, y: number) => {
      const e = new MouseEvent('pointerover', { bubbles: true, clientX: x, clientY: y });
      Object.defineProperty(e, 'timeStamp', { value: timeStamp });
      el.dispatchEvent(e);
    };
    const start = performance.now();
    stack = [lens, photo, document.body];
    over(photo, start - 900, 50, 50);
    over(lens, start - 700, 150, 150); // onto the lens over the photo: the same look
    stack = [badge, document.body];
    over(badge, start - 300, 610, 110); // off it, where no picture is: no hit test
    expect(hitTests).toBe(1);
    expect(looks).toHaveLength(1);
    expect(looks[0]!.dwellMs).toBe(600);
    // Its wall-clock time is when the look ended, from the same time stamp.
    expect(Math.abs(looks[0]!.time! - (Date.now() - 300))).toBeLessThan(50);
  });
});
