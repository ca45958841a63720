import * as v from 'valibot';

// Every boundary (RPC arguments, server bodies, files, settings) reports a refused value the same way, so this is
// the one place that formats valibot issues; it depends on valibot only, so any layer may import it.

/** One step of a field path in an error: a plain name as it is, any other key quoted as JSON so it stays readable. */
export const pathSegment = (key: unknown): string =>
  typeof key === 'number' || (typeof key === 'string' && /^[\w$-]+$/.test(key)) ? String(key) : JSON.stringify(String(key));

/**
 * Formats valibot issues as "field.path: message" so a rejected event names what is wrong; `named`, a field the
 * caller's own words already name, is left off the front of a path (see `refusal`).
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], named?: string): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const keys = issue.path?.map((p) => pathSegment(p.key)) ?? [];
      if (named !== undefined && keys[0]?.toLowerCase() === named) keys.shift();
      const path = keys.join('.');
      // A strict object's "Expected never" says little: the key is simply not one the schema has.
      const message =
        issue.type === 'strict_object' && issue.expected === 'never' ? 'unknown key: not a field of this object' : issue.message;
      return path ? `${path}: ${message}` : message;
    })
    .join('; ');
}

/**
 * "<what>: field.path: message", each field named once: when `what` ends with the name of the field at the front of
 * a path ("Invalid code" and `code`), the path leaves it off ("Invalid code: must look like ABCD-1234", not
 * "Invalid code: code: must look like …").
 */
export function refusal(what: string, issues: readonly v.BaseIssue<unknown>[]): string {
  return `${what}: ${describeIssues(issues, /(\w+)$/.exec(what)?.[1]?.toLowerCase())}`;
}

/** Parses input, or throws "<what>: field.path: message" (see `refusal`) and nothing downstream sees it. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown, what: string): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (!r.success) throw new Error(refusal(what, r.issues));
  return r.output;
}
