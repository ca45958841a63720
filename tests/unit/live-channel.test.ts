import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LIVE_CHANGE_KEY, LIVE_TOPICS, LiveChangeSchema, parseLiveChange, type LiveChange } from '../../lib/live/change';
import { liveRecorder, onLiveChange, type LiveArea, type StorageChangeEvent, type StorageListener } from '../../lib/live/channel';

/** A storage area that reports changes as the browser does: to every listener, only for keys whose value changed. */
function fakeArea(): LiveArea & { events: StorageChangeEvent; listeners: Set<StorageListener>; data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  const listeners = new Set<StorageListener>();
  return {
    data,
    listeners,
    events: { addListener: (l) => listeners.add(l), removeListener: (l) => listeners.delete(l) },
    async get(key) {
      return data.has(key) ? { [key]: structuredClone(data.get(key)) } : {};
    },
    async set(items) {
      const changes: Record<string, { newValue?: unknown; oldValue?: unknown }> = {};
      for (const [k, value] of Object.entries(items)) {
        if (JSON.stringify(data.get(k)) === JSON.stringify(value)) continue;
        changes[k] = { oldValue: data.get(k), newValue: structuredClone(value) };
        data.set(k, structuredClone(value));
      }
      await Promise.resolve(); // delivered after the write, like the browser's event
      if (Object.keys(changes).length) for (const l of listeners) l(changes, 'local');
    },
  };
}

describe('live state channel', () => {
  it('a change reaches every listener of its topic, with the next sequence number and its detail', async () => {
    const area = fakeArea();
    const record = liveRecorder(area, () => 1000);
    const a: LiveChange[] = [];
    const b: LiveChange[] = [];
    onLiveChange(area.events, [LIVE_TOPICS.dataDeleted, LIVE_TOPICS.catalog], (c) => a.push(c));
    onLiveChange(area.events, [LIVE_TOPICS.conversation], (c) => b.push(c));
    await record(LIVE_TOPICS.dataDeleted);
    await record(LIVE_TOPICS.conversation, { conversation: 'room-1', outcome: 'ended' });
    await record(LIVE_TOPICS.dataDeleted); // the same topic twice in a row still changes the stored value
    expect(a).toEqual([
      { topic: 'data-deleted', seq: 1, at: 1000 },
      { topic: 'data-deleted', seq: 3, at: 1000 },
    ]);
    expect(b).toEqual([{ topic: 'conversation', seq: 2, at: 1000, detail: { conversation: 'room-1', outcome: 'ended' } }]);
  });

  it('the sequence continues from storage: a restarted worker (a new recorder) does not start again at 1', async () => {
    const area = fakeArea();
    await liveRecorder(area)(LIVE_TOPICS.study);
    await liveRecorder(area)(LIVE_TOPICS.study);
    const seen: number[] = [];
    onLiveChange(area.events, [LIVE_TOPICS.catalog], (c) => seen.push(c.seq));
    await liveRecorder(area)(LIVE_TOPICS.catalog);
    expect(seen).toEqual([3]);
  });

  it('changes made at once by one recorder get distinct numbers and all arrive', async () => {
    const area = fakeArea();
    const record = liveRecorder(area);
    const seen: string[] = [];
    onLiveChange(area.events, Object.values(LIVE_TOPICS), (c) => seen.push(`${c.seq}:${c.topic}`));
    await Promise.all([record(LIVE_TOPICS.settings), record(LIVE_TOPICS.study), record(LIVE_TOPICS.catalog)]);
    expect(seen).toEqual(['1:settings', '2:study', '3:catalog']);
  });

  it('a failed write is reported to its caller and does not stop later changes', async () => {
    const area = fakeArea();
    const set = area.set.bind(area);
    let fail = true;
    area.set = async (items) => {
      if (fail) throw new Error('quota');
      return set(items);
    };
    const record = liveRecorder(area);
    await expect(record(LIVE_TOPICS.settings)).rejects.toThrow('quota');
    fail = false;
    await record(LIVE_TOPICS.settings);
    expect(parseLiveChange(area.data.get(LIVE_CHANGE_KEY))?.seq).toBe(1);
  });

  it('ignores other keys, other areas, values that are no change, and stops when unsubscribed', async () => {
    const area = fakeArea();
    const seen: unknown[] = [];
    const off = onLiveChange(area.events, Object.values(LIVE_TOPICS), (c) => seen.push(c));
    for (const l of area.listeners) {
      l({ other: { newValue: { topic: 'catalog', seq: 1, at: 0 } } }, 'local');
      l({ [LIVE_CHANGE_KEY]: { newValue: { topic: 'catalog', seq: 1, at: 0 } } }, 'sync');
      l({ [LIVE_CHANGE_KEY]: { newValue: { topic: 'weather', seq: 1, at: 0 } } }, 'local');
      l({ [LIVE_CHANGE_KEY]: { newValue: { topic: 'catalog', seq: 0, at: 0 } } }, 'local');
      l({ [LIVE_CHANGE_KEY]: {} }, 'local'); // the key removed (extension storage cleared)
    }
    expect(seen).toEqual([]);
    off();
    await liveRecorder(area)(LIVE_TOPICS.catalog);
    expect(seen).toEqual([]);
    expect(area.listeners.size).toBe(0);
  });
});

describe('parseLiveChange (checked by hand: no validator in the content script)', () => {
  it('reads a change with or without its detail, dropping keys it does not know', () => {
    expect(parseLiveChange({ topic: 'catalog', seq: 3, at: 5, extra: 1 })).toEqual({ topic: 'catalog', seq: 3, at: 5 });
    expect(
      parseLiveChange({ topic: 'conversation', seq: 1, at: 0, detail: { conversation: 'room-1', outcome: 'accepted', by: 'x' } }),
    ).toEqual({ topic: 'conversation', seq: 1, at: 0, detail: { conversation: 'room-1', outcome: 'accepted' } });
    expect(parseLiveChange({ topic: 'settings', seq: 2, at: 0, detail: {} })).toEqual({ topic: 'settings', seq: 2, at: 0, detail: {} });
  });

  it('is null for what is no change: a wrong topic, sequence, time or detail', () => {
    for (const value of [
      undefined,
      null,
      'settings',
      [],
      { topic: 'weather', seq: 1, at: 0 },
      { topic: 'settings', seq: 1.5, at: 0 },
      { topic: 'settings', seq: 0, at: 0 },
      { topic: 'settings', seq: '1', at: 0 },
      { topic: 'settings', seq: 1 },
      { topic: 'settings', seq: 1, at: Number.NaN },
      { topic: 'settings', seq: 1, at: 0, detail: 'x' },
      { topic: 'conversation', seq: 1, at: 0, detail: { outcome: 'won' } },
      { topic: 'conversation', seq: 1, at: 0, detail: { conversation: 7 } },
      { topic: 'conversation', seq: 1, at: 0, detail: { conversation: 'c'.repeat(201) } },
    ])
      expect(parseLiveChange(value)).toBeNull();
  });

  it('answers as LiveChangeSchema does, for changes and near-misses alike', () => {
    const schemaSays = (value: unknown) => {
      const parsed = v.safeParse(LiveChangeSchema, value);
      return parsed.success ? parsed.output : null;
    };
    const anything = fc.oneof(
      fc.constant(undefined),
      fc.constant(Number.NaN),
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
    );
    const detail = fc.record(
      {
        conversation: fc.oneof(fc.string({ maxLength: 210 }), anything),
        outcome: fc.oneof(fc.constantFrom('accepted', 'rejected', 'viewed', 'ended', 'won'), anything),
        other: anything,
      },
      { requiredKeys: [] },
    );
    const change = fc.record(
      {
        topic: fc.oneof(fc.constantFrom(...Object.values(LIVE_TOPICS), 'weather'), anything),
        seq: fc.oneof(fc.integer({ min: -2, max: 5 }), anything),
        at: anything,
        detail: fc.oneof(detail, anything),
        extra: anything,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(change, anything), (value) => {
        expect(parseLiveChange(value)).toEqual(schemaSays(value));
      }),
      { numRuns: 2000 },
    );
  });
});
