import type { Browser, Page } from 'playwright-core';
import type { ExpectedStores } from '../../tests/fixtures/pages/stores/expected-schema';
import { look, planLooks, scoreLooks, type Look, type PageResult } from '../../tests/e2e/store-looks';
import type { PayloadOf } from '../../lib/events/event-schema';
import { isolatedWorld } from './isolated-world';
import { loggerProbe } from './logger-probe';

// Every mapped picture of every store fixture hovered in real Chromium, with two page loggers listening side by side
// in the page's isolated world (as the content script runs): the logger now, and the one before issue 18 (read from
// git at `base`). The looks and their scoring are the e2e test's (tests/e2e/store-looks.ts); only the logger differs.
// The logger before issue 18 ran in no srcdoc or about:blank frame (its manifest did not match them), so it listens
// to the top document only; the logger now listens in each frame the fixture's pictures are in.

type Hover = PayloadOf<'hover'>;
const WHO = { now: '__fwLogNow', before: '__fwLogBefore' } as const;
type Who = keyof typeof WHO;
/** How long a look's hover may take to be logged once the pointer has left (it is logged as it leaves). */
const LOGGED_WAIT_MS = 1_000;

export interface AttributionRun {
  now: PageResult[];
  before: PageResult[];
}

export async function measureAttribution(
  browser: Browser,
  pageUrl: (file: string) => string,
  expected: ExpectedStores,
  base: string,
): Promise<AttributionRun> {
  const probes = { now: await loggerProbe(WHO.now), before: await loggerProbe(WHO.before, base) };
  const out: AttributionRun = { now: [], before: [] };
  for (const [file, want] of Object.entries(expected)) {
    if (want.kind === 'none') continue;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(pageUrl(file), { waitUntil: 'load' });
      if (want.kind === 'product' && want.frame) await page.frameLocator(want.frame).locator('body').waitFor();
      const evaluate = await isolatedWorld(page, [probes.now, probes.before], 'fw-bench-hovers');
      const frames = [...new Set(want.images.flatMap((e) => (e.frame ? [e.frame] : [])))];
      const docOf = (frame: string | undefined) =>
        frame ? `document.querySelector(${JSON.stringify(frame)}).contentDocument` : 'document';
      await evaluate(`${WHO.now}.start(document); ${WHO.before}.start(document)`);
      for (const frame of frames) await evaluate(`${WHO.now}.start(${docOf(frame)})`);
      const logged = async () => (await evaluate(`({ now: ${WHO.now}.hovers, before: ${WHO.before}.hovers })`)) as Record<Who, Hover[]>;

      const plans = await planLooks(page, want);
      const looks: Record<Who, Look[]> = { now: [], before: [] };
      for (const plan of plans) {
        const seen = await logged();
        await look(page, plan);
        if (!plan.loggable) continue;
        const fresh = await newHovers(page, logged, seen);
        for (const who of ['now', 'before'] as const) looks[who].push({ ...plan, hovers: fresh[who] });
      }
      // The detected product: the first start's is the page's own document, then each frame's in order.
      const detected = (await evaluate(`({ now: ${WHO.now}.detected, before: ${WHO.before}.detected })`)) as Record<Who, (string | null)[]>;
      const productDoc = want.kind === 'product' && want.frame ? 1 + frames.indexOf(want.frame) : 0;
      for (const who of ['now', 'before'] as const) {
        const id = detected[who][who === 'before' ? 0 : productDoc] ?? undefined;
        out[who].push(scoreLooks(file, want, plans, looks[who], id));
      }
    } finally {
      await page.close();
    }
  }
  return out;
}

/** The hovers each logger logged since `seen`: waited for until both logged one, or LOGGED_WAIT_MS passed. */
async function newHovers(
  page: Page,
  logged: () => Promise<Record<Who, Hover[]>>,
  seen: Record<Who, Hover[]>,
): Promise<Record<Who, Hover[]>> {
  const since = (all: Record<Who, Hover[]>) => ({ now: all.now.slice(seen.now.length), before: all.before.slice(seen.before.length) });
  const until = Date.now() + LOGGED_WAIT_MS;
  for (;;) {
    const fresh = since(await logged());
    if ((fresh.now.length > 0 && fresh.before.length > 0) || Date.now() >= until) return fresh;
    await page.waitForTimeout(50);
  }
}
