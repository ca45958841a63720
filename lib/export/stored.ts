/**
 * Exports read what a store holds, which is not always an event of today's schema: a row written under older,
 * looser rules may miss fields or hold other types. Formatting checks a value's shape before reading into it.
 */

/** A plain JSON object (not null, not a list): something whose fields can be read. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A field the format writes as text (a conversation's condition): text as it is, anything else as its JSON. A
 * template string would call the value's own `toString`, and a stored `{"toString": ""}` has none that works.
 */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
