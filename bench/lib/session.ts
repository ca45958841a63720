import type { BrowserContext, Page } from 'playwright-core';
import { mainThreadProbe, minusTime, SETTLE, type MainThread } from './main-thread';

/** One scripted browsing round: rest on a picture, move across the page, scroll, click a control. */
const ROUND_MS = 1_000;
/** Long tasks, as the browser defines them. */
const LONG_TASK_MS = 50;

/** Watches long tasks from the start of every page in the context; clicks stay on the page (links would leave it). */
const PAGE_SETUP = `(() => {
  window.__lt = [];
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(e.duration); }).observe({ type: 'longtask', buffered: true }); } catch {}
  addEventListener('click', (e) => e.preventDefault());
  addEventListener('submit', (e) => e.preventDefault(), true);
})()`;

export interface SessionResult {
  /** Main-thread time from before the page loads to the end of the session. */
  time: MainThread;
  seconds: number;
  longTasksMs: number[];
}

/**
 * A person on a large product page for `sessionMs`: the page loads (in a fresh page of `context`), then rounds of
 * hovering pictures, moving the pointer, scrolling and clicking controls, the same in every run. `before` runs in the
 * page before its scripts (a recorder's start). Measured from a same-origin blank page, so the renderer is the same.
 */
export async function browseSession(
  context: BrowserContext,
  blankUrl: string,
  pageUrl: string,
  sessionMs: number,
  before?: string,
): Promise<SessionResult> {
  const page: Page = await context.newPage();
  await page.addInitScript(PAGE_SETUP);
  if (before) await page.addInitScript(before);
  await page.goto(blankUrl);
  const probe = await mainThreadProbe(context, page);
  const start = await probe();
  const t0 = Date.now();
  await page.goto(pageUrl);
  const pictures = page.locator('img');
  const controls = page.locator('a[href], button, summary, [role="button"]');
  const [nPictures, nControls] = [await pictures.count(), await controls.count()];
  const rounds = Math.max(1, Math.round(sessionMs / ROUND_MS));
  for (let i = 0; i < rounds; i++) {
    await pictures
      .nth(i % nPictures)
      .hover({ timeout: 1_000 })
      .catch(() => undefined);
    await page.waitForTimeout(ROUND_MS * 0.4);
    await page.mouse.move(100 + ((i * 97) % 1000), 100 + ((i * 53) % 600), { steps: 10 });
    await page.mouse.wheel(0, i % 4 === 3 ? -900 : 400);
    await page.waitForTimeout(ROUND_MS * 0.3);
    await controls
      .nth(i % nControls)
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await page.waitForTimeout(ROUND_MS * 0.3);
  }
  await page.evaluate(SETTLE);
  const time = minusTime(await probe(), start);
  const seconds = (Date.now() - t0) / 1000;
  const longTasksMs = ((await page.evaluate('window.__lt')) as number[]).filter((d) => d > LONG_TASK_MS);
  await page.close();
  return { time, seconds, longTasksMs };
}
