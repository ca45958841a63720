import { execFileSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A module as a script that sets `globalThis[globalName]` to its exports, for injecting into a page. With `commit`,
 * the module and every file it imports are read from that commit (`git show`), so a bench can run the code as it was
 * before a change beside the code as it is.
 */
export async function bundleModule(entry: string, globalName: string, commit?: string): Promise<string> {
  return bundle({ entryPoints: [commit ? `${commit}:${entry}` : resolve(ROOT, entry)] }, globalName, commit);
}

/**
 * Like `bundleModule`, for a module written here as text (`contents`, TypeScript, its imports relative to the
 * repository's root): a bench's glue around the code it measures, for the code as it is or as it was at `commit`.
 */
export async function bundleSource(contents: string, globalName: string, commit?: string): Promise<string> {
  return bundle({ stdin: { contents, loader: 'ts', resolveDir: ROOT, sourcefile: `${globalName}.ts` } }, globalName, commit);
}

async function bundle(input: Pick<BuildOptions, 'entryPoints' | 'stdin'>, globalName: string, commit?: string): Promise<string> {
  const result = await build({
    ...input,
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    target: 'es2022',
    platform: 'browser',
    logLevel: 'silent',
    plugins: commit ? [fromCommit(commit)] : [],
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Resolves first-party files to their text at `commit`, by repository path. */
function fromCommit(commit: string): Plugin {
  return {
    name: 'from-commit',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path.slice(commit.length + 1), namespace: 'git' };
        // Packages come from node_modules as they are now.
        if (!/^(\.|@\/)/.test(args.path)) return undefined;
        // A package's own relative imports stay in node_modules.
        if (args.namespace !== 'git' && /[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
        const from = args.namespace === 'git' ? join(ROOT, dirname(args.importer)) : args.resolveDir;
        const base = relative(ROOT, resolve(from, args.path.replace(/^@\//, `${ROOT}/`)));
        const path = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((p) => existsAt(commit, p));
        return path ? { path, namespace: 'git' } : { errors: [{ text: `${base} is not in ${commit}` }] };
      });
      b.onLoad({ filter: /.*/, namespace: 'git' }, (args) => ({
        contents: execFileSync('git', ['show', `${commit}:${args.path}`], { cwd: ROOT, encoding: 'utf8' }),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
        resolveDir: ROOT,
      }));
    },
  };
}

function existsAt(commit: string, path: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}:${path}`], { cwd: ROOT, stdio: 'ignore' });
    return /\.[a-z]+$/.test(path);
  } catch {
    return false;
  }
}
