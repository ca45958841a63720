/**
 * The last step of `npm run package`: the three zips are there, the extension zips carry package.json's version and
 * hold no source maps and no remote code (zip-checks.ts). Exits non-zero with the problems listed otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { unzipSync } from 'fflate';
import { packageArtifacts } from './artifacts';
import { manifestVersion, packageProblems } from './zip-checks';

const root = process.cwd();
const artifacts = packageArtifacts(root);
const problems: string[] = [];
for (const path of [artifacts.chrome, artifacts.firefox, artifacts.sources]) if (!existsSync(path)) problems.push(`${path}: missing`);
for (const path of [artifacts.chrome, artifacts.firefox].filter((p) => existsSync(p))) {
  const files = unzipSync(readFileSync(path));
  const name = relative(root, path);
  const version = manifestVersion(files);
  if (version !== artifacts.version) problems.push(`${name}: manifest version ${version}, package.json says ${artifacts.version}`);
  problems.push(...packageProblems(files).map((p) => `${name}: ${p}`));
}
if (problems.length) {
  console.error(`Packages not fit for the stores:\n${problems.join('\n')}`);
  process.exit(1);
}
console.info(
  `Store packages ${artifacts.version} checked: ${[artifacts.chrome, artifacts.firefox, artifacts.sources].map((p) => relative(root, p)).join(', ')}`,
);
