import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

// The README and docs/ link to each other, to their screenshots and to files in the tree: a link that leads nowhere
// is a newcomer's dead end. Every relative link must name a file that exists, and an anchor a heading it has.
const ROOT = resolve(import.meta.dirname, '../..');
const DOCS = [
  'README.md',
  ...readdirSync(resolve(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Markdown links and images outside code: `[text](target)` and `![alt](target)`. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

/** The anchors GitHub makes for a document's headings. */
function anchors(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const prose = text.replace(/```[\s\S]*?```/g, '');
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugger.slug(m[1] ?? '')));
}

describe('links in the README and docs/', () => {
  it.each(DOCS)('%s links only to files and headings that exist', (doc) => {
    const text = readFileSync(resolve(ROOT, doc), 'utf8');
    const broken: string[] = [];
    for (const link of links(text)) {
      if (/^[a-z]+:/.test(link)) continue; // https:, mailto:
      const [path = '', anchor] = link.split('#');
      const target = path === '' ? resolve(ROOT, doc) : resolve(ROOT, dirname(doc), decodeURI(path));
      if (!existsSync(target)) broken.push(`${link} (no file)`);
      else if (anchor && target.endsWith('.md') && !anchors(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${link} (no heading)`);
    }
    expect(broken).toEqual([]);
  });

  it('the README stays a guide: short, with the two commands and the first pilot', () => {
    const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
    expect(readme.length).toBeLessThan(12_000);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    expect(readme).toMatch(/## Your first pilot/);
    expect(links(readme).filter((l) => l.startsWith('docs/') && l.endsWith('.md')).length).toBeGreaterThanOrEqual(6);
  });
});
