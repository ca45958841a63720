import { BOOKS } from './books';
import { LEGO } from './lego';
import { SMARTWATCHES } from './smartwatches';
import { VITAMINS } from './vitamins';
import { RUNNING_SHOES } from './running-shoes';
import { HEADPHONES } from './headphones';
import { PET_FOOD } from './pet-food';
import type { QuerySource } from './dsl';

/** Every judged query as written, category by category. */
export const SOURCES: QuerySource[] = [...BOOKS, ...LEGO, ...SMARTWATCHES, ...VITAMINS, ...RUNNING_SHOES, ...HEADPHONES, ...PET_FOOD];
