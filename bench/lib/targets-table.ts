import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Row } from './report';

// docs/benchmarks.md shows every target with the figure last measured, read from bench/results/*.json, so the doc
// cannot claim a figure the results files do not hold. `npm run bench` rewrites the block; a unit test checks it.
export const DOC_PATH = resolve(import.meta.dirname, '../../docs/benchmarks.md');
export const START = '<!-- bench-targets:start (written by `npm run bench` from bench/results; do not edit) -->';
export const END = '<!-- bench-targets:end -->';
/** An area with more targets than this is shown as a count, with the ones it misses named. */
const LISTED_PER_AREA = 14;

interface AreaResult {
  area: string;
  measuredAt: string;
  rows: Row[];
}

export function readResults(dir: string): AreaResult[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as AreaResult);
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const figure = (r: Row) => cell(`${r.value}${r.unit ? ` ${r.unit}` : ''}`);
const met = (r: Row) => (r.ok ? 'yes' : '**no**');

/** The markdown table of every row with a target and a verdict (rows whose target is only reported carry no `ok`). */
export function targetsTable(results: readonly AreaResult[]): string {
  const lines = ['| area (measured) | metric | figure | target | met |', '|---|---|---|---|---|'];
  for (const { area, measuredAt, rows } of results) {
    const judged = rows.filter((r) => r.target !== undefined && typeof r.ok === 'boolean');
    if (judged.length === 0) continue;
    const label = `\`${area}\` (${measuredAt.slice(0, 10)})`;
    if (judged.length <= LISTED_PER_AREA) {
      for (const r of judged) lines.push(`| ${label} | ${cell(r.metric)} | ${figure(r)} | ${cell(r.target ?? '')} | ${met(r)} |`);
      continue;
    }
    const missed = judged.filter((r) => !r.ok);
    lines.push(
      `| ${label} | ${judged.length} targets (see \`bench/results/${area}.json\`) | ${judged.length - missed.length} met | all | ${missed.length ? '**no**' : 'yes'} |`,
    );
    for (const r of missed) lines.push(`| ${label} | ${cell(r.metric)} | ${figure(r)} | ${cell(r.target ?? '')} | ${met(r)} |`);
  }
  return lines.join('\n');
}

/** The doc with its targets block replaced by `table`. */
export function withTable(doc: string, table: string): string {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${DOC_PATH} has no "${START}" … "${END}" block`);
  return `${doc.slice(0, a + START.length)}\n${table}\n${doc.slice(b)}`;
}

/** Rewrites the doc's targets block from the results files in `dir`. */
export function writeTargetsTable(dir: string): void {
  writeFileSync(DOC_PATH, withTable(readFileSync(DOC_PATH, 'utf8'), targetsTable(readResults(dir))));
}
