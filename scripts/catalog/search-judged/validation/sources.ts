import type { QuerySource } from '../dsl';
import { BOOKS_VALIDATION } from './books';
import { HEADPHONES_VALIDATION } from './headphones';
import { LEGO_VALIDATION } from './lego';
import { PET_FOOD_VALIDATION } from './pet-food';
import { RUNNING_SHOES_VALIDATION } from './running-shoes';
import { SMARTWATCHES_VALIDATION } from './smartwatches';
import { VITAMINS_VALIDATION } from './vitamins';

/**
 * The validation set's queries (tests/fixtures/search-judged/validation.json), in the catalog's category order. Written
 * blind, apart from the dev and held-out queries, to estimate how search generalises while it is tuned.
 */
export const VALIDATION_SOURCES: QuerySource[] = [
  ...LEGO_VALIDATION,
  ...SMARTWATCHES_VALIDATION,
  ...BOOKS_VALIDATION,
  ...VITAMINS_VALIDATION,
  ...RUNNING_SHOES_VALIDATION,
  ...HEADPHONES_VALIDATION,
  ...PET_FOOD_VALIDATION,
];
