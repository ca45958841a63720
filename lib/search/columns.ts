import type { AttributeValue, Product } from '../catalog/catalog-schema';
import type { AttributeFilter, SearchFilters } from './query';

/**
 * The catalog as typed-array columns: everything filtering and sorting needs, compact enough to keep in the
 * worker for 100,000 products and to persist and reload from IndexedDB in milliseconds (structured clone of
 * typed arrays is a copy, not a parse).
 */
export type AttributeColumn = Uint8Array | Uint16Array | Uint32Array;

export interface Columns {
  n: number;
  ids: string[];
  price: Float64Array;
  rating: Float32Array;
  ratingCount: Uint32Array;
  category: Uint16Array;
  brand: Uint32Array;
  categories: string[];
  brands: string[];
  /**
   * Per attribute key: the distinct values, and each product's value number plus one (0 when it has none), in
   * the smallest array that holds them: most keys have a handful of values and belong to one category.
   */
  attributes: Record<string, { values: AttributeValue[]; column: AttributeColumn }>;
}

export function buildColumns(products: readonly Product[]): Columns {
  const n = products.length;
  const categories = new Interner<string>();
  const brands = new Interner<string>();
  const attrValues = new Map<string, Interner<AttributeValue>>();
  const attrColumns = new Map<string, Uint32Array>();
  const cols: Columns = {
    n,
    ids: new Array<string>(n),
    price: new Float64Array(n),
    rating: new Float32Array(n),
    ratingCount: new Uint32Array(n),
    category: new Uint16Array(n),
    brand: new Uint32Array(n),
    categories: [],
    brands: [],
    attributes: {},
  };
  products.forEach((p, i) => {
    cols.ids[i] = p.id;
    cols.price[i] = p.price;
    cols.rating[i] = p.rating;
    cols.ratingCount[i] = p.ratingCount;
    cols.category[i] = categories.id(p.category);
    cols.brand[i] = brands.id(p.brand);
    for (const [key, value] of Object.entries(p.attributes)) {
      let interner = attrValues.get(key);
      let column = attrColumns.get(key);
      if (!interner || !column) {
        interner = new Interner<AttributeValue>();
        column = new Uint32Array(n);
        attrValues.set(key, interner);
        attrColumns.set(key, column);
      }
      column[i] = interner.id(value) + 1;
    }
  });
  cols.categories = categories.values;
  cols.brands = brands.values;
  for (const [key, interner] of attrValues) {
    const wide = attrColumns.get(key);
    if (!wide) continue;
    const size = interner.values.length + 1;
    const column = size <= 0xff ? Uint8Array.from(wide) : size <= 0xffff ? Uint16Array.from(wide) : wide;
    cols.attributes[key] = { values: interner.values, column };
  }
  return cols;
}

/** A predicate over product indexes, compiled once per query so the per-product test is array lookups. */
export function compileFilter(cols: Columns, f: SearchFilters): ((i: number) => boolean) | null {
  const tests: ((i: number) => boolean)[] = [];
  if (f.category !== undefined) {
    const c = cols.categories.indexOf(f.category);
    tests.push((i) => cols.category[i] === c);
  }
  if (f.priceMin !== undefined) {
    const min = f.priceMin;
    tests.push((i) => (cols.price[i] ?? 0) >= min);
  }
  if (f.priceMax !== undefined) {
    const max = f.priceMax;
    tests.push((i) => (cols.price[i] ?? 0) <= max);
  }
  if (f.minRating !== undefined) {
    const min = f.minRating;
    tests.push((i) => (cols.rating[i] ?? 0) >= min - 1e-6);
  }
  if (f.brands?.length) {
    const wanted = new Uint8Array(cols.brands.length);
    const lower = new Set(f.brands.map((b) => b.toLowerCase()));
    cols.brands.forEach((b, k) => (wanted[k] = lower.has(b.toLowerCase()) ? 1 : 0));
    tests.push((i) => wanted[cols.brand[i] ?? 0] === 1);
  }
  if (f.excludeBrands?.length) {
    const unwanted = new Uint8Array(cols.brands.length);
    const lower = new Set(f.excludeBrands.map((b) => b.toLowerCase()));
    cols.brands.forEach((b, k) => (unwanted[k] = lower.has(b.toLowerCase()) ? 1 : 0));
    tests.push((i) => unwanted[cols.brand[i] ?? 0] !== 1);
  }
  for (const [key, filter] of Object.entries(f.attributes ?? {})) tests.push(attributeTest(cols, key, filter, true));
  for (const [key, filter] of Object.entries(f.excludeAttributes ?? {})) tests.push(attributeTest(cols, key, filter, false));
  if (tests.length === 0) return null;
  return (i) => {
    for (const t of tests) if (!t(i)) return false;
    return true;
  };
}

function attributeTest(cols: Columns, key: string, filter: AttributeFilter, include: boolean): (i: number) => boolean {
  const attr = cols.attributes[key];
  if (!attr) return () => !include; // nobody has it: an include matches nothing, an exclude removes nothing
  const allowed = new Uint8Array(attr.values.length);
  attr.values.forEach((value, k) => (allowed[k] = valueMatches(value, filter) ? 1 : 0));
  const { column } = attr;
  // column[i] is the value number plus one; 0 means the product has no such attribute.
  return include
    ? (i) => (column[i] ?? 0) > 0 && allowed[(column[i] ?? 0) - 1] === 1
    : (i) => (column[i] ?? 0) === 0 || allowed[(column[i] ?? 0) - 1] === 0;
}

/** Scalars compare case-insensitively; a list filter matches any of its values; {min,max} ranges match numbers. */
export function valueMatches(value: AttributeValue, filter: AttributeFilter): boolean {
  if (filter !== null && typeof filter === 'object' && !Array.isArray(filter)) {
    if (typeof value !== 'number') return false;
    return (filter.min === undefined || value >= filter.min) && (filter.max === undefined || value <= filter.max);
  }
  const wanted = Array.isArray(filter) ? filter : [filter];
  const have = Array.isArray(value) ? value : [value];
  return wanted.some((w) => have.some((h) => same(h, w)));
}

function same(a: string | number | boolean, b: string | number | boolean): boolean {
  return typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

class Interner<T> {
  readonly values: T[] = [];
  private readonly index = new Map<string, number>();
  id(value: T): number {
    const key = JSON.stringify(value);
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.index.set(key, id);
    }
    return id;
  }
}
