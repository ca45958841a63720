import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Main-thread time of a page's renderer from the DevTools protocol (Performance.getMetrics): every task, and the
 * script part of them, in ms. It counts what a recorder does later too (an idle callback, a throttled timer), which a
 * stopwatch around the event handler misses.
 */
export interface MainThread {
  taskMs: number;
  scriptMs: number;
  /** The main thread's CPU time: unlike task time (wall clock), not inflated when a busy machine deschedules it. */
  threadMs: number;
}

export async function mainThreadProbe(context: BrowserContext, page: Page): Promise<() => Promise<MainThread>> {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { taskMs: get('TaskDuration'), scriptMs: get('ScriptDuration'), threadMs: get('ThreadTime') };
  };
}

export const minusTime = (a: MainThread, b: MainThread): MainThread => ({
  taskMs: a.taskMs - b.taskMs,
  scriptMs: a.scriptMs - b.scriptMs,
  threadMs: a.threadMs - b.threadMs,
});

/** Resolves once the page has been idle after what it was doing: its throttled timers fired and idle callbacks ran. */
export const SETTLE = `new Promise((ok) => setTimeout(() => requestIdleCallback(() => setTimeout(ok, 0), { timeout: 2000 }), 400))`;

/**
 * rrweb at its own recommended settings for a light recording (its "optimize storage" recipe): scroll sampled every
 * 150 ms, media every 800 ms, input recorded last, DOM slimmed; mouse moves at its default 50 ms sampling and mouse
 * interactions (clicks) kept, so it records what Floorwalker logs.
 */
export const RRWEB_OPTIONS = `{ sampling: { scroll: 150, media: 800, input: 'last' }, slimDOMOptions: 'all' }`;
export const RRWEB_SETTINGS_LABEL = 'rrweb sampling scroll 150 ms, media 800 ms, input last, slimDOM all, mousemove 50 ms default';
