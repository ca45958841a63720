import type { AttributeValue } from '../../lib/catalog/catalog-schema';
import type { Rng } from '../../lib/random';
import { valueMatches } from './match';
import type { Attrs, Want } from './types';

/** A priced model line a category draws variants from. */
export interface Model {
  brand: string;
  name: string;
  base: number;
  attrs: Attrs;
}

function narrow<T>(pool: readonly T[], keep: (item: T) => boolean): readonly T[] {
  const kept = pool.filter(keep);
  return kept.length ? kept : pool;
}

/** Whether the attributes a model fixes agree with what is wanted (keys the model leaves open are ignored). */
export function compatible(attrs: Attrs, want: Want): boolean {
  for (const [k, w] of Object.entries(want.attrs ?? {})) {
    const a = attrs[k];
    if (a !== undefined && !valueMatches(a, w)) return false;
  }
  for (const [k, w] of Object.entries(want.avoid ?? {})) {
    const a = attrs[k];
    if (a !== undefined && valueMatches(a, w)) return false;
  }
  return true;
}

/** Picks a model, preferring ones whose fixed attributes, base price and brand fit `want`. */
export function pickModel<M extends Model>(rng: Rng, models: readonly M[], want: Want, slack = 1.35): M {
  const avoid = want.avoidBrands ?? [];
  let pool = narrow(models, (m) => !avoid.includes(m.brand));
  pool = narrow(pool, (m) => compatible(m.attrs, want));
  const { priceMin, priceMax } = want;
  pool = narrow(
    pool,
    (m) => (priceMin === undefined || m.base >= priceMin / slack) && (priceMax === undefined || m.base <= priceMax * slack),
  );
  const liked = want.brands ?? [];
  if (liked.length && rng.chance(0.6)) pool = narrow(pool, (m) => liked.includes(m.brand));
  return rng.pick(pool);
}

/** Picks one of `options`, honouring a wanted or avoided value for `key` when one of the options allows it. */
export function choose<T extends AttributeValue>(rng: Rng, want: Want, key: string, options: readonly T[]): T {
  const w = want.attrs?.[key];
  const a = want.avoid?.[key];
  let pool = options;
  if (w !== undefined) pool = narrow(pool, (o) => valueMatches(o, w));
  if (a !== undefined) pool = narrow(pool, (o) => !valueMatches(o, a));
  return rng.pick(pool);
}

/** A shop-like price with cents: 59.99, 149.95, 24.49, 120.00. */
export function shopPrice(rng: Rng, x: number, min = 4.99): number {
  const v = Math.max(min, x);
  const whole = Math.floor(v);
  const end = rng.weighted<number>([
    [0.99, 70],
    [0.95, 14],
    [0.49, 8],
    [0, 8],
  ]);
  return Math.max(min, Math.round((whole + end) * 100) / 100);
}

/** A sale price now and then: most listings are at list price, some 10-35% off. */
export function maybeSale(rng: Rng, list: number, deep = 0.35): number {
  return rng.chance(0.35) ? list * (1 - rng.float(0.1, deep)) : list;
}

export function thousands(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The longest model name (brand + name) a title contains. */
export function longestModelIn(title: string, models: readonly Model[]): string | undefined {
  let best: string | undefined;
  for (const m of models) {
    const full = `${m.brand} ${m.name}`;
    const next = title.charAt(full.length);
    if (title.startsWith(full) && (next === ' ' || next === ',') && (best === undefined || full.length > best.length)) best = full;
  }
  return best;
}

export function lower(s: string): string {
  return s.toLowerCase();
}

/** LEGO-style list prices: 9.99, 24.99, 159.99, never above 849.99. */
export function shopPriceLego(x: number): number {
  const v = Math.round(x / 5) * 5 - 0.01;
  return Math.min(849.99, Math.max(9.99, Math.round(v * 100) / 100));
}
