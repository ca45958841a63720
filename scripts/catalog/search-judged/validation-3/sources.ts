import type { QuerySource } from '../dsl';
import { BOOKS } from './books';
import { HEADPHONES } from './headphones';
import { LEGO } from './lego';
import { PET_FOOD } from './pet-food';
import { RUNNING_SHOES } from './running-shoes';
import { SMARTWATCHES } from './smartwatches';
import { VITAMINS } from './vitamins';

/** The validation-3 queries, in category order (ids are numbered per category in this order). */
export const VALIDATION_3_SOURCES: QuerySource[] = [
  ...LEGO,
  ...SMARTWATCHES,
  ...BOOKS,
  ...VITAMINS,
  ...RUNNING_SHOES,
  ...HEADPHONES,
  ...PET_FOOD,
];
