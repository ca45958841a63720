import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTENSION_DIR } from './harness';
import { PICK_DONE_MESSAGE } from '../../lib/adapters/pick/session';
import { CONTENT_SCRIPT_FILE, CONTENT_SCRIPT_TARGET_KB, CONTENT_UI_SCRIPT_FILE, gzippedKb } from '../../bench/lib/content-size';

// `npm test` builds both before the e2e run: Chromium's MV3 build and Firefox's MV2 build, whose background is an
// event page rather than a service worker, so the two are bundled apart and either could pick up Dexie.
const BUILDS = [EXTENSION_DIR, join(EXTENSION_DIR, '../firefox-mv2')];

// The lint rules stop a page or content script from importing Dexie directly; this checks what they cannot see:
// an import chain through an innocent-looking lib/ module (the options page once shipped Dexie because
// lib/sync/join.ts, which it used for one pure function, imported the uploader). Reads the build `npm run test:e2e`
// runs after.

async function scripts(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.js')).map((e) => join(e.parentPath, e.name));
}

describe.each(BUILDS)('built bundles in %s', (build) => {
  it("only the background and the options page's import and index workers carry Dexie", async () => {
    const withDexie: string[] = [];
    for (const file of await scripts(build)) {
      if ((await readFile(file, 'utf8')).includes('Dexie')) withDexie.push(relative(build, file));
    }
    // The background does, which shows the name survives minification and the check can see it. The import worker
    // and the index worker stage an import in IndexedDB themselves (eslint.config.js says why); their page, bundled
    // apart, does not.
    expect(withDexie.sort()).toEqual([
      expect.stringMatching(/^assets\/import-worker-[\w-]+\.js$/),
      expect.stringMatching(/^assets\/index-worker-[\w-]+\.js$/),
      'background.js',
    ]);
  });

  it("no bundle carries WXT's storage wrapper (an identifier named storage made WXT bundle it)", async () => {
    // A function parameter named `storage` in lib/logger/view-journal.ts made WXT add its storage module (about 3 KB
    // gzipped, with a lock library) to the content script, although auto-imports are off. Its error text survives
    // minification, so a bundle that carries it says so.
    const withStorage: string[] = [];
    for (const file of await scripts(build)) {
      if ((await readFile(file, 'utf8')).includes('Storage key should be in the form of')) withStorage.push(relative(build, file));
    }
    expect(withStorage).toEqual([]);
  });

  it('the chat-site picker is its own script, injected on demand: the content script does not carry it', async () => {
    // The message every frame's picker posts when a pick is over survives minification, so the bundle that has it says so.
    const withPicker: string[] = [];
    for (const file of await scripts(build)) {
      if ((await readFile(file, 'utf8')).includes(PICK_DONE_MESSAGE)) withPicker.push(relative(build, file));
    }
    expect(withPicker).toEqual(['picker.js']);
  });

  it('the content script in every frame carries no UI: the UI script, injected where it shows, carries all of it', async () => {
    // Strings that survive minification: Preact's own prop name, the overlay's label, the shadow root's creation and
    // the "Share to chat" button's class.
    const UI_MARKERS = ['dangerouslySetInnerHTML', 'Floorwalker seller assistant', 'attachShadow', 'fw-s2c'];
    const found = async (file: string) => {
      const text = await readFile(join(build, file), 'utf8');
      return UI_MARKERS.filter((m) => text.includes(m));
    };
    expect(await found(CONTENT_SCRIPT_FILE)).toEqual([]);
    expect(await found(CONTENT_UI_SCRIPT_FILE)).toEqual(UI_MARKERS);
  });

  it(`the content script in every frame is within its size target (${CONTENT_SCRIPT_TARGET_KB} KB gzipped)`, async () => {
    expect(gzippedKb(await readFile(join(build, CONTENT_SCRIPT_FILE)))).toBeLessThanOrEqual(CONTENT_SCRIPT_TARGET_KB);
  });
});
