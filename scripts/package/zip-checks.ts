/**
 * What a store package must not hold: source maps (they would ship our sources twice and point at files the reviewer
 * lacks) and remote code, i.e. any way to run code that is not in the package (Chrome Web Store's MV3 rule, and
 * addons.mozilla.org's policy): eval and the Function constructor, string timers, scripts loaded from the network
 * (importScripts, import() of a URL, <script src> on another origin) and a content security policy that would allow
 * them. web-ext lint checks the Firefox build for the same and more; this runs on both zips, Chrome's included.
 */
export type ZipFiles = Record<string, Uint8Array>;

interface Rule {
  name: string;
  pattern: RegExp;
}

/** Patterns over minified JavaScript; an identifier character or `.` before `Function` means another name (isFunction). */
const CODE_RULES: Rule[] = [
  { name: 'eval', pattern: /(?<![\w$.])eval\s*\(/ },
  { name: 'the Function constructor', pattern: /(?<![\w$.])Function\s*(?:\)\s*)?\(/ },
  { name: 'a timer given a string', pattern: /\bset(?:Timeout|Interval)\s*\(\s*["'`]/ },
  { name: 'importScripts', pattern: /\bimportScripts\s*\(/ },
  { name: 'import() of a URL', pattern: /\bimport\s*\(\s*["'`](?:https?:)?\/\// },
  { name: 'a source map reference', pattern: /[#@]\s*sourceMappingURL=/ },
];

const HTML_RULES: Rule[] = [
  { name: 'a script from another origin', pattern: /<script[^>]*\ssrc\s*=\s*["']?(?:https?:)?\/\//i },
  { name: 'a source map reference', pattern: /[#@]\s*sourceMappingURL=/ },
];

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** The problems found in one extension zip's files, as "file: what" lines; none means the package is clean. */
export function packageProblems(files: ZipFiles): string[] {
  const problems: string[] = [];
  for (const [name, bytes] of Object.entries(files)) {
    if (name.endsWith('/')) continue;
    if (name.endsWith('.map')) problems.push(`${name}: a source map`);
    const rules = /\.(?:m?js)$/.test(name) ? CODE_RULES : /\.html?$/.test(name) ? HTML_RULES : [];
    const content = rules.length ? text(bytes) : '';
    for (const rule of rules) if (rule.pattern.test(content)) problems.push(`${name}: ${rule.name}`);
  }
  const manifest = files['manifest.json'];
  if (!manifest) return [...problems, 'manifest.json: missing'];
  const parsed = JSON.parse(text(manifest)) as { content_security_policy?: unknown; icons?: Record<string, string> };
  const csp = parsed.content_security_policy;
  if (csp !== undefined)
    problems.push(`manifest.json: a content_security_policy (${JSON.stringify(csp)}); the browser's default allows no remote code`);
  // Both stores take the listing's icon from the package: a 128×128 PNG the manifest names.
  const icon = parsed.icons?.['128'];
  if (!icon || !files[icon.replace(/^\//, '')]) problems.push('manifest.json: no 128×128 icon in the package');
  return problems;
}

/** The manifest's version in an extension zip. */
export function manifestVersion(files: ZipFiles): string | undefined {
  const manifest = files['manifest.json'];
  return manifest ? (JSON.parse(text(manifest)) as { version?: string }).version : undefined;
}
