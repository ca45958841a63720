import type { Browser } from 'playwright-core';
import { measureEventCosts } from './event-cost';
import { isolatedWorld } from './isolated-world';
import { mainThreadProbe } from './main-thread';
import { round, type Row } from './report';

/** A listener that does nothing but keep the target: the least any pointerover listener can cost. */
const NOTHING_LISTENER = `document.addEventListener('pointerover', (e) => { globalThis.__lastOver = e.target; }, { capture: true, passive: true });`;

/**
 * The floor under a hover's cost: the same hover gestures as section 1 (bench/lib/event-cost) on the same page, in a
 * browser without the extension, with one do-nothing pointerover listener added in the page's own world (where rrweb
 * runs) and then in an isolated world (where a content script's listeners run). What the isolated world's listener
 * adds is what a content script pays per gesture before its handler does anything.
 */
export async function listenerFloor(browser: Browser, pageUrl: string): Promise<{ rows: Row[]; extra: Record<string, unknown> }> {
  const perGesture = async (world: 'none' | 'page' | 'isolated') => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(pageUrl);
      if (world === 'page') await page.evaluate(NOTHING_LISTENER);
      if (world === 'isolated') await isolatedWorld(page, [NOTHING_LISTENER], 'fw-bench-floor');
      return (await measureEventCosts(page, await mainThreadProbe(context, page), ['hover'])).total.hover;
    } finally {
      await context.close();
    }
  };
  const none = await perGesture('none');
  const page = Math.max(0, (await perGesture('page')) - none);
  const isolated = Math.max(0, (await perGesture('isolated')) - none);
  const us = (ms: number) => round(ms * 1000, 2);
  return {
    rows: [
      {
        metric:
          "hover: a do-nothing pointerover listener's main-thread cost per gesture, in the page's world (rrweb's) / in an isolated world (a content script's)",
        value: `${us(page)} / ${us(isolated)}`,
        unit: 'µs',
      },
    ],
    extra: { listenerFloorMicroseconds: { none: us(none), pageWorld: us(page), isolatedWorld: us(isolated) } },
  };
}
