import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Catalog } from '../../../lib/catalog/catalog-schema';
import { gradeCatalog, judgeable, parseSpec } from '../judge-spec';
import { CATALOG_PATH, SEARCH_JUDGED_DIR } from '../paths';
import type { QuerySource } from './dsl';
import { splitHalves } from './split';
import { SOURCES } from './sources';

/**
 * Builds tests/fixtures/search-judged/{dev,held-out}.json from the written queries: grades every product with each
 * query's spec, splits the set in two, and prints a review of the top-graded products per query (to fix specs, never
 * grades). `--review` prints only; without it the fixtures are written too.
 */

type JudgedQuery = QuerySource & { id: string; grades: Record<string, 1 | 2 | 3> };

const catalog = JSON.parse(readFileSync(CATALOG_PATH, 'utf8')) as Catalog;
const products = catalog.products.map(judgeable);
const byId = new Map(catalog.products.map((p) => [p.id, p]));

const counters = new Map<string, number>();
const queries: JudgedQuery[] = SOURCES.map((s) => {
  const n = (counters.get(s.category) ?? 0) + 1;
  counters.set(s.category, n);
  const spec = parseSpec(s.spec);
  return { id: `sj-${s.category}-${String(n).padStart(3, '0')}`, ...s, spec, grades: gradeCatalog(products, spec) };
});

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
for (const q of queries) {
  if (only && q.category !== only) continue;
  const byGrade: Record<number, string[]> = { 3: [], 2: [], 1: [] };
  for (const [id, gr] of Object.entries(q.grades)) byGrade[gr]?.push(id);
  console.log(`\n${q.id} [${q.group}] "${q.query}" — ${q.need}`);
  console.log(`  g3=${byGrade[3]?.length} g2=${byGrade[2]?.length} g1=${byGrade[1]?.length}`);
  for (const gr of [3, 2, 1]) {
    const ids = byGrade[gr] ?? [];
    const step = Math.max(1, Math.floor(ids.length / 3));
    for (const id of ids.filter((_, i) => i % step === 0).slice(0, 3)) {
      const p = byId.get(id);
      if (p) console.log(`   ${gr} ${p.title.slice(0, 90)} | ${JSON.stringify(p.attributes)} $${p.price}`);
    }
  }
}

if (!process.argv.includes('--review')) {
  const [dev, heldOut] = splitHalves(
    queries,
    (q) => `${q.group}|${q.category}`,
    (q) => q.id,
  );
  const order = (a: JudgedQuery, b: JudgedQuery) => a.id.localeCompare(b.id);
  mkdirSync(SEARCH_JUDGED_DIR, { recursive: true });
  for (const [name, set] of [
    ['dev', dev],
    ['held-out', heldOut],
  ] as const) {
    // One query per line: small diffs, and a reader can scan queries without scrolling through grades.
    const lines = [...set].sort(order).map((q) => `  ${JSON.stringify(q)}`);
    const head = `{\n "catalogVersion": ${JSON.stringify(catalog.version)},\n "half": ${JSON.stringify(name)},\n "queries": [\n`;
    const path = resolve(SEARCH_JUDGED_DIR, `${name}.json`);
    const text = `${head}${lines.join(',\n')}\n ]\n}\n`;
    // The held-out half is frozen (tests/unit/search-held-out-frozen.test.ts): a spec or query change that would alter
    // it is refused here rather than discovered later. A new blind set goes in a new file.
    if (name === 'held-out' && existsSync(path) && readFileSync(path, 'utf8') !== text && !process.argv.includes('--unfreeze')) {
      console.error(`\n${path} is frozen and this build would change it: not written (see the README there).`);
      process.exitCode = 1;
      continue;
    }
    writeFileSync(path, text);
  }
  console.log(`\nwrote ${dev.length} dev and ${heldOut.length} held-out queries`);
}
