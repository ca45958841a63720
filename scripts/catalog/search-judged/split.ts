import { mulberry32, seedOf } from '../../../lib/random';

/** The split's seed label: changing it reshuffles which queries are held out, so it never changes once frozen. */
export const SPLIT_SEED = 'search-judged-split-v1';

/**
 * Splits items in two halves at random with a fixed seed, stratified by `stratum` (group × category): each stratum is
 * shuffled and dealt alternately, and the half that gets an odd stratum's extra item alternates, so the halves differ
 * by at most one item overall and in every stratum.
 */
export function splitHalves<T>(items: readonly T[], stratum: (item: T) => string, key: (item: T) => string, seed = SPLIT_SEED): [T[], T[]] {
  const rng = mulberry32(seedOf(seed));
  const strata = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => key(a).localeCompare(key(b)))) {
    const s = stratum(item);
    strata.set(s, [...(strata.get(s) ?? []), item]);
  }
  const halves: [T[], T[]] = [[], []];
  let offset = 0;
  for (const s of [...strata.keys()].sort()) {
    const members = rng.shuffle([...(strata.get(s) ?? [])]);
    members.forEach((item, i) => halves[(i + offset) % 2]?.push(item));
    if (members.length % 2 === 1) offset = 1 - offset;
  }
  return halves;
}
