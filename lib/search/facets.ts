import type { AttributeValue } from '../catalog/catalog-schema';
import type { Columns } from './columns';

/** What the filter chips offer for a category: its brands and the attributes worth filtering on. */
export interface Facets {
  category: string | null;
  count: number;
  price: { min: number; max: number } | null;
  brands: { name: string; count: number }[];
  /** Yes/no attributes (wireless, grain free), offered as single chips. */
  flags: { key: string; count: number }[];
  /** Attributes with a few distinct values (type, theme, terrain), offered as chip groups. */
  options: { key: string; values: { value: string; count: number }[] }[];
}

const MAX_BRANDS = 15;
const MAX_OPTION_VALUES = 12;

export function computeFacets(cols: Columns, category: string | null): Facets {
  const c = category === null ? -1 : cols.categories.indexOf(category);
  const inScope = (i: number) => c < 0 || cols.category[i] === c;
  const brandCounts = new Map<number, number>();
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < cols.n; i++) {
    if (!inScope(i)) continue;
    count++;
    const b = cols.brand[i] ?? 0;
    brandCounts.set(b, (brandCounts.get(b) ?? 0) + 1);
    const p = cols.price[i] ?? 0;
    if (p < min) min = p;
    if (p > max) max = p;
  }
  const flags: Facets['flags'] = [];
  const options: Facets['options'] = [];
  if (c >= 0 || cols.categories.length === 1) {
    for (const [key, { values, column }] of Object.entries(cols.attributes)) {
      const perValue = new Map<number, number>();
      for (let i = 0; i < cols.n; i++) {
        const v = (column[i] ?? 0) - 1; // stored plus one; -1: the product has none
        if (v >= 0 && inScope(i)) perValue.set(v, (perValue.get(v) ?? 0) + 1);
      }
      if (perValue.size === 0) continue;
      const present = [...perValue].map(([v, n]) => [values[v], n] as [AttributeValue | undefined, number]);
      if (present.every(([v]) => typeof v === 'boolean')) {
        const yes = present.find(([v]) => v === true)?.[1] ?? 0;
        if (yes > 0 && yes < count) flags.push({ key, count: yes });
      } else if (present.every(([v]) => typeof v === 'string') && perValue.size <= MAX_OPTION_VALUES && perValue.size > 1) {
        options.push({
          key,
          values: present
            .map(([v, n]) => ({ value: String(v), count: n }))
            .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
        });
      }
    }
  }
  return {
    category,
    count,
    price: count ? { min, max } : null,
    brands: [...brandCounts]
      .map(([b, n]) => ({ name: cols.brands[b] ?? '', count: n }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, MAX_BRANDS),
    flags: flags.sort((a, b) => b.count - a.count),
    options,
  };
}
