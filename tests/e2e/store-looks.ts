import type { Locator, Page } from 'playwright-core';
import type { ExpectedImage, ExpectedPage } from '../fixtures/pages/stores/expected-schema';
import { MIN_HOVER_IMAGE_PX } from '../../lib/limits';
import type { PayloadOf } from '../../lib/events/event-schema';
import { HOVER_REST_MS } from './product-page';
import { scopeOf } from './store-fixtures';

// Looking at the pictures of a store fixture (tests/fixtures/pages/stores, mapped in expected.json) as a person does
// (the pointer rests on each, then moves away), and scoring the hovers a logger made of them: shared by the e2e test
// (tests/e2e/storefront-attribution.e2e.ts, the built extension) and the bench (bench/storefront.ts, the logger now
// and before issue 18 side by side).

type Hover = PayloadOf<'hover'>;

export interface Planned {
  entry: ExpectedImage;
  /** The element the pointer rests on: the zoom layer over the picture where there is one, else the picture. */
  target: string;
  /** Large enough to be logged (MIN_HOVER_IMAGE_PX): smaller pictures are icons and are never logged. */
  loggable: boolean;
}

/** One look and the hovers logged for it (exactly one is right). */
export interface Look extends Planned {
  hovers: Hover[];
}

export interface PageResult {
  file: string;
  productImages: number;
  productImagesRight: number;
  otherImages: number;
  otherImagesTakenByPage: number;
  cards: number;
  cardsWithTheirId: number;
  tooSmall: number;
  /** The detector's id for the page product differs from expected.json's (the detector's part, measured apart). */
  detector: string | null;
  wrong: string[];
}

/** A point of the viewport over no picture and no frame, to move the pointer to between looks. */
async function awayPoint(page: Page): Promise<{ x: number; y: number }> {
  // No named function inside: run from the bench (tsx), it would be wrapped in a helper the page does not have.
  return page.evaluate(() => {
    const w = window.innerWidth;
    const h = window.innerHeight;
    for (const x of [w - 4, 4, w / 2])
      for (let y = 4; y < h; y += 24) {
        const over = document.elementsFromPoint(x, y);
        if (!over.some((el) => el.tagName === 'IMG' || el.tagName === 'IFRAME' || /url\(/.test(el.getAttribute('style') ?? '')))
          return { x, y };
      }
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
export async function look(page: Page, plan: Planned): Promise<void> {
  const scope = scopeOf(page, plan.entry.frame);
  const picture = scope.locator(plan.entry.selector);
  await picture.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  if (plan.target === plan.entry.selector) return rest(page, picture);
  await picture.hover({ force: true });
  const layer = scope.locator(plan.target).first();
  await layer.waitFor({ state: 'attached', timeout: 5_000 });
  await rest(page, layer);
}

/**
 * The looks to make on a loaded page: its shown pictures, per document, pictures first and thumbnails last (a
 * thumbnail hover may swap the main picture, as Amazon's do), each measured where it lies once scrolled into view.
 */
export async function planLooks(page: Page, want: ExpectedPage): Promise<Planned[]> {
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
  return plans;
}

/**
 * A page's looks against expected.json. The product's own pictures must carry the page product's id as the detector
 * found it (`detectedId`; expected.json's where none was found): whether the detector reads the right id from the
 * markup is the detector's measure, and a mismatch is reported apart. Any other picture must not carry a product that
 * is not its own. `silentDocs`: documents (frame selectors, '' for the page) whose logger never logged.
 */
export function scoreLooks(
  file: string,
  want: ExpectedPage,
  plans: readonly Planned[],
  looks: readonly Look[],
  detectedId: string | undefined,
  silentDocs: ReadonlySet<string> = new Set(),
): PageResult {
  const expectedId = want.kind === 'product' ? want.product.id : null;
  const pageId = detectedId ?? expectedId;
  const result: PageResult = {
    file,
    productImages: 0,
    productImagesRight: 0,
    otherImages: 0,
    otherImagesTakenByPage: 0,
    cards: 0,
    cardsWithTheirId: 0,
    tooSmall: plans.filter((p) => !p.loggable).length,
    detector: detectedId && expectedId && detectedId !== expectedId ? `detected id ${detectedId}, expected ${expectedId}` : null,
    wrong: [
      ...[...silentDocs].map((d) => `no hover is logged in ${d || 'the page'} at all`),
      ...looks.flatMap((l) => (l.hovers.length > 1 ? [`${l.entry.selector}: ${l.hovers.length} hover events for one look`] : [])),
    ],
  };
  for (const { entry, hovers } of looks) {
    const got = hovers[0];
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

export type Totals = Omit<PageResult, 'file' | 'wrong' | 'detector'>;

export function totalsOf(results: readonly PageResult[]): Totals {
  const sum = (k: keyof Totals) => results.reduce((n, r) => n + r[k], 0);
  return {
    productImages: sum('productImages'),
    productImagesRight: sum('productImagesRight'),
    otherImages: sum('otherImages'),
    otherImagesTakenByPage: sum('otherImagesTakenByPage'),
    cards: sum('cards'),
    cardsWithTheirId: sum('cardsWithTheirId'),
    tooSmall: sum('tooSmall'),
  };
}
