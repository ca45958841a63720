import type { AttributeValue, DefaultCategoryId, Product } from '../../lib/catalog/catalog-schema';
import type { Rng } from '../../lib/random';

export type Attrs = Record<string, AttributeValue>;

/** What a product must look like to fit, as far as the generator can steer it. Every field is a soft hint. */
export interface Want {
  attrs?: Attrs;
  avoid?: Attrs;
  priceMin?: number;
  priceMax?: number;
  brands?: readonly string[];
  avoidBrands?: readonly string[];
}

/** A product before it gets an id, a rating and images. */
export interface Draft {
  brand: string;
  title: string;
  description: string;
  price: number;
  attributes: Attrs;
  /** A short name for image alt text, e.g. "LEGO Star Wars Millennium Falcon 75257". */
  short: string;
  /** What images 0..3 show, e.g. "Front of the box of". */
  views: readonly [string, string, string, string];
}

/** The fields of a product a persona's constraints look at. */
export type Fit = Pick<Product, 'brand' | 'price' | 'attributes' | 'title'>;

export interface Constraint {
  label: string;
  test: (p: Fit) => boolean;
}

export interface CategoryGen {
  id: DefaultCategoryId;
  /** A fresh generator for one run (it may remember what it made, e.g. set numbers already used). */
  create(): (rng: Rng, want: Want) => Draft;
  /** The model a title names (brand line, set, work), to group variants of one product. */
  modelOf(title: string): string | undefined;
  /** A short search query a shopper would type to find this exact product; `variant` varies its shape. */
  titleQuery(p: Product, variant: number): string;
}
