import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import * as v from 'valibot';
import { ExpectedStoresSchema, type ExpectedPage, type ExpectedStores } from '../tests/fixtures/pages/stores/expected-schema';
import { CHROMIUM, CHROMIUM_ARGS, FIXTURES_DIR } from '../tests/e2e/harness';
import { serveFolder } from '../scripts/static-server';
import { bundleModule } from './lib/bundle';
import { isolatedWorld } from './lib/isolated-world';
import { measureAttribution, type AttributionRun } from './lib/storefront-hovers';
import { totalsOf, type Totals } from '../tests/e2e/store-looks';
import { report, round, type Row } from './lib/report';

// The storefront detector on every fixture page (tests/fixtures/pages/stores/ and shop/), in real Chromium: each page
// is loaded, its scripts run, and the detector runs in an isolated world, as the content script does. Two detectors
// run side by side on the same page: the current one (lib/storefront/detect.ts `detectPage`) and the one before
// issue 18 (`detectProduct` read from BASE with everything it imports, see bench/lib/bundle.ts). For each page: is
// the product found exactly (id, name, price, currency, brand) or the listing recognised (with its product ids), and
// the detector's time, median of SAMPLES samples of BATCH calls each after a warm-up.
//
// The old detector has no listings: it "recognises" a listing (or a page with no product) when it reports no product.
// The new one keeps each JSON-LD block's parse while the block's text is unchanged (a page re-checked as it changes
// parses only what changed), so its warm time leaves parsing out; `firstMs` is each detector's first call on a freshly
// loaded page (median of FIRST_LOADS loads).

/** The commit before issue 18's detector work. */
const BASE = process.env.BENCH_STOREFRONT_BASE ?? '3ec8524fd9ae6ffb51153d96e6f80380f87f6b57';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
/** Fresh loads per page for the first call's time (its median): one load's first call varies with the machine's load. */
const FIRST_LOADS = Number(process.env.BENCH_FIRST_LOADS ?? 5);
const BATCH = 10;
const TARGET_MS = 5;
/** Share of the product's own pictures whose hovers must carry the product and the right role. */
const ATTRIBUTION_TARGET = 0.95;
/** How long a page's own script may take to render its product (shop/injected.html: 800 ms). */
const SCRIPT_RENDER_MS = 3000;

interface Expectation {
  folder: 'stores' | 'shop';
  file: string;
  kind: 'product' | 'listing' | 'none';
  /** id null: the product has no id in its markup, and is known by the page's (or its canonical) address. */
  product?: { id: string | null; name: string; price: number | null; currency: string | null; brand: string | null };
  productIds?: string[];
  /** The iframe whose document holds the product. */
  frame?: string;
}

/** tests/fixtures/pages/stores/expected.json, checked. */
function storesExpected(): ExpectedStores {
  return v.parse(ExpectedStoresSchema, JSON.parse(readFileSync(join(FIXTURES_DIR, 'stores', 'expected.json'), 'utf8')));
}

/** Every fixture page with what a correct detector reports on it. */
export function fixturePages(): Expectation[] {
  const stores = storesExpected();
  const out: Expectation[] = Object.entries(stores).map(([file, p]: [string, ExpectedPage]) => ({
    folder: 'stores',
    file,
    kind: p.kind,
    ...(p.kind === 'product' ? { product: p.product, ...(p.frame ? { frame: p.frame } : {}) } : {}),
    ...(p.kind === 'listing' ? { productIds: p.listing.productIds } : {}),
  }));
  const shopDir = join(FIXTURES_DIR, 'shop');
  const shop = JSON.parse(readFileSync(join(shopDir, 'expected.json'), 'utf8')) as Record<string, Expectation['product']>;
  for (const file of readdirSync(shopDir).filter((f) => f.endsWith('.html'))) {
    const product = shop[file];
    out.push(product ? { folder: 'shop', file, kind: 'product', product } : { folder: 'shop', file, kind: 'none' });
  }
  return out;
}

/** What a detector said, as plain data. */
interface Seen {
  kind: 'product' | 'listing' | 'none';
  product?: { id: string; title: string; price?: number; currency?: string; brand?: string; source: string; fieldSources?: unknown };
  productIds?: string[];
  canonical?: string;
  address: string;
  warmMs: number;
  firstMs: number;
}

/** Runs in the page's isolated world: both detectors on the page (or its product frame), summarised, and timed. */
const MEASURE = (frame: string | undefined) => `(() => {
  const top = document;
  const doc = ${frame ? `top.querySelector(${JSON.stringify(frame)}).contentDocument` : 'top'};
  const samples = ${SAMPLES}, batch = ${BATCH};
  const summary = (page) => page.kind === 'product'
    ? { kind: 'product', product: { id: page.product.id, title: page.product.title, price: page.product.price, currency: page.product.currency, brand: page.product.brand, source: page.product.source, fieldSources: page.product.fieldSources } }
    : page.kind === 'listing' ? { kind: 'listing', productIds: page.items.map((i) => i.id) } : { kind: 'none' };
  const time = (fn) => {
    const first = fn();
    let t0;
    for (let i = 0; i < batch; i++) fn();
    const runs = [];
    for (let s = 0; s < samples; s++) {
      t0 = performance.now();
      for (let i = 0; i < batch; i++) fn();
      runs.push((performance.now() - t0) / batch);
    }
    runs.sort((a, b) => a - b);
    return { first, warmMs: runs[Math.floor(samples / 2)] };
  };
  const page = { canonical: doc.querySelector('link[rel="canonical"]')?.href, address: top.location.href };
  const now = time(() => globalThis.__fwDetectNow.detectPage(doc));
  const before = time(() => globalThis.__fwDetectBefore.detectProduct(doc));
  return {
    now: { ...summary(now.first), ...page, warmMs: now.warmMs },
    before: { ...(before.first ? summary({ kind: 'product', product: before.first }) : { kind: 'none' }), ...page, warmMs: before.warmMs },
  };
})()`;

/** Runs in a freshly loaded page's isolated world: each detector's first call, in the order given. */
const FIRST_CALLS = (frame: string | undefined, order: ('now' | 'before')[]) => `(() => {
  const doc = ${frame ? `document.querySelector(${JSON.stringify(frame)}).contentDocument` : 'document'};
  const calls = { now: () => globalThis.__fwDetectNow.detectPage(doc), before: () => globalThis.__fwDetectBefore.detectProduct(doc) };
  const out = {};
  for (const who of ${JSON.stringify(order)}) {
    const t0 = performance.now();
    calls[who]();
    out[who] = performance.now() - t0;
  }
  return out;
})()`;

/** Whether what a detector saw is what the page's expectation says. */
function judge(e: Expectation, s: Seen): { exact: boolean; kindRight: boolean } {
  if (e.kind === 'listing') {
    const kindRight = s.kind === 'listing' || (s.kind === 'none' && s.productIds === undefined);
    return { kindRight, exact: s.kind === 'listing' && JSON.stringify(s.productIds) === JSON.stringify(e.productIds) };
  }
  if (e.kind === 'none') return { kindRight: s.kind === 'none', exact: s.kind === 'none' };
  const p = s.product;
  if (s.kind !== 'product' || !p || !e.product) return { kindRight: false, exact: false };
  const idRight = e.product.id === null ? p.id === s.canonical || p.id === s.address.replace(/[?#].*$/, '') : p.id === e.product.id;
  const exact =
    idRight &&
    p.title === e.product.name &&
    (p.price ?? null) === e.product.price &&
    (p.currency ?? null) === e.product.currency &&
    (p.brand ?? null) === e.product.brand;
  return { kindRight: true, exact };
}

async function loadFixture(browser: Browser, url: string, e: Expectation): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  if (e.file === 'injected.html')
    await page.waitForFunction(() => document.querySelector('script[type="application/ld+json"]') !== null, null, {
      timeout: SCRIPT_RENDER_MS,
    });
  return page;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const [now, before] = await Promise.all([
  bundleModule('lib/storefront/detect.ts', '__fwDetectNow'),
  bundleModule('lib/storefront/detect.ts', '__fwDetectBefore', BASE),
]);
const fixtures = await serveFolder(FIXTURES_DIR);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const pages: Record<string, unknown>[] = [];
const tally = {
  now: { products: 0, listings: 0, listingIds: 0, none: 0 },
  before: { products: 0, listings: 0, listingIds: 0, none: 0 },
};
const counts = { products: 0, listings: 0, none: 0 };
let attribution: AttributionRun = { now: [], before: [] };
try {
  for (const e of fixturePages()) {
    const path = `${e.folder}/${e.file}`;
    const page = await loadFixture(browser, `${fixtures.url}/${path}`, e);
    const evaluate = await isolatedWorld(page, [now, before]);
    const seen = (await evaluate(MEASURE(e.frame))) as { now: Seen; before: Seen };
    await page.close();
    // The first call on a fresh page (the code not yet compiled, nothing kept), median of FIRST_LOADS loads, each
    // detector going first on every other load.
    const firsts: { now: number[]; before: number[] } = { now: [], before: [] };
    for (let load = 0; load < FIRST_LOADS; load++) {
      const fresh = await loadFixture(browser, `${fixtures.url}/${path}`, e);
      const first = (await (
        await isolatedWorld(fresh, [now, before])
      )(FIRST_CALLS(e.frame, load % 2 ? ['before', 'now'] : ['now', 'before']))) as { now: number; before: number };
      await fresh.close();
      firsts.now.push(first.now);
      firsts.before.push(first.before);
    }
    seen.now.firstMs = median(firsts.now);
    seen.before.firstMs = median(firsts.before);
    const row: Record<string, unknown> = { page: path, kind: e.kind, bytes: statSync(join(FIXTURES_DIR, path)).size };
    for (const who of ['now', 'before'] as const) {
      const s = seen[who];
      const j = judge(e, s);
      if (e.kind === 'product' && j.exact) tally[who].products++;
      if (e.kind === 'listing' && j.kindRight) tally[who].listings++;
      if (e.kind === 'listing' && j.exact) tally[who].listingIds++;
      if (e.kind === 'none' && j.exact) tally[who].none++;
      row[who] = {
        ...j,
        kind: s.kind,
        product: s.product,
        productIds: s.productIds,
        warmMs: round(s.warmMs, 3),
        firstMs: round(s.firstMs, 3),
      };
    }
    counts[e.kind === 'product' ? 'products' : e.kind === 'listing' ? 'listings' : 'none']++;
    pages.push(row);
    const n = row.now as { exact: boolean; warmMs: number };
    const b = row.before as { exact: boolean; warmMs: number };
    console.log(
      `${path.padEnd(36)} ${e.kind.padEnd(8)} now ${n.exact ? 'exact' : 'WRONG'} ${n.warmMs} ms · before ${b.exact ? 'exact' : 'wrong'} ${b.warmMs} ms`,
    );
  }
  attribution = await measureAttribution(browser, (file) => `${fixtures.url}/stores/${file}`, storesExpected(), BASE);
} finally {
  await browser.close();
  await fixtures.close();
}

const pct = (a: number, b: number) => (b ? round((100 * a) / b, 1) : 100);
const ms = (who: 'now' | 'before', key: 'warmMs' | 'firstMs') => pages.map((p) => (p[who] as Record<string, number>)[key] ?? NaN);
const largest = pages.reduce((a, b) => ((b.bytes as number) > (a.bytes as number) ? b : a));
const largestMs = (largest.now as { warmMs: number }).warmMs;
const largestFirstMs = (largest.now as { firstMs: number }).firstMs;
const slowest = Math.max(...ms('now', 'warmMs'));

const rows: Row[] = [
  {
    metric: 'product pages: product detected exactly (id, name, price, currency, brand)',
    value: `${tally.now.products}/${counts.products} (${pct(tally.now.products, counts.products)} %)`,
    unit: 'pages',
    target: 'all',
    ok: tally.now.products === counts.products,
  },
  {
    metric: '  before issue 18',
    value: `${tally.before.products}/${counts.products} (${pct(tally.before.products, counts.products)} %)`,
    unit: 'pages',
  },
  {
    metric: 'listing pages recognised (no page product)',
    value: `${tally.now.listings}/${counts.listings} (${pct(tally.now.listings, counts.listings)} %)`,
    unit: 'pages',
    target: 'all',
    ok: tally.now.listings === counts.listings,
  },
  {
    metric: '  with exactly the expected product ids in page order',
    value: `${tally.now.listingIds}/${counts.listings}`,
    unit: 'pages',
    target: 'all',
    ok: tally.now.listingIds === counts.listings,
  },
  {
    metric: '  before issue 18 (no listings: counted when it reports no product)',
    value: `${tally.before.listings}/${counts.listings} (${pct(tally.before.listings, counts.listings)} %)`,
    unit: 'pages',
  },
  {
    metric: 'pages with no product: none reported',
    value: `${tally.now.none}/${counts.none} (before: ${tally.before.none}/${counts.none})`,
    unit: 'pages',
    ok: tally.now.none === counts.none,
  },
  {
    metric: `detector time on the largest fixture (${largest.page as string}), median`,
    value: round(largestMs, 3),
    unit: 'ms',
    target: `≤ ${TARGET_MS}`,
    ok: largestMs <= TARGET_MS,
  },
  // The first call also compiles the detector's code (a fresh isolated world per page) and finds no parse kept.
  {
    metric: `  its first call on a fresh load (code not yet compiled, nothing kept), median of ${FIRST_LOADS}`,
    value: round(largestFirstMs, 3),
    unit: 'ms',
  },
  {
    metric: 'detector time, slowest fixture, median',
    value: round(slowest, 3),
    unit: 'ms',
    target: `≤ ${TARGET_MS}`,
    ok: slowest <= TARGET_MS,
  },
  { metric: 'detector time per page, median over pages: now', value: round(median(ms('now', 'warmMs')), 3), unit: 'ms' },
  { metric: '  before issue 18', value: round(median(ms('before', 'warmMs')), 3), unit: 'ms' },
  {
    metric: '  ratio now / before (per page, median)',
    value: round(median(pages.map((p) => (p.now as { warmMs: number }).warmMs / (p.before as { warmMs: number }).warmMs)), 2),
    unit: '×',
  },
  {
    metric: '  first call, ratio now / before (per page, median)',
    value: round(median(pages.map((p) => (p.now as { firstMs: number }).firstMs / (p.before as { firstMs: number }).firstMs)), 2),
    unit: '×',
  },
];

// Image attribution: every mapped picture hovered, the logger now beside the one before issue 18 (bench/lib/storefront-hovers.ts).
const hovers = { now: totalsOf(attribution.now), before: totalsOf(attribution.before) };
const share = (a: number, b: number) => `${a}/${b} (${pct(a, b)} %)`;
const kept = (t: Totals) => t.otherImages - t.otherImagesTakenByPage;
for (const [i, r] of attribution.now.entries()) {
  const b = attribution.before[i];
  console.log(
    `${r.file.padEnd(36)} product pictures right ${r.productImagesRight}/${r.productImages} (before ${b?.productImagesRight}/${b?.productImages}) · others taken by the page product ${r.otherImagesTakenByPage}/${r.otherImages} (before ${b?.otherImagesTakenByPage}) · cards with their id ${r.cardsWithTheirId}/${r.cards}` +
      r.wrong.map((w) => `\n    ✗ ${w}`).join(''),
  );
}
rows.push(
  {
    metric: 'product-picture hovers carrying the page product and the right role (main, gallery, thumbnail)',
    value: share(hovers.now.productImagesRight, hovers.now.productImages),
    unit: 'hovers',
    target: `≥ ${100 * ATTRIBUTION_TARGET} %`,
    ok: hovers.now.productImagesRight >= ATTRIBUTION_TARGET * hovers.now.productImages,
  },
  { metric: '  before issue 18', value: share(hovers.before.productImagesRight, hovers.before.productImages), unit: 'hovers' },
  {
    metric: '  ratio now / before',
    value: round(hovers.now.productImagesRight / Math.max(1, hovers.before.productImagesRight), 2),
    unit: '×',
  },
  {
    metric: 'other pictures (cards, logos, banners) never carrying the page product',
    value: share(kept(hovers.now), hovers.now.otherImages),
    unit: 'hovers',
    target: '100 %',
    ok: hovers.now.otherImagesTakenByPage === 0,
  },
  { metric: '  before issue 18', value: share(kept(hovers.before), hovers.before.otherImages), unit: 'hovers' },
  {
    metric: "card pictures carrying their own card's product, role card",
    value: share(hovers.now.cardsWithTheirId, hovers.now.cards),
    unit: 'hovers',
  },
  { metric: '  before issue 18', value: share(hovers.before.cardsWithTheirId, hovers.before.cards), unit: 'hovers' },
  { metric: 'pictures under 40 px (never logged, not counted)', value: hovers.now.tooSmall, unit: 'pictures' },
);

await report('storefront', rows, {
  environment: 'Chromium (playwright-core, headless), detector in an isolated world as the content script',
  base: BASE,
  samples: SAMPLES,
  batch: BATCH,
  firstLoads: FIRST_LOADS,
  pages,
  attribution: attribution.now.map((r, i) => ({ ...r, before: attribution.before[i] })),
});
