/**
 * What a reviewer needs to rebuild the extension from source (the sources zip for addons.mozilla.org): the code the
 * bundles are made from, the files the build reads (the default catalog, from which the search index is built, and
 * the lexicon), the scripts the build config imports and that regenerate those files, the config files, the exact
 * dependency versions (the lockfile) and the instructions. Globs relative to the project root.
 */
export const BUILD_SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'wxt.config.ts',
  'README.md',
  'docs/publishing.md',
  'docs/privacy-policy.md',
  'entrypoints/**',
  'components/**',
  'hooks/**',
  'lib/**',
  'public/**',
  'scripts/**',
] as const;
