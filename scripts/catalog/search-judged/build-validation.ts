import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SEARCH_JUDGED_DIR } from '../paths';
import { gradeSources, judgedSetText, printReview, productById } from './graded';
import { VALIDATION_SOURCES } from './validation/sources';
import { VALIDATION_2_SOURCES } from './validation-2/sources';
import { VALIDATION_3_SOURCES } from './validation-3/sources';

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
 * - validation-3 (ids sx-…): a fifth, written blind the same way by another helper (2026-12-07), held like validation-2.
 */
const SETS = {
  validation: { sources: VALIDATION_SOURCES, prefix: 'sv' },
  'validation-2': { sources: VALIDATION_2_SOURCES, prefix: 'sw' },
  'validation-3': { sources: VALIDATION_3_SOURCES, prefix: 'sx' },
} as const;
const name = (process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'validation') as keyof typeof SETS;
const set = SETS[name];
if (!set) throw new Error(`Unknown set ${name}: one of ${Object.keys(SETS).join(', ')}`);

const queries = gradeSources(set.sources, set.prefix);

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
    if (productById.get(id)?.category !== q.category) problems.push(`${q.id}: graded ${id} outside its category`);
  }
}

printReview(queries, process.argv.find((a) => a.startsWith('--only='))?.slice(7));

if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exitCode = 1;
} else if (!process.argv.includes('--review')) {
  mkdirSync(SEARCH_JUDGED_DIR, { recursive: true });
  writeFileSync(resolve(SEARCH_JUDGED_DIR, `${name}.json`), judgedSetText(name, queries));
  console.log(`\nwrote ${queries.length} ${name} queries`);
}
