import type { Bm25, Boost, MiniConfig, OramaConfig } from './search-alternatives';

/**
 * Finding each alternative's best settings for this catalog on the judged DEV half (never the held-out one): a grid
 * per group of settings that interact (what matches: stemming, AND/OR, prefix, typo tolerance; field boosts; BM25
 * parameters), searched coordinate-wise from a sensible start: each group's grid is tried with the others held at the
 * best so far, and the passes repeat until one improves nothing (at most `maxPasses`). The full cross product would
 * take hours; interactions between the groups are caught by the repeated passes.
 */
export interface Dimension<C> {
  name: string;
  options: Partial<C>[];
}

export interface Tuned<C> {
  best: C;
  score: number;
  /** Settings scored (each once). */
  evaluated: number;
  passes: number;
  ms: number;
}

export function tune<C extends object>(start: C, dims: readonly Dimension<C>[], score: (c: C) => number, maxPasses = 3): Tuned<C> {
  const t0 = performance.now();
  const memo = new Map<string, number>();
  const scoreOf = (c: C) => {
    // Settings are always spread from the same start, so their keys come in one order.
    const key = JSON.stringify(c);
    let s = memo.get(key);
    if (s === undefined) memo.set(key, (s = score(c)));
    return s;
  };
  let best = start;
  let bestScore = scoreOf(start);
  let passes = 0;
  while (passes < maxPasses) {
    passes++;
    let improved = false;
    for (const dim of dims)
      for (const option of dim.options) {
        const candidate = { ...best, ...option };
        const s = scoreOf(candidate);
        // Strictly better only: ties keep the earlier (simpler or default) setting.
        if (s > bestScore + 1e-9) {
          best = candidate;
          bestScore = s;
          improved = true;
        }
      }
    if (!improved) break;
  }
  return { best, score: bestScore, evaluated: memo.size, passes, ms: performance.now() - t0 };
}

const cross = <A, B>(as: readonly A[], bs: readonly B[]) => as.flatMap((a) => bs.map((b) => [a, b] as const));

const BOOSTS: Boost[] = [
  { title: 1, brand: 1, attrs: 1, description: 1 },
  { title: 2, brand: 1, attrs: 1, description: 1 },
  { title: 3, brand: 2.5, attrs: 1.5, description: 1 },
  { title: 2, brand: 2, attrs: 1, description: 0.5 },
  { title: 3, brand: 1, attrs: 2, description: 1 },
  { title: 2, brand: 1, attrs: 2, description: 0.5 },
];
const boostDim = <C extends { boost: Boost }>(): Dimension<C> => ({
  name: 'boost',
  options: BOOSTS.map((boost) => ({ boost }) as Partial<C>),
});
/** k and b together (they trade off), then d. */
const bm25Dims = <C extends { bm25: Bm25 }>(defaults: Bm25): Dimension<C>[] => [
  {
    name: 'bm25 k, b',
    options: cross([0.9, 1.2, 2, 3], [0.3, defaults.b, 1]).map(([k, b]) => ({ bm25: { ...defaults, k, b } }) as Partial<C>),
  },
  {
    name: 'bm25 d',
    options: [0, 0.5, 1].map((d) => ({ bm25: { ...defaults, d } }) as Partial<C>),
  },
];

// Each library's BM25 defaults (MiniSearch 7: k 1.2, b 0.7, d 0.5; Orama 3: k 1.2, b 0.75, d 0.5).
const MINI_BM25: Bm25 = { k: 1.2, b: 0.7, d: 0.5 };
const ORAMA_BM25: Bm25 = { k: 1.2, b: 0.75, d: 0.5 };

/** The start is the "plain MiniSearch" the issue measured: OR-ed BM25, prefix, fuzzy 0.2, title boost 2. */
export const MINI_START: MiniConfig = {
  stemmed: false,
  combineWith: 'OR',
  prefix: true,
  fuzzy: 0.2,
  boost: BOOSTS[1]!,
  bm25: MINI_BM25,
};

export const MINI_DIMENSIONS: Dimension<MiniConfig>[] = [
  {
    name: 'matching',
    options: [false, true].flatMap((stemmed) =>
      cross(['OR', 'AND'] as const, [true, false]).flatMap(([combineWith, prefix]) =>
        [0, 0.1, 0.2, 0.3, 0.4].map((fuzzy) => ({ stemmed, combineWith, prefix, fuzzy })),
      ),
    ),
  },
  boostDim<MiniConfig>(),
  ...bm25Dims<MiniConfig>(MINI_BM25),
];

/** Orama's defaults (prefix matching, any term, no typo tolerance) with the same title boost. */
export const ORAMA_START: OramaConfig = {
  stemmed: false,
  exact: false,
  tolerance: 0,
  threshold: 1,
  boost: BOOSTS[1]!,
  bm25: ORAMA_BM25,
};

export const ORAMA_DIMENSIONS: Dimension<OramaConfig>[] = [
  {
    name: 'matching',
    options: [false, true].flatMap((stemmed) =>
      cross(
        [
          { exact: true, tolerance: 0 },
          { exact: false, tolerance: 0 },
          { exact: false, tolerance: 1 },
          { exact: false, tolerance: 2 },
        ],
        [0, 0.5, 1],
      ).map(([m, threshold]) => ({ stemmed, ...m, threshold })),
    ),
  },
  boostDim<OramaConfig>(),
  ...bm25Dims<OramaConfig>(ORAMA_BM25),
];
