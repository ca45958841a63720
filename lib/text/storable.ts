import * as v from 'valibot';
import { hasNul, isWellFormed } from './unicode';

/**
 * A string PostgreSQL's text and jsonb can hold: no NUL, no lone surrogate. Schemas of input that ends up in the
 * database start their text fields with this, so such text is refused with a message naming the field and the
 * character, instead of failing the insert later with an error nobody can act on.
 */
export const StorableString = v.pipe(
  v.string(),
  v.check((s) => !hasNul(s), 'must not contain a NUL character (U+0000)'),
  v.check(isWellFormed, 'must not contain a lone surrogate (half of an emoji or other character outside the BMP)'),
);
