import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog, Product } from '../../lib/catalog/catalog-schema';
import { categoryLabels, SearchEngine } from '../../lib/search/engine';
import { parseSearchQuery, type SearchQueryInput } from '../../lib/search/query';
import { tokenize } from '../../lib/search/query-words';
import { ageRange, isAgeKey } from '../../lib/search/fits';
import { CONCEPTS } from '../../lib/search/lexicon';
import { words } from '../../lib/search/text';
import { product } from './helpers/products';

// The bundled catalog: the reader knows only what a catalog says of itself (attributes, values, labels, categories).
const catalog = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../public/catalog/default.json'), 'utf8')) as Catalog;
const engine = SearchEngine.build(catalog.products, categoryLabels(catalog.categories));
const byId = new Map(catalog.products.map((p) => [p.id, p]));

function run(input: SearchQueryInput, e = engine) {
  const r = e.search(parseSearchQuery({ pageSize: 10, ...input }));
  const products = r.page.map((i) => byId.get(e.columns.ids[i] ?? '') ?? ({} as Product));
  return { ...r, products, labels: r.understood.map((u) => u.label) };
}

/** Every product a query counts as a result, page by page as the overlay would show them. */
function everyResult(text: string): { total: number; products: Product[] } {
  const first = run({ text, pageSize: 50 });
  const products = [...first.products];
  for (let page = 1; page * 50 < first.total; page++) products.push(...run({ text, pageSize: 50, page }).products);
  return { total: first.total, products };
}

describe('query understanding', () => {
  it('reads attribute values and yes/no features, written split, joined or hyphenated', () => {
    for (const text of ['on ear', 'on-ear', 'onear headphones']) {
      const r = run({ text });
      expect(r.labels, text).toContain('Type: on-ear');
      expect(r.products.slice(0, 5).every((p) => p.attributes.type === 'on-ear')).toBe(true);
    }
    const grain = run({ text: 'grainfree' });
    expect(grain.labels).toContain('Grain free');
    expect(grain.products.every((p) => p.attributes.grainFree === true)).toBe(true);
  });

  it('reads a negated feature, and what a shopper says for one ("headphones i don\'t have to charge" → not wireless)', () => {
    const r = run({ text: "headphones i don't have to charge" });
    expect(r.labels.join(' ')).toContain('Wireless: No');
    expect(r.products.slice(0, 5).every((p) => p.category === 'headphones' && p.attributes.wireless === false)).toBe(true);
  });

  it('reads ranges written with "to" or "between", "zero" as a number, and amounts the catalog writes as text ("10 ATM")', () => {
    const pieces = run({ text: '500 to 800 pieces' });
    expect(pieces.labels).toContain('Pieces: 500–800');
    expect(pieces.products.every((p) => Number(p.attributes.pieces) >= 500 && Number(p.attributes.pieces) <= 800)).toBe(true);
    expect(run({ text: 'between 20 and 40 dollars' }).labels).toContain('$20–$40');
    const zero = run({ text: 'zero drop' });
    expect(zero.labels).toContain('Heel-to-toe drop: about 0 mm');
    expect(zero.products[0]?.attributes.dropMm).toBe(0);
    // 100 m of water is 10 atmospheres: the catalog's "10 ATM" values are amounts, and "m" is no word to look for.
    const water = run({ text: '100m water resistant' });
    expect(water.labels).toContain('Water resistance: about 10 ATM');
    expect(water.products.every((p) => p.category === 'smartwatches' && p.attributes.waterResistance === '10 ATM')).toBe(true);
  });

  it("reads amounts with units and comparisons, in the attribute's own unit", () => {
    const pieces = run({ text: 'over 2000 pieces' });
    expect(pieces.labels).toEqual(['Pieces: ≥ 2000']);
    expect(pieces.products.length).toBe(10);
    expect(pieces.products.every((p) => Number(p.attributes.pieces) >= 2000)).toBe(true);
    const battery = run({ text: '2 week battery' });
    expect(battery.labels).toEqual(['Battery: ≥ 14 days']);
    expect(battery.products.every((p) => Number(p.attributes.batteryDays) >= 14)).toBe(true);
    const drop = run({ text: '8mm drop' });
    expect(drop.products.slice(0, 5).every((p) => p.attributes.dropMm === 8)).toBe(true);
  });

  it('when nothing has the amount or price asked, shows the nearest first and says so', () => {
    const r = run({ text: 'lego over 10000 pieces' });
    expect(r.labels[0]).toMatch(/none ≥ 10000, highest first/);
    const most = Math.max(...catalog.products.map((p) => Number(p.attributes.pieces ?? 0)));
    expect(r.products[0]?.attributes.pieces).toBeGreaterThanOrEqual(most * 0.9);
    const cheap = run({ text: 'vitamins under $1' });
    const cheapest = Math.min(...catalog.products.filter((p) => p.category === 'vitamins').map((p) => p.price));
    expect(cheap.products[0]?.price).toBeLessThan(cheapest * 1.5);
  });

  it('ranks by an amount a size word asks for ("long battery life smartwatch", "biggest bag")', () => {
    const r = run({ text: 'long battery life smartwatch' });
    expect(r.labels).toContain('Battery: highest first');
    const days = r.products.map((p) => Number(p.attributes.batteryDays));
    const all = catalog.products.filter((p) => p.category === 'smartwatches').map((p) => Number(p.attributes.batteryDays));
    expect(Math.min(...days.slice(0, 5))).toBeGreaterThanOrEqual(14);
    expect(Math.min(...days.slice(0, 5))).toBeGreaterThan(all.sort((a, b) => a - b)[Math.floor(all.length / 2)] ?? 0);
  });

  it('reads ages in the ways people write them, against numeric minimum ages and written ranges', () => {
    const books = run({ text: 'books for a 10 year old' });
    expect(books.labels).toEqual(expect.arrayContaining(['For age 10', 'Books']));
    expect(books.products.every((p) => p.category === 'books' && p.attributes.readingAge === '8-12')).toBe(true);
    const lego = run({ text: 'lego for a three year old' });
    expect(lego.labels).toContain('For age 3');
    expect(lego.products.every((p) => p.category === 'lego' && Number(p.attributes.ageMin) <= 3)).toBe(true);
    expect(run({ text: '18+' }).products.every((p) => Number(p.attributes.ageMin) >= 18)).toBe(true);
    expect(run({ text: 'lego, just turned 7' }).labels).toContain('For age 7');
  });

  it('reads prices and cheapness', () => {
    const r = run({ text: 'cheap dog food under $20' });
    expect(r.labels).toEqual(expect.arrayContaining(['Under $20', 'For: dog']));
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.every((p) => p.category === 'pet_food' && p.attributes.species === 'dog' && p.price <= 20)).toBe(true);
  });

  it('reads money said in words or as what there is to spend ("ten dollars", "about 100 to spend", "a budget of 60")', () => {
    expect(run({ text: 'stocking filler for under ten dollars' }).labels).toContain('Under $10');
    const spend = run({ text: 'headphones, about 100 to spend' });
    expect(spend.labels).toContain('Under $100');
    expect(spend.unmatched).toEqual([]);
    expect(spend.products.length).toBeGreaterThan(0);
    expect(spend.products.every((p) => p.category === 'headphones' && p.price <= 100)).toBe(true);
    expect(run({ text: 'a budget of 60 for headphones' }).labels).toContain('Under $60');
    // A number with none of those words is no price.
    expect(run({ text: 'lego 100 pieces' }).labels.join(' ')).not.toMatch(/\$/);
  });

  it('reads a misspelt word as the word it was taken for, and says so ("andorid", "todlers", "hesdphones")', () => {
    const android = run({ text: 'andorid smartwatch' }); // not the last word: that one may still be being typed
    expect(android.labels).toContain('Works with: Android');
    expect(android.corrections).toContainEqual({ from: 'andorid', to: 'android' });
    expect(android.products.every((p) => (p.attributes.compatibility as string[]).includes('Android'))).toBe(true);
    expect(run({ text: 'over ear hesdphones for music' }).labels).toEqual(expect.arrayContaining(['Type: over-ear', 'Headphones']));
    // A misspelling nearer a catalog word that is another word is the ranker's to correct: Salomon, not salmon.
    const salomon = run({ text: 'salamon speedcross' });
    expect(salomon.labels.join(' ')).not.toMatch(/salmon/i);
    expect(salomon.products[0]?.brand).toBe('Salomon');
    // Words the catalog uses are never respelt.
    expect(run({ text: 'cats' }).corrections).toEqual([]);
  });

  it('who a product is for ranks within a category but never picks the category ("for dad" is not men\'s shoes)', () => {
    const r = run({ text: 'heart health for dad' });
    expect(r.labels.join(' ')).toMatch(/For: men/);
    expect(r.products.slice(0, 5).every((p) => p.category !== 'running_shoes')).toBe(true);
    // Within a category that has it, it still ranks: men's shoes first.
    const shoes = run({ text: 'trail running shoes for my dad' });
    expect(shoes.products.slice(0, 5).every((p) => p.category === 'running_shoes' && p.attributes.gender === 'men')).toBe(true);
  });

  it("a product is a result when it matches half of what its category's best match does, not the best match overall", () => {
    // Trail shoes match "running", "rain" (read as trail) and more; earbuds match "buds" and "stay put" only.
    const r = run({ text: 'running in the rain, need buds that stay put' });
    expect(r.products.slice(0, 5).every((p) => p.category === 'headphones')).toBe(true);
  });

  it('counts as results only products of the categories the query is about, not every product meeting a price', () => {
    const all = (text: string) => {
      const { total, products } = everyResult(text);
      return { total, categories: new Set(products.map((p) => p.category)) };
    };
    const underHundred = catalog.products.filter((p) => p.price <= 100).length;
    const headphones = all('on ear headphones under $100');
    expect([...headphones.categories]).toEqual(['headphones']);
    expect(headphones.total).toBeLessThan(underHundred / 4);
    // A query about no category keeps every category that meets it as well as the best.
    const gift = all('something under $20 for a 7 year old');
    expect(gift.categories.has('lego')).toBe(true);
    expect(gift.total).toBeGreaterThan(0);
  });

  it("reads a child's age against age attributes only: a pet food for all life stages is not for a 7-year-old", () => {
    const r = run({ text: 'gift under $20 for a 7 year old', pageSize: 50 });
    expect(r.labels).toContain('For age 7');
    expect(r.products.some((p) => p.category === 'pet_food')).toBe(false);
    expect(['ageMin', 'ageRange', 'readingAge', 'min_age', 'Age'].every(isAgeKey)).toBe(true);
    expect(['lifeStage', 'package', 'storage', 'language'].some(isAgeKey)).toBe(false);
  });

  it('reads what follows a dislike as not wanted ("she hates tuna", "allergic to chicken"), never as wanted', () => {
    const tuna = run({ text: 'cat food, she hates tuna' });
    expect(tuna.labels).toContain('Flavour: not tuna');
    expect(tuna.products.length).toBe(10);
    expect(tuna.products.some((p) => /tuna/i.test(p.title) || p.attributes.flavour === 'tuna')).toBe(false);
    // A word nothing reads still ranks the products that say it lower: "sweet potato" is no attribute value.
    const potato = run({ text: 'dry dog food, he cant eat sweet potato' });
    const plain = run({ text: 'dry dog food' });
    const says = (ps: Product[]) => ps.filter((p) => /potato/i.test(p.title)).length;
    expect(says(potato.products)).toBeLessThan(Math.max(1, says(plain.products)));
    expect(potato.unmatched).toEqual([]);
    // "no" before a word nothing reads does not mean unwanted: "no headphone jack" is about headphones.
    expect(run({ text: 'new phone has no headphone jack' }).products[0]?.category).toBe('headphones');
  });

  it('ranks by battery where the Seller says charging bothers the Buyer; "sick of" is no illness', () => {
    const r = run({ text: 'sick of charging my watch every night' });
    expect(r.labels.join(' ')).toMatch(/Battery: highest first/);
    expect(r.labels.join(' ')).not.toMatch(/Vitamin/);
    expect(r.products.every((p) => p.category === 'smartwatches')).toBe(true);
    const days = (ps: Product[]) => ps.reduce((s, p) => s + Number(p.attributes.batteryDays), 0) / ps.length;
    expect(days(run({ text: 'forget to charge my watch' }).products)).toBeGreaterThan(days(run({ text: 'my watch' }).products));
  });

  it('reads no attribute value from a word that only says how many ("all winter" is not the life stage "all")', () => {
    const r = run({ text: 'hardly see the sun all winter' });
    expect(r.labels.join(' ')).not.toMatch(/Life stage/);
    expect(run({ text: 'all life stages cat food' }).labels).toEqual(expect.arrayContaining(['Life stage: all']));
  });

  it('finds what a need means in the catalog\'s words ("something to help me sleep" → a sleep supplement)', () => {
    const r = run({ text: 'something to help me sleep' });
    expect(r.products[0]?.category).toBe('vitamins');
    expect(r.products[0]?.description).toMatch(/sleep/i);
    expect(
      run({ text: 'headphones for the gym' })
        .products.slice(0, 3)
        .every((p) => /sport/i.test(p.title)),
    ).toBe(true);
  });

  it('a removed reading is not applied, and its words are searched as words', () => {
    const r = run({ text: 'over 2000 pieces' });
    const id = r.understood[0]?.id ?? '';
    const without = run({ text: 'over 2000 pieces', ignore: [id] });
    expect(without.understood.map((u) => u.id)).not.toContain(id);
    expect(without.products.every((p) => Number(p.attributes.pieces) >= 2000)).toBe(false);
  });
});

describe('an imported catalog is read through its own attributes', () => {
  const garden = [
    product({
      id: 'shears',
      title: 'Hedge Shears',
      brand: 'Fiskars',
      category: 'garden_tools',
      attributes: { cordless: false, bladeLengthCm: 20, material: 'steel' },
    }),
    product({
      id: 'trimmer-s',
      title: 'Hedge Trimmer 45',
      brand: 'Bosch',
      category: 'garden_tools',
      attributes: { cordless: true, bladeLengthCm: 45, material: 'steel' },
    }),
    product({
      id: 'trimmer-l',
      title: 'Hedge Trimmer 60',
      brand: 'Bosch',
      category: 'garden_tools',
      attributes: { cordless: true, bladeLengthCm: 60, material: 'carbon' },
    }),
    product({
      id: 'rake',
      title: 'Leaf Rake',
      brand: 'Fiskars',
      category: 'garden_tools',
      attributes: { cordless: false, material: 'bamboo' },
    }),
  ];
  const e = SearchEngine.build(garden, { garden_tools: 'Garden tools' });
  const ids = (text: string) => e.search(parseSearchQuery({ text })).page.map((i) => e.columns.ids[i]);
  const labels = (text: string) => e.search(parseSearchQuery({ text })).understood.map((u) => u.label);

  it('reads its yes/no features, values, amounts with their unit and category, with labels made from its keys', () => {
    expect(labels('cordless hedge trimmer')).toContain('Cordless');
    expect(ids('cordless hedge trimmer').slice(0, 2).sort()).toEqual(['trimmer-l', 'trimmer-s']);
    expect(labels('not cordless')).toContain('Cordless: No');
    expect(ids('not cordless').slice(0, 2).sort()).toEqual(['rake', 'shears']);
    expect(labels('blade over 50 cm')).toEqual(['Blade length cm: ≥ 50']);
    expect(ids('blade over 50 cm')[0]).toBe('trimmer-l');
    expect(labels('bamboo')).toEqual(['Material: bamboo']);
    expect(labels('garden tools')).toContain('Garden tools');
  });
});

describe('lexical matching', () => {
  it('joins and splits compounds: "smart watch" = "smartwatch", "star wars" = "starwars", "fit bit" = "fitbit"', () => {
    const ids = (text: string) => run({ text }).products.map((p) => p.id);
    expect(ids('smart watch')).toEqual(ids('smartwatch'));
    expect(run({ text: 'starwars' }).products.every((p) => p.attributes.theme === 'Star Wars')).toBe(true);
    expect(run({ text: 'fit bit' }).products.every((p) => p.brand === 'Fitbit')).toBe(true);
    expect(run({ text: 'at-at' }).products[0]?.title).toMatch(/AT-AT/);
  });

  it("takes a number typed in part as a model number's beginning, never as a longer number", () => {
    const r = run({ text: '1080' });
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.every((p) => /1080v\d+/i.test(p.title))).toBe(true);
    const small = SearchEngine.build([
      product({ id: 'a', title: 'Widget 10', brand: 'X', category: 'c' }),
      product({ id: 'b', title: 'Widget 1000', brand: 'X', category: 'c' }),
    ]);
    expect(run({ text: '10 ' }, small).page.map((i) => small.columns.ids[i])).toEqual(['a']);
    // "100" is not the beginning of the model number 1000XM5.
    expect(run({ text: '100' }).products.some((p) => /1000xm/i.test(p.title))).toBe(false);
    // After a product line's name, a number typed in part is a longer model number's beginning.
    expect(run({ text: 'forerunner 26' }).products[0]?.title).toMatch(/Forerunner 265/);
    // A model code typed in part, from three characters: "m50" of ATH-M50x.
    const m50 = run({ text: 'ath-m50' }).products.slice(0, 3);
    expect(m50.length).toBe(3);
    expect(m50.every((p) => /ATH-M50x/.test(p.title))).toBe(true);
  });

  it('corrects a typo to the word the query\'s other words agree with ("salamon speedcross" → Salomon, not salmon)', () => {
    // A letter too many is a typo ("endorphine"), an ending that makes another word is not ("charger").
    expect(run({ text: 'saucony endorphine' }).products[0]?.title).toMatch(/Endorphin/);
    const r = run({ text: 'salamon speedcross' });
    expect(r.corrections).toEqual([{ from: 'salamon', to: 'salomon' }]);
    expect(r.products.every((p) => p.brand === 'Salomon')).toBe(true);
    // Talk is not corrected into a catalog word when the query's other words do not agree.
    expect(run({ text: 'we just brought home a kitten' }).corrections).toEqual([]);
  });

  it('a letter or two still being typed after other words only ranks what those words find', () => {
    const ids = (text: string) => everyResult(text).products.map((p) => p.id);
    const found = new Set(ids('sony headphones'));
    const typing = ids('sony headphones w');
    expect(typing.length).toBeGreaterThan(0);
    expect(typing.every((id) => found.has(id))).toBe(true);
    // And ranks by it: what it begins ("wireless") comes first.
    expect(byId.get(typing[0] ?? '')?.attributes.wireless).toBe(true);
    // Alone, it is a beginning like any other.
    expect(run({ text: 'so' }).total).toBeGreaterThan(0);
  });

  it('says which words matched nothing instead of dropping them silently', () => {
    const r = run({ text: 'airpods pro' });
    expect(r.unmatched).toEqual(['airpods']);
    expect(r.products.length).toBeGreaterThan(0);
    // "charger" is not a misspelt "charge": the Seller is told the catalog has no chargers, and iphone is read.
    const charger = run({ text: 'iphone charger' });
    expect(charger.unmatched).toEqual(['charger']);
    expect(charger.corrections).toEqual([]);
    expect(charger.labels).toContain('Works with: iOS');
    const none = run({ text: 'zzzz qqqq' });
    expect(none.total).toBe(0);
    expect(none.unmatched).toEqual(['zzzz', 'qqqq']);
  });
});

describe('query words', () => {
  it('splits units from numbers, keeps ranges, joins apostrophes and marks hyphenated words', () => {
    expect(tokenize('400mg').map((t) => t.w)).toEqual(['400', 'mg']);
    expect(tokenize('ages 3-5').map((t) => t.w)).toEqual(['ages', '3', '-', '5']);
    expect(tokenize("don't").map((t) => t.w)).toEqual(['dont']);
    expect(tokenize('on-ear').map((t) => [t.w, t.hyphened])).toEqual([
      ['on', false],
      ['ear', true],
    ]);
    expect(tokenize('$100 under').map((t) => t.w)).toEqual(['$', '100', 'under']);
  });

  it('reads written age ranges', () => {
    expect(ageRange('8-12')).toEqual([8, 12]);
    expect(ageRange('10+')).toEqual([10, 120]);
    expect(ageRange('adult')).toEqual([18, 120]);
    expect(ageRange('red')).toBeNull();
  });
});

describe('shopping thesaurus', () => {
  it('says nothing the reader cannot match: every phrase has 1 to 4 words and every concept does something', () => {
    for (const c of CONCEPTS) {
      for (const say of c.say) expect(words(say).length, say).toBeGreaterThan(0);
      for (const say of c.say) expect(words(say).length, say).toBeLessThanOrEqual(4);
      expect(Boolean(c.look?.length || c.means?.length || c.cheap || c.age !== undefined), c.say[0]).toBe(true);
    }
  });
});
