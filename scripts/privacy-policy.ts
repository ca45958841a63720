/** Writes docs/privacy-policy.md from what the extension records (scripts/privacy-policy/render.ts). */
import { writeFileSync } from 'node:fs';
import { POLICY_PATH, privacyPolicyMarkdown } from './privacy-policy/render';

writeFileSync(POLICY_PATH, privacyPolicyMarkdown());
console.info(`Wrote ${POLICY_PATH}`);
