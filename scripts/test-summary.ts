import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

// Sums vitest's JSON reports (unit and e2e) into one closing line. Given `npm test`'s exit status and the run's
// seconds (as .ci/run does), the line also says whether the run passed, and which stage stopped a failed one.
const [statusArg, secondsArg] = process.argv.slice(2);
const dir = resolve(import.meta.dirname, '../test-results');
const EXPECTED_REPORTS = ['unit.json', 'e2e.json'];
let passed = 0;
let failed = 0;
let skipped = 0;
const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => EXPECTED_REPORTS.includes(f));
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
const counts = `${passed} passed, ${failed} failed, ${skipped} skipped`;
if (statusArg === undefined) {
  console.log(counts);
} else {
  const status = Number(statusArg);
  const took = secondsArg ? ` in ${secondsArg}s` : '';
  const missing = EXPECTED_REPORTS.filter((f) => !files.includes(f));
  // npm test runs lint, type-check, unit tests, the builds and web-ext lint, then e2e: a missing report says where it stopped.
  const stage = missing.includes('unit.json')
    ? 'before the unit tests (lint or type-check)'
    : missing.includes('e2e.json')
      ? 'before the end-to-end tests (unit tests, build or web-ext lint)'
      : 'in the tests';
  console.log(
    status === 0 && failed === 0 && missing.length === 0
      ? `CI PASSED${took}: ${counts}`
      : `CI FAILED (exit ${status})${took}, ${stage}: ${counts}`,
  );
}
