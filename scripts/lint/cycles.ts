import { pathToFileURL } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';

// Import cycles, type-only imports included: import-x/no-cycle skips `import type`, but a type cycle still ties
// two layers together (the circles issue 16 found ran through type imports). dpdm reads the files with the
// TypeScript compiler and resolves the `@/` alias through tsconfig.json.

/** Every first-party source file; tests and scripts too, since a cycle there is just as tangled. */
export const SOURCE_GLOBS = ['{entrypoints,lib,components,hooks,server,scripts,bench,tests}/**/*.{ts,tsx}', '*.config.ts'];

/** The cycles among the files under `cwd` matched by `globs`, each as the list of files (relative to `cwd`) round it. */
export async function findCycles(cwd: string, globs: readonly string[] = SOURCE_GLOBS): Promise<string[][]> {
  const tree = await parseDependencyTree([...globs], {
    cwd,
    context: cwd,
    tsconfig: `${cwd}/tsconfig.json`,
    transform: false,
    skipDynamicImports: false,
  });
  return parseCircular(tree);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cycles = await findCycles(process.cwd());
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s); break each by moving what both sides need into a module of its own:`);
    for (const c of cycles) console.error(`  ${[...c, c[0]].join(' → ')}`);
    process.exit(1);
  }
  console.info('No import cycles.');
}
