import { hasNul, isWellFormed } from '../text/unicode';
import { pathSegment } from '../validation';

/**
 * What every store can keep exactly as sent. The browser's IndexedDB holds any JavaScript value, but the server's
 * PostgreSQL refuses a NUL or a lone surrogate in text and in jsonb, bounds jsonb's nesting, and JSON turns
 * Infinity into null. An event that one store could not keep would block a participant's uploads or come back
 * changed, so the schema refuses it at the door, naming the field.
 */

/** Deepest nesting of an event, envelope included (`payload.image.src` is 3). */
export const MAX_EVENT_DEPTH = 12;
/** Largest event, as JSON text in UTF-16 code units: three 10,000-character texts (an utter with voice) fit. */
export const MAX_EVENT_JSON_CHARS = 128 * 1024;
/** Free-form values (search filters): deepest nesting and largest JSON text. */
export const MAX_FREE_FORM_DEPTH = 6;
export const MAX_FREE_FORM_JSON_CHARS = 8 * 1024;
/**
 * Keys no event may use: JSON.parse makes `__proto__` an own key, but spreading or assigning it elsewhere sets a
 * prototype instead, and validators skip all three, so an event holding one would be stored changed.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

export interface Unstorable {
  /** Where, as "payload.filters.brand" (empty for the value itself). */
  path: string;
  message: string;
}

/** Text that may hold a NUL or half of a pair: almost none does, so one scan settles most strings. */
// eslint-disable-next-line no-control-regex -- NUL is one of the things looked for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

function textProblem(s: string): string | null {
  if (!SUSPECT.test(s)) return null;
  if (hasNul(s)) return 'must not contain a NUL character (\\u0000)';
  if (!isWellFormed(s)) return 'must be well-formed Unicode (it holds half of a surrogate pair, e.g. a cut emoji)';
  return null;
}

/**
 * The first thing in `value` a store could not keep exactly: text with NUL or a lone surrogate (values and keys),
 * a number that is not finite, a forbidden key, something that is not plain JSON, or nesting deeper than
 * `maxDepth`. Stops descending at the limit, so a value nested thousands deep costs no more than one at the limit.
 */
export function findUnstorable(value: unknown, maxDepth: number = MAX_EVENT_DEPTH): Unstorable | null {
  // The path is kept as keys and only written out for the answer: most events have nothing to report.
  const keys: (string | number)[] = [];
  const at = (message: string): Unstorable => ({ path: keys.map(pathSegment).join('.'), message });
  const visit = (v: unknown, depth: number): Unstorable | null => {
    switch (typeof v) {
      case 'string': {
        const problem = textProblem(v);
        return problem ? at(problem) : null;
      }
      case 'number':
        return Number.isFinite(v) ? null : at('must be a finite number');
      case 'boolean':
        return null;
      case 'object': {
        if (v === null) return null;
        if (depth <= 0) return at('is nested too deeply');
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) {
            keys.push(i);
            const found = visit(v[i], depth - 1);
            if (found) return found;
            keys.pop();
          }
          return null;
        }
        const proto = Object.getPrototypeOf(v) as unknown;
        if (proto !== Object.prototype && proto !== null) return at('must be plain JSON');
        for (const key in v) {
          keys.push(key);
          if (FORBIDDEN_KEYS.has(key)) return at(`key "${key}" is not allowed`);
          const keyProblem = textProblem(key);
          if (keyProblem) return at(`key ${keyProblem}`);
          const found = visit((v as Record<string, unknown>)[key], depth - 1);
          if (found) return found;
          keys.pop();
        }
        return null;
      }
      default:
        return at(`must be JSON (got ${typeof v})`);
    }
  };
  return visit(value, maxDepth);
}

/** The JSON text length of a value already known to be storable JSON. */
export const jsonChars = (value: unknown): number => JSON.stringify(value)?.length ?? 0;
