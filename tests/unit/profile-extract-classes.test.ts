import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../lib/catalog/catalog-schema';
import { extractProfile } from '../../lib/profile/extract';
import { evaluate, parseLabeledSet } from '../../lib/profile/evaluate';
import type { ProfileItem } from '../../lib/profile/profile-schema';
import { vocabularyFromCatalog } from '../../lib/profile/vocabulary';

/**
 * Issue 19's failure classes of the preference extractor, each read as a class (several wordings), not as one
 * sentence: negation over its clause, budget bounds and bare ranges, owned-product cues, age phrases before
 * pet-food phrases, and word-sense guards.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const catalog = JSON.parse(await readFile(resolve(ROOT, 'public/catalog/default.json'), 'utf8')) as Catalog;
const vocab = vocabularyFromCatalog(catalog.products);
const read = (text: string, category: string | null = null) => extractProfile(text, vocab, { category }).items;
const slot = <S extends ProfileItem['slot']>(items: ProfileItem[], s: S) =>
  items.filter((i): i is Extract<ProfileItem, { slot: S }> => i.slot === s);
const feature = (text: string, category: string, name: string) =>
  slot(read(text, category), 'feature').find((f) => f.feature === name)?.want;

describe('negation reaches over its clause', () => {
  it('after a subject, as without one', () => {
    for (const text of ["I don't need GPS", 'i dont need gps', 'she doesnt need gps', "we really don't need GPS", 'dont need gps'])
      expect(feature(text, 'smartwatches', 'gps=true'), text).toBe(false);
    expect(feature("I don't need trail shoes, i only run on the road", 'running_shoes', 'terrain=trail')).toBe(false);
    expect(feature('wired is fine, I dont need bluetooth', 'headphones', 'wireless=true')).toBe(false);
  });

  it('over everything it governs in the clause, and no further', () => {
    const items = read("i don't need gps or a heart rate monitor, but it has to work with my iphone", 'smartwatches');
    expect(slot(items, 'feature')).toEqual(
      expect.arrayContaining([
        { slot: 'feature', feature: 'gps=true', want: false },
        { slot: 'feature', feature: 'heartRate=true', want: false },
        { slot: 'feature', feature: 'compatibility=iOS', want: true },
      ]),
    );
    // "just" and a new subject with its own verb end the negation's reach.
    expect(feature("I don't need GPS, just heart rate", 'smartwatches', 'heartRate=true')).toBe(true);
    expect(feature('no gps just heart rate', 'smartwatches', 'heartRate=true')).toBe(true);
    expect(feature('she doesnt need gps she wants a heart rate monitor', 'smartwatches', 'heartRate=true')).toBe(true);
  });

  it('turns a liking around, and reads "not a fan of" and "anything but", misspelt too', () => {
    expect(feature("she doesn't like chicken", 'pet_food', 'flavour=chicken')).toBe(false);
    expect(feature('he never really liked lamb', 'pet_food', 'flavour=lamb')).toBe(false);
    for (const text of ['not a fan of garmin', 'anything but garmin', 'anythng but garmin, had a bad one', 'anythin but garmin'])
      expect(slot(read(text, 'smartwatches'), 'brand'), text).toEqual([{ slot: 'brand', brand: 'Garmin', like: false }]);
  });

  it('rules a use out as well ("i dont swim", "nothing for running")', () => {
    expect(slot(read('5 atm is plenty, i dont swim', 'smartwatches'), 'use')).toEqual([]);
    expect(slot(read('gym shoes, nothing for running', 'running_shoes'), 'use')).toEqual([{ slot: 'use', use: 'gym' }]);
  });

  it('is not read in a filler "like", a budget phrase or a term\'s own words', () => {
    // "in like 8 months" says nothing about liking the brand: owning it is no preference.
    expect(slot(read('my old fitbit died in like 8 months', 'smartwatches'), 'brand')).toEqual([]);
    expect(feature('no more than 60 dollars for a big bag of dry food', 'pet_food', 'form=dry')).toBe(true);
    expect(slot(read('over ear ones for flights', 'headphones'), 'use')).toEqual([{ slot: 'use', use: 'travel' }]);
  });
});

describe('budget bounds', () => {
  const budget = (text: string, category: string | null = null) => slot(read(text, category), 'budget');

  it('a bound is a maximum however loosely said, not a ±20 % range', () => {
    for (const text of [
      'like 150 bucks tops',
      '150 bucks max',
      'no more than $150ish',
      'under 150',
      'at most 150 dollars',
      'like 150ish max',
    ])
      expect(budget(text), text).toEqual([{ slot: 'budget', max: 150 }]);
  });

  it('"around" and a bare "-ish" stay an approximate range', () => {
    expect(budget('around 150')).toEqual([{ slot: 'budget', min: 120, max: 180 }]);
    expect(budget('like 50ish tbh')).toEqual([{ slot: 'budget', min: 40, max: 60 }]);
  });

  it('reads a bare numeric range as a budget, but not counts, sizes or ages', () => {
    expect(budget('200-350 for something big, its a gift')).toEqual([{ slot: 'budget', min: 200, max: 350 }]);
    expect(budget('a hundred to a hundred and thirty')).toEqual([{ slot: 'budget', min: 100, max: 130 }]);
    expect(budget('40-70 range')).toEqual([{ slot: 'budget', min: 40, max: 70 }]);
    expect(budget('for ages 8-12', 'lego')).toEqual([]);
    expect(budget('i run 20-30 miles a week', 'running_shoes')).toEqual([]);
    expect(budget('whats the difference between the 41 and 45mm', 'smartwatches')).toEqual([]);
    expect(budget('she reads like 3 a week', 'books')).toEqual([]);
  });

  it('forgives typos in budget words', () => {
    expect(budget('betwen 100 and 200 dollers')).toEqual([{ slot: 'budget', min: 100, max: 200 }]);
    expect(budget('keep it undr 300')).toEqual([{ slot: 'budget', max: 300 }]);
    expect(budget('bugdet is 90')).toEqual([{ slot: 'budget', max: 90 }]);
  });
});

describe('owned products', () => {
  const owned = (text: string, category: string) => slot(read(text, category), 'owned').map((o) => o.product.toLowerCase());

  it('are named before a cue that says they failed', () => {
    expect(owned('her fitbit versa is falling apart, she wants something similar', 'smartwatches')).toEqual(['fitbit versa']);
    expect(owned('my jbl buds died after a year', 'headphones')).toEqual(['jbl buds']);
    expect(owned('my old pegasus 39s wore out', 'running_shoes')).toEqual(['pegasus 39s']);
    expect(owned('our sony xm4s broke', 'headphones')).toEqual(['sony xm4s']);
    // Owning it is not liking it: the brand is no preference unless they say so.
    expect(slot(read('her fitbit versa is falling apart, she wants something similar', 'smartwatches'), 'brand')).toEqual([]);
  });

  it('make their brand liked when the Buyer wants the same again, or says how it was', () => {
    expect(slot(read('my polar watch wore out, want the newer one', 'smartwatches'), 'brand')).toEqual([
      { slot: 'brand', brand: 'Polar', like: true },
    ]);
    expect(slot(read('sony wh-1000xm4 is what i have, want an upgrade, same brand', 'headphones'), 'brand')).toEqual([
      { slot: 'brand', brand: 'Sony', like: true },
    ]);
  });

  it('are never people, pets or what they do', () => {
    expect(owned('my two kittens need food, something wet', 'pet_food')).toEqual([]);
    expect(owned('my 2 puppies need kibble', 'pet_food')).toEqual([]);
    // An e-reader is no book (one that died is replaced, and is owned: see the development set's books-044).
    expect(owned('i read on my kindle every night', 'books')).toEqual([]);
    expect(owned('my kindle died so i want paperbacks', 'books')).toEqual(['kindle']);
    expect(owned('I paid $180 for my last pair', 'running_shoes')).toEqual([]); // a pair is no product's name
    expect(owned('paid 90 dollars for a bag of orijen', 'pet_food')).toEqual(['orijen']);
  });
});

describe('recipient and age', () => {
  const recipient = (text: string, category: string) => slot(read(text, category), 'recipient');

  it('an age phrase comes before a pet-food phrase', () => {
    expect(recipient('lookin for a star wars set for a 5 yr old boy', 'lego')).toEqual([{ slot: 'recipient', who: 'child', age: 5 }]);
    expect(feature('for a 5 yr old boy', 'pet_food', 'lifeStage=senior')).toBeUndefined();
    // Without an age phrase, "old boy" is still a senior dog.
    expect(feature('something soft for my old boy', 'pet_food', 'lifeStage=senior')).toBe(true);
  });

  it('an age alone stands for a child', () => {
    expect(recipient('my 14 yr old wants beats', 'headphones')).toEqual([{ slot: 'recipient', who: 'child', age: 14 }]);
    expect(recipient('our 7yo is into ninjago', 'lego')).toEqual([{ slot: 'recipient', who: 'child', age: 7 }]);
    expect(recipient('my 9 year old golden retriever', 'pet_food')).toEqual([{ slot: 'recipient', who: 'dog', age: 9 }]);
    expect(recipient('my 14 yr old son wants beats', 'headphones')).toEqual([{ slot: 'recipient', who: 'son', age: 14 }]);
  });

  it('a girl or boy is any child, "my" or not; someone only asked is no recipient', () => {
    expect(recipient('for a 10 year old girl', 'lego')).toEqual([{ slot: 'recipient', who: 'child', age: 10 }]);
    expect(recipient('for my girl, she is 10', 'lego')).toEqual([{ slot: 'recipient', who: 'child', age: 10 }]);
    expect(recipient('let me check with my wife', 'lego')).toEqual([]);
    expect(recipient('dad needs iron', 'vitamins')).toEqual([{ slot: 'recipient', who: 'father' }]);
  });
});

describe('word-sense guards', () => {
  it('"switch" the verb is no Nintendo Switch', () => {
    for (const text of ['my vet said to switch to grain free', 'we might switch brands', 'switch from wired to wireless'])
      expect(slot(read(text, null), 'use'), text).toEqual([]);
    expect(slot(read('a headset for his switch', 'headphones'), 'use')).toEqual([{ slot: 'use', use: 'gaming' }]);
  });

  it('"make beats" is no brand, "90 max" no cushioning', () => {
    expect(slot(read('i make beats in my bedroom', 'headphones'), 'brand')).toEqual([]);
    expect(slot(read('beats or sony', 'headphones'), 'brand')).toHaveLength(2);
    expect(slot(read('budget is 90 max', 'running_shoes'), 'feature')).toEqual([]);
  });
});

describe('both halves of the labeled set', () => {
  const load = async (path: string) => parseLabeledSet(JSON.parse(await readFile(resolve(ROOT, path), 'utf8')));
  const score = (set: Awaited<ReturnType<typeof load>>) =>
    evaluate(set, (u) => extractProfile(u.text, vocab, { category: u.category }).items);

  it('have at least 400 labeled messages together, the held-out half frozen apart', async () => {
    const dev = await load('tests/fixtures/coach/buyer-utterances.json');
    const held = await load('tests/fixtures/coach/held-out.json');
    expect(dev.length + held.length).toBeGreaterThanOrEqual(400);
    expect(new Set(dev.map((u) => u.category)).size).toBe(7);
    const heldIds = new Set(held.map((u) => u.id));
    expect(dev.filter((u) => heldIds.has(u.id))).toEqual([]);
    // No labeled message of the held-out half is copied into the development half (small talk like "thx!" may repeat).
    const hasFacts = (u: (typeof held)[number]) => Object.keys(u.expect).length > 0;
    const heldTexts = new Set(held.filter(hasFacts).map((u) => u.text.toLowerCase()));
    expect(dev.filter((u) => hasFacts(u) && heldTexts.has(u.text.toLowerCase())).map((u) => u.id)).toEqual([]);
  });

  it('keep the blind-written development set (dev-3) apart from both held-out sets, naming only catalog values', async () => {
    const dev3 = await load('tests/fixtures/coach/dev-3.json');
    expect(dev3.length).toBeGreaterThanOrEqual(450);
    const held = [...(await load('tests/fixtures/coach/held-out.json')), ...(await load('tests/fixtures/coach/held-out-2.json'))];
    // Small talk with nothing to extract ("yo") may repeat; no labeled message may.
    const labeled = (u: (typeof held)[number]) => Object.keys(u.expect).length > 0;
    const heldTexts = new Set(held.filter(labeled).map((u) => u.text.toLowerCase()));
    const heldIds = new Set(held.map((u) => u.id));
    expect(dev3.filter((u) => heldIds.has(u.id) || (labeled(u) && heldTexts.has(u.text.toLowerCase()))).map((u) => u.id)).toEqual([]);
    const values = new Set(
      catalog.products.flatMap((p) =>
        Object.entries(p.attributes).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${p.category}:${k}=${String(x)}`)),
      ),
    );
    const unknown = dev3.flatMap((u) => (u.expect.features ?? []).map((f) => `${u.category}:${f.feature}`)).filter((f) => !values.has(f));
    expect(unknown).toEqual([]);
  });

  it('score on the development half at least what issue 19 asks of the held-out half', async () => {
    const e = score(await load('tests/fixtures/coach/buyer-utterances.json'));
    expect(e.slots.budget.f1).toBeGreaterThanOrEqual(0.93);
    expect(e.slots.brand.f1).toBeGreaterThanOrEqual(0.93);
    expect(e.slots.owned.f1).toBeGreaterThanOrEqual(0.8);
    expect(e.overall.f1).toBeGreaterThanOrEqual(0.92);
  });
});

describe('budgets said as people say them', () => {
  const budget = (text: string) => slot(read(text, 'headphones'), 'budget')[0];
  it('reads a spoken price as hundreds and tens', () => {
    expect(budget('two fifty tops')).toEqual({ slot: 'budget', max: 250 });
    expect(budget('um maybe one twenty nine max')).toEqual({ slot: 'budget', max: 129 });
    expect(budget('about three fifty')).toEqual({ slot: 'budget', min: 280, max: 420 });
    // A plain sum of tens and units stays a sum.
    expect(budget('twenty five bucks')).toEqual({ slot: 'budget', max: 25 });
  });

  it('reads a ceiling, a total and a sum to spend as a maximum', () => {
    for (const text of ['my ceiling is 120', "we've got 120 total", 'i have 120 to spend', 'can do 120'])
      expect(budget(text), text).toEqual({ slot: 'budget', max: 120 });
  });

  it('does not take a price asked about for the budget, but does a budget asked for', () => {
    for (const text of ['is that like 800 bucks??', 'are those really $300?', 'wait is it 250 dollars?'])
      expect(budget(text), text).toBeUndefined();
    expect(budget('anything under 100?')).toEqual({ slot: 'budget', max: 100 });
    expect(budget('is there one under $100?')).toEqual({ slot: 'budget', max: 100 });
  });
});

describe('owned products named as the catalog names them', () => {
  const owned = (text: string, category: string) => slot(read(text, category), 'owned').map((o) => o.product.toLowerCase());
  it('finds a product line from the catalog titles after an owning cue', () => {
    expect(owned('he already has the hogwarts castle', 'lego')).toEqual(['hogwarts castle']);
    expect(owned("we're on purina pro plan now", 'pet_food')).toEqual(['purina pro plan']);
    expect(owned('we feed him science diet', 'pet_food')).toEqual(['science diet']);
  });

  it('counts a book read as a book had', () => {
    expect(owned('she already read war and peace', 'books')).toEqual(['war and peace']);
    expect(owned('he just finished black beauty and loved it', 'books')).toEqual(['black beauty']);
  });

  it('owning a brand is no liking of it', () => {
    expect(slot(read("we're on purina pro plan now", 'pet_food'), 'brand')).toEqual([]);
  });

  it('names nothing when no product follows the cue', () => {
    expect(owned('we are on a budget', 'pet_food')).toEqual([]);
    expect(owned('she already read everything in the house', 'books')).toEqual([]);
  });
});

describe('what another person has, and questions about a product', () => {
  it('reads a person having something as owning it, and their liking it as liking its brand', () => {
    const items = read('my brother has a garmin and he likes it', 'smartwatches');
    expect(slot(items, 'owned').map((o) => o.product)).toEqual(['garmin']);
    expect(slot(items, 'brand')).toEqual([{ slot: 'brand', brand: 'Garmin', like: true }]);
    expect(slot(read('garden of life is what she uses, she loves it', 'vitamins'), 'owned').map((o) => o.product)).toEqual([
      'garden of life',
    ]);
    expect(slot(read("my dog has a sensitive stomach, she's on hills right now", 'pet_food'), 'owned').map((o) => o.product)).toEqual([
      'hills',
    ]);
    expect(slot(read('my daughter has asthma', 'vitamins'), 'owned')).toEqual([]);
  });

  it('takes a question about a product as no choice of its brand, but a brand asked for as one', () => {
    for (const text of ['is the fitbit waterproof', 'does the apple watch work with android', 'is that garmin any cheaper'])
      expect(slot(read(text, 'smartwatches'), 'brand'), text).toEqual([]);
    expect(slot(read('the garmin is the one i want', 'smartwatches'), 'brand')).toEqual([{ slot: 'brand', brand: 'Garmin', like: true }]);
    expect(slot(read('do you carry garmin?', 'smartwatches'), 'brand')).toEqual([{ slot: 'brand', brand: 'Garmin', like: true }]);
  });
});

describe('classes found on the blind development sets (dev3)', () => {
  const budget = (text: string, category = 'headphones') => slot(read(text, category), 'budget')[0];
  it('reads pounds, euros, quid and a tenner as money, but not a bag of so many pounds', () => {
    expect(budget("I'd like to keep it under £80")).toEqual({ slot: 'budget', max: 80 });
    expect(budget("I've only got forty quid to spend")).toEqual({ slot: 'budget', max: 40 });
    expect(budget('maybe a tenner at most', 'books')).toEqual({ slot: 'budget', max: 10 });
    expect(budget("I really don't want to go over 25 pounds", 'pet_food')).toEqual({ slot: 'budget', max: 25 });
    expect(budget('a 30 pound bag of kibble', 'pet_food')).toBeUndefined();
  });

  it('takes "budget like N" and a later bound as the maximum, and two amounts in a row as a range', () => {
    expect(budget('budget like 60 for a 30 lb bag', 'pet_food')).toEqual({ slot: 'budget', max: 60 });
    expect(budget("i'm thinking like two hundred maybe two twenty five max", 'smartwatches')).toEqual({ slot: 'budget', max: 225 });
    expect(budget('i wanna spend like twenty five thirty', 'books')).toEqual({ slot: 'budget', min: 25, max: 30 });
    expect(budget('between like ninety and one twenty', 'running_shoes')).toEqual({ slot: 'budget', min: 90, max: 120 });
    expect(budget('seventy five each tops')).toEqual({ slot: 'budget', max: 75 });
    expect(budget("budget's 300, hard cap", 'smartwatches')).toEqual({ slot: 'budget', max: 300 });
  });

  it('rules a brand out over its price across a "but", and leaves a brand asked about alone', () => {
    const brands = (text: string, category: string) => slot(read(text, category), 'brand');
    expect(brands('thorne is great but 50 bucks a bottle is nuts', 'vitamins')).toEqual([{ slot: 'brand', brand: 'Thorne', like: false }]);
    expect(brands('I was looking at the Garmin ones but they seem quite dear for a student', 'smartwatches')).toEqual([
      { slot: 'brand', brand: 'Garmin', like: false },
    ]);
    expect(brands('is nordic naturals actually worth the price vs kirkland fish oil', 'vitamins')).toEqual([]);
    expect(brands('would a polar or a garmin be better for tracking my cycling?', 'smartwatches')).toEqual([]);
    expect(brands('is there anything from garmin?', 'smartwatches')).toEqual([{ slot: 'brand', brand: 'Garmin', like: true }]);
  });

  it('takes a person giving an opinion for a source, not for who it is for', () => {
    const who = (text: string, category: string) => slot(read(text, category), 'recipient')[0]?.who;
    expect(who("my sister says anything under 100 isn't worth buying but I can't go much above seventy", 'headphones')).toBeUndefined();
    expect(who('my friend said now foods is decent', 'vitamins')).toBeUndefined();
    expect(slot(read('my friend said now foods is decent', 'vitamins'), 'brand')).toEqual([]);
    expect(who('for my son in law, he runs marathons', 'smartwatches')).toBe('son-in-law');
  });

  it('names races as said and never "running" for running shoes; a birthday ordinal is a present with an age', () => {
    const uses = (text: string, category: string) => slot(read(text, category), 'use').map((u) => u.use);
    expect(uses('daughter just started running, doing her first 5k in may', 'running_shoes')).toEqual(['5k']);
    expect(uses('trail shoes for muddy ultras', 'running_shoes')).toEqual(['ultras']);
    expect(uses('he runs marathons and wants a gps watch', 'smartwatches')).toEqual(['marathon']);
    const items = read("poetry for my grandma's 90th, nothing too heavy", 'books');
    expect(slot(items, 'use').map((u) => u.use)).toEqual(['gift']);
    expect(slot(items, 'recipient')).toEqual([{ slot: 'recipient', who: 'grandmother', age: 90 }]);
    expect(uses('shes on her 5th pair', 'running_shoes')).toEqual([]);
  });
});

describe('features said the short way', () => {
  const features = (text: string, category: string) => slot(read(text, category), 'feature').map((f) => `${f.feature}:${f.want}`);
  it('reads an author by surname, YA as young adult and a vitamin said letter by number', () => {
    expect(features('anything by dickens in paperback under 15?', 'books')).toEqual(
      expect.arrayContaining(['author=Charles Dickens:true', 'format=paperback:true']),
    );
    expect(features('um y a fantasy but nothing with a love triangle please', 'books')).toEqual(
      expect.arrayContaining(['readingAge=young adult:true', 'genre=fantasy:true']),
    );
    expect(features('my doctor said my b twelve is low', 'vitamins')).toEqual(['nutrient=B12:true']);
  });

  it('takes "X is too heavy" as ruling X out and a requirement after a ruled-out thing as wanted', () => {
    expect(features('paperback pls, hardcovers are too heavy for my mother in law', 'books')).toEqual(
      expect.arrayContaining(['format=paperback:true', 'format=hardcover:false']),
    );
    expect(features('nothing over four hundred please and it has to work with android', 'smartwatches')).toEqual([
      'compatibility=Android:true',
    ]);
  });
});

describe('owned brands said in a list, and complaints that name the flaw', () => {
  it('reads every brand of a list tried as owned', () => {
    const items = read("honestly we've tried wellness and blue buffalo and he throws up on both so not those", 'pet_food');
    expect(slot(items, 'owned').map((o) => o.product.toLowerCase())).toEqual(['wellness', 'blue buffalo']);
  });
  it('keeps a price complaint whole after "its"', () => {
    expect(slot(read('iams is what we been buying but its too expensive now, open to blue buffalo', 'pet_food'), 'brand')).toEqual([
      { slot: 'brand', brand: 'Iams', like: false },
      { slot: 'brand', brand: 'Blue Buffalo', like: true },
    ]);
  });
});

describe('brands the catalog does not stock', () => {
  const brands = (text: string, category: string) => slot(read(text, category), 'brand');

  it('are read as liked or ruled out, in every category of the catalog', () => {
    expect(brands('anything but playmobil, he wants proper bricks', 'lego')).toEqual([{ slot: 'brand', brand: 'Playmobil', like: false }]);
    expect(brands('shes a huge fan of usborne books', 'books')).toEqual([{ slot: 'brand', brand: 'Usborne', like: true }]);
    expect(brands('not whiskas please', 'pet_food')).toEqual([{ slot: 'brand', brand: 'Whiskas', like: false }]);
    expect(brands('something like the edifier ones, under 60', 'headphones')).toEqual([{ slot: 'brand', brand: 'Edifier', like: true }]);
  });

  it('named by what shoppers say when the name is an ordinary word', () => {
    expect(brands('on clouds if you have them, size 9', 'running_shoes')).toEqual([{ slot: 'brand', brand: 'On', like: true }]);
    // The word alone is the word: "on" and "nothing" name no brand.
    expect(brands('she runs on the road, nothing fancy', 'running_shoes')).toEqual([]);
    expect(brands('not the nothing ear ones', 'headphones')).toEqual([{ slot: 'brand', brand: 'Nothing', like: false }]);
  });

  it("only by their whole name when it is long, and never by a pet's name", () => {
    expect(brands('my daughter plays sports, needs iron', 'vitamins')).toEqual([]);
    expect(brands('sports research omega 3 is what i like', 'vitamins')).toEqual([{ slot: 'brand', brand: 'Sports Research', like: true }]);
    expect(brands('felix wont eat chicken', 'pet_food')).toEqual([]);
  });

  it('not by a typo of a plural made up for them ("knees" is one edit from "knexs")', () => {
    const items = read('gimme the plushest thing u got, my knees r shot', 'running_shoes');
    expect(slot(items, 'owned')).toEqual([]);
    expect(slot(read('my son loves knex sets', 'lego'), 'brand')).toEqual([{ slot: 'brand', brand: "K'Nex", like: true }]);
  });

  it('not in a category the catalog lacks, and product lines name their maker', () => {
    const shoes = vocabularyFromCatalog(catalog.products.filter((p) => p.category === 'running_shoes'));
    expect(extractProfile('no playmobil please', shoes, { category: null }).items.filter((i) => i.slot === 'brand')).toEqual([]);
    expect(brands('the vet put her on science diet and she likes it', 'pet_food')).toEqual([
      { slot: 'brand', brand: "Hill's", like: true },
    ]);
  });
});
