// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { describeElement } from '../../lib/logger/describe';
import { trackImageHovers } from '../../lib/logger/hover';
import { productIdOf } from '../../lib/logger/product';
import { startPageLogger } from '../../lib/logger/start';
import { trackProductViews } from '../../lib/logger/product-view';
import { detectPage, type DetectedPage, type DetectedProduct } from '../../lib/storefront/detect';
import { plainText, safeImageUrl } from '../../lib/storefront/values';
import { adapterFromConfig, PILOT_ADAPTER } from '../../lib/adapters/chat';
import { makeEvent, readyPayload, storable } from '../../lib/events/build';
import { validateEvent, type FwEvent, type PayloadOf } from '../../lib/events/event-schema';
import { isStorableText } from '../../lib/text/unicode';
import { observable } from '../../lib/observable';
import type { PageContext } from '../../lib/rpc/api';
import {
  ELEMENT_TEXT_LIMITS,
  MAX_CONVERSATION_ID_CHARS,
  MAX_IMAGE_ALT_CHARS,
  MAX_LABEL_CHARS,
  MAX_MESSAGE_CHARS,
  MAX_PRODUCT_ID_CHARS,
} from '../../lib/limits';
import { pageContext } from './helpers/page-context';

/** Two UTF-16 units: a plain `.slice` at the wrong place leaves half of it, which no database stores. */
const EMOJI = '🎉';
const HIGH = '\uD83D';
const LOW = '\uDC00';
const NUL = '\u0000';
/** `n - 1` letters, then an emoji whose second half is unit n + 1: a cut at `n` units falls inside the emoji. */
const straddling = (n: number, letter = 'a') => `${letter.repeat(n - 1)}${EMOJI}tail`;

/** Every string in a value, object keys included. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]);
  return [];
}
const unstorable = (value: unknown) => strings(value).filter((s) => !isStorableText(s));

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('page text cut at the schema limits', () => {
  it('describeElement: id, role, test id and label cut without splitting an emoji', () => {
    document.body.innerHTML = '<button></button>';
    const button = document.querySelector('button')!;
    button.id = straddling(ELEMENT_TEXT_LIMITS.id);
    button.setAttribute('role', straddling(ELEMENT_TEXT_LIMITS.role, 'r'));
    button.setAttribute('data-testid', straddling(ELEMENT_TEXT_LIMITS.testId, 't'));
    button.textContent = straddling(MAX_LABEL_CHARS, 'l');
    const d = describeElement(button);
    expect(unstorable(d)).toEqual([]);
    // The emoji is dropped whole: no half of it, and no replacement character standing for one.
    expect(d.id).toBe('a'.repeat(ELEMENT_TEXT_LIMITS.id - 1));
    expect(d.role).toBe('r'.repeat(ELEMENT_TEXT_LIMITS.role - 1));
    expect(d.testId).toBe('t'.repeat(ELEMENT_TEXT_LIMITS.testId - 1));
    expect(d.label).toBe('l'.repeat(MAX_LABEL_CHARS - 1));
  });

  it('describeElement: an emoji in an id or class stays whole in the path, and a long path is cut before it', () => {
    document.body.innerHTML = '<section><button class="ok"></button></section>';
    const button = document.querySelector('button')!;
    button.classList.add(`gift${EMOJI}`);
    expect(describeElement(button).path).toBe(`section > button.ok.gift\\${EMOJI}`);
    button.id = `x${EMOJI}y`;
    expect(describeElement(button).path).toBe(`button#x\\${EMOJI}y`);
    // "button#" is 7 units and the escape's backslash one more: the emoji would straddle the path's limit.
    button.id = `${'a'.repeat(ELEMENT_TEXT_LIMITS.path - 9)}${EMOJI}`;
    const path = describeElement(button).path;
    expect(isStorableText(path)).toBe(true);
    expect(path).toBe(`button#${'a'.repeat(ELEMENT_TEXT_LIMITS.path - 9)}\\`);
  });

  it('image alt text, product ids and chat text are cut without splitting an emoji', () => {
    document.body.innerHTML = `<div><img class="main"></div><article class="msg buyer"></article>`;
    const img = document.querySelector('img')!;
    img.setAttribute('alt', straddling(MAX_IMAGE_ALT_CHARS));
    img.parentElement!.setAttribute('data-product-id', straddling(MAX_PRODUCT_ID_CHARS, 'p'));
    vi.spyOn(img, 'getBoundingClientRect').mockReturnValue({ width: 200, height: 200 } as DOMRect);
    let t = 0;
    const hovers: PayloadOf<'hover'>[] = [];
    const ac = new AbortController();
    trackImageHovers(document, ac.signal, (p) => hovers.push(p), { now: () => t });
    img.dispatchEvent(new Event('pointerover', { bubbles: true }));
    t = 500;
    ac.abort();
    expect(hovers).toHaveLength(1);
    expect(hovers[0]?.image?.alt).toBe('a'.repeat(MAX_IMAGE_ALT_CHARS - 1));
    expect(hovers[0]?.productId).toBe('p'.repeat(MAX_PRODUCT_ID_CHARS - 1));

    const msg = document.querySelector('article')!;
    msg.textContent = straddling(MAX_MESSAGE_CHARS, 'm');
    expect(PILOT_ADAPTER.readMessage(msg)?.text).toBe('m'.repeat(MAX_MESSAGE_CHARS - 1));
    document.body.insertAdjacentHTML('beforeend', '<div data-fw-conversation=""></div>');
    document.querySelector('[data-fw-conversation]')!.setAttribute('data-fw-conversation', straddling(MAX_CONVERSATION_ID_CHARS, 'c'));
    expect(PILOT_ADAPTER.conversationId(document)).toBe('c'.repeat(MAX_CONVERSATION_ID_CHARS - 1));
  });

  it('storefront text: names and ids cut whole, at the same limits', () => {
    expect(plainText(straddling(500), 500)).toBe('a'.repeat(499));
    expect(plainText(`  a${NUL}b \n c${HIGH} `, 500)).toBe('ab c\uFFFD');
  });
});

describe('NULs and lone surrogates written by the page', () => {
  it('describeElement cleans every attribute and the label', () => {
    document.body.innerHTML = '<div><a href="#"></a></div>';
    const a = document.querySelector('a')!;
    a.id = `i${NUL}d${HIGH}`;
    a.setAttribute('role', `li${NUL}nk`);
    a.setAttribute('data-testid', `t${LOW}x`);
    a.parentElement!.className = `c${HIGH}`;
    a.textContent = `Go${NUL} ${LOW}there`;
    const d = describeElement(a);
    expect(unstorable(d)).toEqual([]);
    expect(d).toMatchObject({ id: 'id\uFFFD', role: 'link', testId: 't\uFFFDx', label: 'Go \uFFFDthere' });
  });

  it('image alt text and product ids are cleaned', () => {
    document.body.innerHTML = `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="sku"><img></div>`;
    document.querySelector('meta')!.setAttribute('content', `SKU${NUL}-${HIGH}1`);
    expect(productIdOf(document.querySelector('img')!)).toBe('SKU-\uFFFD1');
  });

  it('chat messages, conversation ids and Buyer names from a configured chat site are cleaned', () => {
    document.body.innerHTML = `<h2 id="who"></h2><h1 id="conv"></h1><ul><li class="m"><span class="t"></span></li></ul>`;
    document.querySelector('#who')!.textContent = `Ann${NUL}${HIGH}`;
    document.querySelector('#conv')!.textContent = `c${LOW}1`;
    document.querySelector('.t')!.textContent = `hi${NUL} there ${HIGH}`;
    const adapter = adapterFromConfig({
      host: 'chat.example',
      messageList: 'ul',
      message: '.m',
      mine: '.mine',
      text: '.t',
      input: 'textarea',
      idAttribute: 'data-id',
      conversation: '#conv',
      buyer: '#who',
    });
    document.querySelector('.m')!.setAttribute('data-id', `m${NUL}1`);
    const m = adapter.readMessage(document.querySelector('.m')!);
    expect(m).toEqual({ sender: 'buyer', text: 'hi there \uFFFD', id: 'm1' });
    expect(adapter.conversationId(document)).toBe('c\uFFFD1');
    expect(adapter.buyerId(document)).toBe('Ann\uFFFD');
  });

  it('a data: image with a NUL is not taken', () => {
    expect(safeImageUrl(`data:image/png;base64,AAA${NUL}`)).toBeNull();
    expect(safeImageUrl('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
  });
});

describe('events the page logger builds from a hostile page', () => {
  const CONTEXT: PageContext = pageContext({ conversation: null, overlay: { collapsed: false, side: 'right' } });

  it('every event passes the schema and every string in it is storable', () => {
    document.body.innerHTML = `<div class="card"><button></button><img></div>`;
    const card = document.querySelector('.card')!;
    card.setAttribute('data-product-id', `P${NUL}${HIGH}${'x'.repeat(MAX_PRODUCT_ID_CHARS)}`);
    const button = card.querySelector('button')!;
    button.id = straddling(ELEMENT_TEXT_LIMITS.id);
    button.setAttribute('role', `b${NUL}${LOW}`);
    button.textContent = `${straddling(MAX_LABEL_CHARS - 2)}${NUL}`;
    const img = card.querySelector('img')!;
    img.setAttribute('alt', `${NUL}${HIGH}${straddling(MAX_IMAGE_ALT_CHARS)}`);
    vi.spyOn(img, 'getBoundingClientRect').mockReturnValue({ width: 300, height: 300 } as DOMRect);
    // A product whose JSON-LD name holds a NUL, a lone surrogate and an emoji across the 500-unit cut.
    const ld = document.createElement('script');
    ld.type = 'application/ld+json';
    ld.textContent = JSON.stringify({
      '@type': 'Product',
      name: `${NUL}\uD800 ${straddling(500)}`,
      sku: `S${HIGH}`,
      offers: { price: '12', priceCurrency: 'EUR' },
    });
    document.head.append(ld);
    const detected = detectPage(document);
    expect(detected.kind).toBe('product');
    const page = observable<DetectedPage>(detected);

    const events: FwEvent[] = [];
    const ac = new AbortController();
    startPageLogger({ doc: document, context: CONTEXT, enqueue: (e) => events.push(e), ignore: () => false, page }, ac.signal);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 })); // a mouse's click (it counts)
    img.dispatchEvent(new Event('pointerover', { bubbles: true }));
    return new Promise<void>((resolve) => setTimeout(resolve, 350)).then(() => {
      ac.abort(); // ends the hover and the product view
      expect(events.map((e) => e.action).sort()).toEqual(['click', 'hover', 'product_view']);
      for (const e of events) {
        expect(validateEvent(e), e.action).toEqual({ ok: true, event: e });
        expect(unstorable(e), e.action).toEqual([]);
      }
      const view = events.find((e) => e.action === 'product_view');
      expect(view?.payload).toMatchObject({ productId: 'S\uFFFD', currency: 'EUR', price: 12 });
    });
  });

  it('a product view of a page whose product name straddles the cut keeps the name whole', () => {
    let t = 0;
    const views: PayloadOf<'product_view'>[] = [];
    const ac = new AbortController();
    const product = observable<DetectedProduct | null>({ id: 'p1', title: plainText(straddling(500), 500) ?? '', source: 'fallback' });
    trackProductViews(document, ac.signal, product, (p, view) => view.final && views.push(p), { now: () => t });
    t = 1_000;
    ac.abort();
    expect(views).toEqual([{ productId: 'p1', name: 'a'.repeat(499), source: 'fallback', timeOnPageMs: 1_000 }]);
  });
});

describe('makeEvent', () => {
  it('never builds an event with a NUL or a lone surrogate, whatever the payload holds', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(NUL, HIGH, LOW, `${EMOJI}${HIGH}`));
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        const e = makeEvent(
          { study: 's', participant: 'p', conversation: b, role: 'buyer', condition: 'B.IIc', url: null },
          'Seller',
          'search',
          { query: a, filters: { [c]: [b, { deep: c }] }, sort: 'relevance', page: 0 },
        );
        expect(unstorable(e)).toEqual([]);
        // Cleaning never lengthens text, so nothing cut to a limit goes over it.
        expect(e.payload.query.length).toBeLessThanOrEqual(a.length);
      }),
    );
  });

  it('stamps a ready payload as it is, cleaned once and frozen, and copies any other', () => {
    const ctx = { study: 's', participant: 'p', conversation: null, role: 'seller', condition: 'B.IIc', url: null } as const;
    const ready = readyPayload({ element: { tag: 'button', path: `main > button#b${NUL}${HIGH}` } });
    expect(unstorable(ready)).toEqual([]);
    expect(Object.isFrozen(ready.element)).toBe(true);
    const [a, b] = [makeEvent(ctx, 'Page', 'click', ready), makeEvent(ctx, 'Page', 'click', ready)];
    expect(a.payload).toBe(ready);
    expect(b.payload).toBe(ready);
    expect(a.id).not.toBe(b.id);
    const plain = { element: { tag: 'button', path: `main${NUL}` } };
    const c = makeEvent(ctx, 'Page', 'click', plain);
    expect(c.payload).not.toBe(plain);
    expect(c.payload.element.path).toBe('main');
  });

  it('leaves well-formed text as it is', () => {
    const payload = { text: `fine ${EMOJI} text`, acts: ['greet'] };
    expect(storable(payload)).toEqual(payload);
  });
});
