import { describe, expect, it } from 'vitest';
import { ACTIONS, validateEvent } from '../../lib/events/event-schema';
import { makeEvent } from '../../lib/events/build';
import { formatCondition, parseCondition, DEFAULT_CONDITION_CODE } from '../../lib/study/condition';
import { MAX_IGNORED } from '../../lib/search/query';
import { CONTEXT, clickEvent, hoverEvent } from './helpers/events';

describe('event schema v1', () => {
  it('accepts well-formed events and keeps every field', () => {
    const e = hoverEvent(1_700_000_000_000);
    const r = validateEvent(e);
    expect(r).toEqual({ ok: true, event: e });
    expect(e.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(e.schema).toBe(1);
  });

  it('makes ids that sort by creation time', () => {
    const ids = Array.from({ length: 50 }, (_, i) => clickEvent(1_700_000_000_000 + i).id);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });

  it('names the field that is wrong', () => {
    const e = { ...clickEvent(), study: 42 };
    expect(validateEvent(e)).toEqual({ ok: false, error: expect.stringMatching(/^study: /) });
    const bad = hoverEvent();
    (bad.payload as { dwellMs: unknown }).dwellMs = 'long';
    expect(validateEvent(bad)).toEqual({ ok: false, error: expect.stringMatching(/^payload\.dwellMs: /) });
    const missing: Record<string, unknown> = { ...clickEvent() };
    delete missing.participant;
    expect(validateEvent(missing)).toEqual({ ok: false, error: expect.stringMatching(/^participant: /) });
  });

  it('rejects unknown actions, agents, conditions and non-UUIDv7 ids', () => {
    expect(validateEvent({ ...clickEvent(), action: 'teleport' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('action must be one of'),
    });
    expect(validateEvent({ ...clickEvent(), agent: 'Robot' })).toMatchObject({ ok: false, error: expect.stringMatching(/^agent: /) });
    expect(validateEvent({ ...clickEvent(), condition: 'E.IVx' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^condition: .*B\.IIc/),
    });
    expect(validateEvent({ ...clickEvent(), id: 'not-an-id' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^id: must be a UUIDv7/),
    });
    expect(validateEvent(null).ok).toBe(false);
    expect(validateEvent('{"id":1}').ok).toBe(false);
  });

  it('checks each action against its own payload', () => {
    // A scroll payload on a click event is rejected: payloads are defined per action.
    const e = { ...clickEvent(), payload: { container: 'document', depthPct: 10, maxDepthPct: 10 } };
    expect(validateEvent(e)).toMatchObject({ ok: false, error: expect.stringMatching(/^payload\.element: /) });
    const share = makeEvent(CONTEXT, 'Seller', 'share', { productIds: [], mode: 'II', from: 'search' });
    expect(validateEvent(share)).toMatchObject({ ok: false, error: expect.stringMatching(/^payload\.productIds: /) });
    expect(ACTIONS).toEqual(
      expect.arrayContaining(['hover', 'scroll', 'click', 'utter', 'select_act', 'search', 'results', 'share', 'guess', 'confirm']),
    );
  });
});

describe('search events', () => {
  const search = (ignore?: string[]) =>
    makeEvent(CONTEXT, 'Seller', 'search', { query: 'on ear', filters: {}, sort: 'relevance', page: 0, ...(ignore ? { ignore } : {}) });
  const results = (more: Record<string, unknown>) =>
    makeEvent(CONTEXT, 'Catalog', 'results', { query: 'on ear', productIds: [], total: 0, latencyMs: 0.1, ...more });

  it('take as many removed readings as a search does, and no more', () => {
    const ids = Array.from({ length: MAX_IGNORED + 1 }, (_, i) => `attr:type=${i}`);
    expect(validateEvent(search(ids.slice(0, MAX_IGNORED))).ok).toBe(true);
    expect(validateEvent(search(ids))).toMatchObject({ ok: false, error: expect.stringMatching(/^payload\.ignore: /) });
    expect(validateEvent(results({ ignored: ids.slice(0, MAX_IGNORED) })).ok).toBe(true);
    expect(validateEvent(results({ ignored: ids })).ok).toBe(false);
  });

  it('carry what was understood, unmatched or removed only when there is some', () => {
    const full = results({
      understood: [{ id: 'price:max=100', label: 'Under $100' }],
      unmatched: ['iphone'],
      ignored: ['attr:type=on-ear'],
    });
    expect(validateEvent(full).ok).toBe(true);
    expect(validateEvent(search())).toMatchObject({ ok: true });
    for (const empty of [{ understood: [] }, { unmatched: [] }, { ignored: [] }])
      expect(validateEvent(results(empty))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^payload\.(understood|unmatched|ignored): /),
      });
    expect(validateEvent(search([])).ok).toBe(false);
    // A reading is logged as its id and label: what the chip said, not how the engine holds it.
    expect(validateEvent(results({ understood: [{ id: 'x', label: 'X', kind: 'attribute' }] })).ok).toBe(false);
  });
});

describe('condition codes', () => {
  it('round-trips every condition', () => {
    for (const priming of ['A', 'B', 'C', 'D'] as const)
      for (const sharing of ['I', 'II', 'III'] as const)
        for (const coaching of [true, false])
          for (const voice of [true, false]) {
            const c = { priming, sharing, coaching, voice };
            expect(parseCondition(formatCondition(c))).toEqual(c);
          }
    expect(DEFAULT_CONDITION_CODE).toBe('B.IIc');
    expect(() => parseCondition('B.IV')).toThrow(/Invalid condition code/);
  });
});
