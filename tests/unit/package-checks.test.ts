import { describe, expect, it } from 'vitest';
import { manifestVersion, packageProblems, type ZipFiles } from '../../scripts/package/zip-checks';

const bytes = (text: string) => new TextEncoder().encode(text);
const MANIFEST = bytes(JSON.stringify({ manifest_version: 3, name: 'x', version: '1.2.3', icons: { 128: 'icon/128.png' } }));
const zip = (files: Record<string, string>): ZipFiles => ({
  'manifest.json': MANIFEST,
  'icon/128.png': bytes('PNG'),
  ...Object.fromEntries(Object.entries(files).map(([name, text]) => [name, bytes(text)])),
});

describe('packageProblems: what a store zip must not hold', () => {
  it('passes minified code that only names functions, and fetches data', () => {
    const code = 'function isFunction(e){return typeof e=="function"}a.Function=1;x.evaluate(y);fetch("https://s/v1/events");';
    expect(packageProblems(zip({ 'background.js': code, 'popup.html': '<script type="module" src="/chunks/popup.js"></script>' }))).toEqual(
      [],
    );
  });

  it.each([
    ['a.js', 'let r=eval(s)', 'a.js: eval'],
    ['a.js', 'var t=(0,Function)(`return `+f)', 'a.js: the Function constructor'],
    ['a.js', 'new Function("a","return a")', 'a.js: the Function constructor'],
    ['a.js', 'if(f){Function(`return `+f)()(self)}', 'a.js: the Function constructor'],
    ['a.js', 'setTimeout("go()",5)', 'a.js: a timer given a string'],
    ['w.js', 'importScripts("lib.js")', 'w.js: importScripts'],
    ['a.js', 'await import("https://cdn.example/x.js")', 'a.js: import() of a URL'],
    ['a.js', 'x()\n//# sourceMappingURL=a.js.map', 'a.js: a source map reference'],
    ['a.js.map', '{"version":3}', 'a.js.map: a source map'],
    ['p.html', '<script src="https://cdn.example/x.js"></script>', 'p.html: a script from another origin'],
    ['p.html', '<script defer src=//cdn.example/x.js></script>', 'p.html: a script from another origin'],
  ])('finds %s holding %j', (name, text, problem) => {
    expect(packageProblems(zip({ [name]: text }))).toEqual([problem]);
  });

  it('refuses a content security policy of its own and a zip without a manifest', () => {
    const csp = {
      ...zip({}),
      'manifest.json': bytes(
        JSON.stringify({ icons: { 128: 'icon/128.png' }, content_security_policy: "script-src 'self' https://cdn.example" }),
      ),
    };
    expect(packageProblems(csp)).toEqual([expect.stringMatching(/^manifest\.json: a content_security_policy/)]);
    expect(packageProblems({ 'a.js': bytes('1') })).toEqual(['manifest.json: missing']);
  });

  it('asks for the 128×128 icon both stores show, named in the manifest and in the zip', () => {
    const { 'icon/128.png': _icon, ...noIcon } = zip({});
    expect(packageProblems(noIcon)).toEqual(['manifest.json: no 128×128 icon in the package']);
    expect(packageProblems({ ...zip({}), 'manifest.json': bytes('{}') })).toEqual(['manifest.json: no 128×128 icon in the package']);
  });

  it("reads the manifest's version", () => {
    expect(manifestVersion(zip({}))).toBe('1.2.3');
    expect(manifestVersion({})).toBeUndefined();
  });
});
