import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../lib/events/event-schema';
import { findUnstorable, MAX_EVENT_DEPTH } from '../../lib/events/storable';
import { clickEvent, hoverEvent } from './helpers/events';

describe('what every store can keep exactly', () => {
  it('names the path of the first thing that cannot be stored', () => {
    expect(findUnstorable({ a: [1, { b: 'x\ud83d' }] })).toEqual({ path: 'a.1.b', message: expect.stringMatching(/well-formed Unicode/) });
    expect(findUnstorable({ 'odd key': { c: 'a\u0000' } })).toEqual({ path: '"odd key".c', message: expect.stringMatching(/NUL/) });
    expect(findUnstorable({ ['k\u0000']: 1 })).toEqual({
      path: '"k\\u0000"',
      message: expect.stringMatching(/^key must not contain a NUL/),
    });
    expect(findUnstorable({ n: Infinity })).toEqual({ path: 'n', message: 'must be a finite number' });
    expect(findUnstorable({ n: NaN })?.path).toBe('n');
    expect(findUnstorable({ when: new Date(0) })).toEqual({ path: 'when', message: 'must be plain JSON' });
    expect(findUnstorable({ f: () => 1 })).toEqual({ path: 'f', message: 'must be JSON (got function)' });
    expect(findUnstorable({ s: 'plain 👟 text', n: -0, b: false, z: null, list: [] })).toBeNull();
  });

  it('refuses keys that would set a prototype or that validators skip', () => {
    const parsed = JSON.parse('{"a":{"__proto__":{"x":1}}}') as unknown;
    expect(findUnstorable(parsed)).toEqual({ path: 'a.__proto__', message: 'key "__proto__" is not allowed' });
    expect(findUnstorable({ prototype: 1 })?.message).toBe('key "prototype" is not allowed');
    expect(findUnstorable({ constructor: 1 })?.message).toBe('key "constructor" is not allowed');
  });

  it('stops at the depth limit, however deep the value goes', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorable(deep)).toEqual({ path: Array(MAX_EVENT_DEPTH).fill('0').join('.'), message: 'is nested too deeply' });
    let ok: unknown = 1;
    for (let i = 0; i < MAX_EVENT_DEPTH; i++) ok = [ok];
    expect(findUnstorable(ok)).toBeNull();
  });

  it('validateEvent gives back the event as sent, not a changed copy', () => {
    const e = clickEvent();
    const r = validateEvent(e);
    expect(r.ok && r.event).toBe(e);
    expect(validateEvent({ ...hoverEvent(), extra: 1 })).toEqual({ ok: false, error: 'extra: unknown key: not a field of this object' });
  });
});
