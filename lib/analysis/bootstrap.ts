import { median, quantileSorted } from 'd3-array';
import { mulberry32, seedOf } from '../random';

/** Resamples per interval: enough that the 2.5 % and 97.5 % points move by well under a step between seeds. */
export const BOOTSTRAP_RESAMPLES = 2000;
export const CONFIDENCE = 0.95;
/** The report's default seed: the same export gives the same bounds every time. */
export const DEFAULT_SEED = 19;

export interface Interval {
  /** The statistic on the data itself. */
  estimate: number;
  low: number;
  high: number;
}

export interface BootstrapOptions {
  seed: number;
  /** Names the interval, so each gets its own stream of draws: adding a condition leaves the others' bounds as they were. */
  label: string;
  resamples?: number;
  confidence?: number;
}

/**
 * The median of `values` with a percentile-bootstrap confidence interval: the data are resampled with replacement
 * `resamples` times, the median taken of each, and the bounds are the (1 − confidence)/2 and (1 + confidence)/2
 * quantiles of those medians (d3's R-7 quantiles). One value, or all values equal, gives a zero-width interval.
 *
 * A resample is drawn as counts of the sorted values' ranks, and its median read off the running count (the middle
 * rank, or the mean of the two middle ones, as d3's median takes it): linear in n per resample, with no sorting, so a
 * figure over thousands of conversations takes well under a second.
 */
export function bootstrapMedian(values: readonly number[], options: BootstrapOptions): Interval {
  const estimate = median(values);
  if (estimate === undefined) throw new Error('bootstrapMedian: no values');
  const n = values.length;
  const sorted = Float64Array.from(values).sort();
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const tail = (1 - (options.confidence ?? CONFIDENCE)) / 2;
  const rng = mulberry32((options.seed ^ seedOf(options.label)) >>> 0);
  const lowRank = Math.floor((n - 1) / 2);
  const highRank = Math.floor(n / 2);
  const counts = new Uint32Array(n);
  const medians: number[] = [];
  for (let r = 0; r < resamples; r++) {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const rank = Math.floor(rng.next() * n);
      counts[rank] = (counts[rank] ?? 0) + 1;
    }
    let seen = 0;
    let low = -1;
    let high = -1;
    for (let i = 0; high < 0; i++) {
      seen += counts[i] ?? 0;
      if (low < 0 && seen > lowRank) low = i;
      if (seen > highRank) high = i;
    }
    medians.push(((sorted[low] ?? estimate) + (sorted[high] ?? estimate)) / 2);
  }
  medians.sort((a, b) => a - b);
  return { estimate, low: quantileSorted(medians, tail) ?? estimate, high: quantileSorted(medians, 1 - tail) ?? estimate };
}
