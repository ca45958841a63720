import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '../../lib/catalog/catalog-schema';
import { parseLabeledSet } from '../../lib/profile/evaluate';

/**
 * The held-out sets of the Buyer preference extractor are FROZEN: each was written without reading the extractor's
 * rules, its tests or its mistakes, and committed before the extractor was run on it (who wrote each, and when, is
 * in tests/fixtures/coach/README.md). Do not edit, fix or extend one: a label that looks wrong after seeing the
 * extractor's output is exactly the bias these sets exist to keep out. Any change needs a new set (a new file,
 * written blind); that is what the hashes below enforce.
 */
const FROZEN = [
  {
    // Written 2026-11-24 before any tuning for issue 19; its text was later seen by the tuner (in a baseline note).
    file: 'tests/fixtures/coach/held-out.json',
    sha256: '8debb353aede263970492bdecc4bc63c20e0ffbcdc3502b99e98bbd1188e65c7',
    minMessages: 240,
    minPerCategory: 30,
    id: null,
  },
  {
    // The blind set issue 19's targets are judged on; never read by anyone tuning the extractor.
    file: 'tests/fixtures/coach/held-out-2.json',
    sha256: '7b6b11fdec88f22163ec73cf98d3ec484d584d4c65967dd6f06e3a9862c30b75',
    minMessages: 280,
    minPerCategory: 35,
    id: /^ho2-([a-z_]+)-\d{3}$/,
  },
  {
    // Written 2026-11-24 after the dev-3 tuning round, to be scored once, at the end of the next one.
    file: 'tests/fixtures/coach/held-out-3.json',
    sha256: '32ee1ab708faa041bd190f7510997c8841a66e168a1e79495c4be7a69477c24b',
    minMessages: 280,
    minPerCategory: 40,
    id: /^ho3-([a-z_]+)-\d{3}$/,
  },
] as const;

const ROOT = resolve(import.meta.dirname, '../..');

describe.each(FROZEN)('the frozen held-out set $file', ({ file, sha256, minMessages, minPerCategory, id }) => {
  const bytes = readFile(resolve(ROOT, file));

  it('is byte for byte the set written blind', async () => {
    expect(
      createHash('sha256')
        .update(await bytes)
        .digest('hex'),
    ).toBe(sha256);
  });

  it('parses, has unique ids (named after their category) and enough messages in every default category', async () => {
    const set = parseLabeledSet(JSON.parse((await bytes).toString('utf8')));
    expect(set.length).toBeGreaterThanOrEqual(minMessages);
    expect(new Set(set.map((u) => u.id)).size).toBe(set.length);
    if (id) for (const u of set) expect(id.exec(u.id)?.[1], u.id).toBe(u.category);
    for (const c of DEFAULT_CATEGORIES) expect(set.filter((u) => u.category === c.id).length, c.id).toBeGreaterThanOrEqual(minPerCategory);
    expect(new Set(set.map((u) => u.category))).toEqual(new Set(DEFAULT_CATEGORIES.map((c) => c.id)));
  });
});
