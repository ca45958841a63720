import type { AttributeValue, DefaultCategoryId } from '../../lib/catalog/catalog-schema';
import type { SearchFilters } from '../../lib/search/query';
import type { Attrs } from './types';

/** Search filters as a judged query states them (the shape of `filters` in tests/fixtures/judged-queries.json). */
export interface Filters {
  category?: string;
  priceMin?: number;
  priceMax?: number;
  minRating?: number;
  brand?: string[];
  attributes?: Record<string, AttributeValue>;
}

/** A judged query's filters as the search engine takes them (`brand` is `brands` there). */
export function searchFiltersOf(f: Filters = {}): SearchFilters {
  return {
    ...(f.category ? { category: f.category } : {}),
    ...(f.priceMin !== undefined ? { priceMin: f.priceMin } : {}),
    ...(f.priceMax !== undefined ? { priceMax: f.priceMax } : {}),
    ...(f.minRating !== undefined ? { minRating: f.minRating } : {}),
    ...(f.brand?.length ? { brands: f.brand } : {}),
    ...(f.attributes ? { attributes: f.attributes } : {}),
  };
}

/** What a typed query asks for: every field is one constraint a relevant product has to meet. */
export interface Need {
  query: string;
  category: DefaultCategoryId;
  brand?: string[];
  /** Attribute values (an array means any of them; an array attribute must contain the value). */
  attrs?: Attrs;
  /** Numeric attribute bounds, both included. */
  ranges?: Record<string, { min?: number; max?: number }>;
  priceMin?: number;
  priceMax?: number;
  /** Words the title must contain. */
  words?: string[];
}

export interface FilteredNeed extends Need {
  filters: Filters;
}

const q = (category: DefaultCategoryId, query: string, rest: Omit<Need, 'query' | 'category'> = {}): Need => ({ query, category, ...rest });

export const BRAND_QUERIES: readonly Need[] = [
  q('lego', 'lego star wars', { brand: ['LEGO'], attrs: { theme: 'Star Wars' } }),
  q('lego', 'lego technic', { brand: ['LEGO'], attrs: { theme: 'Technic' } }),
  q('lego', 'lego harry potter', { brand: ['LEGO'], attrs: { theme: 'Harry Potter' } }),
  q('lego', 'lego friends sets', { brand: ['LEGO'], attrs: { theme: 'Friends' } }),
  q('smartwatches', 'garmin gps watch', { brand: ['Garmin'], attrs: { gps: true } }),
  q('smartwatches', 'apple watch', { brand: ['Apple'] }),
  q('smartwatches', 'samsung galaxy watch', { brand: ['Samsung'] }),
  q('smartwatches', 'fitbit fitness tracker', { brand: ['Fitbit'] }),
  q('smartwatches', 'coros running watch', { brand: ['Coros'] }),
  q('books', 'penguin classics paperback', { brand: ['Penguin Classics'], attrs: { format: 'paperback' } }),
  q('books', 'scholastic books for kids', { brand: ['Scholastic'], attrs: { readingAge: ['8-12', '3-5'] } }),
  q('books', 'tor science fiction', { brand: ['Tor Books'], attrs: { genre: 'science fiction' } }),
  q('books', 'harpercollins hardcover', { brand: ['HarperCollins'], attrs: { format: 'hardcover' } }),
  q('vitamins', 'nature made vitamin d3', { brand: ['Nature Made'], attrs: { nutrient: 'Vitamin D3' } }),
  q('vitamins', 'smartypants gummies', { brand: ['SmartyPants'], attrs: { form: 'gummy' } }),
  q('vitamins', 'garden of life probiotic', { brand: ['Garden of Life'], attrs: { nutrient: 'Probiotic' } }),
  q('vitamins', 'centrum multivitamin', { brand: ['Centrum'], attrs: { nutrient: 'Multivitamin' } }),
  q('running_shoes', 'hoka trail running shoes', { brand: ['Hoka'], attrs: { terrain: 'trail' } }),
  q('running_shoes', 'brooks womens running shoes', { brand: ['Brooks'], attrs: { gender: 'women' } }),
  q('running_shoes', 'nike road running shoes', { brand: ['Nike'], attrs: { terrain: 'road' } }),
  q('running_shoes', 'asics wide running shoes', { brand: ['Asics'], attrs: { width: 'wide' } }),
  q('headphones', 'sony noise cancelling headphones', { brand: ['Sony'], attrs: { noiseCancelling: true } }),
  q('headphones', 'bose earbuds', { brand: ['Bose'], attrs: { type: 'earbuds' } }),
  q('headphones', 'sennheiser wired headphones', { brand: ['Sennheiser'], attrs: { wireless: false } }),
  q('headphones', 'jbl on ear headphones', { brand: ['JBL'], attrs: { type: 'on-ear' } }),
  q('pet_food', 'royal canin puppy food', { brand: ['Royal Canin'], attrs: { species: 'dog', lifeStage: 'puppy' } }),
  q('pet_food', 'purina cat food', { brand: ['Purina'], attrs: { species: 'cat' } }),
  q('pet_food', 'blue buffalo grain free dog food', { brand: ['Blue Buffalo'], attrs: { species: 'dog', grainFree: true } }),
  q('pet_food', 'orijen dog food', { brand: ['Orijen'], attrs: { species: 'dog' } }),
];

export const ATTRIBUTE_QUERIES: readonly Need[] = [
  q('lego', 'star wars lego for adults', { attrs: { theme: 'Star Wars', ageMin: 18 } }),
  q('lego', 'lego sets for 5 year olds', { ranges: { ageMin: { min: 4, max: 5 } } }),
  q('lego', 'large lego sets over 2000 pieces', { ranges: { pieces: { min: 2000 } } }),
  q('lego', 'lego for toddlers', { attrs: { theme: 'Duplo' } }),
  q('lego', 'harry potter lego under $50', { attrs: { theme: 'Harry Potter' }, priceMax: 50 }),
  q('lego', 'lego architecture skyline', { attrs: { theme: 'Architecture' }, words: ['skyline'] }),
  q('lego', 'lego friends for 6 year old', { attrs: { theme: 'Friends' }, ranges: { ageMin: { max: 6 } } }),
  q('smartwatches', 'smartwatch with gps and heart rate for iphone', { attrs: { gps: true, heartRate: true, compatibility: 'iOS' } }),
  q('smartwatches', 'android smartwatch', { attrs: { compatibility: 'Android' } }),
  q('smartwatches', 'gps watch with 2 week battery', { attrs: { gps: true }, ranges: { batteryDays: { min: 14 } } }),
  q('smartwatches', '10 atm waterproof watch', { attrs: { waterResistance: '10 ATM' } }),
  q('smartwatches', 'fitness tracker under $100', { attrs: { heartRate: true }, priceMax: 100 }),
  q('smartwatches', 'cheap gps watch under $150', { attrs: { gps: true }, priceMax: 150 }),
  q('books', 'mystery paperback', { attrs: { genre: 'mystery', format: 'paperback' } }),
  q('books', 'fantasy books for 8 to 12 year olds', { attrs: { genre: 'fantasy', readingAge: '8-12' } }),
  q('books', 'science fiction audiobook', { attrs: { genre: 'science fiction', format: 'audiobook' } }),
  q('books', 'picture books for preschoolers', { attrs: { readingAge: '3-5' } }),
  q('books', 'classic novels ebook', { attrs: { genre: 'classics', format: 'ebook' } }),
  q('books', 'young adult fantasy hardcover', { attrs: { readingAge: 'young adult', genre: 'fantasy', format: 'hardcover' } }),
  q('books', 'romance novels', { attrs: { genre: 'romance' } }),
  q('vitamins', 'vegan vitamin d gummies', { attrs: { nutrient: 'Vitamin D3', dietary: 'vegan', form: 'gummy' } }),
  q('vitamins', 'magnesium capsules', { attrs: { nutrient: 'Magnesium', form: 'capsule' } }),
  q('vitamins', 'sugar free gummy vitamins', { attrs: { form: 'gummy', dietary: 'sugar-free' } }),
  q('vitamins', 'omega 3 fish oil softgels', { attrs: { nutrient: 'Omega-3', form: 'softgel' } }),
  q('vitamins', 'gluten free probiotic', { attrs: { nutrient: 'Probiotic', dietary: 'gluten-free' } }),
  q('vitamins', 'vegetarian iron supplement', { attrs: { nutrient: 'Iron', dietary: 'vegetarian' } }),
  q('vitamins', 'b12 vitamins', { attrs: { nutrient: 'B12' } }),
  q('running_shoes', 'trail running shoes women', { attrs: { terrain: 'trail', gender: 'women' } }),
  q('running_shoes', 'wide road running shoes men', { attrs: { terrain: 'road', width: 'wide', gender: 'men' } }),
  q('running_shoes', 'max cushion running shoes', { attrs: { cushioning: 'max' } }),
  q('running_shoes', 'track spikes', { attrs: { terrain: 'track' } }),
  q('running_shoes', 'low drop running shoes', { ranges: { dropMm: { max: 4 } } }),
  q('running_shoes', 'narrow womens running shoes', { attrs: { width: 'narrow', gender: 'women' } }),
  q('headphones', 'wireless noise cancelling over ear headphones', { attrs: { wireless: true, noiseCancelling: true, type: 'over-ear' } }),
  q('headphones', 'wired studio headphones', { attrs: { wireless: false, type: 'over-ear' } }),
  q('headphones', 'noise cancelling earbuds with mic', { attrs: { type: 'earbuds', noiseCancelling: true, microphone: true } }),
  q('headphones', 'on ear bluetooth headphones', { attrs: { type: 'on-ear', wireless: true } }),
  q('headphones', 'headphones with 50 hour battery', { ranges: { batteryHours: { min: 50 } } }),
  q('headphones', 'wired earphones with microphone', { attrs: { type: 'in-ear', wireless: false, microphone: true } }),
  q('pet_food', 'grain free puppy food', { attrs: { species: 'dog', lifeStage: 'puppy', grainFree: true } }),
  q('pet_food', 'wet food for senior cats', { attrs: { species: 'cat', lifeStage: 'senior', form: 'wet' } }),
  q('pet_food', 'dry kitten food', { attrs: { species: 'cat', lifeStage: 'kitten', form: 'dry' } }),
  q('pet_food', 'salmon dog food', { attrs: { species: 'dog', flavour: 'salmon' } }),
  q('pet_food', '30 lb bag dry dog food', { attrs: { species: 'dog', form: 'dry' }, ranges: { bagSizeLb: { min: 30 } } }),
  q('pet_food', 'grain free cat food', { attrs: { species: 'cat', grainFree: true } }),
];

const f = (
  category: DefaultCategoryId,
  query: string,
  filters: Omit<Filters, 'category'>,
  rest: Omit<Need, 'query' | 'category'> = {},
): FilteredNeed => ({
  query,
  category,
  ...rest,
  filters: { category, ...filters },
});

export const FILTERED_QUERIES: readonly FilteredNeed[] = [
  f('lego', 'lego', { priceMax: 50, attributes: { theme: 'City' } }),
  f('lego', 'star wars', { priceMin: 100, minRating: 4.5 }, { attrs: { theme: 'Star Wars' } }),
  f('lego', 'lego gift', { priceMin: 20, priceMax: 40, attributes: { ageRange: ['6+', '7+', '8+'] } }),
  f('lego', 'technic', { priceMin: 100, priceMax: 300 }, { attrs: { theme: 'Technic' } }),
  f('smartwatches', 'gps watch', { priceMax: 300, attributes: { gps: true } }),
  f('smartwatches', 'smartwatch', { brand: ['Garmin', 'Coros', 'Polar'], minRating: 4.3 }),
  f('smartwatches', 'apple watch', { priceMax: 400 }, { brand: ['Apple'] }),
  f('smartwatches', 'android watch', { minRating: 4, priceMax: 250 }, { attrs: { compatibility: 'Android' } }),
  f('books', 'paperback', { priceMax: 12, attributes: { genre: ['mystery', 'thriller'] } }, { attrs: { format: 'paperback' } }),
  f('books', 'books for toddlers', { attributes: { format: 'hardcover' } }, { attrs: { readingAge: '3-5' } }),
  f('books', 'audiobook', { minRating: 4.5 }, { attrs: { format: 'audiobook' } }),
  f('books', 'fantasy', { priceMax: 20, attributes: { format: 'hardcover', readingAge: '8-12' } }, { attrs: { genre: 'fantasy' } }),
  f('vitamins', 'vitamin d', { priceMax: 15, attributes: { form: ['softgel', 'tablet'] } }, { attrs: { nutrient: 'Vitamin D3' } }),
  f('vitamins', 'multivitamin', { brand: ['Centrum', 'Nature Made'], priceMax: 25 }, { attrs: { nutrient: 'Multivitamin' } }),
  f('vitamins', 'gummies', { minRating: 4.2, attributes: { dietary: 'vegan' } }, { attrs: { form: 'gummy' } }),
  f('running_shoes', 'running shoes', { priceMax: 120, attributes: { gender: 'women', terrain: 'road' } }),
  f('running_shoes', 'trail shoes', { brand: ['Salomon', 'Hoka'], attributes: { width: 'wide' } }, { attrs: { terrain: 'trail' } }),
  f('running_shoes', 'hoka', { priceMin: 150 }, { brand: ['Hoka'] }),
  f('headphones', 'headphones', { priceMax: 150, attributes: { type: 'over-ear' } }),
  f('headphones', 'earbuds', { priceMax: 100, minRating: 4.3, attributes: { noiseCancelling: true } }, { attrs: { type: 'earbuds' } }),
  f('headphones', 'sony', { priceMin: 100, attributes: { wireless: true } }, { brand: ['Sony'] }),
  f('headphones', 'wired headphones', { brand: ['Sennheiser', 'Audio-Technica'] }, { attrs: { wireless: false } }),
  f('pet_food', 'dog food', { priceMax: 60, attributes: { lifeStage: 'adult', form: 'dry' } }, { attrs: { species: 'dog' } }),
  f('pet_food', 'cat food', { brand: ["Hill's", 'Royal Canin'], attributes: { lifeStage: 'senior' } }, { attrs: { species: 'cat' } }),
  f('pet_food', 'puppy food', { priceMax: 80, attributes: { grainFree: true } }, { attrs: { species: 'dog', lifeStage: 'puppy' } }),
];
