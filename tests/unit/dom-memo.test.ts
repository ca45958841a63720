// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { domMemo } from '../../lib/logger/dom-memo';

let stop: AbortController;
beforeEach(() => {
  document.body.innerHTML = `<div id="card"><a href="/products/cap">Cap</a><button id="b">Add to cart</button></div>`;
  stop = new AbortController();
});
afterEach(() => {
  stop.abort();
  vi.restoreAllMocks();
});

/** A memo whose answers are the button's text, counting how often it is worked out. */
function counted(inputs?: () => readonly unknown[], layout = false) {
  const memo = domMemo<Element, string>(document, stop.signal, inputs, { layout });
  let made = 0;
  const button = document.getElementById('b')!;
  const ask = (el: Element = button) =>
    memo.get(el, () => {
      made++;
      return el.textContent ?? '';
    });
  return { ask, made: () => made, button };
}

describe('domMemo', () => {
  it('works an answer out once while the page does not change', () => {
    const { ask, made } = counted();
    expect(ask()).toBe('Add to cart');
    expect(ask()).toBe('Add to cart');
    expect(ask()).toBe('Add to cart');
    expect(made()).toBe(1);
  });

  it('works it out again after any change to the document, even one made in the same task', () => {
    const { ask, made, button } = counted();
    ask();
    button.textContent = 'Added';
    expect(ask()).toBe('Added');
    button.setAttribute('aria-label', 'Remove');
    ask();
    (button.firstChild as Text).data = 'In cart';
    expect(ask()).toBe('In cart');
    document.getElementById('card')!.append(document.createElement('span'));
    ask();
    expect(made()).toBe(5);
  });

  it('works it out again when one of its inputs or the address changes', () => {
    let product = { id: 'a' };
    const { ask, made } = counted(() => [product]);
    ask();
    ask();
    product = { id: 'b' };
    ask();
    expect(made()).toBe(2);
    history.pushState(null, '', '/another-product');
    ask();
    expect(made()).toBe(3);
  });

  it('works it out again after the window is resized (a responsive picture may change with no change to the DOM)', () => {
    const { ask, made } = counted();
    ask();
    window.dispatchEvent(new Event('resize'));
    ask();
    expect(made()).toBe(2);
  });

  it('with layout: works it out again after a picture loads or an element scrolls, not after the page scrolls', () => {
    const { ask, made } = counted(undefined, true);
    const picture = document.body.appendChild(document.createElement('img'));
    const slider = document.getElementById('card')!;
    ask();
    ask();
    document.dispatchEvent(new Event('scroll'));
    ask();
    expect(made()).toBe(1);
    picture.dispatchEvent(new Event('load'));
    ask();
    expect(made()).toBe(2);
    slider.dispatchEvent(new Event('scroll'));
    ask();
    expect(made()).toBe(3);
  });

  it('without layout: a load or an element scrolling is not a change', () => {
    const { ask, made } = counted();
    const picture = document.body.appendChild(document.createElement('img'));
    ask();
    picture.dispatchEvent(new Event('load'));
    document.getElementById('card')!.dispatchEvent(new Event('scroll'));
    ask();
    expect(made()).toBe(1);
  });

  it('never remembers elements in a shadow root or outside the document', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const inShadow = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('button'));
    const detached = document.createElement('button');
    const { ask, made } = counted();
    ask(inShadow);
    ask(inShadow);
    ask(detached);
    ask(detached);
    expect(made()).toBe(4);
  });

  it('watches the page only while it keeps answers, and stops at the first change', async () => {
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');
    const { ask, button } = counted();
    ask();
    ask();
    expect(observe).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) button.setAttribute('data-tick', String(i));
    await new Promise((r) => setTimeout(r, 0));
    expect(disconnect).toHaveBeenCalledTimes(1);
    ask();
    expect(observe).toHaveBeenCalledTimes(2);
  });

  it('works every answer out afresh once its signal ends', () => {
    const { ask, made } = counted();
    ask();
    stop.abort();
    ask();
    ask();
    expect(made()).toBe(3);
  });
});
