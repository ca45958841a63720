import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../lib/events/event-schema';
import { ACTION_DISCLOSURES, ENVELOPE_DISCLOSURES, firefoxDataCollection } from '../../lib/privacy/disclosure';
import { envelopeFields, fieldPaths, POLICY_PATH, privacyPolicyMarkdown } from '../../scripts/privacy-policy/render';

describe('docs/privacy-policy.md', () => {
  it('is the policy the event schema and the privacy rules give (npm run privacy-policy writes it)', () => {
    expect(readFileSync(POLICY_PATH, 'utf8')).toBe(privacyPolicyMarkdown());
  });

  it('names every action and every envelope field, each described for the stores', () => {
    const policy = privacyPolicyMarkdown();
    for (const action of ACTIONS) expect(policy).toContain(`| \`${action}\` | ${ACTION_DISCLOSURES[action].what}`);
    expect(Object.keys(ENVELOPE_DISCLOSURES).sort()).toEqual(envelopeFields().sort());
    expect(envelopeFields()).toContain('url');
  });

  it("shows the URL cleaner's real output: no credentials, query or fragment", () => {
    const policy = privacyPolicyMarkdown();
    expect(policy).toContain(
      '| `https://shop.example/cart` | `https://jo:secret@shop.example/cart?email=jo%40mail.example&session=42#checkout` |',
    );
    expect(policy).toContain('| `Call me on [phone] or at [email]` |');
  });

  it('declares chat text to Firefox, since chat messages are recorded', () => {
    expect(firefoxDataCollection()).toEqual(['personalCommunications', 'browsingActivity', 'websiteContent', 'websiteActivity']);
  });
});

describe('fieldPaths', () => {
  it('lists nested, optional, nullable and array fields of a schema', () => {
    const schema = v.strictObject({
      a: v.string(),
      b: v.optional(v.strictObject({ c: v.number(), d: v.nullable(v.string()) })),
      e: v.array(v.strictObject({ f: v.boolean() })),
      g: v.pipe(v.array(v.string()), v.maxLength(3)),
    });
    expect(fieldPaths(schema as unknown as Parameters<typeof fieldPaths>[0])).toEqual(['a', 'b?', 'b.c', 'b.d', 'e[]', 'e[].f', 'g[]']);
  });
});
