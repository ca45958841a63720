import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Catalog } from '../../../lib/catalog/catalog-schema';
import { gradeCatalog, judgeable, parseSpec } from '../judge-spec';
import { CATALOG_PATH, SEARCH_JUDGED_DIR } from '../paths';
import type { QuerySource } from './dsl';
import { VALIDATION_SOURCES } from './validation/sources';
import { VALIDATION_2_SOURCES } from './validation-2/sources';

/**
 * Builds the blind sets written after dev and held-out, `npx tsx build-validation.ts [validation|validation-2]`:
 * tests/fixtures/search-judged/<set>.json from its queries (<set>/*.ts). It grades every product with each query's
 * spec and prints a review of the top-graded products per query (to fix specs, never grades). `--review` prints only;
 * without it the fixture is written too. `--only=<category>` limits the review.
 *
 * - validation (ids sv-…): a third blind set; unlike held-out.json it may be scored often and its failures read, to
 *   estimate generalisation while tuning; it is not frozen.
 * - validation-2 (ids sw-…): a fourth, written by a helper that saw neither the engine nor any other set; scored
 *   rarely, to estimate generalisation after tuning on the others; its failures are not read while tuning.
 */
const SETS = {
  validation: { sources: VALIDATION_SOURCES, prefix: 'sv' },
  'validation-2': { sources: VALIDATION_2_SOURCES, prefix: 'sw' },
} as const;
const name = (process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'validation') as keyof typeof SETS;
const set = SETS[name];
if (!set) throw new Error(`Unknown set ${name}: one of ${Object.keys(SETS).join(', ')}`);

type JudgedQuery = QuerySource & { id: string; grades: Record<string, 1 | 2 | 3> };

const catalog = JSON.parse(readFileSync(CATALOG_PATH, 'utf8')) as Catalog;
const products = catalog.products.map(judgeable);
const byId = new Map(catalog.products.map((p) => [p.id, p]));

const counters = new Map<string, number>();
const queries: JudgedQuery[] = set.sources.map((s) => {
  const n = (counters.get(s.category) ?? 0) + 1;
  counters.set(s.category, n);
  const spec = parseSpec(s.spec);
  return { id: `${set.prefix}-${s.category}-${String(n).padStart(3, '0')}`, ...s, spec, grades: gradeCatalog(products, spec) };
});

// The set's invariants: every answerable query has a relevant product, "none" queries have none, no
// "unanswerable-part" query has an exact (grade 3) answer, no product outside the query's category is graded, and no
// query is repeated within a category.
const problems: string[] = [];
const seen = new Set<string>();
for (const q of queries) {
  const key = `${q.category}|${q.query.toLowerCase()}`;
  if (seen.has(key)) problems.push(`${q.id}: duplicate query "${q.query}"`);
  seen.add(key);
  const grades = Object.values(q.grades);
  if (q.group === 'none' && grades.length > 0) problems.push(`${q.id} [none] grades ${grades.length} products`);
  if (q.group !== 'none' && grades.length === 0) problems.push(`${q.id} [${q.group}] grades no product`);
  if (q.group === 'unanswerable-part' && grades.includes(3)) problems.push(`${q.id} [unanswerable-part] has grade 3`);
  for (const id of Object.keys(q.grades)) {
    if (byId.get(id)?.category !== q.category) problems.push(`${q.id}: graded ${id} outside its category`);
  }
}

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

if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exitCode = 1;
} else if (!process.argv.includes('--review')) {
  mkdirSync(SEARCH_JUDGED_DIR, { recursive: true });
  // One query per line, in id order: small diffs, and a reader can scan queries without scrolling through grades.
  const lines = [...queries].sort((a, b) => a.id.localeCompare(b.id)).map((q) => `  ${JSON.stringify(q)}`);
  const head = `{\n "catalogVersion": ${JSON.stringify(catalog.version)},\n "half": ${JSON.stringify(name)},\n "queries": [\n`;
  writeFileSync(resolve(SEARCH_JUDGED_DIR, `${name}.json`), `${head}${lines.join(',\n')}\n ]\n}\n`);
  console.log(`\nwrote ${queries.length} ${name} queries`);
}
