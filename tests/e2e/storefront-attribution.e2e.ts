import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { ARTIFACTS_DIR, FIXTURES_DIR, useHarness, waitFor } from './harness';
import { openOptions, storedEvents } from './options-page';
import { HOVER_REST_MS } from './product-page';
import { ExpectedStoresSchema, type ExpectedImage, type ExpectedPage } from '../fixtures/pages/stores/expected-schema';
import { MIN_HOVER_IMAGE_PX } from '../../lib/limits';
import { SHARE_BUTTON_TAG } from '../../entrypoints/content-ui/contract';
import type { StoredEvent } from '../../lib/db/database';
import type { PayloadOf } from '../../lib/events/event-schema';

// Every picture of every store fixture (tests/fixtures/pages/stores, mapped in expected.json) hovered in real Chromium
// with the built extension: the stored hover events must name the page product and the picture's role for the product's
// own pictures, and never the page product for any other picture (cards, logos, banners). Real layout decides here what
// happy-dom cannot (tests/unit/storefront-media.test.ts): which slide is shown, how large each picture is.

/** Share of the product's own pictures whose hovers carry the product and the right role. */
const PRODUCT_IMAGE_TARGET = 0.95;
/** How long a hover may take to be stored once the look is over (several flushes, a slow machine). */
const STORED_WAIT_MS = 8_000;
/** How long the first hover on a page is given to be stored: until then the page's logger may not be listening yet. */
const READY_WAIT_MS = 4_000;
const READY_ATTEMPTS = 4;

type Hover = PayloadOf<'hover'>;

interface Planned {
  entry: ExpectedImage;
  /** The element the pointer rests on: the zoom layer over the picture where there is one, else the picture. */
  target: string;
  /** Large enough to be logged (MIN_HOVER_IMAGE_PX): smaller pictures are icons and are never logged. */
  loggable: boolean;
}

interface PageResult {
  file: string;
  productImages: number;
  productImagesRight: number;
  otherImages: number;
  otherImagesTakenByPage: number;
  cards: number;
  cardsWithTheirId: number;
  tooSmall: number;
  /** The detector's id for the page product differs from expected.json's (the detector's part of issue 18). */
  detector: string | null;
  wrong: string[];
}

function scopeOf(page: Page, frame: string | undefined): Page | FrameLocator {
  return frame ? page.frameLocator(frame) : page;
}

/** A point of the viewport over no picture and no frame, to move the pointer to between looks. */
async function awayPoint(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const isPicture = (el: Element) => el.tagName === 'IMG' || el.tagName === 'IFRAME' || /url\(/.test(el.getAttribute('style') ?? '');
    const w = window.innerWidth;
    const h = window.innerHeight;
    for (const x of [w - 4, 4, w / 2])
      for (let y = 4; y < h; y += 24) if (!document.elementsFromPoint(x, y).some(isPicture)) return { x, y };
    return { x: w - 4, y: 4 };
  });
}

async function rest(page: Page, target: Locator): Promise<void> {
  await target.hover({ force: true }); // force: a layer on top takes the pointer, as it does for a person
  await page.waitForTimeout(HOVER_REST_MS); // resting is the behaviour under test (see HOVER_REST_MS)
  const away = await awayPoint(page);
  await page.mouse.move(away.x, away.y);
}

/** Rests the pointer on the entry's picture (then on its zoom layer, which may appear only once the pointer is there). */
async function look(page: Page, scope: Page | FrameLocator, plan: Planned): Promise<void> {
  const picture = scope.locator(plan.entry.selector);
  await picture.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  if (plan.target === plan.entry.selector) return rest(page, picture);
  await picture.hover({ force: true });
  const layer = scope.locator(plan.target).first();
  await layer.waitFor({ state: 'attached', timeout: 5_000 });
  await rest(page, layer);
}

async function hoversSince(options: Page, since: number): Promise<(StoredEvent & { payload: Hover })[]> {
  return (await storedEvents(options))
    .filter((e): e is StoredEvent & { payload: Hover } => e.action === 'hover' && e.time >= since)
    .sort((a, b) => a.time - b.time);
}

interface PageRun {
  file: string;
  want: ExpectedPage;
  plans: Planned[];
  looks: (Planned & { events: (StoredEvent & { payload: Hover })[] })[];
  silentDocs: Set<string>;
  /** Whether the page (its product frame's document, for a product in a frame) showed the "Share to chat" button. */
  shareButton: boolean;
}

/**
 * A page's looks against expected.json. The product's own pictures must carry the page product's id as the detector
 * found it (its product view's; expected.json's where no view was logged): whether the detector reads the right id
 * from the markup is the detector's test, and a mismatch is reported apart. Any other picture must not carry a product
 * that is not its own.
 */
function score(run: PageRun, detectedId: string | undefined): PageResult {
  const { want, looks } = run;
  const expectedId = want.kind === 'product' ? want.product.id : null;
  const pageId = detectedId ?? expectedId;
  const result: PageResult = {
    file: run.file,
    productImages: 0,
    productImagesRight: 0,
    otherImages: 0,
    otherImagesTakenByPage: 0,
    cards: 0,
    cardsWithTheirId: 0,
    tooSmall: run.plans.filter((p) => !p.loggable).length,
    detector: detectedId && expectedId && detectedId !== expectedId ? `detected id ${detectedId}, expected ${expectedId}` : null,
    wrong: [
      ...[...run.silentDocs].map((d) => `no hover is logged in ${d || 'the page'} at all`),
      ...looks.flatMap((l) => (l.events.length > 1 ? [`${l.entry.selector}: ${l.events.length} hover events for one look`] : [])),
    ],
  };
  for (const { entry, events } of looks) {
    const got = events[0]?.payload;
    const said = `${entry.selector}: want ${entry.role} ${entry.productId}, got ${got?.image?.role} ${got?.productId}`;
    if (entry.role === 'main' || entry.role === 'gallery' || entry.role === 'thumbnail') {
      result.productImages++;
      // "@page": no id in the markup; the detector names the product by its address, so only the detected id can say.
      const right = !!got?.productId && !!pageId && got.productId === pageId && got.image?.role === entry.role;
      if (right) result.productImagesRight++;
      else result.wrong.push(said);
      continue;
    }
    result.otherImages++;
    // Attributed to a product that is not the picture's own: on a product page, that is the page's product.
    if (got?.productId && got.productId !== entry.productId) {
      result.otherImagesTakenByPage++;
      result.wrong.push(said);
    }
    if (entry.role === 'card') {
      result.cards++;
      if (got?.productId === entry.productId && got?.image?.role === 'card') result.cardsWithTheirId++;
    }
  }
  return result;
}

function pct(n: number, d: number): string {
  return d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`;
}

describe('store fixtures in real Chromium: every picture hovered', () => {
  const harness = useHarness();

  it('attributes the product pictures with their roles and no other picture to the page product', async () => {
    const h = harness();
    const raw = JSON.parse(await readFile(join(FIXTURES_DIR, 'stores/expected.json'), 'utf8')) as unknown;
    const expected = v.parse(ExpectedStoresSchema, raw);
    const options = await openOptions(h);
    const page = await h.context.newPage();
    const runs: PageRun[] = [];

    for (const [file, want] of Object.entries(expected) as [string, ExpectedPage][]) {
      if (want.kind === 'none') continue;
      await page.goto(`${h.fixtures.url}/stores/${file}`);
      if (want.kind === 'product' && want.frame) await page.frameLocator(want.frame).locator('body').waitFor();

      // Per document, pictures first and thumbnails last: a thumbnail hover may swap the main picture (Amazon).
      const shown = want.images.filter((e) => !e.hidden);
      const ordered = [...shown].sort(
        (a, b) => Number(!!a.frame) - Number(!!b.frame) || Number(a.role === 'thumbnail') - Number(b.role === 'thumbnail'),
      );
      const plans: Planned[] = [];
      for (const entry of ordered) {
        const picture = scopeOf(page, entry.frame).locator(entry.selector);
        await picture.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
        const bb = await picture.boundingBox();
        const loggable = !!bb && bb.width >= MIN_HOVER_IMAGE_PX && bb.height >= MIN_HOVER_IMAGE_PX;
        plans.push({ entry, target: entry.layer ?? entry.selector, loggable });
      }

      // Each look is waited for: its hover event is the one stored from the start of the look on. The first loggable
      // look in a document doubles as the wait for that document's logger to listen, and is made again until it is.
      const run: PageRun = { file, want, plans, looks: [], silentDocs: new Set(), shareButton: false };
      const readyDocs = new Set<string>();
      for (const plan of plans) {
        const scope = scopeOf(page, plan.entry.frame);
        const doc = plan.entry.frame ?? '';
        const first = !readyDocs.has(doc);
        for (let attempt = 1; ; attempt++) {
          const from = Date.now();
          await look(page, scope, plan);
          if (!plan.loggable) break;
          if (run.silentDocs.has(doc)) {
            run.looks.push({ ...plan, events: [] });
            break;
          }
          const events = await waitFor(
            async () => {
              const found = await hoversSince(options, from);
              return found.length > 0 ? found : null;
            },
            first ? READY_WAIT_MS : STORED_WAIT_MS,
            `the hover on ${plan.entry.selector}`,
          ).catch(() => []);
          if (events.length > 0 || !first || attempt >= READY_ATTEMPTS) {
            if (events.length > 0) readyDocs.add(doc);
            else if (first) run.silentDocs.add(doc); // a document whose logger never logs: its looks all count as missed
            run.looks.push({ ...plan, events });
            break;
          }
        }
      }
      // By now the page has long been detected: a product page shows the Seller its button, a listing never does.
      const buttonScope = scopeOf(page, want.kind === 'product' ? want.frame : undefined);
      run.shareButton = (await buttonScope.locator(SHARE_BUTTON_TAG).count()) > 0;
      runs.push(run);
    }
    // Leaving the last page logs its product view too: each view names the product as the detector found it.
    await page.goto('about:blank');
    const productPages = runs.filter((r) => r.want.kind === 'product' && !r.silentDocs.has(r.want.frame ?? ''));
    const views = await waitFor(
      async () => {
        const found = (await storedEvents(options)).filter((e) => e.action === 'product_view');
        return productPages.every((r) => found.some((e) => e.url === `${h.fixtures.url}/stores/${r.file}`)) ? found : null;
      },
      STORED_WAIT_MS,
      'a product view for every product page',
    ).catch(async () => (await storedEvents(options)).filter((e) => e.action === 'product_view'));
    // Each listing's view names the products whose cards were scrolled into view (all the mapped ones were).
    const listingPages = runs.filter((r) => r.want.kind === 'listing');
    const listingViews = await waitFor(
      async () => {
        const found = (await storedEvents(options)).filter((e) => e.action === 'listing_view');
        return listingPages.every((r) => found.some((e) => e.url === `${h.fixtures.url}/stores/${r.file}`)) ? found : null;
      },
      STORED_WAIT_MS,
      'a listing view for every listing page',
    ).catch(async () => (await storedEvents(options)).filter((e) => e.action === 'listing_view'));
    await page.close();
    const listingResults = listingPages.map((r) => {
      const url = `${h.fixtures.url}/stores/${r.file}`;
      const views = listingViews.filter((e) => e.url === url).map((e) => e.payload as PayloadOf<'listing_view'>);
      const cardsShown = [...new Set(r.looks.filter((l) => l.entry.role === 'card').map((l) => l.entry.productId))];
      const listed = r.want.kind === 'listing' ? r.want.listing.productIds : [];
      const named = new Set(views.flatMap((v) => v.productIds));
      return {
        file: r.file,
        views: views.length,
        basis: views.map((v) => v.basis),
        cardsScrolledIntoView: cardsShown.length,
        cardsNamed: cardsShown.filter((id) => id !== null && named.has(id)).length,
        notOnTheListing: [...named].filter((id) => !listed.includes(id)),
        listed: views.map((v) => v.listed),
      };
    });
    console.info(listingResults.map((l) => `listing_view ${l.file}: ${JSON.stringify(l)}`).join('\n'));
    const detected = (file: string) =>
      (views.find((e) => e.url === `${h.fixtures.url}/stores/${file}`)?.payload as PayloadOf<'product_view'> | undefined)?.productId;

    const results = runs.map((run) => score(run, detected(run.file)));
    const sum = (k: keyof Omit<PageResult, 'file' | 'wrong' | 'detector'>) => results.reduce((n, r) => n + r[k], 0);
    const total = {
      productImages: sum('productImages'),
      productImagesRight: sum('productImagesRight'),
      otherImages: sum('otherImages'),
      otherImagesTakenByPage: sum('otherImagesTakenByPage'),
      cards: sum('cards'),
      cardsWithTheirId: sum('cardsWithTheirId'),
      tooSmall: sum('tooSmall'),
    };
    const lines = results.map(
      (r) =>
        `${r.file.padEnd(28)} product pictures ${r.productImagesRight}/${r.productImages} right · other pictures taken by the page product ${r.otherImagesTakenByPage}/${r.otherImages} · cards with their id ${r.cardsWithTheirId}/${r.cards} · too small to log ${r.tooSmall}` +
        (r.detector ? `\n    (detector: ${r.detector})` : '') +
        r.wrong.map((w) => `\n    ✗ ${w}`).join(''),
    );
    console.info(
      [
        ...lines,
        `TOTAL product pictures attributed with the right role: ${total.productImagesRight}/${total.productImages} (${pct(total.productImagesRight, total.productImages)})`,
        `TOTAL other pictures never attributed to the page product: ${total.otherImages - total.otherImagesTakenByPage}/${total.otherImages} (${pct(total.otherImages - total.otherImagesTakenByPage, total.otherImages)})`,
        `TOTAL cards attributed to their own product: ${total.cardsWithTheirId}/${total.cards}`,
        `TOTAL pictures too small to log (under ${MIN_HOVER_IMAGE_PX} px): ${total.tooSmall}`,
      ].join('\n'),
    );
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await writeFile(
      join(ARTIFACTS_DIR, 'storefront-attribution.json'),
      JSON.stringify({ total, pages: results, listings: listingResults }, null, 2),
    );

    // A listing has no page product: no "Share to chat" and no product view; it logs one listing view when left.
    expect(runs.filter((r) => r.want.kind === 'listing' && r.shareButton).map((r) => r.file)).toEqual([]);
    expect(runs.filter((r) => r.want.kind === 'product' && !r.shareButton).map((r) => r.file)).toEqual([]);
    expect(views.filter((e) => listingPages.some((r) => e.url === `${h.fixtures.url}/stores/${r.file}`))).toEqual([]);
    for (const l of listingResults) {
      expect(l, l.file).toMatchObject({ views: 1, basis: ['in_view'], notOnTheListing: [] });
      expect(l.cardsNamed, l.file).toBe(l.cardsScrolledIntoView);
      expect(l.listed[0], l.file).toBeGreaterThanOrEqual(l.cardsScrolledIntoView);
    }

    expect(results.flatMap((r) => r.wrong.filter((w) => w.includes('hover events for one look')))).toEqual([]);
    expect(total.productImagesRight / total.productImages).toBeGreaterThanOrEqual(PRODUCT_IMAGE_TARGET);
    expect(total.otherImagesTakenByPage).toBe(0);
    // The logger finds product cards (lib/storefront/cards): every card picture carries its own card's product.
    expect(total.cardsWithTheirId).toBe(total.cards);
    await options.close();
  }, 900_000);
});
