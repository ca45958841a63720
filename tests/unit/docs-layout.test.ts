import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout table in docs/development.md is a newcomer's map of the tree: a folder it leaves out is invisible, a name it keeps
// after a rename sends them astray. The tree is read from git, so it is what a clean clone holds.
const ROOT = resolve(import.meta.dirname, '../..');
const DOC = readFileSync(resolve(ROOT, 'docs/development.md'), 'utf8');

function layoutRows(): Map<string, string> {
  const start = DOC.indexOf('## Layout');
  expect(start, 'docs/development.md has "## Layout"').toBeGreaterThanOrEqual(0);
  const rows = new Map<string, string>();
  for (const line of DOC.slice(start).split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    const cells = line.match(/^\|([^|]+)\|(.*)\|$/);
    if (!cells || /^-+$/.test(cells[1]?.trim() ?? '')) continue;
    for (const m of (cells[1] ?? '').matchAll(/`([^`]+)`/g)) rows.set(m[1] ?? '', cells[2] ?? '');
  }
  return rows;
}

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(resolve(ROOT, f)));

/** The names directly inside `dir` (a folder as `name/`), as a clean clone has them. */
function children(dir: string): string[] {
  const prefix = dir === '' ? '' : `${dir}/`;
  const names = tracked
    .filter((f) => f.startsWith(prefix))
    .map((f) => {
      const rest = f.slice(prefix.length);
      const slash = rest.indexOf('/');
      return slash === -1 ? rest : `${rest.slice(0, slash + 1)}`;
    });
  return [...new Set(names)].sort();
}

const rows = layoutRows();
const codes = (cell: string) => new Set([...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''));

describe('docs/development.md layout table', () => {
  it('has a row for every top-level folder of the tree', () => {
    const folders = children('').filter((n) => n.endsWith('/') && !n.startsWith('.'));
    expect(folders.length).toBeGreaterThan(8);
    const listed = [...rows.keys()].map((k) => k.split('/')[0] + '/');
    expect(folders.filter((f) => !listed.includes(f))).toEqual([]);
  });

  it('names only paths that exist', () => {
    const missing = [...rows.keys()].filter((path) => !existsSync(resolve(ROOT, path)));
    expect(missing).toEqual([]);
  });

  // The folders whose every module or subfolder the table names, so a new one, or a renamed one, must be listed.
  it.each(['lib', 'server', 'components', 'entrypoints', 'scripts', 'hooks'])('names everything directly in %s/', (dir) => {
    const cell = rows.get(`${dir}/`);
    expect(cell, `a row for ${dir}/`).toBeDefined();
    const named = codes(cell ?? '');
    const unnamed = children(dir).filter((name) => !named.has(name) && !named.has(name.replace(/\.tsx?$/, '')));
    expect(unnamed).toEqual([]);
    // A folder the row names must be somewhere under it (rows also name nested folders, such as overlay's coach/).
    const stale = [...named].filter((n) => /^[\w.-]+\/$/.test(n) && !tracked.some((f) => f.startsWith(`${dir}/`) && f.includes(`/${n}`)));
    expect(stale, `folders named in the ${dir}/ row that are not in ${dir}/`).toEqual([]);
  });
});
