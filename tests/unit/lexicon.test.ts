import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import nlp from 'compromise';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { useTestDbs } from './helpers/db';
import type { Catalog } from '../../lib/catalog/catalog-schema';
import { isFunctionWord, isPronoun, isVerb, isWord } from '../../lib/profile/lexicon';
import { lexiconFileText, type TaggedLexicon } from '../../lib/profile/lexicon-file';
import { generatedLexiconText } from '../../scripts/lexicon/generate';
import { LEXICON_FILE } from '../../scripts/lexicon/paths';

// The lexicon answered from compromise's model until issue 21; these are its questions as they were then (with own
// keys only: `token in lexicon` also said yes to Object.prototype's names, which are no English words).
const model = (nlp.model() as { one: { lexicon: TaggedLexicon } }).one.lexicon;
const tagsOf = (token: string): readonly string[] => {
  if (!Object.hasOwn(model, token)) return [];
  const t = model[token] ?? [];
  return typeof t === 'string' ? t.split(',') : t;
};
const VERB_TAGS = new Set(['Verb', 'Infinitive', 'PresentTense', 'PastTense', 'Gerund', 'Copula', 'Modal', 'Auxiliary', 'Participle']);
const FUNCTION_TAGS = new Set(['Determiner', 'Preposition', 'Conjunction', 'Adverb', 'QuestionWord']);
const compromiseSays = (token: string) => ({
  word: Object.hasOwn(model, token),
  verb: tagsOf(token).some((t) => VERB_TAGS.has(t)),
  function: tagsOf(token).some((t) => FUNCTION_TAGS.has(t)),
  pronoun: tagsOf(token).includes('Pronoun'),
});
const shippedSays = (token: string) => ({
  word: isWord(token),
  verb: isVerb(token),
  function: isFunctionWord(token),
  pronoun: isPronoun(token),
});

const ROOT = resolve(import.meta.dirname, '../..');
const committed = readFileSync(LEXICON_FILE, 'utf8');

describe('the shipped lexicon (public/lexicon.json)', () => {
  it('is what the generator makes from the installed compromise now, byte for byte', async () => {
    expect(committed).toBe(await generatedLexiconText());
    expect(JSON.parse(committed)).toMatchObject({ source: `compromise ${nlp.version}`, count: Object.keys(model).length });
  });

  it("answers isWord, isVerb, isFunctionWord and isPronoun as compromise's model does, for every word in it", () => {
    const words = Object.keys(model);
    expect(words.length).toBeGreaterThan(20_000);
    const differ = words.filter((w) => JSON.stringify(shippedSays(w)) !== JSON.stringify(compromiseSays(w)));
    expect(differ).toEqual([]);
    // Each class is really asked about: the lists are not empty, and the answers are not all alike.
    for (const c of ['verb', 'function', 'pronoun'] as const) expect(words.filter((w) => shippedSays(w)[c]).length).toBeGreaterThan(10);
    expect(shippedSays('need')).toEqual({ word: true, verb: true, function: false, pronoun: false });
    expect(shippedSays('every')).toMatchObject({ word: true, function: true, verb: false });
    expect(shippedSays('they')).toMatchObject({ word: true, pronoun: true, verb: false });
  });

  it('answers as compromise does for what is not a word in it: near misses, odd keys, random strings', () => {
    const nearMisses = Object.keys(model).flatMap((w) => [`${w}zq`, w.toUpperCase(), ` ${w}`]);
    const odd = ['', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'kinvaras', 'versa', 'recieve', 'a\nab', 'need,want'];
    for (const token of [...nearMisses, ...odd]) {
      const says = shippedSays(token);
      if (JSON.stringify(says) !== JSON.stringify(compromiseSays(token)))
        expect({ token, says }).toEqual({ token, says: compromiseSays(token) });
    }
    expect(isWord('constructor')).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz '"), maxLength: 12 }), (token) => {
        expect(shippedSays(token)).toEqual(compromiseSays(token));
      }),
      { numRuns: 5_000 },
    );
  });

  it('puts a word of several classes in each, and a word of none in none', () => {
    const text = lexiconFileText(
      { run: ['Verb', 'Noun'], so: 'Adverb,Conjunction', it: 'Pronoun', sock: 'Noun', up: ['Adverb', 'Verb'] },
      'test',
    );
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(file).toMatchObject({ count: 5, other: 'sock', verb: 'run\nup', function: 'so\nup', pronoun: 'it' });
    expect(() => lexiconFileText({ 'a\nb': 'Noun' }, 'test')).toThrow(/separator/);
  });
});

/** lib/profile/lexicon as a worker starts it: a fresh module instance, nothing loaded. */
async function freshLexicon() {
  vi.resetModules();
  return import('../../lib/profile/lexicon');
}

describe('loading the lexicon', () => {
  const file = JSON.parse(committed) as Record<string, unknown>;

  it('refuses questions before it is loaded, and reads the file once for callers that ask together', async () => {
    const lexicon = await freshLexicon();
    expect(lexicon.lexiconLoaded()).toBe(false);
    expect(() => lexicon.isWord('need')).toThrow(/not loaded/);
    const read = vi.fn(() => Promise.resolve(file));
    await Promise.all([lexicon.ensureLexicon(read), lexicon.ensureLexicon(read), lexicon.ensureLexicon(read)]);
    await lexicon.ensureLexicon(read);
    expect(read).toHaveBeenCalledTimes(1);
    expect(lexicon.isVerb('need')).toBe(true);
  });

  it('tries again after a failed read, and refuses a file of another kind or cut short', async () => {
    const lexicon = await freshLexicon();
    await expect(lexicon.ensureLexicon(() => Promise.reject(new Error('HTTP 404')))).rejects.toThrow(/404/);
    await expect(lexicon.ensureLexicon(() => Promise.resolve({ ...file, kind: 'something-else' }))).rejects.toThrow(/Invalid lexicon file/);
    await expect(lexicon.ensureLexicon(() => Promise.resolve({ ...file, count: 1 + (file.count as number) }))).rejects.toThrow(
      /words where it says/,
    );
    expect(lexicon.lexiconLoaded()).toBe(false);
    await lexicon.ensureLexicon(() => Promise.resolve(file));
    expect(lexicon.isWord('the')).toBe(true);
  });
});

describe('the profile service (background) and the lexicon', () => {
  const catalog = JSON.parse(readFileSync(resolve(ROOT, 'public/catalog/default.json'), 'utf8')) as Catalog;
  const { open } = useTestDbs('fw-lexicon');

  /** The profile service of a worker just started (its lexicon module fresh), over the default catalog. */
  async function freshService(read: () => Promise<unknown>) {
    const lexicon = await freshLexicon();
    const { createProfileService } = await import('../../lib/background/profile-service');
    const { installCatalog } = await import('../../lib/catalog/store');
    const db = open();
    await installCatalog(db, catalog, 'default', 'Default catalog');
    return { lexicon, svc: createProfileService(db, read) };
  }

  it('reads the lexicon at its first extraction, once, as a restarted worker does', async () => {
    const read = vi.fn(() => Promise.resolve(JSON.parse(committed) as unknown));
    const { lexicon, svc } = await freshService(read);
    expect(lexicon.lexiconLoaded()).toBe(false);
    const first = await svc.extract('conv-1', 'my budget is $60, and no gummies please', 'msg-1', 'vitamins');
    expect(first.added.map((e) => e.key)).toEqual(['budget', 'feature:form=gummy']);
    await svc.extract('conv-1', 'i already have a garmin forerunner 55', 'msg-2', 'running_shoes');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('fails an extraction whose lexicon cannot be read, and reads it at the next one', async () => {
    let fail = true;
    const { lexicon, svc } = await freshService(() =>
      fail ? Promise.reject(new Error('HTTP 500')) : Promise.resolve(JSON.parse(committed) as unknown),
    );
    await expect(svc.extract('conv-1', 'under $50', 'msg-1', 'vitamins')).rejects.toThrow(/HTTP 500/);
    fail = false;
    expect((await svc.extract('conv-1', 'under $50', 'msg-1', 'vitamins')).items).toEqual([{ slot: 'budget', max: 50 }]);
    expect(lexicon.lexiconLoaded()).toBe(true);
  });
});
