import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import v8 from 'node:v8';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { Catalog, Product } from '../lib/catalog/catalog-schema';
import { categoryLabels, SearchEngine } from '../lib/search/engine';
import { buildColumns, compileFilter, type Columns } from '../lib/search/columns';
import { parseSearchQuery, type SearchQuery } from '../lib/search/query';
import { prebuiltIndexJson, readPrebuiltIndex } from '../lib/search/prebuilt';
import { prebuiltIndexOfCatalogFile } from '../scripts/catalog/prebuilt-index';
import type { JudgedFile } from '../scripts/catalog/judged';
import { searchFiltersOf } from '../scripts/catalog/queries';
import { productSearchFields } from '../lib/search/text';
import { scaleCatalog } from './lib/scale';
import { mulberry32 } from '../lib/random';
import { ndcgAt, reciprocalRank } from '../lib/search/quality';
import { report, round, percentile, type Row } from './lib/report';

// Catalog search at 2,200 and 100,000 products: FlexSearch (our engine, the worker's code path without the RPC
// hop) against MiniSearch on the same products, queries, filters and sorting, in the same process. Cold start is
// measured from each source the worker can load the index from: the prebuilt file shipped with the extension
// (default catalog only), the snapshot persisted in IndexedDB, or building. bench/cold-start.ts measures the
// same in the real service worker in Chromium.
const ROOT = resolve(import.meta.dirname, '..');
const SIZES = [0, 100_000]; // 0 = the default catalog as it is
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const catalog = JSON.parse(await readFile(resolve(ROOT, 'public/catalog/default.json'), 'utf8')) as Catalog;
const judged = (JSON.parse(await readFile(resolve(ROOT, 'tests/fixtures/judged-queries.json'), 'utf8')) as JudgedFile).queries;
const labels = categoryLabels(catalog.categories);

/** ≥ 300 queries: the judged ones, plus each cut short as if still being typed; each also with filters. */
function workload(): { plain: SearchQuery[]; filtered: SearchQuery[] } {
  const texts = judged.map((j) => j.query);
  for (const j of judged) {
    const words = j.query.split(/\s+/);
    const last = words.at(-1) ?? '';
    if (last.length > 3) texts.push([...words.slice(0, -1), last.slice(0, Math.ceil(last.length / 2))].join(' '));
  }
  const plain = texts.map((text) => parseSearchQuery({ text }));
  const categories = catalog.categories.map((c) => c.id);
  const filtered = texts.map((text, i) => {
    const j = judged[i];
    const f = j?.filters
      ? searchFiltersOf(j.filters)
      : { category: categories[i % categories.length], priceMax: [50, 150, 300][i % 3], minRating: i % 2 ? 4 : undefined };
    return parseSearchQuery({
      text,
      filters: Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)),
      sort: i % 4 === 3 ? 'price_asc' : 'relevance',
    });
  });
  return { plain, filtered };
}

interface Engine {
  search(q: SearchQuery): string[];
}

function flexAdapter(e: SearchEngine): Engine {
  return { search: (q) => e.search(q).page.map((i) => e.columns.ids[i] ?? '') };
}

/**
 * MiniSearch with the same fields, weights, prefix and typo tolerance, and the same filtering and sorting. Its
 * fuzzy search looks for near spellings of every word, while FlexSearch (our engine) corrects a word only when it
 * matches nothing; so MiniSearch is also measured with prefix search alone, which does less work than ours.
 */
const MINI_SEARCH_OPTIONS: SearchOptions = {
  prefix: true,
  fuzzy: 0.2,
  combineWith: 'AND',
  boost: { title: 3, brand: 2.5, attrs: 1.5, description: 1 },
};
const MINI_PREFIX_ONLY: SearchOptions = { ...MINI_SEARCH_OPTIONS, fuzzy: false };

function miniOptions() {
  return { fields: ['title', 'brand', 'attrs', 'description'], storeFields: [] as string[], searchOptions: MINI_SEARCH_OPTIONS };
}

function buildMini(products: readonly Product[]): MiniSearch {
  const ms = new MiniSearch(miniOptions());
  ms.addAll(products.map((p, i) => ({ id: i, ...productSearchFields(p, labels[p.category] ?? p.category) })));
  return ms;
}

function miniAdapter(ms: MiniSearch, cols: Columns, searchOptions: SearchOptions = MINI_SEARCH_OPTIONS): Engine {
  return {
    search(q) {
      const filter = compileFilter(cols, q.filters);
      let ids: number[];
      let score: Map<number, number> | null = null;
      if (q.text.trim()) {
        const results = ms.search(q.text, searchOptions);
        score = new Map(results.map((r) => [r.id as number, r.score]));
        ids = results.map((r) => r.id as number).filter((i) => !filter || filter(i));
      } else {
        ids = [];
        for (let i = 0; i < cols.n; i++) if (!filter || filter(i)) ids.push(i);
      }
      const price = cols.price;
      if (q.sort === 'price_asc') ids.sort((a, b) => (price[a] ?? 0) - (price[b] ?? 0));
      else if (q.sort === 'price_desc') ids.sort((a, b) => (price[b] ?? 0) - (price[a] ?? 0));
      else if (q.sort === 'rating') ids.sort((a, b) => (cols.rating[b] ?? 0) - (cols.rating[a] ?? 0));
      else if (score) {
        const s = score;
        ids.sort((a, b) => (s.get(b) ?? 0) - (s.get(a) ?? 0));
      }
      const start = q.page * q.pageSize;
      return ids.slice(start, start + q.pageSize).map((i) => cols.ids[i] ?? '');
    },
  };
}

function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const log = (msg: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);

function latencies(engine: Engine, queries: SearchQuery[], warmup = queries.length) {
  for (const q of queries.slice(0, warmup)) engine.search(q); // warm-up: JIT and caches
  const samples = queries.map((q) => {
    const t0 = performance.now();
    engine.search(q);
    return performance.now() - t0;
  });
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), n: samples.length };
}

function quality(engine: Engine) {
  let mrr = 0;
  let ndcg = 0;
  for (const j of judged) {
    const ranked = engine.search(parseSearchQuery({ text: j.query, filters: searchFiltersOf(j.filters), pageSize: 10 }));
    mrr += reciprocalRank(ranked, j.relevant);
    ndcg += ndcgAt(ranked, j.relevant, 10);
  }
  return { mrr: mrr / judged.length, ndcg10: ndcg / judged.length };
}

const { plain, filtered } = workload();
const rows: Row[] = [];
const tmp = await mkdtemp(join(tmpdir(), 'fw-bench-search-'));
const results: Record<string, unknown> = {};
const typical = parseSearchQuery({ text: 'wireless headphones' });

for (const size of SIZES) {
  // Shuffled (deterministically): the generator writes a persona's best fits first, and no engine may profit
  // from the order products were added in.
  const products = mulberry32(size + 1).shuffle(size ? scaleCatalog(catalog.products, size) : [...catalog.products]);
  const n = products.length;
  const label = n.toLocaleString('en-US');
  console.log(`\n${label} products: building…`);

  // FlexSearch engine.
  let h0 = heapMb();
  let t0 = performance.now();
  const flex = SearchEngine.build(products, labels);
  const flexBuild = performance.now() - t0;
  const flexHeap = heapMb() - h0;
  log('FlexSearch built');
  const snapshot = await flex.snapshot();
  // IndexedDB serializes a value when it is written and deserializes it when read: load = deserialize + import.
  const stored = v8.serialize(snapshot);
  const snapshotBytes = stored.length;
  const median3 = async (fn: () => Promise<number>) => {
    const runs: number[] = [];
    for (let k = 0; k < 3; k++) {
      gc();
      runs.push(await fn());
    }
    return runs.sort((a, b) => a - b)[1] ?? NaN;
  };
  let loaded = flex;
  const flexLoad = await median3(async () => {
    const t = performance.now();
    loaded = await SearchEngine.fromSnapshot(v8.deserialize(stored) as typeof snapshot);
    return performance.now() - t;
  });
  log('FlexSearch snapshot loaded');
  const flexCold = await median3(async () => {
    const t = performance.now();
    (await SearchEngine.fromSnapshot(v8.deserialize(stored) as typeof snapshot)).search(typical);
    return performance.now() - t;
  });
  // The shipped form, read from disk, parsed, checked and loaded: at 2,208 the very file the build ships (the
  // catalog in its own order, which keeps the file smaller), at 100,000 the same form made for these products.
  const prebuiltPath = join(tmp, `prebuilt-${n}.json`);
  const version = size ? `bench-${n}` : catalog.version;
  await writeFile(
    prebuiltPath,
    size ? await prebuiltIndexJson({ version, categories: catalog.categories, products }) : await prebuiltIndexOfCatalogFile(),
  );
  const prebuiltBytes = Buffer.byteLength(await readFile(prebuiltPath, 'utf8'));
  const flexColdPrebuilt = await median3(async () => {
    const t = performance.now();
    const read = readPrebuiltIndex(JSON.parse(await readFile(prebuiltPath, 'utf8')), { version, count: n });
    if (!read.ok) throw new Error(read.reason);
    (await SearchEngine.fromSnapshot(read.snapshot)).search(typical);
    return performance.now() - t;
  });
  await rm(prebuiltPath);
  t0 = performance.now();
  SearchEngine.build(products, labels).search(typical);
  const flexColdBuild = performance.now() - t0;
  log('FlexSearch cold starts measured');
  const flexPlain = latencies(flexAdapter(loaded), plain);
  const flexFiltered = latencies(flexAdapter(loaded), filtered);
  log('FlexSearch latencies measured');
  const flexQuality = size ? null : quality(flexAdapter(loaded));

  // MiniSearch, same products and workload.
  h0 = heapMb();
  t0 = performance.now();
  const cols = buildColumns(products);
  const mini = buildMini(products);
  const miniBuild = performance.now() - t0;
  const miniHeap = heapMb() - h0;
  log('MiniSearch built');
  const miniJson = JSON.stringify(mini);
  let miniLoaded = mini;
  const miniLoad = await median3(async () => {
    const t = performance.now();
    miniLoaded = MiniSearch.loadJSON(miniJson, miniOptions());
    return performance.now() - t;
  });
  const storedCols = v8.serialize(cols);
  const miniCold = await median3(async () => {
    const t = performance.now();
    miniAdapter(MiniSearch.loadJSON(miniJson, miniOptions()), v8.deserialize(storedCols) as Columns).search(typical);
    return performance.now() - t;
  });
  log('MiniSearch loaded');
  // MiniSearch is slow enough at 100,000 that warming up on every query would take most of the run.
  const miniPlain = latencies(miniAdapter(miniLoaded, cols), plain, 30);
  log('MiniSearch latencies (no filters) measured');
  const miniFiltered = latencies(miniAdapter(miniLoaded, cols), filtered, 30);
  log('MiniSearch latencies (filtered) measured');
  const miniQuality = size ? null : quality(miniAdapter(miniLoaded, cols));
  const prefixPlain = latencies(miniAdapter(miniLoaded, cols, MINI_PREFIX_ONLY), plain, 30);
  const prefixFiltered = latencies(miniAdapter(miniLoaded, cols, MINI_PREFIX_ONLY), filtered, 30);
  log('MiniSearch (prefix only) latencies measured');
  const prefixQuality = size ? null : quality(miniAdapter(miniLoaded, cols, MINI_PREFIX_ONLY));

  const p95Target = n <= 5_000 ? 1 : 15;
  const coldTarget = n <= 5_000 ? 50 : 400;
  const worstP95 = Math.max(flexPlain.p95, flexFiltered.p95);
  const ratioP95 = Math.min(miniPlain.p95 / flexPlain.p95, miniFiltered.p95 / flexFiltered.p95);
  const ratioP50 = Math.min(miniPlain.p50 / flexPlain.p50, miniFiltered.p50 / flexFiltered.p50);
  const prefixRatioP95 = Math.min(prefixPlain.p95 / flexPlain.p95, prefixFiltered.p95 / flexFiltered.p95);
  const ratios = {
    p95: ratioP95,
    p50: ratioP50,
    p95PrefixOnly: prefixRatioP95,
    build: miniBuild / flexBuild,
    load: miniLoad / flexLoad,
    coldStart: miniCold / flexCold,
    heap: miniHeap / flexHeap,
    buildOverLoad: flexBuild / flexLoad,
    coldBuildOverPrebuilt: flexColdBuild / flexColdPrebuilt,
    coldPersistedOverPrebuilt: flexCold / flexColdPrebuilt,
  };
  // Only the default catalog is shipped prebuilt; at 100,000 the row shows what the file form would cost.
  const prebuiltName = size
    ? 'prebuilt file form (hypothetical: a researcher catalog cannot be prebuilt)'
    : 'shipped prebuilt file (read + parse + load)';
  const pct = (x: { p50: number; p95: number; p99: number }) => `${round(x.p50, 3)} / ${round(x.p95, 3)} / ${round(x.p99, 3)}`;
  rows.push(
    { metric: `[${label}] index build (FlexSearch)`, value: round(flexBuild, 0), unit: 'ms' },
    { metric: `[${label}] index build (MiniSearch)`, value: round(miniBuild, 0), unit: 'ms' },
    { metric: `[${label}] load persisted index (FlexSearch)`, value: round(flexLoad, 1), unit: 'ms' },
    { metric: `[${label}] load persisted index (MiniSearch)`, value: round(miniLoad, 1), unit: 'ms' },
    { metric: `[${label}] build ÷ load (FlexSearch)`, value: round(flexBuild / flexLoad, 1), unit: '×' },
    {
      metric: `[${label}] MiniSearch ÷ FlexSearch: build / load`,
      value: `${round(ratios.build, 2)} / ${round(ratios.load, 1)}`,
      unit: '×',
    },
    {
      metric: `[${label}] cold start → first result, from persisted snapshot`,
      value: round(flexCold, 1),
      unit: 'ms',
      target: `≤ ${coldTarget} ms`,
      ok: flexCold <= coldTarget,
    },
    {
      metric: `[${label}] cold start → first result, from ${prebuiltName}`,
      value: round(flexColdPrebuilt, 1),
      unit: 'ms',
      target: `≤ ${coldTarget} ms`,
      ok: flexColdPrebuilt <= coldTarget,
    },
    { metric: `[${label}] cold start → first result, building`, value: round(flexColdBuild, 0), unit: 'ms' },
    {
      metric: `[${label}] cold start: persisted ÷ prebuilt / build ÷ prebuilt`,
      value: `${round(ratios.coldPersistedOverPrebuilt, 2)} / ${round(ratios.coldBuildOverPrebuilt, 1)}`,
      unit: '×',
    },
    {
      metric: `[${label}] ${size ? 'prebuilt file form' : 'shipped prebuilt file'} size`,
      value: round(prebuiltBytes / 1048576, 2),
      unit: 'MB',
    },
    { metric: `[${label}] cold start → first result (MiniSearch, from JSON)`, value: round(miniCold, 1), unit: 'ms' },
    {
      metric: `[${label}] MiniSearch ÷ FlexSearch: cold start (from JSON ÷ from persisted snapshot)`,
      value: round(ratios.coldStart, 1),
      unit: '×',
    },
    {
      metric: `[${label}] p50 / p95 / p99, no filters (FlexSearch)`,
      value: `${round(flexPlain.p50, 3)} / ${round(flexPlain.p95, 3)} / ${round(flexPlain.p99, 3)}`,
      unit: 'ms',
    },
    {
      metric: `[${label}] p50 / p95 / p99, filtered (FlexSearch)`,
      value: `${round(flexFiltered.p50, 3)} / ${round(flexFiltered.p95, 3)} / ${round(flexFiltered.p99, 3)}`,
      unit: 'ms',
    },
    {
      metric: `[${label}] worst p95 (FlexSearch)`,
      value: round(worstP95, 3),
      unit: 'ms',
      target: `≤ ${p95Target} ms`,
      ok: worstP95 <= p95Target,
    },
    { metric: `[${label}] p50 / p95 / p99, no filters (MiniSearch)`, value: pct(miniPlain), unit: 'ms' },
    { metric: `[${label}] p50 / p95 / p99, filtered (MiniSearch)`, value: pct(miniFiltered), unit: 'ms' },
    { metric: `[${label}] p50 / p95 / p99, no filters (MiniSearch, prefix only)`, value: pct(prefixPlain), unit: 'ms' },
    { metric: `[${label}] p50 / p95 / p99, filtered (MiniSearch, prefix only)`, value: pct(prefixFiltered), unit: 'ms' },
    {
      metric: `[${label}] MiniSearch ÷ FlexSearch at p95 (worse of the two sets)`,
      value: round(ratioP95, 1),
      unit: '×',
      target: '≥ 10×',
      ok: ratioP95 >= 10,
    },
    { metric: `[${label}] MiniSearch ÷ FlexSearch at p50 (worse of the two sets)`, value: round(ratioP50, 1), unit: '×' },
    {
      metric: `[${label}] MiniSearch prefix only (no fuzzy) ÷ FlexSearch at p95 (worse of the two sets)`,
      value: round(prefixRatioP95, 1),
      unit: '×',
    },
    { metric: `[${label}] heap used (FlexSearch / MiniSearch)`, value: `${round(flexHeap, 1)} / ${round(miniHeap, 1)}`, unit: 'MB' },
    { metric: `[${label}] MiniSearch ÷ FlexSearch: heap`, value: round(ratios.heap, 2), unit: '×' },
    {
      metric: `[${label}] persisted size (FlexSearch snapshot, serialized / MiniSearch JSON)`,
      value: `${round(snapshotBytes / 1048576, 1)} / ${round(miniJson.length / 1048576, 1)}`,
      unit: 'MB',
    },
  );
  if (flexQuality && miniQuality && prefixQuality) {
    rows.push(
      {
        metric: `[${label}] MRR (FlexSearch / MiniSearch)`,
        value: `${round(flexQuality.mrr, 3)} / ${round(miniQuality.mrr, 3)}`,
        unit: '',
      },
      {
        metric: `[${label}] nDCG@10 (FlexSearch / MiniSearch)`,
        value: `${round(flexQuality.ndcg10, 3)} / ${round(miniQuality.ndcg10, 3)}`,
        unit: '',
        target: '≥ MiniSearch',
        ok: flexQuality.ndcg10 >= miniQuality.ndcg10,
      },
      {
        metric: `[${label}] nDCG@10 (FlexSearch / MiniSearch prefix only)`,
        value: `${round(flexQuality.ndcg10, 3)} / ${round(prefixQuality.ndcg10, 3)}`,
        unit: '',
        target: '≥ MiniSearch',
        ok: flexQuality.ndcg10 >= prefixQuality.ndcg10,
      },
    );
  }
  results[String(n)] = {
    products: n,
    queries: { plain: plain.length, filtered: filtered.length, judged: judged.length },
    flexsearch: {
      buildMs: flexBuild,
      loadMs: flexLoad,
      coldStartMs: flexCold,
      coldStartPrebuiltMs: flexColdPrebuilt,
      coldStartBuildMs: flexColdBuild,
      heapMb: flexHeap,
      snapshotMb: snapshotBytes / 1048576,
      prebuiltMb: prebuiltBytes / 1048576,
      plain: flexPlain,
      filtered: flexFiltered,
      quality: flexQuality,
    },
    minisearch: {
      buildMs: miniBuild,
      loadMs: miniLoad,
      coldStartMs: miniCold,
      heapMb: miniHeap,
      jsonMb: miniJson.length / 1048576,
      plain: miniPlain,
      filtered: miniFiltered,
      quality: miniQuality,
    },
    minisearchPrefixOnly: { plain: prefixPlain, filtered: prefixFiltered, quality: prefixQuality },
    ratios,
  };
}

await rm(tmp, { recursive: true, force: true });
await report('search', rows, {
  results,
  note: 'Node, one process, products shuffled; "load persisted index" = deserialize (as IndexedDB does on read) + import, median of 3; "prebuilt" = read the file + JSON.parse + check + import, median of 3. Ratios are MiniSearch ÷ FlexSearch (higher: FlexSearch better).',
});
