import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../lib/catalog/catalog-schema';
import { categoryLabels, SearchEngine } from '../../lib/search/engine';
import { CONCEPTS, QUERY_STOP_WORDS } from '../../lib/search/lexicon';
import { nearestListed } from '../../lib/search/paraphrases';
import { parseSearchQuery } from '../../lib/search/query';
import { paraphraseTable, PARAPHRASE_OPTIONS } from '../../scripts/lexicon/paraphrase-table';
import table from '../../lib/search/paraphrases.json';

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return xs.map((x) => x / n);
};

describe('paraphrase table (scripts/lexicon/paraphrase-table.ts)', () => {
  // Frequency order: "the" and "has" are the most frequent words, skipped whatever their vectors.
  const words = ['the', 'has', 'sleepless', 'obese', 'sleeping', 'banana', 'insomnia', 'overweight'];
  const vectors = new Float32Array(
    [
      unit(1, 0, 0),
      unit(1, 0.1, 0),
      unit(1, 0.2, 0),
      unit(0, 1, 0.1),
      unit(1, 0.05, 0),
      unit(0, 0, 1),
      unit(1, 0, 0),
      unit(0, 1, 0),
    ].flat(),
  );
  const listed = new Set(['insomnia', 'overweight']);
  const options = { ...PARAPHRASE_OPTIONS, skipMostFrequent: 2, mutual: 10 };

  it('pairs each unlisted word with the nearest listed word, when near enough', () => {
    const t = paraphraseTable(words, vectors, 3, listed, new Set(), options);
    expect(t.sleepless).toBe('insomnia');
    expect(t.obese).toBe('overweight');
    expect(t.banana).toBeUndefined(); // near to nothing listed
    expect(t.has).toBeUndefined(); // among the most frequent words
    expect(t.insomnia).toBeUndefined(); // listed already
    expect(Object.keys(t)).toEqual([...Object.keys(t)].sort());
  });

  it('drops other forms of the listed word, words to skip, and pairs the listed word does not return', () => {
    const withStem = paraphraseTable(
      ['x', 'insomniac', 'insomnia'],
      new Float32Array([1, 0, 1, 0, 1, 0]),
      2,
      new Set(['insomnia']),
      new Set(),
      {
        ...options,
        skipMostFrequent: 1,
      },
    );
    expect(withStem.insomniac).toBeUndefined();
    expect(paraphraseTable(words, vectors, 3, listed, new Set(['sleepless']), options).sleepless).toBeUndefined();
    // With mutual 1, "insomnia"'s nearest words are only the nearest one ("sleeping" at 0.999 beats "sleepless").
    const mutual = paraphraseTable(words, vectors, 3, listed, new Set(), { ...options, mutual: 1 });
    expect(mutual.sleeping).toBe('insomnia');
    expect(mutual.sleepless).toBeUndefined();
  });

  it('the committed table is in step with the thesaurus: keys unlisted, values listed single words (else: npm run paraphrases)', () => {
    const listedWords = new Set(CONCEPTS.flatMap((c) => c.say).filter((s) => /^[a-z]+$/.test(s)));
    const pairs = Object.entries((table as { pairs: Record<string, string> }).pairs);
    expect(pairs.length).toBeGreaterThan(500);
    for (const [word, near] of pairs) {
      expect(listedWords.has(word), word).toBe(false);
      expect(QUERY_STOP_WORDS.has(word), word).toBe(false);
      expect(listedWords.has(near), `${word} → ${near}`).toBe(true);
    }
  });
});

describe('reading a word through its paraphrase', () => {
  const catalog = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../public/catalog/default.json'), 'utf8')) as Catalog;
  const engine = SearchEngine.build(catalog.products, categoryLabels(catalog.categories));
  const byId = new Map(catalog.products.map((p) => [p.id, p]));
  const search = (text: string) => {
    const r = engine.search(parseSearchQuery({ text, pageSize: 10 }));
    return { ...r, products: r.page.map((i) => byId.get(engine.columns.ids[i] ?? '')) };
  };

  it('an unlisted word the catalog never uses is read as its listed neighbour ("tendons" as joints)', () => {
    expect(nearestListed('tendons')).toBe('joints');
    const r = search('tendons');
    expect(r.understood.map((u) => u.label).join(' ')).toMatch(/^tendons: .*(bone|joint)/);
    expect(r.unmatched).toEqual([]);
    expect(r.products.slice(0, 5).every((p) => p?.category === 'vitamins')).toBe(true);
  });

  it('never for a word the catalog uses, nor half of a word the catalog writes as one', () => {
    const fit = search('fit bit');
    expect(fit.understood.filter((u) => u.words.includes('bit'))).toEqual([]);
    expect(fit.products[0]?.brand).toBe('Fitbit');
    // A word the catalog uses is itself, though the table pairs it: "android" (with ios) is Android.
    expect(nearestListed('android')).toBe('ios');
    const android = search('android smartwatch');
    expect(android.understood.map((u) => u.label)).toContain('Works with: Android');
    expect(android.understood.map((u) => u.label).join(' ')).not.toMatch(/iOS/);
  });
});
