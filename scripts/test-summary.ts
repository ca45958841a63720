import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

// Sums vitest's JSON report of `npm test` (the unit, server and e2e projects, run in one call) into one closing line,
// after a line per project. Given `npm test`'s exit status and the run's seconds (as .ci/run does), the line also says
// whether the run passed, or that it stopped before the tests (lint, type-check, a build or web-ext lint).
const [statusArg, secondsArg] = process.argv.slice(2);
const REPORT = resolve(import.meta.dirname, '../test-results/tests.json');

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; assertionResults: { status: string }[] }[];
}

const report = await readFile(REPORT, 'utf8').then(
  (text) => JSON.parse(text) as Report,
  () => null,
);
if (report) {
  // The project a file belongs to, by where it is (vitest.config.ts).
  const projectOf = (file: string) =>
    file.includes(`${sep}tests${sep}e2e${sep}`) ? 'e2e' : file.includes(`${sep}server${sep}`) ? 'server' : 'unit';
  const byProject = new Map<string, { passed: number; failed: number }>();
  for (const file of report.testResults) {
    const counts = byProject.get(projectOf(file.name)) ?? { passed: 0, failed: 0 };
    for (const a of file.assertionResults) {
      if (a.status === 'passed') counts.passed++;
      else if (a.status === 'failed') counts.failed++;
    }
    byProject.set(projectOf(file.name), counts);
  }
  for (const [project, c] of byProject) console.log(`${project}: ${c.passed} passed, ${c.failed} failed`);
}
const passed = report?.numPassedTests ?? 0;
const failed = report?.numFailedTests ?? 0;
const skipped = report ? report.numPendingTests + report.numTodoTests : 0;
const counts = `${passed} passed, ${failed} failed, ${skipped} skipped`;
if (statusArg === undefined) {
  console.log(counts);
} else {
  const status = Number(statusArg);
  const took = secondsArg ? ` in ${secondsArg}s` : '';
  const stage = report ? 'in the tests' : 'before the tests (lint, type-check, a build or web-ext lint)';
  console.log(
    status === 0 && failed === 0 && report ? `CI PASSED${took}: ${counts}` : `CI FAILED (exit ${status})${took}, ${stage}: ${counts}`,
  );
}
