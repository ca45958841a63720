import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SEARCH_JUDGED_DIR } from '../paths';
import { gradeSources, judgedSetText, printReview } from './graded';
import { splitHalves } from './split';
import { SOURCES } from './sources';

/**
 * Builds tests/fixtures/search-judged/{dev,held-out}.json from the written queries: grades every product with each
 * query's spec, splits the set in two, and prints a review of the top-graded products per query (to fix specs, never
 * grades). `--review` prints only; without it the fixtures are written too.
 */

const queries = gradeSources(SOURCES, 'sj');
printReview(queries, process.argv.find((a) => a.startsWith('--only='))?.slice(7));

if (!process.argv.includes('--review')) {
  const [dev, heldOut] = splitHalves(
    queries,
    (q) => `${q.group}|${q.category}`,
    (q) => q.id,
  );
  mkdirSync(SEARCH_JUDGED_DIR, { recursive: true });
  for (const [name, set] of [
    ['dev', dev],
    ['held-out', heldOut],
  ] as const) {
    const path = resolve(SEARCH_JUDGED_DIR, `${name}.json`);
    const text = judgedSetText(name, set);
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
