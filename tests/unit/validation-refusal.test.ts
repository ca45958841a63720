import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseOrThrow, refusal } from '../../lib/validation';
import { ParticipantCodeSchema } from '../../lib/study/participant-code';

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  if (r.success) throw new Error('expected a refusal');
  return r.issues;
};

describe('refusal messages name each field once', () => {
  it('leaves off a path step the words before it already name', () => {
    const issues = issuesOf(v.object({ code: ParticipantCodeSchema }), { code: 'hello' });
    expect(refusal('Invalid code', issues)).toBe('Invalid code: must look like ABCD-1234');
    // Any casing of the name, and in parseOrThrow too (every boundary formats refusals the same way).
    const settings = v.object({ Settings: v.object({ port: v.number() }) });
    expect(() => parseOrThrow(settings, { Settings: { port: 'x' } }, 'Invalid settings')).toThrow(
      /^Invalid settings: port: Invalid type: Expected number but received "x"$/,
    );
  });

  it('keeps a path whose front is another field, and the rest of a nested one', () => {
    const study = v.object({ name: v.pipe(v.string(), v.minLength(1, 'must not be empty')) });
    expect(refusal('Invalid study', issuesOf(study, { name: '' }))).toBe('Invalid study: name: must not be empty');
    const nested = v.object({ code: v.object({ value: v.string() }) });
    expect(refusal('Invalid code', issuesOf(nested, { code: { value: 1 } }))).toMatch(/^Invalid code: value: Invalid type/);
    // Only the front step goes: a deeper field of the same name is kept.
    const deeper = v.object({ a: v.object({ code: v.string() }) });
    expect(refusal('Invalid code', issuesOf(deeper, { a: { code: 1 } }))).toMatch(/^Invalid code: a\.code: Invalid type/);
  });
});
