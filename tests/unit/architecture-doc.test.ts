import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is the map a newcomer trusts: a file it names that no longer exists sends them astray,
// so every path in backticks must be a real file or folder.
const ROOT = resolve(import.meta.dirname, '../..');
const DOC = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');

/** Backticked spans that look like repository paths (a known top-level folder, then a path). */
function pathsIn(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] ?? '');
  return [...new Set(spans.filter((s) => /^(entrypoints|components|lib|server|tests|docs|scripts|public|bench)\//.test(s)))];
}

/** Backticked identifiers in camelCase or CONSTANT_CASE (functions, constants, tables): the symbols it names. */
function symbolsIn(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] ?? '');
  return [...new Set(spans.filter((s) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s) && /[A-Z_]/.test(s.slice(1))))];
}

/** The text of every TypeScript file under the folders the doc describes. */
function sources(): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) out.push(readFileSync(path, 'utf8'));
    }
  };
  for (const dir of ['entrypoints', 'components', 'hooks', 'lib', 'server', 'tests/e2e']) walk(resolve(ROOT, dir));
  return out.join('\n');
}

describe('docs/architecture.md', () => {
  const paths = pathsIn(DOC);

  it('names files', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(symbolsIn(DOC).length).toBeGreaterThan(20);
  });

  it.each(paths)('%s exists', (path) => {
    expect(existsSync(resolve(ROOT, path)), `${path} named in docs/architecture.md`).toBe(true);
  });

  const symbols = symbolsIn(DOC);
  const code = sources();
  it.each(symbols)('%s is in the code', (symbol) => {
    expect(new RegExp(`\\b${symbol}\\b`).test(code), `${symbol} named in docs/architecture.md`).toBe(true);
  });
});
