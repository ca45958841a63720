import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// The layers (docs/development.md, "Layout"), from the bottom: lib/ (framework-free logic) ← hooks/ (Preact hooks that both
// the extension's UI and the pilot pages use) ← components/ (the extension's UI) ← entrypoints/ (wiring); server/
// uses lib/ and hooks/. Zones are checked on resolved paths, so `@/lib/…` and `../lib/…` are the same import.
const LAYER_ZONES = [
  {
    target: './lib',
    from: ['./components', './entrypoints', './server', './hooks'],
    message: 'lib/ is the framework-free core: it may not import app code (components/, entrypoints/, server/, hooks/).',
  },
  {
    target: './hooks',
    from: ['./components', './entrypoints', './server'],
    message: 'hooks/ is shared by the extension and the pilot pages: it may import lib/ only.',
  },
  { target: './components', from: ['./entrypoints', './server'], message: 'components/ may not import entrypoints/ or server/.' },
  {
    target: './server',
    from: ['./components', './entrypoints'],
    message: 'server/ may not import the extension (components/, entrypoints/): shared hooks live in hooks/, shared logic in lib/.',
  },
  // Each extension context bundles only its own UI: the service worker none, content scripts not the pages'.
  {
    target: './entrypoints/background.ts',
    from: ['./components', './hooks'],
    message: 'The service worker has no UI: it may not import components/ or hooks/.',
  },
  {
    target: ['./entrypoints/page.content', './entrypoints/content-ui', './components/overlay', './components/storefront'],
    from: ['./components/options', './components/popup', './entrypoints/options', './entrypoints/popup'],
    message: 'Content-script code may not import the options page or the popup.',
  },
];

// What only the background may hold: storage and the uploader. A page or content script that imports them ships
// Dexie in its bundle (the options page once did) and could touch IndexedDB behind the background's back. Type
// imports are erased from bundles, so they stay allowed.
const BACKGROUND_ONLY = {
  patterns: [
    { regex: '^dexie(/|$)', allowTypeImports: true, message: 'Only the background uses Dexie: ask it over the RPC port (lib/rpc).' },
    {
      regex: '(^|/)lib/(db|background)/',
      allowTypeImports: true,
      message: 'Storage and the background services run in the background only: ask them over the RPC port (lib/rpc).',
    },
    {
      regex: '(^|/)lib/sync/uploader$',
      allowTypeImports: true,
      message: 'The uploader runs in the background only (pure helpers such as lib/sync/endpoint are fine).',
    },
  ],
};

// The content script runs in every frame of every allowed page, so it stays small (bench/foundation.ts: ≤ 30 KB
// gzipped): its Preact UI is the UI script entrypoints/content-ui, which the background injects into the frames that
// show it. A value import of the UI from the content script would bundle it there again; types, and the UI script's
// contract (constants and types), are fine.
const CONTENT_SCRIPT_NO_UI = {
  patterns: [
    ...BACKGROUND_ONLY.patterns,
    {
      regex: '(^|/)components/|^(preact|@preact/[^/]+|@webext-core/isolated-element)(/|$)',
      allowTypeImports: true,
      message: 'The content script carries no UI: mount it through deps.ui() (entrypoints/content-ui), which loads it into the frame.',
    },
    {
      regex: '(^|/)lib/(coach|share)/controller$',
      allowTypeImports: true,
      message: "The chat's controllers come with the UI script (deps.ui()), which chat pages have from the start: not in every frame.",
    },
    {
      regex: '(^|/)content-ui/(?!contract$)',
      allowTypeImports: true,
      message: 'The content script reaches the UI script only through its contract (entrypoints/content-ui/contract.ts) and deps.ui().',
    },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/', '.output/', '.wxt/', 'test-results/', 'bench/results/', '.data/', 'tests/fixtures/pages/chats/libs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }] },
  },
  {
    // The pilot's own pages (server/pilot/client/) run in a browser too, and have no Dexie of their own.
    files: [
      'components/**',
      'hooks/**',
      'entrypoints/popup/**',
      'entrypoints/options/**',
      'entrypoints/*.content/**',
      'entrypoints/*.content.{ts,tsx}',
      'entrypoints/content-ui/**',
      'server/pilot/client/**',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', BACKGROUND_ONLY] },
  },
  {
    // The options page's import worker stages an import itself: it writes the products it read, and their index,
    // to IndexedDB under the import's own catalog version, which nothing reads until the background's commit makes
    // it active. Relaying 100,000 products through the page and the background's port cost more than writing
    // them. A dedicated worker is bundled apart from its page (bundles.e2e.ts checks the page stays Dexie-free),
    // and the background still owns everything the catalog uses; the background's services stay out of reach.
    files: ['components/options/catalog/import-worker.ts', 'components/options/catalog/index-worker.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lib/background/',
              allowTypeImports: true,
              message: 'The import worker stages an import only: the background services run in the background.',
            },
            ...BACKGROUND_ONLY.patterns.filter((p) => p.regex.includes('uploader')),
          ],
        },
      ],
    },
  },
  {
    files: ['entrypoints/page.content/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', CONTENT_SCRIPT_NO_UI] },
  },
  {
    // lib/ is the shared, framework-free core: no escape hatches, and no UI framework (the background and the
    // server import it, and neither renders anything). Type imports are erased, but they still tie lib/ to Preact.
    files: ['lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(preact|@preact/[^/]+|htm)(/|$)', message: 'lib/ is framework-free: Preact code lives in components/ and hooks/.' },
            {
              regex: '^compromise(/|$)',
              message:
                'compromise is for the build only (scripts/lexicon): ask lib/profile/lexicon, which reads the lexicon file made from it.',
            },
          ],
        },
      ],
    },
  },
  {
    // What ships in the extension keeps no HTML-string sink and no eval, so web-ext lint (npm run lint:firefox, warnings
    // as errors) stays clean and store review has nothing to question; docs/publishing.md, "No remote code".
    files: ['lib/**', 'components/**', 'hooks/**', 'entrypoints/**'],
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'No HTML strings in the extension: build elements, or parse with DOMParser (components/options/SvgFigure).',
        },
        {
          selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
          message: 'No HTML strings in the extension: set textContent, build elements, or parse with DOMParser.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|setHTMLUnsafe)$/]',
          message: 'No HTML strings in the extension: build elements, or parse with DOMParser.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', 'server/**'],
    rules: { 'no-console': 'off' },
  },
);
