import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { CONTENT_MATCHES } from './lib/sites/matches';

// Thin build config: one place for the manifest, aliases and the Vite plugins every context shares.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  imports: false,
  manifest: ({ browser }) => ({
    name: 'Floorwalker',
    description: 'Coaching checklist, catalog search and research logging for selling conversations.',
    permissions: ['storage', 'alarms', 'unlimitedStorage'],
    host_permissions: [...CONTENT_MATCHES],
    // A study server elsewhere is asked for when the participant joins it, not granted up front.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'floorwalker@floorwalker.dev', strict_min_version: '142.0', data_collection_permissions: { required: ['none'] } } } }
      : {}),
  }),
  vite: () => ({
    plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false, prerender: { enabled: false } })],
    build: {
      rolldownOptions: { checks: { emptyImportMeta: false } },
    },
  }),
  webExt: { disabled: true },
});
