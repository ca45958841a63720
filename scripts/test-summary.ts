import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

// Sums vitest's JSON reports (unit and e2e) into one closing line: "N passed, N failed, N skipped".
const dir = resolve(import.meta.dirname, '../test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
for (const f of files) {
  const report = JSON.parse(await readFile(join(dir, f), 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  console.log(`${f}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
