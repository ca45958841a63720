import * as v from 'valibot';

// Every boundary (RPC arguments, server bodies, files, settings) reports a refused value the same way, so this is
// the one place that formats valibot issues; it depends on valibot only, so any layer may import it.

/** One step of a field path in an error: a plain name as it is, any other key quoted as JSON so it stays readable. */
export const pathSegment = (key: unknown): string =>
  typeof key === 'number' || (typeof key === 'string' && /^[\w$-]+$/.test(key)) ? String(key) : JSON.stringify(String(key));

/** Formats valibot issues as "field.path: message" so a rejected event names what is wrong. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path?.map((p) => pathSegment(p.key)).join('.') ?? '';
      // A strict object's "Expected never" says little: the key is simply not one the schema has.
      const message =
        issue.type === 'strict_object' && issue.expected === 'never' ? 'unknown key: not a field of this object' : issue.message;
      return path ? `${path}: ${message}` : message;
    })
    .join('; ');
}

/** Parses input, or throws "<what>: field.path: message" and nothing downstream sees it. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown, what: string): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (!r.success) throw new Error(`${what}: ${describeIssues(r.issues)}`);
  return r.output;
}
