import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../lib/catalog/catalog-schema';
import { extractProfile } from '../../lib/profile/extract';
import type { ProfileItem } from '../../lib/profile/profile-schema';
import { vocabularyFromCatalog } from '../../lib/profile/vocabulary';

/**
 * The label conventions docs/research.md's "Conventions the labels follow" sets for each slot, one class of wordings at
 * a time: relation nouns as said, pets and their species, uses in the Buyer's words, their own things saying the
 * product is for them, brands only talked about, brands the catalog does not stock, and a pet's current food.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const catalog = JSON.parse(await readFile(resolve(ROOT, 'public/catalog/default.json'), 'utf8')) as Catalog;
const vocab = vocabularyFromCatalog(catalog.products);
const read = (text: string, category: string | null) => extractProfile(text, vocab, { category }).items;
const slot = <S extends ProfileItem['slot']>(items: ProfileItem[], s: S) =>
  items.filter((i): i is Extract<ProfileItem, { slot: S }> => i.slot === s);
const who = (text: string, category: string) => slot(read(text, category), 'recipient')[0]?.who ?? null;
const age = (text: string, category: string) => slot(read(text, category), 'recipient')[0]?.age ?? null;
const uses = (text: string, category: string) => slot(read(text, category), 'use').map((u) => u.use);
const brands = (text: string, category: string) => slot(read(text, category), 'brand').map((b) => `${b.brand}:${b.like}`);
const features = (text: string, category: string) => slot(read(text, category), 'feature').map((f) => `${f.feature}:${f.want}`);
const owned = (text: string, category: string) => slot(read(text, category), 'owned').map((o) => o.product.toLowerCase());

describe('recipient: the relation noun as said', () => {
  it('informal forms are normalized, plurals kept apart', () => {
    expect(who('for my bf, he games a lot', 'headphones')).toBe('boyfriend');
    expect(who('gift for my gf', 'books')).toBe('girlfriend');
    expect(who('for my fiance, mens 11', 'running_shoes')).toBe('fiance');
    expect(who('christmas present for my boss', 'lego')).toBe('boss');
    expect(who('vitamins for my kids', 'vitamins')).toBe('children');
    expect(who('bedtime stories for the twins', 'books')).toBe('children');
    expect(who('for my grandkids', 'lego')).toBe('grandchildren');
    expect(who('for my boy, he is 9', 'lego')).toBe('child');
    expect(who('a birthday girl turning 7', 'lego')).toBe('child');
    expect(who('for my son', 'lego')).toBe('son');
  });
  it('ages in weeks and after "are"', () => {
    expect(age('my 2 kittens are 10 weeks, wet food pls', 'pet_food')).toBeCloseTo(0.19, 2);
    expect(age('a 12 week old puppy', 'pet_food')).toBeCloseTo(0.23, 2);
    expect(age('my kids need a multi, the twins are 7', 'vitamins')).toBe(7);
  });
});

describe('self: their own things and habits', () => {
  it('an owned product of theirs, or a use of theirs, says it is for them', () => {
    expect(who('my old fitbit charge died', 'smartwatches')).toBe('self');
    expect(who('ive been taking nature made d3', 'vitamins')).toBe('self');
    expect(who('need something for my runs', 'smartwatches')).toBe('self');
  });
  it('someone named wins over their own things; "too pricey for me" is about the price', () => {
    expect(who('my old fitbit died, this one is for my wife', 'smartwatches')).toBe('wife');
    expect(who('thorne is too pricey for me', 'vitamins')).toBeNull();
    expect(who('i want something cheap', 'headphones')).toBeNull();
  });
});

describe('pets: the species is a feature, and a pet of theirs the recipient', () => {
  it('"dog food" gives the species only; "my lab" the dog and its species', () => {
    expect(features('dog food, grain free', 'pet_food')).toContain('species=dog:true');
    expect(who('dog food, grain free', 'pet_food')).toBeNull();
    expect(who('kibble for my lab', 'pet_food')).toBe('dog');
    expect(features('kibble for my lab', 'pet_food')).toContain('species=dog:true');
    expect(features('wet food for my kitty', 'pet_food')).toContain('species=cat:true');
  });
  it("a pet's current food is owned", () => {
    expect(owned('shes on royal canin rn but she keeps puking', 'pet_food')).toEqual(['royal canin']);
    expect(owned('we feed him blue buffalo but its pricey', 'pet_food')).toEqual(['blue buffalo']);
    expect(owned('not puma, had a bad pair', 'running_shoes')).toEqual([]);
  });
});

describe('uses: the Buyer’s own short words', () => {
  it('renamed and added uses', () => {
    expect(uses('cheap earbuds for my commute', 'headphones')).toEqual(['commute']);
    expect(uses('training for a half marathon', 'running_shoes')).toEqual(['half marathon']);
    expect(uses('spikes for cross country season', 'running_shoes')).toEqual(['cross country']);
    expect(uses('my mom is in a book club', 'books')).toEqual(['book club']);
    expect(uses('secret santa at work', 'lego')).toEqual(['gift']);
    expect(uses('something for recovery', 'vitamins')).toEqual(['recovery']);
    expect(uses('wants sleep tracking and a step counter', 'smartwatches')).toEqual(['sleep tracking', 'step tracking']);
  });
  it('music is what headphones are for, podcasts are not', () => {
    expect(uses('spotify and music mostly', 'headphones')).toEqual([]);
    expect(uses('podcasts mostly', 'headphones')).toEqual(['podcasts']);
  });
});

describe('brands', () => {
  it('turned down on price is a dislike', () => {
    expect(brands('sony is way too expensive for me, something under 80', 'headphones')).toEqual(['Sony:false']);
    expect(brands('thorne is out of my budget', 'vitamins')).toEqual(['Thorne:false']);
  });
  it('only talked about is neither', () => {
    expect(brands('thoughts on bose?', 'headphones')).toEqual([]);
    expect(brands('jbl is ok but i want something nicer', 'headphones')).toEqual([]);
    expect(brands('is sony better than bose?', 'headphones')).toEqual([]);
    expect(brands('is the apple watch worth it', 'smartwatches')).toEqual([]);
    expect(brands('compared to nike, how are brooks', 'running_shoes')).toEqual([]);
    expect(brands('bose or sony', 'headphones')).toEqual(['Bose:true', 'Sony:true']);
  });
  it('brands the catalog does not stock, typos included', () => {
    expect(brands('anything from skulcandy?', 'headphones')).toEqual(['Skullcandy:true']);
    expect(brands('not puma', 'running_shoes')).toEqual(['Puma:false']);
    expect(brands('no pedigree pls', 'pet_food')).toEqual(['Pedigree:false']);
    expect(owned('my adidas are falling apart', 'running_shoes')).toEqual(['adidas']);
  });
});

describe('a category’s own purpose is no use', () => {
  it('reading a book says nothing; reading on the commute is a commute', () => {
    expect(uses('i read 50 books a year', 'books')).toEqual([]);
    expect(uses('he reads on his commute', 'books')).toEqual(['commute']);
  });
});
