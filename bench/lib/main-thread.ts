import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { within } from './bounded';

/** A renderer that does not answer the DevTools protocol in this long is stuck (bench/lib/bounded). */
const PROBE_TIMEOUT_MS = 60_000;

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
  await within(PROBE_TIMEOUT_MS, 'Performance.enable', cdp.send('Performance.enable'));
  return async () => {
    const { metrics } = await within(PROBE_TIMEOUT_MS, "the renderer's Performance.getMetrics", cdp.send('Performance.getMetrics'));
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

/** Longest a page may take to settle or answer a short question before the bench gives up on it. */
export const PAGE_ANSWER_MS = 60_000;

/** `page.evaluate`, bounded (bench/lib/bounded): a page whose main thread never comes back fails the bench with `what`. */
export const evaluateWithin = <T = unknown>(page: Page, expression: string, what: string, ms = PAGE_ANSWER_MS): Promise<T> =>
  within(ms, what, page.evaluate(expression) as Promise<T>);

/** Waits for the page to settle (SETTLE), bounded. */
export const settle = (page: Page): Promise<unknown> => evaluateWithin(page, SETTLE, 'the page to settle');

/**
 * rrweb at its own recommended settings for a light recording (its "optimize storage" recipe): scroll sampled every
 * 150 ms, media every 800 ms, input recorded last, DOM slimmed; mouse moves at its default 50 ms sampling and mouse
 * interactions (clicks) kept, so it records what Floorwalker logs.
 */
export const RRWEB_OPTIONS = `{ sampling: { scroll: 150, media: 800, input: 'last' }, slimDOMOptions: 'all' }`;
export const RRWEB_SETTINGS_LABEL = 'rrweb sampling scroll 150 ms, media 800 ms, input last, slimDOM all, mousemove 50 ms default';
