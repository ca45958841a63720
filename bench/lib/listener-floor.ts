import type { Page } from 'playwright-core';
import { isolatedWorld } from './isolated-world';
import { evaluateWithin } from './main-thread';

/**
 * Listeners that do nothing but keep the target, on the events Floorwalker's logger hears for the three gestures and
 * registered as it registers them (on the document, capturing, passive): the least any recorder listening there can
 * cost per gesture. Removable, so the same page load measures them between the recorders.
 */
/** The name the do-nothing listeners' script goes by in a trace (bench/lib/event-cost attributes time by script). */
export const FLOOR_SCRIPT = 'fw-bench-floor.js';
const NOTHING_LISTENERS = `(() => {
  const stop = new AbortController();
  const keep = (e) => { globalThis.__fwFloorLast = e.target; };
  for (const type of ['pointerover', 'scroll', 'click']) document.addEventListener(type, keep, { capture: true, passive: true, signal: stop.signal });
  globalThis.__fwFloorStop = () => stop.abort();
})()
//# sourceURL=${FLOOR_SCRIPT}`;
const STOP = 'globalThis.__fwFloorStop()';

/** Where a listener runs: the page's own world (where rrweb runs) or an isolated world (where a content script's run). */
export type World = 'page' | 'isolated';

/**
 * The do-nothing listeners in `world` of `page`, to add and remove again around a measurement: what they add over the
 * page's baseline is what a recorder in that world pays per gesture before its handler does anything.
 */
export async function nothingListeners(page: Page, world: World): Promise<{ add: () => Promise<void>; remove: () => Promise<void> }> {
  const evaluate =
    world === 'page'
      ? (expression: string) => evaluateWithin(page, expression, 'the do-nothing listeners in the page world')
      : await isolatedWorld(page, [], 'fw-bench-floor');
  return {
    add: async () => void (await evaluate(NOTHING_LISTENERS)),
    remove: async () => void (await evaluate(STOP)),
  };
}
