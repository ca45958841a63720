import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The three files `npm run package` leaves in .output/, named as WXT names them (zip.artifactTemplate and
 * zip.sourcesTemplate): `<name>-<version>-chrome.zip`, `-firefox.zip` and `-sources.zip`, the name and version from
 * package.json, which is also where WXT takes the manifest's version from.
 */
export const OUTPUT_DIR = '.output';

export function packageArtifacts(root: string) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  const file = (suffix: string) => join(root, OUTPUT_DIR, `${pkg.name}-${pkg.version}-${suffix}.zip`);
  return { version: pkg.version, chrome: file('chrome'), firefox: file('firefox'), sources: file('sources') };
}
