import type { Page } from 'playwright-core';
import { isolatedWorld } from './isolated-world';
import { evaluateWithin } from './main-thread';

/**
 * Listeners that do nothing but keep the target, on the events Floorwalker's logger hears for the three gestures and
 * registered as it registers them (on the document, capturing, passive): the least any recorder listening there can
 * cost per gesture. Removable, so the same page load measures them between the recorders.
 */
const NOTHING_LISTENERS = `(() => {
  const stop = new AbortController();
  const keep = (e) => { globalThis.__fwFloorLast = e.target; };
  for (const type of ['pointerover', 'scroll', 'click']) document.addEventListener(type, keep, { capture: true, passive: true, signal: stop.signal });
  globalThis.__fwFloorStop = () => stop.abort();
})()`;
const STOP = 'globalThis.__fwFloorStop()';

/** Where a listener runs: the page's own world (where rrweb runs) or an isolated world (where a content script's run). */
export type World = 'page' | 'isolated';

/**
 * Runs `measure` with the do-nothing listeners added in `world` of `page`, and removes them after. What they add over
 * the page's baseline is what a recorder in that world pays per gesture before its handler does anything.
 */
export async function withNothingListeners<T>(page: Page, world: World, measure: () => Promise<T>): Promise<T> {
  const evaluate =
    world === 'page'
      ? (expression: string) => evaluateWithin(page, expression, 'the do-nothing listeners in the page world')
      : await isolatedWorld(page, [], 'fw-bench-floor');
  await evaluate(NOTHING_LISTENERS);
  try {
    return await measure();
  } finally {
    await evaluate(STOP);
  }
}
