/**
 * One file per feature, its id the file's name. Content scripts are bundled into one IIFE in which
 * `import.meta.url` is the page's address (Vite rewrites it to `self.location.href`), the same for every feature;
 * the file names survive as the keys of `import.meta.glob('./features/*.ts', { eager: true, import: 'default' })`, so the
 * folder's files are the list and each names itself.
 */
/** `./features/page-logger.ts` → `page-logger`: the file's name without its folder and extension. */
export function featureId(path: string): string {
  const file = path.slice(path.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return dot === -1 ? file : file.slice(0, dot);
}

/**
 * The features of a glob of the files' default exports, each with the id its file gives it, in file-name order
 * (stable starts).
 */
export function featuresOf<Spec extends object>(defaults: Record<string, Spec | undefined>): (Spec & { name: string })[] {
  return Object.keys(defaults)
    .sort()
    .map((path) => {
      const spec = defaults[path];
      // A file in the folder that forgot `export default defineFeature(…)` is a mistake, not a feature to skip.
      if (!spec) throw new Error(`feature file ${path} has no default export`);
      return { ...spec, name: featureId(path) };
    });
}
