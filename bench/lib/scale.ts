import type { Product } from '../../lib/catalog/catalog-schema';
import { mulberry32 } from '../../lib/random';

const EDITIONS = [
  '',
  ' (2024 Edition)',
  ' - Renewed',
  ' Bundle',
  ' Value Pack',
  ' Limited Edition',
  ' Special Edition',
  ' Pro',
  ' Lite',
  ' Plus',
  ' Gen 2',
  ' V3',
  ' XL',
  ' Mini',
  ' Classic',
  ' Select',
];
const COLORS = ['', ', Black', ', White', ', Navy', ', Red', ', Grey', ', Green', ', Blue', ', Sand', ', Olive', ', Pink', ', Silver'];

/**
 * Grows a catalog to `n` products by varying real ones (edition, colour, price, rating), keeping the
 * originals first: a larger shop with the same vocabulary, as a real 100,000-product catalog would have.
 */
export function scaleCatalog(base: readonly Product[], n: number, seed = 7): Product[] {
  const rng = mulberry32(seed);
  const rand = () => rng.next();
  const out: Product[] = base.slice(0, n);
  for (let i = out.length; i < n; i++) {
    const p = base[i % base.length] as Product;
    const k = Math.floor(i / base.length);
    const edition = EDITIONS[Math.floor(rand() * EDITIONS.length)] ?? '';
    const color = COLORS[Math.floor(rand() * COLORS.length)] ?? '';
    out.push({
      ...p,
      id: `${p.id}-v${k}`,
      title: `${p.title.replace(/, [A-Z][a-z]+$/, '')}${edition}${color}`,
      price: Math.round(p.price * (0.75 + rand() * 0.5) * 100) / 100,
      rating: Math.min(5, Math.max(1, Math.round((p.rating + (rand() - 0.5) * 0.8) * 10) / 10)),
      ratingCount: Math.floor(p.ratingCount * rand()),
      url: `/products/${p.id}-v${k}`,
    });
  }
  return out;
}
