import { afterEach, describe, expect, it, vi } from 'vitest';
import { ID_PATTERN, newId } from '../../lib/ids';

afterEach(() => vi.restoreAllMocks());

describe('newId', () => {
  it('makes valid UUIDv7s, none twice, across several draws of random bytes', () => {
    const ids = Array.from({ length: 1_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws random bytes once for many ids, not once per id', () => {
    const draw = vi.spyOn(crypto, 'getRandomValues');
    for (let i = 0; i < 640; i++) newId();
    expect(draw.mock.calls.length).toBeGreaterThanOrEqual(10);
    expect(draw.mock.calls.length).toBeLessThanOrEqual(11);
  });

  it('never sorts a later id before an earlier one, in one millisecond or across several', () => {
    const ms = 4_000_000_000_000; // later than any clock this runs on: the ids count from it
    const ids = [...Array.from({ length: 300 }, () => newId(ms)), ...Array.from({ length: 300 }, (_, i) => newId(ms + 1 + (i >> 4)))];
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries the millisecond it was made in, and keeps counting up when the clock steps back', () => {
    const ms = 5_000_000_000_000;
    const at = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    const first = newId(ms);
    expect(at(first)).toBe(ms);
    const back = newId(ms - 10);
    expect(back > first).toBe(true);
    expect(at(back)).toBe(ms);
  });
});
