import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import type { Catalog } from '../../lib/catalog/catalog-schema';
import { digitsForNumbers, extractProfile, numberFromWords } from '../../lib/profile/extract';
import { vocabularyFromCatalog } from '../../lib/profile/vocabulary';
import { addExtracted, applyOp, updateMemory } from '../../lib/profile/memory';
import { EMPTY_PROFILE, knownSlots } from '../../lib/profile/profile-schema';
import { createProfileService } from '../../lib/background/profile-service';
import { installCatalog } from '../../lib/catalog/store';

const ROOT = resolve(import.meta.dirname, '../..');
const catalog = JSON.parse(await readFile(resolve(ROOT, 'public/catalog/default.json'), 'utf8')) as Catalog;
const vocab = vocabularyFromCatalog(catalog.products);
const read = (text: string, category: string | null = null) => extractProfile(text, vocab, { category }).items;
const { open } = useTestDbs('fw-profile');

describe('preference extraction', () => {
  it('reads number words as digits, and leaves "this one" alone', () => {
    expect(numberFromWords('a hundred and fifty')).toBe(150);
    expect(numberFromWords('twenty-five')).toBe(25);
    expect(numberFromWords('two thousand five hundred')).toBe(2500);
    expect(digitsForNumbers('Between a hundred and a hundred and thirty, 2 hundred tops, this one')).toBe(
      'between 100 and 130, 200 tops, this one',
    );
  });

  it('reads budgets in the forms Buyers write them, and leaves prices they paid alone', () => {
    expect(read('under $50')).toEqual([{ slot: 'budget', max: 50 }]);
    expect(read('no more than 100 bucks')).toEqual([{ slot: 'budget', max: 100 }]);
    expect(read('somewhere between 100 and 150 dollars')).toEqual([{ slot: 'budget', min: 100, max: 150 }]);
    expect(read('a hundred and fifty max')).toEqual([{ slot: 'budget', max: 150 }]);
    expect(read('like 50ish tbh')).toEqual([{ slot: 'budget', min: 40, max: 60 }]);
    expect(read('at least $80')).toEqual([{ slot: 'budget', min: 80 }]);
    expect(read("don't want to go over 120 dollars")).toEqual([{ slot: 'budget', max: 120 }]);
    expect(read('I paid $300 for my last one')).toEqual([]);
    expect(read('at least 500 pieces please', 'lego').filter((i) => i.slot === 'budget')).toEqual([]);
  });

  it('tells liked from disliked brands and wanted from unwanted features', () => {
    expect(read('not a fan of nike, brooks are great', 'running_shoes')).toEqual(
      expect.arrayContaining([
        { slot: 'brand', brand: 'Nike', like: false },
        { slot: 'brand', brand: 'Brooks', like: true },
      ]),
    );
    const items = read('wired is fine, dont need bluetooth. a mic for zoom calls would be nice', 'headphones');
    expect(items).toEqual(
      expect.arrayContaining([
        { slot: 'feature', feature: 'wireless=true', want: false },
        { slot: 'feature', feature: 'microphone=true', want: true },
        { slot: 'use', use: 'calls' },
      ]),
    );
    expect(read('no grains, anything but purina', 'pet_food')).toEqual(
      expect.arrayContaining([
        { slot: 'feature', feature: 'grainFree=true', want: true },
        { slot: 'brand', brand: 'Purina', like: false },
      ]),
    );
  });

  it('forgives typos in brand and feature names, but not in ordinary words', () => {
    expect(read('sennheisser over ear headphons', 'headphones')).toEqual(
      expect.arrayContaining([
        { slot: 'brand', brand: 'Sennheiser', like: true },
        { slot: 'feature', feature: 'type=over-ear', want: true },
      ]),
    );
    // "train" is English: it is not a typo of "trail".
    expect(read('i read on the train', 'running_shoes').some((i) => i.slot === 'feature')).toBe(false);
  });

  it('finds who it is for with their age, and products owned before', () => {
    expect(read("gift for my 9-year-old nephew who's into star wars", 'lego')).toEqual(
      expect.arrayContaining([
        { slot: 'recipient', who: 'nephew', age: 9 },
        { slot: 'use', use: 'gift' },
        { slot: 'feature', feature: 'theme=Star Wars', want: true },
      ]),
    );
    const owned = read('my old Garmin Forerunner 45 died, want gps', 'smartwatches');
    expect(owned).toContainEqual({ slot: 'owned', product: 'Garmin Forerunner 45' });
    expect(owned.some((i) => i.slot === 'brand')).toBe(false); // owning is not liking
    expect(read('hi there, how are you?')).toEqual([]);
  });
});

describe('profile rules', () => {
  it('adds extractions as suggestions, confirms, edits and removes, and remembers only confirmed items', () => {
    const first = addExtracted(EMPTY_PROFILE, read('under $50, love brooks', 'running_shoes'), 'm1', 1);
    const added = first.added;
    let profile = first.profile;
    expect(added.map((e) => [e.key, e.status])).toEqual([
      ['budget', 'suggested'],
      ['brand:brooks', 'suggested'],
    ]);
    // The same statement again adds nothing; a new budget replaces the suggestion.
    expect(addExtracted(profile, read('under $50', 'running_shoes'), 'm2', 2).added).toEqual([]);
    ({ profile } = addExtracted(profile, read('actually up to $80', 'running_shoes'), 'm3', 3));
    expect(profile.entries.find((e) => e.key === 'budget')?.item).toEqual({ slot: 'budget', max: 80 });

    const c = applyOp(profile, { op: 'confirm', key: 'budget' }, 4);
    expect(c.change.remember.map((e) => e.key)).toEqual(['budget']);
    const ed = applyOp(c.profile, { op: 'edit', key: 'brand:brooks', item: { slot: 'brand', brand: 'Hoka', like: true } }, 5);
    expect(ed.profile.entries.map((e) => [e.key, e.status])).toEqual([
      ['budget', 'confirmed'],
      ['brand:hoka', 'confirmed'],
    ]);
    expect(ed.change.forget).toEqual(['brand:brooks']);
    const rm = applyOp(ed.profile, { op: 'remove', key: 'budget' }, 6);
    expect(rm.profile.entries.map((e) => e.key)).toEqual(['brand:hoka']);
    expect(updateMemory(updateMemory([], c.change), rm.change)).toEqual([]);
    expect(() => applyOp(rm.profile, { op: 'confirm', key: 'nope' }, 7)).toThrow(/no item "nope"/);
    expect([...knownSlots(ed.profile.entries)].sort()).toEqual(['brand', 'budget']);
  });
});

describe('profile service (background)', () => {
  it("extracts, keeps a conversation profile, and offers a Buyer's confirmed items in their next conversation", async () => {
    const db = open();
    await installCatalog(db, catalog, 'default', 'Default catalog');
    const svc = createProfileService(db);
    const x = await svc.extract('conv-1', 'my budget is $60, and no gummies please', 'msg-1', null);
    expect(x.category).toBe('vitamins');
    expect(x.added.map((e) => e.key)).toEqual(['budget', 'feature:form=gummy']);
    await svc.update('conv-1', { op: 'set_buyer', buyer: 'Ann Lee' });
    await svc.update('conv-1', { op: 'confirm', key: 'budget' });
    await expect(svc.update('conv-1', { op: 'frobnicate' })).rejects.toThrow(/Invalid profile change/);

    // A new service (a restarted worker) and a new conversation with the same Buyer, named by the page.
    const later = createProfileService(db);
    const p = await later.profile('conv-2', 'ann lee');
    expect(p.entries).toEqual([]);
    expect(p.earlier.map((e) => [e.key, e.item])).toEqual([['budget', { slot: 'budget', max: 60 }]]);
    const reused = await later.update('conv-2', { op: 'reuse', key: 'budget' });
    expect(reused.profile.entries.map((e) => [e.key, e.status, e.source])).toEqual([['budget', 'confirmed', 'earlier']]);
    expect(reused.profile.earlier).toEqual([]);
  });
});
