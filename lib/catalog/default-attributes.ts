import * as v from 'valibot';
import { describeIssues } from '../validation';
import type { DefaultCategoryId, Product } from './catalog-schema';

/**
 * The attributes each of the default catalog's categories gives its products (PRODUCT.md, "Catalog"): exactly
 * these names, with these types and, where the set is closed, these values. Researchers' catalogs may have other
 * categories and attributes, so imports are checked by the generic ProductSchema only; this is for the bundled
 * catalog, whose generator checks its output with it.
 */
export const BOOK_FORMATS = ['hardcover', 'paperback', 'ebook', 'audiobook'] as const;
export const VITAMIN_FORMS = ['tablet', 'capsule', 'softgel', 'gummy', 'powder', 'liquid'] as const;
export const DIETARY_LABELS = ['vegan', 'vegetarian', 'gluten-free', 'sugar-free', 'non-GMO', 'dairy-free'] as const;
export const HEADPHONE_TYPES = ['over-ear', 'on-ear', 'in-ear', 'earbuds'] as const;
export const PHONE_PLATFORMS = ['iOS', 'Android'] as const;
export const SHOE_TERRAINS = ['road', 'trail', 'track'] as const;
export const SHOE_WIDTHS = ['narrow', 'standard', 'wide'] as const;
export const SHOE_GENDERS = ['men', 'women', 'unisex'] as const;
export const SHOE_CUSHIONING = ['minimal', 'moderate', 'max'] as const;
export const PET_SPECIES = ['dog', 'cat'] as const;
export const PET_LIFE_STAGES = ['puppy', 'kitten', 'adult', 'senior', 'all'] as const;
export const PET_FOOD_FORMS = ['dry', 'wet'] as const;

const text = v.pipe(v.string(), v.minLength(1));
const amount = v.pipe(v.number(), v.finite(), v.minValue(0));

/** Per category, the product's attributes: strict objects, so a missing or an extra attribute is an error. */
export const DEFAULT_ATTRIBUTE_SCHEMAS = {
  lego: v.strictObject({ theme: text, pieces: amount, ageRange: text, ageMin: amount }),
  smartwatches: v.strictObject({
    gps: v.boolean(),
    batteryDays: amount,
    compatibility: v.array(v.picklist(PHONE_PLATFORMS)),
    waterResistance: text,
    heartRate: v.boolean(),
  }),
  books: v.strictObject({ author: text, genre: text, format: v.picklist(BOOK_FORMATS), readingAge: text, pages: amount }),
  vitamins: v.strictObject({
    form: v.picklist(VITAMIN_FORMS),
    count: amount,
    dietary: v.array(v.picklist(DIETARY_LABELS)),
    nutrient: text,
  }),
  running_shoes: v.strictObject({
    terrain: v.picklist(SHOE_TERRAINS),
    dropMm: amount,
    width: v.picklist(SHOE_WIDTHS),
    gender: v.picklist(SHOE_GENDERS),
    cushioning: v.picklist(SHOE_CUSHIONING),
  }),
  headphones: v.strictObject({
    type: v.picklist(HEADPHONE_TYPES),
    wireless: v.boolean(),
    noiseCancelling: v.boolean(),
    batteryHours: amount,
    microphone: v.boolean(),
  }),
  pet_food: v.strictObject({
    species: v.picklist(PET_SPECIES),
    lifeStage: v.picklist(PET_LIFE_STAGES),
    grainFree: v.boolean(),
    flavour: text,
    bagSizeLb: amount,
    form: v.picklist(PET_FOOD_FORMS),
  }),
} satisfies Record<DefaultCategoryId, v.GenericSchema>;

export type DefaultAttributes = { [C in DefaultCategoryId]: v.InferOutput<(typeof DEFAULT_ATTRIBUTE_SCHEMAS)[C]> };

function isDefaultCategory(id: string): id is DefaultCategoryId {
  return Object.hasOwn(DEFAULT_ATTRIBUTE_SCHEMAS, id);
}

/** What is wrong with the products' attributes for the default catalog (at most `limit` messages); [] when nothing. */
export function defaultAttributeErrors(products: readonly Pick<Product, 'id' | 'category' | 'attributes'>[], limit = 100): string[] {
  const errors: string[] = [];
  for (const p of products) {
    if (errors.length >= limit) break;
    if (!isDefaultCategory(p.category)) {
      errors.push(`product "${p.id}": "${p.category}" is not a default category`);
      continue;
    }
    const r = v.safeParse(DEFAULT_ATTRIBUTE_SCHEMAS[p.category], p.attributes);
    if (!r.success) errors.push(`product "${p.id}" (${p.category}) attributes: ${describeIssues(r.issues)}`);
  }
  return errors;
}
