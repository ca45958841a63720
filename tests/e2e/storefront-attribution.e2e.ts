import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { ARTIFACTS_DIR, useHarness } from './harness';
import { openOptions } from './options-page';
import { HOVER_REST_MS } from './product-page';
import { actAndWait, detectedProductIds, expectedStorePages, openStorePage, pct, scopeOf, type StoredOf } from './store-fixtures';
import type { ExpectedImage, ExpectedPage } from '../fixtures/pages/stores/expected-schema';
import { MIN_HOVER_IMAGE_PX } from '../../lib/limits';

// Every picture of every store fixture (tests/fixtures/pages/stores, mapped in expected.json) hovered in real Chromium
// with the built extension: the stored hover events must name the page product and the picture's role for the product's
// own pictures, and never the page product for any other picture (cards, logos, banners). Real layout decides here what
// happy-dom cannot (tests/unit/storefront-media.test.ts): which slide is shown, how large each picture is.

/** Share of the product's own pictures whose hovers carry the product and the right role. */
const PRODUCT_IMAGE_TARGET = 0.95;

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

interface PageRun {
  file: string;
  want: ExpectedPage;
  plans: Planned[];
  looks: (Planned & { events: StoredOf<'hover'>[] })[];
  silentDocs: Set<string>;
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

describe('store fixtures in real Chromium: every picture hovered', () => {
  const harness = useHarness();

  it('attributes the product pictures with their roles and no other picture to the page product', async () => {
    const h = harness();
    const expected = await expectedStorePages();
    const options = await openOptions(h);
    const page = await h.context.newPage();
    const runs: PageRun[] = [];

    for (const [file, want] of expected) {
      if (want.kind === 'none') continue;
      await openStorePage(page, h, file, want);

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

      // Each look is waited for: its hover event is the one stored from the start of the look on.
      const run: PageRun = { file, want, plans, looks: [], silentDocs: new Set() };
      const readyDocs = new Set<string>();
      for (const plan of plans) {
        const scope = scopeOf(page, plan.entry.frame);
        const doc = plan.entry.frame ?? '';
        if (!plan.loggable) {
          await look(page, scope, plan);
          continue;
        }
        if (run.silentDocs.has(doc)) {
          await look(page, scope, plan);
          run.looks.push({ ...plan, events: [] });
          continue;
        }
        const first = !readyDocs.has(doc);
        const { events } = await actAndWait(options, 'hover', () => look(page, scope, plan), first, `the hover on ${plan.entry.selector}`);
        if (events.length > 0) readyDocs.add(doc);
        else if (first) run.silentDocs.add(doc); // a document whose logger never logs: its looks all count as missed
        run.looks.push({ ...plan, events });
      }
      runs.push(run);
    }
    // Leaving the last page logs its product view too: each view names the product as the detector found it.
    await page.goto('about:blank');
    const productPages = runs.filter((r) => r.want.kind === 'product' && !r.silentDocs.has(r.want.frame ?? '')).map((r) => r.file);
    const detected = await detectedProductIds(options, h, productPages);
    await page.close();

    const results = runs.map((run) => score(run, detected.get(run.file)));
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
    await writeFile(join(ARTIFACTS_DIR, 'storefront-attribution.json'), JSON.stringify({ total, pages: results }, null, 2));

    expect(results.flatMap((r) => r.wrong.filter((w) => w.includes('hover events for one look')))).toEqual([]);
    expect(total.productImagesRight / total.productImages).toBeGreaterThanOrEqual(PRODUCT_IMAGE_TARGET);
    expect(total.otherImagesTakenByPage).toBe(0);
    // The logger finds product cards (lib/storefront/cards): every card picture carries its own card's product.
    expect(total.cardsWithTheirId).toBe(total.cards);
    await options.close();
  }, 900_000);
});
