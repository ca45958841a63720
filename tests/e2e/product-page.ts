import type { Page } from 'playwright-core';
import type { Harness } from './harness';
import { waitFor } from './harness';
import { MIN_HOVER_MS } from '../../lib/limits';

/**
 * How long a test rests the pointer on an image so the hover counts: the logger drops hovers shorter than
 * MIN_HOVER_MS. Resting is the behaviour under test, so this is a wait by design, with a margin for a loaded machine.
 */
export const HOVER_REST_MS = MIN_HOVER_MS + 220;

/**
 * How long a test watches for events that must not be recorded (before consent, while paused, on a site not allowed):
 * over three batch flushes (EVENT_FLUSH_MS). Nothing arriving is what is under test, so this is a wait by design.
 */
export const NOTHING_ARRIVES_MS = 800;

/** Rests the pointer on `target` for `ms` (a logged hover), then moves it away to `away`, which ends the hover. */
export async function restPointerOn(
  page: Page,
  target: { hover(): Promise<void> },
  ms = HOVER_REST_MS,
  away: { x: number; y: number } = { x: 900, y: 20 },
): Promise<void> {
  await target.hover();
  await page.waitForTimeout(ms); // the dwell itself (see HOVER_REST_MS)
  await page.mouse.move(away.x, away.y);
}

/**
 * Waits until the content script on a product page has its page context, so its logger listens (when logging is
 * on): the Seller's "Share to chat" button is mounted only after the context has come (entrypoints/page.content).
 */
export async function contentScriptReady(page: Page | { getByTestId: Page['getByTestId'] }): Promise<void> {
  await page.getByTestId('fw-s2c-open').waitFor({ timeout: 10_000 });
}

/** The fixture product page in a new tab, ready to log; `click(n)` presses "Add to cart" n times (a click event each). */
export async function openProductPage(h: Pick<Harness, 'context' | 'fixtures'>): Promise<{ page: Page; click(n: number): Promise<void> }> {
  const page = await h.context.newPage();
  await page.goto(`${h.fixtures.url}/product.html`);
  await contentScriptReady(page);
  return {
    page,
    async click(n) {
      for (let i = 0; i < n; i++) await page.click('#add-to-cart');
    },
  };
}

/** A product view under way or ended, as a page's content script keeps it in storage.local (lib/logger/view-journal.ts). */
interface JournaledView {
  key: string;
  final: boolean;
  event: { url: string | null; study: string };
}

/** The view journal, read on an extension page (content scripts write it; only extension pages can read it back). */
async function journaledViews(extensionPage: Page): Promise<JournaledView[]> {
  const all = (await extensionPage.evaluate('chrome.storage.local.get(null)')) as Record<string, Omit<JournaledView, 'key'>>;
  return Object.entries(all)
    .filter(([key]) => key.startsWith('fw:view:'))
    .map(([key, value]) => ({ key, ...value }));
}

/**
 * Runs `change` (a pause, resume, join or leave elsewhere) and waits until the open page at `url` has heard of it and
 * started its logger again, with `accept`ed context: a started logger journals its product view under a new id
 * once it has lasted MIN_PRODUCT_VIEW_MS. The page must be a product page, in front, with logging on after the change.
 */
export async function afterLoggerRestart(
  extensionPage: Page,
  url: string,
  change: () => Promise<void>,
  accept: (event: JournaledView['event']) => boolean = () => true,
): Promise<void> {
  const before = new Set((await journaledViews(extensionPage)).map((v) => v.key));
  await change();
  await waitFor(
    async () => (await journaledViews(extensionPage)).some((v) => !before.has(v.key) && !v.final && v.event.url === url && accept(v.event)),
    15_000,
    `the logger on ${url} to start again`,
  );
}
