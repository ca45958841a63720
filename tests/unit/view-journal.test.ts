// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackProductViews, type ViewReport } from '../../lib/logger/product-view';
import { collectViews, journalView, viewJournalKey, type JournalStorage } from '../../lib/logger/view-journal';
import { observable } from '../../lib/observable';
import type { DetectedProduct } from '../../lib/storefront/detect';
import type { PayloadOf } from '../../lib/events/event-schema';
import { MIN_PRODUCT_VIEW_MS, VIEW_CHECKPOINT_MAX_MS, VIEW_CHECKPOINT_MS, VIEW_STALE_MS } from '../../lib/limits';
import type { LogResult } from '../../lib/rpc/api';
import { hoverEvent } from './helpers/events';

afterEach(() => {
  vi.useRealTimers();
});

/** browser.storage.local as the journal sees it. */
function memoryStorage(): JournalStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async () => Object.fromEntries(data),
    set: async (items) => void Object.entries(items).forEach(([k, v]) => data.set(k, structuredClone(v))),
    remove: async (keys) => void keys.forEach((k) => data.delete(k)),
  };
}

describe('a product view under way is reported as it lasts, under the id it ends with', () => {
  it('first once it counts, then at growing gaps; the end under the same id; a new stretch gets a new id', () => {
    vi.useFakeTimers();
    let t = 0;
    let n = 0;
    const reports: { payload: PayloadOf<'product_view'>; view: ViewReport }[] = [];
    const product = observable<DetectedProduct | null>({ id: 'p1', title: 'Lamp', source: 'json-ld' });
    const ac = new AbortController();
    trackProductViews(document, ac.signal, product, (payload, view) => reports.push({ payload, view }), {
      now: () => t,
      newId: () => `id-${++n}`,
    });
    const advance = (ms: number) => {
      t += ms;
      vi.advanceTimersByTime(ms);
    };
    advance(MIN_PRODUCT_VIEW_MS - 1);
    expect(reports).toEqual([]); // a glance is not kept anywhere
    advance(1);
    // Each gap twice the last, up to the longest (well under the time after which a view counts as abandoned).
    const gaps = [VIEW_CHECKPOINT_MS, VIEW_CHECKPOINT_MS * 2, VIEW_CHECKPOINT_MAX_MS, VIEW_CHECKPOINT_MAX_MS];
    // (The third gap is the longest for the limits as they are: 5, 10, 20 s.)
    expect(VIEW_CHECKPOINT_MAX_MS).toBeGreaterThan(VIEW_CHECKPOINT_MS * 2);
    expect(VIEW_CHECKPOINT_MAX_MS).toBeLessThanOrEqual(VIEW_CHECKPOINT_MS * 4);
    expect(VIEW_CHECKPOINT_MAX_MS).toBeLessThan(VIEW_STALE_MS);
    for (const gap of gaps) {
      advance(gap - 1);
      const before = reports.length;
      advance(1);
      expect(reports).toHaveLength(before + 1);
    }
    advance(VIEW_CHECKPOINT_MAX_MS / 2);
    window.dispatchEvent(new Event('pagehide'));
    let at = MIN_PRODUCT_VIEW_MS;
    const kept = [at, ...gaps.map((g) => (at += g))];
    expect(reports.map((r) => [r.view.id, r.view.final, r.payload.timeOnPageMs])).toEqual([
      ...kept.map((ms) => ['id-1', false, ms]),
      ['id-1', true, at + VIEW_CHECKPOINT_MAX_MS / 2],
    ]);
    // Ended: no more checkpoints for it. Back from the back-forward cache: a new view, a new id.
    for (let i = 0; i < 3; i++) advance(VIEW_CHECKPOINT_MAX_MS);
    expect(reports).toHaveLength(kept.length + 1);
    window.dispatchEvent(new Event('pageshow'));
    advance(MIN_PRODUCT_VIEW_MS);
    ac.abort();
    expect(reports.slice(kept.length + 1).map((r) => [r.view.id, r.view.final])).toEqual([
      ['id-2', false],
      ['id-2', true],
    ]);
  });
});

describe('collecting the views pages left behind', () => {
  const logged = () => {
    const batches: unknown[][] = [];
    const log = async (events: unknown[]): Promise<LogResult> => (batches.push(events), { stored: [], rejected: [] });
    return { batches, log };
  };

  it('logs ended views and views whose page stopped keeping them; leaves views whose page still keeps them', async () => {
    const storage = memoryStorage();
    const now = 10_000_000;
    const ended = hoverEvent(1);
    const gone = hoverEvent(2);
    const live = hoverEvent(3);
    journalView(storage, ended, true, now - 1);
    journalView(storage, gone, false, now - VIEW_STALE_MS - 1);
    journalView(storage, live, false, now - VIEW_STALE_MS + 1_000);
    storage.data.set(viewJournalKey('junk'), { not: 'a record' });
    storage.data.set('fw:logging', { on: true }); // other keys are none of the journal's business
    await vi.waitFor(() => expect(storage.data.size).toBe(5));
    const { batches, log } = logged();
    expect(await collectViews(storage, log, now)).toBe(2);
    expect(
      batches
        .flat()
        .map((e) => (e as { id: string }).id)
        .sort(),
    ).toEqual([ended.id, gone.id].sort());
    expect([...storage.data.keys()].sort()).toEqual(['fw:logging', viewJournalKey(live.id)].sort());
    // Its page gone quiet too: collected next time.
    expect(await collectViews(storage, log, now + VIEW_STALE_MS)).toBe(1);
    expect(storage.data.has(viewJournalKey(live.id))).toBe(false);
  });

  it('keeps the records when they cannot be logged (storage full), for the next time', async () => {
    const storage = memoryStorage();
    journalView(storage, hoverEvent(1), true, 0);
    await vi.waitFor(() => expect(storage.data.size).toBe(1));
    await expect(collectViews(storage, async () => Promise.reject(new Error('QuotaExceededError')), 1)).rejects.toThrow(
      'QuotaExceededError',
    );
    expect(storage.data.size).toBe(1);
  });
});
