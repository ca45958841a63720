/**
 * Judged search queries for the default catalog (tests/fixtures/judged-queries.json), for measuring search quality.
 *
 * Relevance comes from a fixed rule over the catalog data, never from a search engine:
 *  - grade 3: the product(s) the query names: for a title query, every variant of the named model whose title has all
 *    the query's words; for a mission query, the persona's three targets;
 *  - grade 2: a product of the query's category that meets every constraint the query states (brand, attribute values,
 *    numeric bounds, price words, title words; for mission queries, the persona's whole profile and extra wants);
 *  - grade 1: a product of that category that meets all constraints but one, when there are three or more (for a
 *    title query: another variant of the named model, e.g. another colour or size).
 * Filtered queries' filters are a gate: a product that fails them is never relevant. Each query keeps at most 60
 * products, highest grades first, then by id. Typo queries copy their correctly spelled twin's relevance.
 */
import type { Catalog, Product } from '../../lib/catalog/catalog-schema';
import { GENERATORS, personaConstraints } from './registry';
import { valueMatches } from './match';
import { PERSONAS } from './personas';
import { mulberry32, type Rng, seedOf } from '../../lib/random';
import { ATTRIBUTE_QUERIES, BRAND_QUERIES, FILTERED_QUERIES, type Filters, type Need } from './queries';

export type Grade = 1 | 2 | 3;
export type QueryKind = 'title' | 'brand' | 'attribute' | 'mission' | 'typo' | 'filtered';

export interface JudgedQuery {
  id: string;
  kind: QueryKind;
  query: string;
  filters?: Filters;
  relevant: Record<string, Grade>;
  persona?: string;
}

export interface JudgedFile {
  schema: 1;
  catalogVersion: string;
  queries: JudgedQuery[];
}

export const MAX_RELEVANT = 60;
const TITLE_QUOTA: Record<string, number> = {
  lego: 5,
  smartwatches: 4,
  books: 5,
  vitamins: 4,
  running_shoes: 4,
  headphones: 4,
  pet_food: 4,
};
const TYPO_COUNT = 25;
const STOP = new Set(['a', 'an', 'the', 'and', 'of', 'for', 'with', 'in', 'on', 'to', 'by', 'at', 'or']);

/** Lower-case words without accents, apostrophes, thousands separators or stop words. */
export function tokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/(\d),(\d)/g, '$1$2')
    .split(/[^a-z0-9]+/)
    .filter((t) => t && !STOP.has(t));
}

export function matchesFilters(p: Product, f: Filters): boolean {
  if (f.category !== undefined && p.category !== f.category) return false;
  if (f.priceMin !== undefined && p.price < f.priceMin) return false;
  if (f.priceMax !== undefined && p.price > f.priceMax) return false;
  if (f.minRating !== undefined && p.rating < f.minRating) return false;
  if (f.brand?.length && !f.brand.includes(p.brand)) return false;
  for (const [k, w] of Object.entries(f.attributes ?? {})) if (!valueMatches(p.attributes[k], w)) return false;
  return true;
}

type Check = (p: Product) => boolean;

interface Spec {
  kind: QueryKind;
  query: string;
  category: string;
  checks: Check[];
  named?: Check;
  /** Grade 1 instead of "all constraints but one" (title queries: another variant of the named model). */
  partial?: Check;
  gate?: Check;
  filters?: Filters;
  persona?: string;
}

function judge(catalog: Catalog, spec: Spec): Record<string, Grade> {
  const graded: [string, Grade][] = [];
  const n = spec.checks.length;
  for (const p of catalog.products) {
    if (p.category !== spec.category || (spec.gate && !spec.gate(p))) continue;
    let grade: Grade | 0 = 0;
    if (spec.named?.(p)) grade = 3;
    else {
      const ok = spec.checks.filter((c) => c(p)).length;
      if (ok === n) grade = 2;
      else if (spec.partial ? spec.partial(p) : n >= 3 && ok === n - 1) grade = 1;
    }
    if (grade) graded.push([p.id, grade]);
  }
  const byId = (a: [string, Grade], b: [string, Grade]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  graded.sort((a, b) => b[1] - a[1] || byId(a, b));
  const kept = graded.slice(0, MAX_RELEVANT).sort(byId);
  if (!kept.some(([, g]) => g >= 2)) throw new Error(`judged: query "${spec.query}" has no product of grade 2 or more`);
  return Object.fromEntries(kept);
}

function titleWords(): (p: Product) => Set<string> {
  const cache = new Map<string, Set<string>>();
  return (p) => {
    let set = cache.get(p.id);
    if (!set) cache.set(p.id, (set = new Set(tokens(p.title))));
    return set;
  };
}

function needChecks(need: Need, words: (p: Product) => Set<string>): Check[] {
  const checks: Check[] = [];
  const { brand, priceMin, priceMax } = need;
  if (brand?.length) checks.push((p) => brand.includes(p.brand));
  for (const [k, w] of Object.entries(need.attrs ?? {})) checks.push((p) => valueMatches(p.attributes[k], w));
  for (const [k, { min, max }] of Object.entries(need.ranges ?? {})) {
    checks.push((p) => {
      const v = p.attributes[k];
      return typeof v === 'number' && (min === undefined || v >= min) && (max === undefined || v <= max);
    });
  }
  if (priceMin !== undefined || priceMax !== undefined) {
    checks.push((p) => (priceMin === undefined || p.price >= priceMin) && (priceMax === undefined || p.price <= priceMax));
  }
  for (const w of need.words ?? []) for (const t of tokens(w)) checks.push((p) => words(p).has(t));
  return checks;
}

function titleSpecs(catalog: Catalog, words: (p: Product) => Set<string>): Spec[] {
  const out: Spec[] = [];
  for (const [category, quota] of Object.entries(TITLE_QUOTA)) {
    const gen = GENERATORS[category as keyof typeof GENERATORS];
    const popular = catalog.products
      .filter((p) => p.category === category)
      .sort((a, b) => b.ratingCount - a.ratingCount || (a.id < b.id ? -1 : 1));
    const models = new Set<string>();
    for (const src of popular) {
      if (out.filter((s) => s.category === category).length >= quota) break;
      const model = gen.modelOf(src.title);
      if (!model || models.has(model)) continue;
      models.add(model);
      const query = gen.titleQuery(src, models.size - 1);
      const qt = [...new Set(tokens(query))];
      const checks = qt.map(
        (t): Check =>
          (p) =>
            words(p).has(t),
      );
      const partial: Check = (p) => p.brand === src.brand && gen.modelOf(p.title) === model;
      const named: Check = (p) => partial(p) && qt.every((t) => words(p).has(t));
      out.push({ kind: 'title', query, category, checks, named, partial });
    }
  }
  return out;
}

const NEIGHBOURS: Record<string, string> = {
  a: 's',
  b: 'v',
  c: 'x',
  d: 's',
  e: 'r',
  f: 'g',
  g: 'h',
  h: 'j',
  i: 'o',
  j: 'k',
  k: 'l',
  l: 'k',
  m: 'n',
  n: 'm',
  o: 'i',
  p: 'o',
  q: 'w',
  r: 't',
  s: 'a',
  t: 'r',
  u: 'y',
  v: 'c',
  w: 'e',
  x: 'z',
  y: 'u',
  z: 'x',
};

/** One or two letters wrong, missing, doubled or swapped in a word of five letters or more. */
function misspell(rng: Rng, word: string): string {
  const i = rng.int(1, word.length - 2);
  const op = rng.pick(['delete', 'swap', 'replace', 'double'] as const);
  const a = word.charAt(i);
  const b = word.charAt(i + 1);
  if (op === 'swap' && a !== b) return word.slice(0, i) + b + a + word.slice(i + 2);
  if (op === 'replace') return word.slice(0, i) + (NEIGHBOURS[a] ?? 'e') + word.slice(i + 1);
  if (op === 'double') return word.slice(0, i) + a + word.slice(i);
  return word.slice(0, i) + word.slice(i + 1);
}

function typoOf(rng: Rng, query: string): string | undefined {
  const parts = query.split(' ');
  const eligible = parts.map((w, i) => (/^[a-z]{5,}$/.test(w) ? i : -1)).filter((i) => i >= 0);
  if (!eligible.length) return undefined;
  const at = rng.pick(eligible);
  const word = parts[at] ?? '';
  const typo = misspell(rng, word);
  if (typo === word) return undefined;
  parts[at] = typo;
  return parts.join(' ');
}

/** The judged queries for a catalog (pure: the same catalog gives the same queries). */
export function generateJudged(catalog: Catalog): JudgedFile {
  const words = titleWords();
  const specs: Spec[] = [...titleSpecs(catalog, words)];
  for (const need of BRAND_QUERIES)
    specs.push({ kind: 'brand', query: need.query, category: need.category, checks: needChecks(need, words) });
  for (const need of ATTRIBUTE_QUERIES)
    specs.push({ kind: 'attribute', query: need.query, category: need.category, checks: needChecks(need, words) });
  for (const spec of PERSONAS) {
    const persona = catalog.personas.find((p) => p.id === spec.id);
    if (!persona) throw new Error(`judged: persona ${spec.id} is not in the catalog`);
    const cs = personaConstraints(spec);
    for (const query of spec.keywords) {
      specs.push({
        kind: 'mission',
        query,
        category: spec.category,
        persona: spec.id,
        checks: cs.map(
          (c): Check =>
            (p) =>
              c.test(p),
        ),
        named: (p) => persona.targets.includes(p.id),
      });
    }
  }
  const judged: Omit<JudgedQuery, 'id'>[] = specs.map((s) => ({
    kind: s.kind,
    query: s.query,
    relevant: judge(catalog, s),
    ...(s.persona ? { persona: s.persona } : {}),
  }));

  const rng = mulberry32(seedOf('floorwalker-judged:typos'));
  const step = judged.length / TYPO_COUNT;
  const typos: Omit<JudgedQuery, 'id'>[] = [];
  const seen = new Set(judged.map((q) => q.query));
  const used = new Set<number>();
  for (let t = 0; t < TYPO_COUNT; t++) {
    for (let j = Math.floor(t * step); j < judged.length; j++) {
      const twin = judged[j];
      if (!twin || used.has(j)) continue;
      const query = typoOf(rng, twin.query);
      if (!query || seen.has(query)) continue;
      used.add(j);
      seen.add(query);
      typos.push({ ...twin, kind: 'typo', query });
      break;
    }
  }

  const filtered = FILTERED_QUERIES.map((need): Omit<JudgedQuery, 'id'> => {
    const spec: Spec = {
      kind: 'filtered',
      query: need.query,
      category: need.category,
      checks: needChecks(need, words),
      gate: (p) => matchesFilters(p, need.filters),
    };
    return { kind: 'filtered', query: need.query, filters: need.filters, relevant: judge(catalog, spec) };
  });

  const all = [...judged, ...typos, ...filtered];
  return {
    schema: 1,
    catalogVersion: catalog.version,
    queries: all.map((q, i) => ({ id: `q${String(i + 1).padStart(3, '0')}`, ...q })),
  };
}

/** Compact JSON, one query per line. */
export function judgedJson(file: JudgedFile): string {
  const head = JSON.stringify({ schema: file.schema, catalogVersion: file.catalogVersion }).slice(0, -1);
  return `${head},"queries":[\n${file.queries.map((q) => JSON.stringify(q)).join(',\n')}\n]}\n`;
}
