// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { adapterFromConfig, PILOT_ADAPTER } from '../../lib/adapters/chat';
import { ShareController } from '../../lib/share/controller';
import type { ShareItem } from '../../lib/share/handle';
import { linkLine, productsAsText } from '../../lib/share/format';
import { BRIDGE_REPLY, BRIDGE_REQUEST, PAGE_STATE_ATTRS, type BridgeRequest } from '../../lib/pilot/bridge';
import type { SharedProduct } from '../../lib/storefront/product';
import type { LogFn } from '../../lib/logger/event-log';

const product = (id: string, extra: Partial<SharedProduct> = {}): SharedProduct => ({
  id,
  title: `Product ${id}`,
  brand: 'Acme',
  price: 19.5,
  currency: 'USD',
  source: 'catalog',
  ...extra,
});
const item = (id: string, extra: Partial<SharedProduct> = {}): ShareItem => ({ product: product(id, extra), from: 'search' });

function harness(
  adapter = adapterFromConfig({ host: 'x', messageList: '#list', message: '.m', mine: '.me', input: '#box' }),
  sharing: 'I' | 'II' | 'III' = 'II',
) {
  const logged: { agent: string; action: string; payload: unknown; id?: string | undefined; time?: number | undefined }[] = [];
  const log = ((agent, action, payload, opts) => {
    logged.push({ agent, action, payload, id: opts?.id, ...(opts?.time !== undefined ? { time: opts.time } : {}) });
    return null;
  }) as LogFn;
  let n = 0;
  const share = new ShareController({
    doc: document,
    adapter,
    studySharing: () => sharing,
    log,
    newId: () => `0190a000-0000-7000-8000-${String(++n).padStart(12, '0')}`,
  });
  return { share, logged };
}

beforeEach(() => {
  document.body.innerHTML = '<div id="list"></div><textarea id="box"></textarea>';
});

describe('sharing on a chat that cannot show cards', () => {
  it('I puts the title and link after what the Seller wrote, and logs the share', async () => {
    const { share, logged } = harness(undefined, 'I');
    (document.querySelector('#box') as HTMLTextAreaElement).value = 'Look:';
    expect(await share.share([item('a', { url: 'https://shop.example/a' })])).toEqual({ done: 'inserted', mode: 'I' });
    expect((document.querySelector('#box') as HTMLTextAreaElement).value).toBe('Look:\nProduct a — https://shop.example/a');
    expect(logged).toEqual([
      {
        agent: 'Seller',
        action: 'share',
        payload: { productIds: ['a'], mode: 'I', from: 'search' },
        id: expect.any(String),
        time: expect.any(Number),
      },
    ]);
  });

  it('II and III fall back to formatted text with prices and links', async () => {
    const { share } = harness(undefined, 'III');
    share.addToList(item('a', { url: 'https://shop.example/a' }));
    share.addToList(item('b', { price: 5, currency: 'EUR', brand: 'Other' }));
    share.addToList(item('a')); // once only
    expect(share.state.get().list.map((i) => i.product.id)).toEqual(['a', 'b']);
    expect(await share.shareList('Compare')).toEqual({ done: 'inserted', mode: 'III' });
    expect((document.querySelector('#box') as HTMLTextAreaElement).value).toBe(
      'Compare\n1. Product a by Acme — $19.50 — https://shop.example/a\n2. Product b by Other — €5.00',
    );
    expect(share.state.get().list).toEqual([]);
  });

  it('refuses what the condition does not allow, with a reason, and changes nothing', async () => {
    const { share, logged } = harness(undefined, 'II');
    await expect(share.share([item('a'), item('b')])).rejects.toThrow('This study shares one product at a time.');
    expect(share.state.get().status).toMatchObject({ kind: 'error' });
    expect(logged).toEqual([]);
    await expect(share.guess(product('a'))).rejects.toThrow('This chat cannot take a guess.');
    const { share: list } = harness(undefined, 'III');
    for (let i = 0; i < 10; i++) list.addToList(item(`p${i}`));
    expect(() => list.addToList(item('p10'))).toThrow(/at most 10/);
  });
});

describe('sharing on the pilot chat (cards, through the page)', () => {
  /** A stand-in for the pilot Seller page: answers requests as its server would, and states the room. */
  function pilotPage(answer: (r: BridgeRequest) => { ok: true; state: 'sent' } | { ok: false; error: string }) {
    document.body.innerHTML = `<div data-fw-chat="messages"></div><textarea data-fw-chat="input"></textarea><section id="phase"></section>`;
    const phase = document.querySelector('#phase') as HTMLElement;
    const state = (turns: number, guessOpen = false) => {
      phase.setAttribute(PAGE_STATE_ATTRS.phase, 'chat');
      phase.setAttribute(PAGE_STATE_ATTRS.turns, String(turns));
      phase.setAttribute(PAGE_STATE_ATTRS.minTurns, '2');
      phase.setAttribute(PAGE_STATE_ATTRS.sharing, 'II');
      phase.setAttribute(PAGE_STATE_ATTRS.guess, guessOpen ? 'open' : 'none');
    };
    const requests: BridgeRequest[] = [];
    const listener = (e: Event) => {
      const r = JSON.parse(String((e as CustomEvent).detail)) as BridgeRequest;
      requests.push(r);
      document.dispatchEvent(new CustomEvent(BRIDGE_REPLY, { detail: JSON.stringify({ id: r.id, ...answer(r) }) }));
    };
    document.addEventListener(BRIDGE_REQUEST, listener);
    onTestFinished(() => document.removeEventListener(BRIDGE_REQUEST, listener));
    return { state, requests };
  }

  it("follows the room's condition over the study's, sends cards by id and logs them under the same id and time", async () => {
    const page = pilotPage(() => ({ ok: true, state: 'sent' }));
    page.state(0);
    const { share, logged } = harness(PILOT_ADAPTER, 'I');
    expect(share.mode()).toBe('II');
    const asked = Date.now();
    expect(await share.share([{ product: product('lego-1'), from: 'profile_search' }], ' For him ')).toEqual({ done: 'sent', mode: 'II' });
    // The room stores its copy of the share with the time the Seller shared, which the extension's event has too.
    expect(page.requests).toEqual([
      {
        kind: 'share',
        id: logged[0]?.id,
        time: logged[0]?.time,
        products: [product('lego-1')],
        message: 'For him',
        from: 'profile_search',
      },
    ]);
    expect(logged[0]?.time).toBeGreaterThanOrEqual(asked);
    expect(logged[0]).toMatchObject({
      action: 'share',
      payload: { productIds: ['lego-1'], mode: 'II', from: 'profile_search', message: 'For him' },
    });
    // The chat's own text box is untouched: the card goes through the chat.
    expect((document.querySelector('textarea') as HTMLTextAreaElement).value).toBe('');
  });

  it('guesses only after the minimum turns and when no guess is open; a refusal from the chat is shown', async () => {
    const page = pilotPage((r) =>
      r.kind === 'guess' && r.productId === 'bad' ? { ok: false, error: 'Unknown product' } : { ok: true, state: 'sent' },
    );
    page.state(1);
    const { share, logged } = harness(PILOT_ADAPTER);
    await expect(share.guess(product('a'))).rejects.toThrow('A guess is allowed after 2 turns (now 1).');
    page.state(2, true);
    await expect(share.guess(product('a'))).rejects.toThrow('still waiting');
    page.state(2);
    expect(await share.guess(product('a'))).toBe('sent');
    expect(logged).toEqual([
      { agent: 'Seller', action: 'guess', payload: { productId: 'a' }, id: page.requests[0]?.id, time: page.requests[0]?.time },
    ]);
    expect(page.requests[0]?.time).toEqual(expect.any(Number));
    await expect(share.guess(product('bad'))).rejects.toThrow('Unknown product');
    expect(share.state.get().status).toEqual({ kind: 'error', text: 'Unknown product' });
    expect(logged).toHaveLength(1);
  });
});

describe('share text', () => {
  it('formats one product without numbering and skips a brand the title already names', () => {
    expect(productsAsText([{ product: product('a', { title: 'Acme Widget' }), url: null }], undefined)).toBe('Acme Widget — $19.50');
    expect(linkLine(product('a'), null)).toBe('Product a ($19.50)');
  });
});
