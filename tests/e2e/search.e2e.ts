import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS_DIR, screenshot, useHarness, waitFor } from './harness';
import { exportJsonl, openOptions, storedEvents } from './options-page';
import { restPointerOn } from './product-page';
import { usePilotServer } from './pilot-room';
import type { EventOf, FwEvent } from '../../lib/events/event-schema';

const shadow = (page: Page, css: string) => page.locator(`floorwalker-overlay >> ${css}`);
/**
 * A picture of the top of the overlay's search section (box, chips, notices, first results): on a whole page they
 * are small, and the section runs below the overlay's scrolling area.
 */
async function searchShot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const section = shadow(page, '.fw-search');
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const box = await section.boundingBox();
  if (!box) throw new Error('the search section is not on screen');
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), clip: { ...box, height: Math.min(box.height, 420) } });
}
const prices = async (page: Page) => (await shadow(page, '.fw-price').allInnerTexts()).map((t) => Number(t.replace(/[$,]/g, '')));

/** How long the pointer rests on a result image: its logged dwell is checked against it. */
const RESULT_REST_MS = 350;

describe('catalog search in the overlay', () => {
  const harness = useHarness();
  const { roomFor, startChat } = usePilotServer(harness);

  it('searches as the Seller types, filters, sorts, pages, and logs it all', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    const input = page.getByTestId('fw-search-input');
    await input.waitFor();

    // As-you-type: a prefix already finds products, with the matched part highlighted.
    await input.pressSequentially('noise cancel', { delay: 30 });
    await expect.poll(() => page.getByTestId('fw-search-status').innerText(), { timeout: 15_000 }).toMatch(/^1–8 of \d+/);
    // The status may still show an earlier, shorter query's results: wait for the whole query's highlight.
    await expect.poll(() => shadow(page, '.fw-result-title mark').first().innerText()).toMatch(/^(noise|cancel)/i);
    await screenshot(page, 'search-typed');

    // Filter by category, sort by price, page.
    await page.getByTestId('fw-cat-headphones').click();
    await page.getByTestId('fw-sort').selectOption('price_asc');
    await expect
      .poll(async () => {
        const p = await prices(page);
        return p.length === 8 && p.every((x, i) => i === 0 || x >= (p[i - 1] ?? 0));
      })
      .toBe(true);
    const status = await page.getByTestId('fw-search-status').innerText();
    const total = Number(/of (\d+)/.exec(status)?.[1]);
    const firstPage = await prices(page);
    await page.getByTestId('fw-next').click();
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/^9–16 of /);
    const secondPage = await prices(page);
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1) ?? 0);
    await screenshot(page, 'search-filtered-sorted');

    // Hover a result image long enough to count as a look.
    const firstImg = shadow(page, '.fw-result-img').first();
    const hoveredId = await shadow(page, '.fw-result').first().getAttribute('data-product-id');
    await restPointerOn(page, firstImg, RESULT_REST_MS, { x: 5, y: 700 });

    // Keyboard: a typo is corrected; arrow down and Enter choose a result.
    await input.fill('');
    await input.pressSequentially('sennhiser', { delay: 20 });
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/Showing results for “sennheiser”\./);
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect.poll(() => shadow(page, '.fw-result[aria-selected="true"]').count()).toBe(1);
    expect(await shadow(page, '.fw-result').nth(1).getAttribute('aria-selected')).toBe('true');

    // Nothing found: a clear empty state.
    await input.fill('zzzzqqqq');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/^No results for “zzzzqqqq”\. Try other words/);

    const options = await openOptions(h);
    // The last things logged, the empty search's results and the hover, are stored (with everything before them).
    await waitFor(
      async () => {
        const stored = await storedEvents(options);
        return (
          stored.some((e) => e.action === 'hover' && e.agent === 'Seller') &&
          stored.some((e) => e.action === 'results' && e.payload.query === 'zzzzqqqq')
        );
      },
      15_000,
      'the search events stored',
    );
    const { lines } = await exportJsonl(options);
    const events = lines as FwEvent[];
    const searches = events.filter((e): e is EventOf<'search'> => e.action === 'search');
    const results = events.filter((e): e is EventOf<'results'> => e.action === 'results');
    expect(searches.every((e) => e.agent === 'Seller')).toBe(true);
    expect(results.every((e) => e.agent === 'Catalog')).toBe(true);
    const paged = searches.find((e) => e.payload.page === 1);
    expect(paged?.payload).toMatchObject({ query: 'noise cancel', filters: { category: 'headphones' }, sort: 'price_asc', page: 1 });
    const pagedResult = results.find((e) => e.payload.page === 1 && e.payload.query === 'noise cancel');
    expect(pagedResult?.payload.total).toBe(total);
    expect(pagedResult?.payload.productIds).toHaveLength(8);
    expect(pagedResult?.payload.latencyMs).toBeGreaterThanOrEqual(0);
    expect(results.some((e) => e.payload.corrections?.[0]?.to === 'sennheiser')).toBe(true);
    expect(results.some((e) => e.payload.query === 'zzzzqqqq' && e.payload.total === 0)).toBe(true);
    const hover = events.find((e): e is EventOf<'hover'> => e.action === 'hover' && e.agent === 'Seller');
    expect(hover?.payload).toMatchObject({ target: 'result_image', productId: hoveredId });
    expect(hover?.payload.dwellMs).toBeGreaterThanOrEqual(RESULT_REST_MS - 50);
    // Each search event is followed by its results (none logged for superseded searches).
    expect(results.length).toBeLessThanOrEqual(searches.length);
  });

  it('shows what it understood from the words as chips, removes one with a click, and says which word matched nothing', async () => {
    const h = harness();
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chat.html`);
    const options = await openOptions(h);
    await page.bringToFront();
    const input = page.getByTestId('fw-search-input');
    await input.waitFor();
    const chips = () => shadow(page, '[data-testid="fw-reading"] .fw-reading-label').allInnerTexts();
    /** The newest stored event of an action that `which` picks (ids are UUIDv7: they sort by time). */
    const newest = async <A extends 'search' | 'results'>(action: A, which: (e: EventOf<A>) => boolean): Promise<EventOf<A>> =>
      waitFor(
        async () => {
          const events: FwEvent[] = await storedEvents(options);
          const picked = events.filter((e): e is EventOf<A> => e.action === action && which(e as EventOf<A>));
          return picked.sort((a: FwEvent, b: FwEvent) => a.id.localeCompare(b.id)).at(-1) ?? null;
        },
        15_000,
        `a stored ${action} event`,
      );

    // Needs the engine's query understanding: "on ear" is a type of headphones, "under $100" a price.
    const text = 'on ear headphones under $100';
    await input.pressSequentially(text, { delay: 20 });
    await expect.poll(chips, { timeout: 15_000 }).not.toEqual([]);
    const results = await newest('results', (e) => e.payload.query === text && !e.payload.ignored);
    const understood = results.payload.understood ?? [];
    expect(understood.length).toBeGreaterThan(0);
    await expect.poll(chips).toEqual(understood.map((u) => u.label));
    await searchShot(page, 'search-understood');

    // Remove the first chip with a real click: the next search ignores its reading, and the engine no longer reads it.
    const [removed] = understood;
    if (!removed) throw new Error('nothing understood');
    await shadow(page, `button[aria-label="Remove ${removed.label}"]`).click();
    await expect.poll(chips).not.toContain(removed.label);
    const search = await newest('search', (e) => e.payload.query === text && (e.payload.ignore ?? []).includes(removed.id));
    expect(search.payload.ignore).toEqual([removed.id]);
    expect(search.agent).toBe('Seller');
    const after = await newest('results', (e) => e.payload.query === text && (e.payload.ignored ?? []).includes(removed.id));
    expect((after.payload.understood ?? []).map((u) => u.id)).not.toContain(removed.id);
    await expect.poll(chips).toEqual((after.payload.understood ?? []).map((u) => u.label));
    await searchShot(page, 'search-understood-removed');

    // A word the catalog does not have is named, with the words the results are for instead. ("iphone charger", the
    // issue's first example, is read now: iphone as works with iOS, charger corrected to charge.)
    await input.fill('airpods pro');
    const unmatched = page.getByTestId('fw-notice-unmatched');
    await expect.poll(() => unmatched.innerText(), { timeout: 15_000 }).toBe('No results for “airpods”; showing results for “pro”.');
    await expect.poll(() => page.getByTestId('fw-search-status').innerText()).toMatch(/^1–8 of \d+/);
    const airpods = await newest('results', (e) => e.payload.query === 'airpods pro');
    expect(airpods.payload.unmatched).toEqual(['airpods']);
    expect(airpods.payload.total).toBeGreaterThan(0);
    await searchShot(page, 'search-unmatched');
  });
  it("in a pilot room searches the chat's category, marked as the chat's, until the Seller removes it", async () => {
    const h = harness();
    const { seller } = await startChat(await roomFor('B.IIc', 1), 'lego');
    const options = await openOptions(h);
    await seller.bringToFront();
    const input = seller.getByTestId('fw-search-input');
    await input.waitFor();
    const chip = seller.getByTestId('fw-cat-lego');
    // The room's category is on before the Seller types, as the chat's, and starts no search of its own.
    await expect.poll(() => chip.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    expect(await chip.innerText()).toMatch(/this chat/);
    const ids = () => seller.locator('.fw-result').evaluateAll((els) => els.map((el) => el.getAttribute('data-product-id') ?? ''));

    // Words that, alone, find books too: in the chat's category, only sets.
    const text = 'something for a 9 year old';
    await input.fill(text);
    await expect.poll(async () => (await ids()).length, { timeout: 15_000 }).toBe(8);
    expect((await ids()).every((id) => id.startsWith('lego-'))).toBe(true);
    await searchShot(seller, 'search-chat-category');

    // The Seller removes it: every category, and the chip says so.
    await chip.click();
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await ids()).some((id) => !id.startsWith('lego-')), { timeout: 15_000 }).toBe(true);
    expect(await chip.innerText()).not.toMatch(/this chat/);
    await searchShot(seller, 'search-chat-category-removed');

    const searches = await waitFor(
      async () => {
        const events: FwEvent[] = await storedEvents(options);
        const found = events.filter((e): e is EventOf<'search'> => e.action === 'search' && e.payload.query === text);
        return found.length >= 2 ? found.sort((a: FwEvent, b: FwEvent) => a.id.localeCompare(b.id)) : null;
      },
      15_000,
      'the two searches stored',
    );
    expect(searches[0]?.payload).toMatchObject({ filters: { category: 'lego' }, scope: 'chat' });
    const last = searches.at(-1)?.payload;
    expect(last?.filters).not.toHaveProperty('category');
    expect(last).not.toHaveProperty('scope');
  });
});
