import { readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { ChatAdapter } from '../../lib/adapters/chat';
import { featureId, featuresOf } from '../../lib/features/registry';
import { listenUntilAbort, onAbort } from '../../lib/features/on-abort';
import type { AnyFeatureSpec, Matches } from '../../entrypoints/page.content/define-feature';
import { startPageFeatures, type PageKind } from '../../entrypoints/page.content/run-features';

interface Base {
  started: string[];
}
type Spec = AnyFeatureSpec<Base> & { name: string };

const ADAPTER = { name: 'configured' } as unknown as ChatAdapter;

/** A feature that notes its name (and the adapter it got) when it starts. */
function noting(name: string, matches: Matches, failure?: 'throw' | 'reject'): Spec {
  return {
    name,
    matches,
    start(deps: { started: string[]; adapter: Promise<ChatAdapter | null> }) {
      if (failure === 'throw') throw new Error(`${name} broke`);
      if (failure === 'reject') return Promise.reject(new Error(`${name} broke`));
      deps.started.push(name);
      return deps.adapter.then((a) => void deps.started.push(`${name}:${a === null ? 'none' : 'adapter'}`));
    },
  } as Spec;
}

const page = (builtInChat: boolean, adapter: ChatAdapter | null): PageKind => ({ builtInChat, adapter: Promise.resolve(adapter) });

describe('the content script feature list', () => {
  it('is the files in features/, each named by its file and starting on the pages it did before', async () => {
    const { FEATURES } = await import('../../entrypoints/page.content/feature-list');
    const files = readdirSync(new URL('../../entrypoints/page.content/features/', import.meta.url))
      .map(featureId)
      .sort();
    expect(FEATURES.map((f) => f.name)).toEqual(files);
    expect(Object.fromEntries(FEATURES.map((f) => [f.name, f.matches]))).toEqual({
      'chat-frame': 'chat',
      coach: 'chat',
      'frame-overlay': 'product',
      overlay: 'chat',
      'page-logger': 'any',
      'room-records': 'chat',
      share: 'chat',
      storefront: 'product',
    });
  });

  it('names a feature by its file, and refuses a file without a feature', () => {
    expect(featureId('./features/page-logger.ts')).toBe('page-logger');
    expect(featureId('/src/features/chat.v2.ts')).toBe('chat.v2');
    expect(featuresOf({ './features/b.ts': { x: 2 }, './features/a.ts': { x: 1 } })).toEqual([
      { x: 1, name: 'a' },
      { x: 2, name: 'b' },
    ]);
    expect(() => featuresOf({ './features/empty.ts': undefined })).toThrow('./features/empty.ts');
  });
});

describe('startPageFeatures', () => {
  it("never lets one feature's error stop the others, and says which failed", async () => {
    const deps: Base = { started: [] };
    const report = vi.fn();
    const failed = await startPageFeatures(
      [noting('a', 'chat'), noting('sync-throw', 'chat', 'throw'), noting('rejects', 'any', 'reject'), noting('b', 'any')],
      deps,
      page(false, ADAPTER),
      new AbortController().signal,
      report,
    );
    expect(deps.started.sort()).toEqual(['a', 'a:adapter', 'b', 'b:adapter']);
    expect(failed.sort()).toEqual(['rejects', 'sync-throw']);
    expect(report.mock.calls.map(([name]) => name).sort()).toEqual(['rejects', 'sync-throw']);
  });

  const features = [noting('chat', 'chat'), noting('product', 'product'), noting('any', 'any')];

  it('starts chat and any features on a configured chat page, with its adapter', async () => {
    const deps: Base = { started: [] };
    await startPageFeatures(features, deps, page(false, ADAPTER), new AbortController().signal);
    expect(deps.started.sort()).toEqual(['any', 'any:adapter', 'chat', 'chat:adapter']);
  });

  it('starts product and any features on any other page, with no adapter', async () => {
    const deps: Base = { started: [] };
    await startPageFeatures(features, deps, page(false, null), new AbortController().signal);
    expect(deps.started.sort()).toEqual(['any', 'any:none', 'product', 'product:none']);
  });

  it("starts chat features on the pilot's built-in chat at once, before the full answer", async () => {
    const deps: Base = { started: [] };
    let answer: (a: ChatAdapter | null) => void = () => {};
    const adapter = new Promise<ChatAdapter | null>((resolve) => (answer = resolve));
    const done = startPageFeatures(features, deps, { builtInChat: true, adapter }, new AbortController().signal);
    // Synchronously: the overlay mounts in the task the content script starts in.
    expect(deps.started.sort()).toEqual(['any', 'chat']);
    answer(ADAPTER);
    await done;
    expect(deps.started.sort()).toEqual(['any', 'any:adapter', 'chat', 'chat:adapter']);
  });

  it('hands every feature the abort signal it cleans up on', async () => {
    const controller = new AbortController();
    const seen: AbortSignal[] = [];
    const spec = { name: 'f', matches: 'any', start: (_deps: unknown, signal: AbortSignal) => void seen.push(signal) } as Spec;
    await startPageFeatures([spec], { started: [] }, page(false, null), controller.signal);
    expect(seen).toEqual([controller.signal]);
  });
});

describe('onAbort and listenUntilAbort', () => {
  it('clean up once on abort, and at once when the signal has already aborted', () => {
    const controller = new AbortController();
    const cleanup = vi.fn();
    onAbort(controller.signal, cleanup);
    expect(cleanup).not.toHaveBeenCalled();
    controller.abort();
    controller.abort();
    expect(cleanup).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    onAbort(controller.signal, late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('keep an extension event listener only until the signal aborts', () => {
    const listeners = new Set<() => void>();
    const event = { addListener: (l: () => void) => void listeners.add(l), removeListener: (l: () => void) => void listeners.delete(l) };
    const controller = new AbortController();
    const listener = () => {};
    listenUntilAbort(event, listener, controller.signal);
    expect([...listeners]).toEqual([listener]);
    controller.abort();
    expect(listeners.size).toBe(0);
    listenUntilAbort(event, listener, controller.signal);
    expect(listeners.size).toBe(0);
  });
});
