import { describe, expect, it } from 'vitest';
import { createEventLog } from '../../lib/logger/event-log';
import { storable } from '../../lib/events/build';
import { validateEvent, type FwEvent } from '../../lib/events/event-schema';
import type { PageContext } from '../../lib/rpc/api';
import { pageContext } from './helpers/page-context';

const CONTEXT: PageContext = pageContext();

function setup() {
  let ctx: PageContext | null = CONTEXT;
  let url = 'https://shop.example/p/1?utm=x#top';
  const sent: FwEvent[] = [];
  const log = createEventLog(
    () => ctx,
    (e) => sent.push(e),
    () => url,
  );
  return {
    log,
    sent,
    setContext: (c: PageContext | null) => (ctx = c),
    setUrl: (u: string) => (url = u),
  };
}

const click = { element: { tag: 'button', path: 'main > button' } };

describe('createEventLog', () => {
  it('stamps each event with the context and address as they are when it is logged', () => {
    const t = setup();
    t.log('Page', 'click', click);
    t.log('Page', 'click', click);
    t.setUrl('https://shop.example/p/2');
    t.log('Page', 'click', click);
    t.setContext({ ...CONTEXT, conversation: 'conv-\u0000two', keepUrlQuery: true });
    t.setUrl('https://shop.example/p/2?color=red');
    t.log('Page', 'click', click);
    t.setContext({ ...CONTEXT, logging: false });
    expect(t.log('Page', 'click', click)).toBeNull();
    expect(t.sent.map((e) => [e.url, e.conversation])).toEqual([
      ['https://shop.example/p/1', 'conv-1'],
      ['https://shop.example/p/1', 'conv-1'],
      ['https://shop.example/p/2', 'conv-1'],
      ['https://shop.example/p/2?color=red', 'conv-two'], // its text made storable
    ]);
    expect(new Set(t.sent.map((e) => e.id)).size).toBe(4);
    for (const e of t.sent) expect(validateEvent(e)).toMatchObject({ ok: true });
  });

  it("logs an event another part recorded under its recorder, with no address, and the page's next as its own", () => {
    const t = setup();
    t.log(
      'Buyer',
      'utter',
      { text: 'hi' },
      { recordedBy: { participant: 'p-buyer', role: 'buyer' }, id: '0190a0b0-0000-7000-8000-000000000001' },
    );
    t.log('Page', 'click', click);
    expect(t.sent.map((e) => [e.participant, e.role, e.url])).toEqual([
      ['p-buyer', 'buyer', null],
      ['p-1', 'seller', 'https://shop.example/p/1'],
    ]);
    expect(t.sent[0]?.id).toBe('0190a0b0-0000-7000-8000-000000000001');
  });

  it('gives each event its own copy of the payload', () => {
    const t = setup();
    const payload = { element: { tag: 'button', path: 'main > button', label: 'Add' } };
    const a = t.log('Page', 'click', payload);
    const b = t.log('Page', 'click', payload);
    payload.element.label = 'changed';
    expect(a?.payload).toEqual({ element: { tag: 'button', path: 'main > button', label: 'Add' } });
    expect(a?.payload).not.toBe(b?.payload);
    expect((a?.payload as typeof payload).element).not.toBe((b?.payload as typeof payload).element);
  });
});

describe('storable', () => {
  it('copies every string storable, keys included, and keeps a __proto__ key as a key for the schema to refuse', () => {
    const parsed = JSON.parse('{"a":["x\\u0000y",{"k\\u0000":"\\ud83d"}],"__proto__":{"polluted":true}}') as unknown;
    const copy = storable(parsed) as Record<string, unknown>;
    expect(copy.a).toEqual(['xy', { k: '\ufffd' }]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['a', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
