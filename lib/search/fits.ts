import type { AttributeColumn, Columns } from './columns';
import type { Effect } from './understand';

/** An amount near the one asked for ("about 8 mm"), against exactly it. */
const NEAR_FIT = 0.5;
/** An age range asked in words a product is not rated in ("3-5" against "2+"), against one rated in them. */
const WRITTEN_ELSEWHERE = 0.8;
/** Age tables kept between queries (one per age asked). */
const MAX_AGE_TABLES = 32;

/** How far product i meets a reading, 0 to 1. */
export type Fit = (i: number) => number;

/** One attribute column and the fit of each of its value numbers (index 0: the product has no value, fit 0). */
interface ValueFits {
  column: AttributeColumn;
  fits: Float32Array;
}

/**
 * How far products meet a query's readings, resolved once per reading to the columns it reads, so that a pass over
 * 100,000 products is a table lookup per product: no attribute lookup by name, no per-product switch, no age table
 * looked up by a key built per product.
 */
export class Fits {
  private readonly ages = new Map<string, ValueFits[]>();
  private readonly numbers = new Map<string, { column: AttributeColumn; values: Float64Array } | null>();
  private logPrice: Float64Array | null = null;
  /** Per attribute column, per category, the value numbers its products have. */
  private readonly present = new Map<AttributeColumn, Uint32Array[]>();
  /** Per category, its products' prices in ascending order. */
  private prices: Float64Array[] | null = null;

  constructor(private readonly cols: Columns) {}

  /**
   * The reading's fit. A ranking reading (`rank`, `cheap`) fits by where the product's amount lies in `range`, the
   * amount's smallest and largest value among the candidates; without a range it fits nothing.
   */
  of(e: Effect, range?: readonly [number, number]): Fit {
    const cols = this.cols;
    switch (e.type) {
      case 'attr':
      case 'age':
        return byValue(this.valueTables(e));
      case 'price': {
        const price = cols.price;
        const [min, max] = priceBounds(e);
        return (i) => {
          const p = price[i] ?? 0;
          return p >= min && p <= max ? 1 : 0;
        };
      }
      case 'rank':
      case 'cheap': {
        const amount = this.amount(e.type === 'rank' ? e.key : '');
        if (!range || !(range[1] > range[0])) return () => 0;
        const [lo, hi] = range;
        const span = hi - lo;
        const up = (e.type === 'cheap' ? 1 : e.dir) < 0;
        return (i) => {
          const v = amount(i);
          if (Number.isNaN(v)) return 0;
          const x = (v - lo) / span;
          return up ? x : 1 - x;
        };
      }
      default:
        return () => 0;
    }
  }

  /**
   * Per category, how well its best product meets a reading that is not a ranking, from what the category's
   * products have (their values, their prices) rather than a pass over every product.
   */
  best(e: Effect): Float32Array {
    const cols = this.cols;
    const out = new Float32Array(cols.categories.length);
    if (e.type === 'price') {
      const [min, max] = priceBounds(e);
      this.pricesByCategory().forEach((prices, c) => {
        const k = firstAtLeast(prices, min);
        if (k < prices.length && (prices[k] ?? Infinity) <= max) out[c] = 1;
      });
      return out;
    }
    for (const { column, fits } of this.valueTables(e))
      this.presentValues(column).forEach((values, c) => {
        for (const k of values) if ((fits[k] ?? 0) > (out[c] ?? 0)) out[c] = fits[k] ?? 0;
      });
    return out;
  }

  /** The amount a ranking reads per product ('' = price, on a log scale), NaN when the product has none. */
  amount(key: string): (i: number) => number {
    if (key === '') {
      const cols = this.cols;
      this.logPrice ??= Float64Array.from(cols.price, (p) => Math.log1p(p));
      const logPrice = this.logPrice;
      return (i) => logPrice[i] ?? NaN;
    }
    let known = this.numbers.get(key);
    if (known === undefined) {
      const attr = this.cols.attributes[key];
      known = attr
        ? {
            column: attr.column,
            values: Float64Array.from([NaN, ...attr.values], (v) => (typeof v === 'number' ? v : NaN)),
          }
        : null;
      this.numbers.set(key, known);
    }
    if (!known) return () => NaN;
    const { column, values } = known;
    return (i) => values[column[i] ?? 0] ?? NaN;
  }

  /** The smallest and largest amount among the products, for a ranking's fit. */
  range(key: string, products: readonly number[]): [number, number] {
    const amount = this.amount(key);
    let lo = Infinity;
    let hi = -Infinity;
    for (const i of products) {
      const v = amount(i);
      if (Number.isNaN(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    return [lo, hi];
  }

  /** The attribute columns a reading reads and the fit of each of their values: an attribute's one, or every age attribute. */
  private valueTables(e: Effect): ValueFits[] {
    if (e.type === 'age') return this.ageTable(e.age, e.plus, e.written);
    if (e.type !== 'attr') return [];
    const attr = this.cols.attributes[e.key];
    if (!attr) return [];
    const fits = new Float32Array(attr.values.length + 1);
    for (let k = 1; k < fits.length; k++) fits[k] = e.allowed[k - 1] !== 1 ? 0 : !e.exact || e.exact[k - 1] === 1 ? 1 : NEAR_FIT;
    return [{ column: attr.column, fits }];
  }

  private presentValues(column: AttributeColumn): Uint32Array[] {
    let known = this.present.get(column);
    if (!known) {
      const sets = this.cols.categories.map(() => new Set<number>());
      const category = this.cols.category;
      for (let i = 0; i < column.length; i++) {
        const k = column[i] ?? 0;
        if (k > 0) sets[category[i] ?? 0]?.add(k);
      }
      known = sets.map((values) => Uint32Array.from(values));
      this.present.set(column, known);
    }
    return known;
  }

  private pricesByCategory(): Float64Array[] {
    if (!this.prices) {
      const lists: number[][] = this.cols.categories.map(() => []);
      this.cols.price.forEach((p, i) => lists[this.cols.category[i] ?? 0]?.push(p));
      this.prices = lists.map((l) => Float64Array.from(l).sort());
    }
    return this.prices;
  }

  /** Per age attribute, the fit of each of its values, worked out once per age asked rather than per product. */
  private ageTable(age: number, plus: boolean, written?: string): ValueFits[] {
    const key = `${age}${plus ? '+' : ''}:${written ?? ''}`;
    const known = this.ages.get(key);
    if (known) return known;
    const table = Object.entries(this.cols.attributes)
      .filter(([name]) => isAgeKey(name))
      .map(([, attr]) => ({
        column: attr.column,
        fits: Float32Array.from([null, ...attr.values], (v) => {
          if (v === null) return 0;
          if (typeof v === 'number')
            return plus ? (v >= age ? 1 - Math.min(1, (v - age) / 10) : 0) : v <= age ? 1 - Math.min(0.8, (age - v) / 10) : 0;
          if (written !== undefined && typeof v === 'string' && v.replace(/\s|–/g, (c) => (c === '–' ? '-' : '')) === written) return 1;
          const range = typeof v === 'string' ? ageRange(v) : null;
          const near = written !== undefined ? WRITTEN_ELSEWHERE : 1;
          // "18+" asks for products rated from 18; "for a 10 year old" for those a 10-year-old is within.
          if (!range) return 0;
          // Written as asked ("18+") fits best; another range from that age ("adult") nearly as well.
          if (plus) return range[0] >= age ? near - Math.min(near, (range[0] - age) / 10) : 0;
          return age >= range[0] - 1e-9 && age <= range[1] + 1e-9 ? near : 0;
        }),
      }));
    if (this.ages.size > MAX_AGE_TABLES) this.ages.clear();
    this.ages.set(key, table);
    return table;
  }
}

/** A price reading's bounds, inclusive; an open end is infinite. */
function priceBounds(e: Extract<Effect, { type: 'price' }>): [number, number] {
  return [e.min ?? -Infinity, e.max ?? Infinity];
}

/** A fit read from attribute columns: the best of the product's values' fits. */
function byValue(tables: ValueFits[]): Fit {
  const [only] = tables;
  if (tables.length === 1 && only) {
    const { column, fits } = only;
    return (i) => fits[column[i] ?? 0] ?? 0;
  }
  return (i) => {
    let fit = 0;
    for (const { column, fits } of tables) {
      const f = fits[column[i] ?? 0] ?? 0;
      if (f > fit) fit = f;
    }
    return fit;
  };
}

/**
 * An attribute that says what age a product is for: a word of its key is "age" ("ageMin", "readingAge", "min_age"),
 * not merely its letters ("lifeStage" is a pet's, "package" nobody's).
 */
export function isAgeKey(key: string): boolean {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((w) => w === 'age' || w === 'ages');
}

/** The first position in ascending `sorted` holding a value of at least x. */
function firstAtLeast(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? 0) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** "8-12" → [8, 12]; "8+" → [8, 120]; "adult" → [18, 120]; "all ages" → [0, 120]. */
export function ageRange(text: string): [number, number] | null {
  const t = text.toLowerCase();
  const m = /(\d+)\s*[-–to]+\s*(\d+)/.exec(t);
  if (m) return [Number(m[1]), Number(m[2])];
  const plus = /(\d+)\s*\+/.exec(t);
  if (plus) return [Number(plus[1]), 120];
  if (/adult|grown/.test(t)) return [18, 120];
  if (/teen|young adult|ya\b/.test(t)) return [13, 18];
  if (/all/.test(t)) return [0, 120];
  return null;
}
