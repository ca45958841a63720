import type { SearchFilters } from '../search/query';
import type { ProfileEntry } from './profile-schema';

/**
 * The Buyer profile as catalog search filters, for the overlay's one-click profile search: the budget as a
 * price range, liked brands ranked first, disliked brands and unwanted features left out. Wanted features are
 * not required (a product missing one may still be the best fit), so they only shape the query's words.
 */
export function profileSearch(entries: readonly ProfileEntry[], category: string | null): { filters: SearchFilters; words: string } {
  const filters: SearchFilters = category ? { category } : {};
  const words: string[] = [];
  for (const { item } of entries) {
    if (item.slot === 'budget') {
      if (item.min !== undefined) filters.priceMin = item.min;
      if (item.max !== undefined) filters.priceMax = item.max;
    } else if (item.slot === 'brand') {
      const list = item.like ? (filters.boostBrands ??= []) : (filters.excludeBrands ??= []);
      if (!list.includes(item.brand)) list.push(item.brand);
    } else if (item.slot === 'feature') {
      const [attribute = '', raw = ''] = item.feature.split('=');
      const value = raw === 'true' ? true : raw === 'false' ? false : raw;
      if (!item.want) {
        const current = filters.excludeAttributes?.[attribute];
        const values = Array.isArray(current) ? current : current === undefined ? [] : [current];
        (filters.excludeAttributes ??= {})[attribute] = values.length ? ([...values, value] as (string | number | boolean)[]) : value;
      } else if (typeof value === 'string') words.push(value);
    }
  }
  return { filters, words: words.join(' ') };
}
