import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median, quantileSorted } from 'd3-array';
import { bootstrapMedian } from '../../lib/analysis/bootstrap';
import { mulberry32, seedOf } from '../../lib/random';

/** The bootstrap written plainly: each resample's values drawn from the sorted data, and d3's median of them. */
function plainBootstrap(values: number[], seed: number, label: string, resamples: number) {
  const sorted = [...values].sort((a, b) => a - b);
  const rng = mulberry32((seed ^ seedOf(label)) >>> 0);
  const medians = Array.from(
    { length: resamples },
    () => median(sorted.map(() => sorted[Math.floor(rng.next() * sorted.length)] ?? NaN)) ?? NaN,
  );
  medians.sort((a, b) => a - b);
  return { estimate: median(values), low: quantileSorted(medians, 0.025), high: quantileSorted(medians, 0.975) };
}

describe('bootstrapMedian', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i);

  it('gives the median with percentile bounds that narrow around it as the data grow', () => {
    const ci = bootstrapMedian(hundred, { seed: 1, label: 'x' });
    expect(ci.estimate).toBe(49.5);
    // The sample median of 100 draws from 0..99 has a standard error near 14.5 / √100 * 1.25 ≈ 4.5 ranks: the 95 %
    // bounds fall some 7-12 ranks either side.
    expect(ci.low).toBeGreaterThanOrEqual(37);
    expect(ci.low).toBeLessThanOrEqual(43);
    expect(ci.high).toBeGreaterThanOrEqual(56);
    expect(ci.high).toBeLessThanOrEqual(62);
    const wide = bootstrapMedian(
      hundred.filter((x) => x % 10 === 0),
      { seed: 1, label: 'x' },
    );
    expect(wide.high - wide.low).toBeGreaterThan(ci.high - ci.low);
  });

  it('is the same for the same seed and label, and draws another stream for another seed or label', () => {
    const values = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9];
    const a = bootstrapMedian(values, { seed: 7, label: 'seller|B|3' });
    expect(bootstrapMedian(values, { seed: 7, label: 'seller|B|3' })).toEqual(a);
    // Few resamples, so the bounds move with the draws.
    const few = (seed: number, label: string) => JSON.stringify(bootstrapMedian(values, { seed, label, resamples: 9 }));
    const bySeed = new Set(Array.from({ length: 10 }, (_, i) => few(i, 'l')));
    const byLabel = new Set(Array.from({ length: 10 }, (_, i) => few(1, `l${i}`)));
    expect(bySeed.size).toBeGreaterThan(3);
    expect(byLabel.size).toBeGreaterThan(3);
  });

  it('reads each resample median off rank counts exactly as sorting the resample would', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -200, max: 200 }).map((x) => x / 4),
          { minLength: 1, maxLength: 25 },
        ),
        fc.nat(),
        (values, seed) => {
          const fast = bootstrapMedian(values, { seed, label: 'q', resamples: 100 });
          const plain = plainBootstrap(values, seed, 'q', 100);
          // The same resample medians; interpolating between them may differ in the last bits only.
          expect(fast.estimate).toBe(plain.estimate);
          expect(fast.low).toBeCloseTo(plain.low ?? NaN, 12);
          expect(fast.high).toBeCloseTo(plain.high ?? NaN, 12);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('has zero width on one value or equal values, and refuses none', () => {
    expect(bootstrapMedian([4], { seed: 1, label: 'x' })).toEqual({ estimate: 4, low: 4, high: 4 });
    expect(bootstrapMedian([2, 2, 2, 2], { seed: 1, label: 'x' })).toEqual({ estimate: 2, low: 2, high: 2 });
    expect(() => bootstrapMedian([], { seed: 1, label: 'x' })).toThrow(/no values/);
  });

  it('keeps low ≤ median ≤ high within the data for any data', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 30 }), fc.nat(), (values, seed) => {
        const ci = bootstrapMedian(values, { seed, label: 'p', resamples: 200 });
        expect(ci.low).toBeLessThanOrEqual(ci.estimate);
        expect(ci.estimate).toBeLessThanOrEqual(ci.high);
        expect(ci.low).toBeGreaterThanOrEqual(Math.min(...values));
        expect(ci.high).toBeLessThanOrEqual(Math.max(...values));
      }),
      { numRuns: 200 },
    );
  });
});
