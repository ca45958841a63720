import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { RESULTS_DIR } from './lib/report';
import { DOC_PATH, writeTargetsTable } from './lib/targets-table';

// `npm run bench [area…]`: runs bench/<area>.ts for each area (all by default), each in its own process.
const dir = resolve(import.meta.dirname);
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((a) => !all.includes(a));
if (unknown.length) {
  console.error(`Unknown benchmark area(s): ${unknown.join(', ')}. Known: ${all.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const area of wanted.length ? wanted : all) {
  console.log(`\n=== bench/${area}`);
  // --expose-gc lets a benchmark measure heap after a collection.
  const r = spawnSync('node', ['--expose-gc', '--import', 'tsx', `bench/${area}.ts`], { cwd: resolve(dir, '..'), stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
// The doc's targets table follows the results files, whichever areas ran.
writeTargetsTable(RESULTS_DIR);
console.log(`\nTargets table written to ${DOC_PATH}`);
process.exit(failed ? 1 : 0);
