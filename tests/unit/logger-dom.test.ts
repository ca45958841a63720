// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describeElement } from '../../lib/logger/describe';
import { trackClicks } from '../../lib/logger/click';
import { trackImageHovers } from '../../lib/logger/hover';
import { trackScrollDepth } from '../../lib/logger/scroll';
import { attributeImage, productIdOf } from '../../lib/logger/product';
import type { PayloadOf } from '../../lib/events/event-schema';

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('describeElement', () => {
  it('gives a stable path, id, role, test id and a short label', () => {
    document.body.innerHTML = `<main><div class="card product-123456 featured"><button data-testid="buy" role="button" class="btn primary">
      Buy   now for mail me@x.io</button></div></main>`;
    const d = describeElement(document.querySelector('button')!);
    expect(d).toEqual({
      tag: 'button',
      path: 'main > div.card.featured > button.btn.primary',
      role: 'button',
      testId: 'buy',
      label: 'Buy now for mail [email]',
    });
  });

  it('never reads what the user typed', () => {
    document.body.innerHTML = `<div id="box"><input id="q" value="secret typed"><textarea>secret typed</textarea>
      <div contenteditable="true" id="ce">secret typed</div><input type="submit" value="Search"></div>`;
    const input = document.querySelector<HTMLInputElement>('#q')!;
    input.value = 'secret typed';
    for (const el of [input, document.querySelector('textarea')!, document.querySelector('#ce')!, document.querySelector('#box')!]) {
      expect(JSON.stringify(describeElement(el))).not.toContain('secret');
    }
    expect(describeElement(document.querySelector('[type=submit]')!).label).toBe('Search');
  });

  it('never reads links, buttons or text inside a rich-text editor, but does outside one', () => {
    document.body.innerHTML = `<div contenteditable id="editor"><p>typed <a href="#" id="in-link">secret link</a> <b><button id="in-button">secret caption</button></b></p>
      <span contenteditable="false"><a href="#" id="island">Mention chip</a></span></div><a href="#" id="out-link">Help</a>`;
    for (const id of ['in-link', 'in-button', 'editor'])
      expect(JSON.stringify(describeElement(document.getElementById(id)!))).not.toContain('secret');
    // A non-editable island inside the editor is page content again, as is everything outside it.
    expect(describeElement(document.getElementById('island')!).label).toBe('Mention chip');
    expect(describeElement(document.getElementById('out-link')!).label).toBe('Help');
  });

  it('stops the path at the nearest id', () => {
    document.body.innerHTML = `<section id="reviews"><ul><li><a href="#">x</a></li></ul></section>`;
    expect(describeElement(document.querySelector('a')!).path).toBe('section#reviews > ul > li > a');
  });
});

describe('product markup', () => {
  it('finds the product id from data attributes and microdata', () => {
    document.body.innerHTML = `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="sku" content="SKU-1"><img id="a" class="thumb"></div>
      <div data-product-id="P-2"><span><img id="b" class="hero"></span></div><img id="c">`;
    expect(productIdOf(document.querySelector('#a')!)).toBe('SKU-1');
    expect(productIdOf(document.querySelector('#b')!)).toBe('P-2');
    expect(productIdOf(document.querySelector('#c')!)).toBeUndefined();
  });

  it("takes no role from class names: an image tagged with another product is that product's card, a stated role wins", () => {
    document.body.innerHTML = `<div data-product-id="P-2"><img id="b" class="hero main-image"></div><img id="c" class="thumb">
      <div data-image-role="thumbnail"><img id="d"></div>`;
    const ctx = { page: { id: 'PAGE' }, media: () => null };
    expect(attributeImage(document.querySelector('#b')!, ctx)).toMatchObject({ productId: 'P-2', role: 'card' });
    expect(attributeImage(document.querySelector('#c')!, ctx)).toEqual(expect.objectContaining({ role: 'other' }));
    expect(attributeImage(document.querySelector('#c')!, ctx).productId).toBeUndefined();
    expect(attributeImage(document.querySelector('#d')!, ctx)).toMatchObject({ productId: 'PAGE', role: 'thumbnail' });
    expect(attributeImage(document.querySelector('#d')!, { page: null, media: () => null }).productId).toBeUndefined();
  });
});

/** A click as a mouse makes it: `detail` counts the clicks (a script's click() and a key's activation have 0). */
function mouseClick(selector: string): void {
  const el = document.querySelector(selector)!;
  el.addEventListener('click', (e) => e.preventDefault(), { once: true });
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
}

describe('trackers', () => {
  it('logs clicks on controls only, with sanitized href, and ignores what it is told to', () => {
    document.body.innerHTML = `<div data-product-id="P9"><a id="l" href="https://shop.example/x?token=1#y"><span id="inner">Go</span></a></div>
      <p id="text">plain text</p><button id="own">overlay</button>`;
    const emitted: PayloadOf<'click'>[] = [];
    const ac = new AbortController();
    trackClicks(document, ac.signal, (p) => emitted.push(p), { ignore: (el) => el.id === 'own' });
    mouseClick('#inner');
    mouseClick('#text');
    mouseClick('#own');
    expect(emitted).toEqual([
      { element: expect.objectContaining({ tag: 'a', id: 'l', label: 'Go' }), href: 'https://shop.example/x', productId: 'P9' },
    ]);
    ac.abort();
    mouseClick('#inner');
    expect(emitted).toHaveLength(1); // listeners removed with the signal
  });

  it('does not log the click the browser or a script makes on Send for Enter in the message box, nor any typed text', () => {
    document.body.innerHTML = `<form id="f"><input id="msg" type="text"><textarea id="area"></textarea>
      <button id="send" type="submit">Send</button></form><a id="link" href="https://shop.example/y">More</a>`;
    document.getElementById('f')!.addEventListener('submit', (e) => e.preventDefault());
    const emitted: PayloadOf<'click'>[] = [];
    const ac = new AbortController();
    trackClicks(document, ac.signal, (p) => emitted.push(p));
    const send = document.querySelector<HTMLButtonElement>('#send')!;
    const msg = document.querySelector<HTMLInputElement>('#msg')!;
    msg.focus();
    msg.value = 'my secret words';
    // Implicit submission and a script's click(): no pointer, on a control that does not have focus.
    send.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 }));
    send.click();
    document.querySelector<HTMLTextAreaElement>('#area')!.focus();
    send.click();
    expect(emitted).toEqual([]);
    // A person's clicks: the mouse on Send, and keys on a control that has focus (Space on Send, Enter on a link).
    mouseClick('#send');
    send.focus();
    send.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 }));
    document.querySelector<HTMLAnchorElement>('#link')!.focus();
    document.querySelector('#link')!.addEventListener('click', (e) => e.preventDefault());
    document.querySelector('#link')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 }));
    expect(emitted.map((p) => p.element.id)).toEqual(['send', 'send', 'link']);
    expect(JSON.stringify(emitted)).not.toContain('secret');
    ac.abort();
  });

  it('logs hover dwell on images large enough to be product images', () => {
    document.body.innerHTML = `<div data-product-id="P1"><img id="big" alt="front"><img id="icon"></div>`;
    const big = document.querySelector<HTMLImageElement>('#big')!;
    const icon = document.querySelector<HTMLImageElement>('#icon')!;
    vi.spyOn(big, 'getBoundingClientRect').mockReturnValue({ width: 200, height: 150 } as DOMRect);
    vi.spyOn(icon, 'getBoundingClientRect').mockReturnValue({ width: 16, height: 16 } as DOMRect);
    let t = 0;
    const emitted: PayloadOf<'hover'>[] = [];
    const ac = new AbortController();
    trackImageHovers(document, ac.signal, (p) => emitted.push(p), { now: () => t });
    const over = (el: Element) => el.dispatchEvent(new Event('pointerover', { bubbles: true }));
    // The pointer leaving the page from `el`, as the browser tells it: out of the element, then leaving the root.
    const out = (el: Element) => {
      el.dispatchEvent(new Event('pointerout', { bubbles: true }));
      document.documentElement.dispatchEvent(new Event('pointerleave'));
    };
    over(big);
    t = 30;
    out(big); // too short: passing over
    over(big);
    t = 530;
    out(big);
    over(icon);
    t = 2000;
    out(icon); // an icon: never logged
    over(big);
    t = 2300;
    ac.abort(); // leaving the page ends the hover in progress
    expect(emitted).toEqual([
      { target: 'product_image', productId: 'P1', image: { src: null, index: 0, role: 'card', alt: 'front' }, dwellMs: 500 },
      { target: 'product_image', productId: 'P1', image: { src: null, index: 0, role: 'card', alt: 'front' }, dwellMs: 300 },
    ]);
  });

  it('ends a look when the pointer leaves the page, not when it leaves an element inside it', () => {
    document.body.innerHTML = `<div data-product-id="P1" id="card"><img id="big" alt="front"></div>`;
    const big = document.querySelector<HTMLImageElement>('#big')!;
    vi.spyOn(big, 'getBoundingClientRect').mockReturnValue({ width: 200, height: 150 } as DOMRect);
    let t = 0;
    const dwells: number[] = [];
    const ac = new AbortController();
    trackImageHovers(document, ac.signal, (p) => dwells.push(p.dwellMs), { now: () => t });
    big.dispatchEvent(new Event('pointerover', { bubbles: true }));
    t = 200;
    // Leave events of elements inside the page (a card's own pointerleave, captured or not) are not the page's.
    for (const el of [big, document.getElementById('card')!, document.body]) el.dispatchEvent(new Event('pointerleave'));
    big.dispatchEvent(new Event('pointerout', { bubbles: true }));
    expect(dwells).toEqual([]);
    t = 450;
    document.documentElement.dispatchEvent(new Event('pointerleave'));
    expect(dwells).toEqual([450]);
    ac.abort();
  });

  it('throttles scroll events per container and reports depth on the trailing edge', async () => {
    document.body.innerHTML = `<div id="list" style="overflow:auto"></div>`;
    const list = document.querySelector<HTMLElement>('#list')!;
    Object.defineProperties(list, { scrollHeight: { value: 1000 }, clientHeight: { value: 200 }, scrollTop: { value: 0, writable: true } });
    const emitted: PayloadOf<'scroll'>[] = [];
    const ac = new AbortController();
    trackScrollDepth(document, ac.signal, (p) => emitted.push(p), { throttleMs: 20, scrollEnd: false });
    for (const top of [100, 200, 300]) {
      list.scrollTop = top;
      list.dispatchEvent(new Event('scroll'));
    }
    await new Promise((r) => setTimeout(r, 40));
    list.scrollTop = 100;
    list.dispatchEvent(new Event('scroll'));
    ac.abort(); // flushes the pending report
    expect(emitted).toEqual([
      { container: 'div#list', depthPct: 50, maxDepthPct: 50 },
      { container: 'div#list', depthPct: 30, maxDepthPct: 50 },
    ]);
  });
});
