import { mulberry32 } from '../random';

/** Bootstrap resamples for confidence intervals: enough for stable 2.5 % and 97.5 % quantiles. */
export const BOOTSTRAP_RESAMPLES = 2000;

export interface Interval {
  /** The observed mean difference, a − b. */
  diff: number;
  lo: number;
  hi: number;
  level: number;
}

/**
 * Percentile bootstrap confidence interval of the mean paired difference a[i] − b[i] (Efron & Tibshirani): pairs
 * are resampled with replacement, so the comparison keeps each Buyer (persona and seed) with itself across the two
 * Sellers. "a beats b with 95 % confidence" when the 95 % interval lies above zero. Seeded, so reports repeat.
 */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  seed = 1,
  resamples = BOOTSTRAP_RESAMPLES,
  level = 0.95,
): Interval {
  if (a.length !== b.length || a.length === 0)
    throw new Error(`paired samples must be non-empty and of equal length (${a.length}, ${b.length})`);
  const d = a.map((x, i) => x - (b[i] as number));
  const n = d.length;
  const rng = mulberry32(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += d[Math.floor(rng.next() * n)] as number;
    means[r] = s / n;
  }
  means.sort();
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))] as number;
  return { diff: d.reduce((s, x) => s + x, 0) / n, lo: at((1 - level) / 2), hi: at(1 - (1 - level) / 2), level };
}
