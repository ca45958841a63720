import type { DefaultCategoryId } from '../../lib/catalog/catalog-schema';
import { books } from './categories/books';
import { headphones } from './categories/headphones';
import { lego } from './categories/lego';
import { petFood } from './categories/pet_food';
import { runningShoes } from './categories/running_shoes';
import { smartwatches } from './categories/smartwatches';
import { vitamins } from './categories/vitamins';
import { profileConstraints } from './match';
import type { PersonaSpec } from './personas';
import type { CategoryGen, Constraint } from './types';

export const GENERATORS: Record<DefaultCategoryId, CategoryGen> = {
  lego,
  smartwatches,
  books,
  vitamins,
  running_shoes: runningShoes,
  headphones,
  pet_food: petFood,
};

/** Everything a persona wants, as tests over a product: the profile's constraints plus the mission's extras. */
export function personaConstraints(spec: PersonaSpec): Constraint[] {
  return [...profileConstraints(spec.profile), ...spec.extra];
}
