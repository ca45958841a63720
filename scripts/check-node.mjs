// The Node version package.json's `engines` asks for, checked before anything is installed (CI and `npm start`),
// so a too-old Node fails with one clear line instead of a build error later.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const wanted = /^>=(\d+)\.(\d+)$/.exec(engines?.node ?? '');
if (!wanted) throw new Error(`package.json engines.node must read ">=MAJOR.MINOR", not ${JSON.stringify(engines?.node)}`);
const [major, minor] = process.versions.node.split('.').map(Number);
const [wantMajor, wantMinor] = [Number(wanted[1]), Number(wanted[2])];
if (major < wantMajor || (major === wantMajor && minor < wantMinor)) {
  console.error(`Floorwalker needs Node ${wantMajor}.${wantMinor} or newer (package.json engines); this is Node ${process.versions.node}.`);
  process.exit(1);
}
console.log(`Node ${process.versions.node} (needs ${wantMajor}.${wantMinor} or newer)`);
