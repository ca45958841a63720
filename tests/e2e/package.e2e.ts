import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './harness';
import { packageArtifacts } from '../../scripts/package/artifacts';
import { manifestVersion, packageProblems, type ZipFiles } from '../../scripts/package/zip-checks';
import { firefoxDataCollection } from '../../lib/privacy/disclosure';

const run = promisify(execFile);
// As from a shell: vitest sets NODE_ENV=test, with which Vite would keep Preact's development checks in the bundles.
const { NODE_ENV: _vitest, ...SHELL_ENV } = process.env;
/** What the copy leaves out: installed and built files (node_modules is linked instead), and the repository's own. */
const NOT_COPIED = new Set(['node_modules', '.output', '.wxt', '.git', 'test-results']);
let project = '';
let artifacts = packageArtifacts(ROOT);
const zips: { chrome: ZipFiles; firefox: ZipFiles; sources: ZipFiles } = { chrome: {}, firefox: {}, sources: {} };
const fileNames = (files: ZipFiles) => Object.keys(files).filter((n) => !n.endsWith('/'));

// `npm run package` itself (it rebuilds both browsers, zips them with the sources, and checks them): about 12 s. It
// runs in a copy of the project: rebuilding .output/ here would pull the built extension from under the e2e files
// running beside this one ("No built extension at .output/chrome-mv3", seen in a parallel run).
beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'fw-package-'));
  await cp(ROOT, project, { recursive: true, filter: (src) => !NOT_COPIED.has(relative(ROOT, src).split(sep)[0] ?? '') });
  await symlink(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  artifacts = packageArtifacts(project);
  await run('npm', ['run', 'package'], { cwd: project, env: SHELL_ENV, maxBuffer: 64 * 1024 * 1024 });
  zips.chrome = unzipSync(await readFile(artifacts.chrome));
  zips.firefox = unzipSync(await readFile(artifacts.firefox));
  zips.sources = unzipSync(await readFile(artifacts.sources));
}, 120_000);
afterAll(() => rm(project, { recursive: true, force: true }));

describe('npm run package', () => {
  it("makes the Chrome zip and the Firefox zip, each with package.json's version in its manifest", () => {
    expect(manifestVersion(zips.chrome)).toBe(artifacts.version);
    expect(manifestVersion(zips.firefox)).toBe(artifacts.version);
    expect(fileNames(zips.chrome)).toEqual(
      expect.arrayContaining(['manifest.json', 'background.js', 'content-scripts/page.js', 'catalog/default.json']),
    );
  });

  it('declares to Firefox the data the privacy policy lists (lib/privacy/disclosure.ts)', () => {
    const manifest = JSON.parse(new TextDecoder().decode(zips.firefox['manifest.json'])) as {
      browser_specific_settings: { gecko: { data_collection_permissions: { required: string[] } } };
    };
    expect(manifest.browser_specific_settings.gecko.data_collection_permissions.required).toEqual(firefoxDataCollection());
  });

  it('documents every permission either manifest asks for in docs/publishing.md', async () => {
    const doc = await readFile(join(ROOT, 'docs/publishing.md'), 'utf8');
    for (const zip of [zips.chrome, zips.firefox]) {
      const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json'])) as Record<string, string[] | undefined>;
      const asked = ['permissions', 'host_permissions', 'optional_permissions', 'optional_host_permissions'].flatMap(
        (k) => manifest[k] ?? [],
      );
      expect(asked.length).toBeGreaterThan(4);
      for (const permission of asked) expect(doc, permission).toContain(`\`${permission}\``);
    }
  });

  it('ships no source maps and no remote code in either zip', () => {
    expect(packageProblems(zips.chrome)).toEqual([]);
    expect(packageProblems(zips.firefox)).toEqual([]);
  });

  it('makes a sources zip with what the build needs, and nothing of the tests, benchmarks, server or node_modules', () => {
    const names = fileNames(zips.sources);
    expect(names).toEqual(
      expect.arrayContaining([
        'package.json',
        'package-lock.json',
        'wxt.config.ts',
        'tsconfig.json',
        'public/catalog/default.json',
        'scripts/catalog/prebuilt-index.ts',
        'entrypoints/background.ts',
        'docs/publishing.md',
      ]),
    );
    expect(names.filter((n) => /^(tests|bench|server|node_modules|test-results|\.output|\.wxt)\/|\.map$/.test(n))).toEqual([]);
  });
});

describe('the sources zip, rebuilt as a reviewer would', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // The reviewer runs `npm ci` and `npm run build:firefox`; the installed node_modules stand in for `npm ci` (the
  // lockfile is in the zip), so the check needs no network. The rebuilt files must equal the Firefox zip's, byte for byte.
  it('builds the same Firefox files as the Firefox zip holds', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-sources-'));
    for (const [name, bytes] of Object.entries(zips.sources)) {
      if (name.endsWith('/')) continue;
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), bytes);
    }
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    await run(join(dir, 'node_modules/.bin/wxt'), ['prepare'], { cwd: dir, env: SHELL_ENV });
    await run(join(dir, 'node_modules/.bin/wxt'), ['build', '-b', 'firefox'], { cwd: dir, env: SHELL_ENV, maxBuffer: 64 * 1024 * 1024 });
    const built = join(dir, '.output/firefox-mv2');
    const rebuilt: Record<string, string> = {};
    for (const e of await readdir(built, { recursive: true, withFileTypes: true })) {
      if (e.isFile()) rebuilt[relative(built, join(e.parentPath, e.name))] = sha256(await readFile(join(e.parentPath, e.name)));
    }
    const shipped = Object.fromEntries(fileNames(zips.firefox).map((n) => [n, sha256(zips.firefox[n] as Uint8Array)]));
    expect(rebuilt).toEqual(shipped);
  }, 120_000);
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
