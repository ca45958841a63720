import { BOOKS } from './books';
import { LEGO } from './lego';
import { SMARTWATCHES } from './smartwatches';
import type { QuerySource } from './dsl';

/** Every judged query as written, category by category. */
export const SOURCES: QuerySource[] = [...BOOKS, ...LEGO, ...SMARTWATCHES];
