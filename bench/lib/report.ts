import { writeFile, mkdir } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';

export const RESULTS_DIR = resolve(import.meta.dirname, '../results');

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samples: readonly number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return { n: s.length, mean: round(mean), p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), max: round(s.at(-1) ?? NaN) };
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export interface Row {
  metric: string;
  value: number | string;
  unit: string;
  target?: string;
  ok?: boolean;
}

/** Prints the table and writes bench/results/<area>.json with the machine it ran on. */
export async function report(area: string, rows: Row[], extra: Record<string, unknown> = {}): Promise<void> {
  console.log(`\n## ${area}`);
  console.table(
    rows.map((r) => ({
      metric: r.metric,
      value: r.value,
      unit: r.unit,
      target: r.target ?? '',
      ok: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
    })),
  );
  await mkdir(RESULTS_DIR, { recursive: true });
  const out = {
    area,
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, platform: process.platform },
    rows,
    ...extra,
  };
  await writeFile(join(RESULTS_DIR, `${area}.json`), `${JSON.stringify(out, null, 2)}\n`);
}
