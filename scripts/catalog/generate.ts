/**
 * Generates the bundled default catalog (public/catalog/default.json) and the judged search queries
 * (tests/fixtures/judged-queries.json). Deterministic: a seeded PRNG per category, no clock, no Math.random.
 *
 *   npx tsx scripts/catalog/generate.ts      (or: npm run catalog)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CATALOG_SCHEMA_VERSION,
  type Catalog,
  DEFAULT_CATEGORIES,
  type DefaultCategoryId,
  type Persona,
  type Product,
  validateCatalog,
} from '../../lib/catalog/catalog-schema';
import { defaultAttributeErrors } from '../../lib/catalog/default-attributes';
import { generateJudged, judgedJson } from './judged';
import { countSatisfied } from './match';
import { PERSONAS, type PersonaSpec } from './personas';
import { mulberry32, type Rng, seedOf } from '../../lib/random';
import { GENERATORS, personaConstraints } from './registry';
import { CATALOG_PATH, JUDGED_PATH } from './paths';
import type { CategoryGen, Draft, Want } from './types';

export { GENERATORS, personaConstraints };

/** Products made around each persona: some that fit fully, some that miss one or two wants, and the rest random. */
const PER_PERSONA = 96;
const FULL_FIT = 18;
const PARTIAL_FIT = 40;
const MAX_IMAGES = 4;

function wantOf(spec: PersonaSpec): Want {
  const p = spec.profile;
  return {
    attrs: p.mustHave,
    avoid: p.mustNotHave,
    priceMin: p.budgetMin,
    priceMax: p.budgetMax,
    brands: p.brandsLiked,
    avoidBrands: p.brandsDisliked,
  };
}

/** The persona's wants with one of them turned around, to make near misses. */
function loosen(rng: Rng, want: Want): Want {
  const keys = Object.keys(want.attrs ?? {});
  const options = [...keys.map((k) => `attr:${k}`), 'price'];
  const pick = rng.pick(options);
  if (pick === 'price') {
    const over = want.priceMax !== undefined && (want.priceMin === undefined || rng.chance(0.7));
    if (over && want.priceMax !== undefined) return { ...want, priceMin: want.priceMax * 1.1, priceMax: want.priceMax * 2 };
    if (want.priceMin !== undefined) return { ...want, priceMin: undefined, priceMax: want.priceMin * 0.9 };
    return { ...want, priceMax: undefined };
  }
  const key = pick.slice(5);
  const attrs = { ...want.attrs };
  const value = attrs[key];
  delete attrs[key];
  return { ...want, attrs, avoid: value === undefined ? want.avoid : { ...want.avoid, [key]: value } };
}

function rate(rng: Rng): { rating: number; ratingCount: number } {
  const ratingCount = rng.chance(0.05) ? rng.int(1, 9) : Math.round(10 ** rng.float(1, 4.39));
  let rating: number;
  const r = rng.next();
  if (ratingCount < 10) rating = rng.pick([1, 2, 3, 3.5, 4, 4.5, 4.7, 5, 5]);
  else if (r < 0.06) rating = rng.float(1.4, 3.5);
  else if (r < 0.18) rating = rng.float(3.5, 3.9);
  else if (r < 0.94) rating = 3.8 + (rng.next() + rng.next()) / 2;
  else rating = rng.float(4.8, 5);
  return { rating: Math.min(5, Math.max(1, Math.round(rating * 10) / 10)), ratingCount };
}

function toProduct(rng: Rng, category: DefaultCategoryId, n: number, d: Draft): Product {
  const id = `${category}-${String(n).padStart(4, '0')}`;
  const { rating, ratingCount } = rate(rng);
  const imageCount = rng.weighted<number>([
    [1, 10],
    [2, 20],
    [3, 30],
    [MAX_IMAGES, 40],
  ]);
  const images = d.views.slice(0, imageCount).map((view, i) => ({ src: `img/${id}/${i}.svg`, alt: `${view} ${d.short}` }));
  return {
    id,
    category,
    title: d.title,
    brand: d.brand,
    description: d.description,
    price: d.price,
    currency: 'USD',
    rating,
    ratingCount,
    attributes: d.attributes,
    images,
    url: `/products/${id}`,
  };
}

function draftsFor(gen: CategoryGen, specs: readonly PersonaSpec[], rng: Rng): Draft[] {
  const make = gen.create();
  const titles = new Set<string>();
  const fresh = (want: Want, accept: (d: Draft) => boolean, tries: number): Draft | undefined => {
    for (let i = 0; i < tries; i++) {
      const d = make(rng, want);
      if (!titles.has(d.title) && accept(d)) {
        titles.add(d.title);
        return d;
      }
    }
    return undefined;
  };
  const drafts: Draft[] = [];
  for (const spec of specs) {
    const cs = personaConstraints(spec);
    const full = wantOf(spec);
    for (let i = 0; i < PER_PERSONA; i++) {
      let d: Draft | undefined;
      if (i < FULL_FIT) d = fresh(full, (x) => countSatisfied(cs, x) === cs.length, 400);
      else if (i < FULL_FIT + PARTIAL_FIT) {
        d = fresh(
          loosen(rng, full),
          (x) => {
            const n = countSatisfied(cs, x);
            return n < cs.length && n >= cs.length - 2;
          },
          200,
        );
      }
      d ??= fresh({}, () => true, 500);
      if (!d) throw new Error(`catalog: could not make a new ${gen.id} product with a unique title`);
      drafts.push(d);
    }
  }
  return drafts;
}

/** Three well-rated products that meet all the persona's wants, of different models, not another persona's targets. */
function pickTargets(spec: PersonaSpec, products: readonly Product[], gen: CategoryGen, taken: ReadonlySet<string>): string[] {
  const cs = personaConstraints(spec);
  const all = products.filter((p) => p.category === spec.category && cs.every((c) => c.test(p)));
  const free = all.filter((p) => !taken.has(p.id));
  const fits = free.length >= 3 ? free : all;
  const { budgetMin, budgetMax, brandsLiked = [] } = spec.profile;
  const mid = budgetMin !== undefined && budgetMax !== undefined ? (budgetMin + budgetMax) / 2 : undefined;
  const score = (p: Product): number =>
    p.rating +
    0.3 * Math.log10(p.ratingCount + 1) +
    (brandsLiked.includes(p.brand) ? 1 : 0) -
    (p.title.includes('(Renewed)') ? 0.6 : 0) -
    (mid ? (0.5 * Math.abs(p.price - mid)) / mid : 0);
  const good = fits.filter((p) => p.rating >= 4 && p.ratingCount >= 25);
  const ranked = (good.length >= 3 ? good : fits).map((p) => ({ p, s: score(p) })).sort((a, b) => b.s - a.s || (a.p.id < b.p.id ? -1 : 1));
  const out: Product[] = [];
  const models = new Set<string>();
  for (const { p } of ranked) {
    const model = gen.modelOf(p.title) ?? p.id;
    if (out.length < 3 && !models.has(model)) {
      out.push(p);
      models.add(model);
    }
  }
  for (const { p } of ranked) if (out.length < 3 && !out.includes(p)) out.push(p);
  if (out.length < 3) throw new Error(`catalog: persona ${spec.id} has only ${out.length} fitting products`);
  return out.map((p) => p.id);
}

/** The whole default catalog, the same on every call. */
export function generateCatalog(): Catalog {
  const products: Product[] = [];
  const personas: Persona[] = [];
  for (const { id } of DEFAULT_CATEGORIES) {
    const gen = GENERATORS[id];
    const specs = PERSONAS.filter((p) => p.category === id);
    const rng = mulberry32(seedOf(`floorwalker-catalog:${id}`));
    const drafts = rng.shuffle(draftsFor(gen, specs, rng));
    const mine = drafts.map((d, i) => toProduct(rng, id, i + 1, d));
    products.push(...mine);
    const taken = new Set<string>();
    for (const spec of specs) {
      const targets = pickTargets(spec, mine, gen, taken);
      targets.forEach((t) => taken.add(t));
      personas.push({ id: spec.id, category: spec.category, name: spec.name, mission: spec.mission, targets, profile: spec.profile });
    }
  }
  const version = `default-1.${seedOf(JSON.stringify([personas, products]))
    .toString(16)
    .padStart(8, '0')}`;
  return {
    schema: CATALOG_SCHEMA_VERSION,
    version,
    categories: DEFAULT_CATEGORIES.map((c) => ({ id: c.id, label: c.label })),
    personas,
    products,
  };
}

/** Compact JSON, one persona or product per line. */
export function catalogJson(catalog: Catalog): string {
  const head = JSON.stringify({ schema: catalog.schema, version: catalog.version, categories: catalog.categories }).slice(0, -1);
  const lines = (items: readonly unknown[]): string => items.map((x) => JSON.stringify(x)).join(',\n');
  return `${head},"personas":[\n${lines(catalog.personas)}\n],"products":[\n${lines(catalog.products)}\n]}\n`;
}

function main(): void {
  const catalog = generateCatalog();
  const checked = validateCatalog(JSON.parse(catalogJson(catalog)));
  if (!checked.ok) throw new Error(`generated catalog is invalid:\n${checked.errors.join('\n')}`);
  const attributeErrors = defaultAttributeErrors(checked.catalog.products);
  if (attributeErrors.length) throw new Error(`generated catalog has wrong category attributes:\n${attributeErrors.join('\n')}`);
  const judged = generateJudged(catalog);
  mkdirSync(dirname(CATALOG_PATH), { recursive: true });
  mkdirSync(dirname(JUDGED_PATH), { recursive: true });
  const text = catalogJson(catalog);
  writeFileSync(CATALOG_PATH, text);
  writeFileSync(JUDGED_PATH, judgedJson(judged));
  console.info(
    `wrote ${CATALOG_PATH} (${catalog.products.length} products, ${catalog.personas.length} personas, ${(text.length / 1024).toFixed(0)} KiB)`,
  );
  console.info(`wrote ${JUDGED_PATH} (${judged.queries.length} queries)`);
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(resolve(entry)).href) main();
