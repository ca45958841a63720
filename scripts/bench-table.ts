/**
 * Rewrites the targets table in docs/benchmarks.md from bench/results, as `npm run bench` does after a run: for
 * results files committed from a run of one area (a helper's branch, a partial run), without running a bench.
 */
import { RESULTS_DIR } from '../bench/lib/report';
import { DOC_PATH, writeTargetsTable } from '../bench/lib/targets-table';

writeTargetsTable(RESULTS_DIR);
console.info(`${DOC_PATH}: targets table written from ${RESULTS_DIR}`);
