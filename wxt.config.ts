import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { CONTENT_MATCHES } from './lib/sites/matches';
import { PREBUILT_INDEX_PATH } from './lib/search/prebuilt';
import { UI_SCRIPT_FILE } from './lib/sites/ui-script';
import { prebuiltIndexOfCatalogFile } from './scripts/catalog/prebuilt-index';
import { writeLexiconFile } from './scripts/lexicon/generate';
import { flexsearchCompactAlias } from './scripts/build/flexsearch-compact';
import { preactNoInnerHtml } from './scripts/build/preact-no-inner-html';
import { BUILD_SOURCES } from './scripts/package/sources';
import { firefoxDataCollection } from './lib/privacy/disclosure';

const OPTIONAL_ORIGINS = ['https://*/*', 'http://*/*'];

// Thin build config: one place for the manifest, aliases and the Vite plugins every context shares.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  imports: false,
  manifest: ({ browser }) => ({
    name: 'Floorwalker',
    description: 'Coaching checklist, catalog search and research logging for selling conversations.',
    permissions: ['storage', 'alarms', 'unlimitedStorage', 'scripting'],
    host_permissions: [...CONTENT_MATCHES],
    // Storefronts to log on, and a study server elsewhere, are asked for one site at a time, never granted up front
    // (Firefox's MV2 manifest keeps optional origins with the optional permissions).
    ...(browser === 'firefox' ? { optional_permissions: OPTIONAL_ORIGINS } : { optional_host_permissions: OPTIONAL_ORIGINS }),
    // Firefox asks at install for what leaves the browser: a study's uploads carry the pages visited (sanitized
    // URLs), what the participant did on them and saw there, and chat text; lib/privacy/disclosure.ts says which
    // recorded action tells what (docs/privacy-policy.md lists them).
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'floorwalker@floorwalker.dev',
              strict_min_version: '142.0',
              data_collection_permissions: { required: firefoxDataCollection() },
            },
          },
        }
      : {}),
  }),
  vite: () => ({
    plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false, prerender: { enabled: false } }), preactNoInnerHtml()],
    // No eval and no HTML-string sink in what ships (web-ext lint, 0 warnings): see scripts/build/.
    resolve: { alias: [flexsearchCompactAlias] },
  }),
  webExt: { disabled: true },
  // npm run package: the store zips in .output/ (docs/publishing.md). The sources zip, which addons.mozilla.org asks
  // for with a minified add-on, holds exactly what `npm ci && npm run build:firefox` needs, nothing of the tests,
  // benchmarks or server.
  zip: {
    excludeSources: ['**'],
    includeSources: [...BUILD_SOURCES],
  },
  hooks: {
    // The English lexicon extraction reads, made from the installed compromise into public/ (committed, and kept in
    // step here), so the library stays out of the bundles (lib/profile/lexicon-file.ts).
    'build:before': async () => {
      if (await writeLexiconFile()) console.info('Updated public/lexicon.json from the installed compromise');
    },
    // The content script's UI comes with it on the built-in sites, where the pilot chat is (lib/sites/ui-script.ts), in
    // top pages. Listed first, so it has run when the content script starts and the overlay waits for no round trip.
    'build:manifestGenerated': (_wxt, manifest) => {
      manifest.content_scripts = [
        { matches: [...CONTENT_MATCHES], js: [UI_SCRIPT_FILE], run_at: 'document_end', all_frames: false },
        ...(manifest.content_scripts ?? []),
      ];
    },
    // The default catalog's search index, built now and shipped beside the catalog (see lib/search/prebuilt.ts).
    'build:publicAssets': async (_wxt, files) => {
      files.push({ relativeDest: PREBUILT_INDEX_PATH, contents: await prebuiltIndexOfCatalogFile() });
    },
  },
});
