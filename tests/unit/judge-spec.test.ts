import { describe, expect, it } from 'vitest';
import { foldText, gradeCatalog, gradeOf, judgeable, meets, parseSpec, type Cond, type Spec } from '../../scripts/catalog/judge-spec';

const shoe = judgeable({
  id: 'running_shoes-9001',
  category: 'running_shoes',
  title: "New Balance Fresh Foam X 1080v14 Women's Road Running Shoe, Wide, Pink/Peach",
  brand: 'New Balance',
  description: 'A plush, max-cushioned shoe that protects your legs on long runs and recovery days.',
  price: 164.99,
  attributes: { terrain: 'road', dropMm: 6, width: 'wide', gender: 'women', cushioning: 'max' },
});
const vitamin = judgeable({
  id: 'vitamins-9001',
  category: 'vitamins',
  title: 'Nature Made Vegan Vitamin D3 Gummies 2000 IU (50 mcg), Orange, 90 Count',
  brand: 'Nature Made',
  description: 'Supports healthy bones, teeth and immune function.',
  price: 13.99,
  attributes: { form: 'gummy', count: 90, dietary: ['vegan', 'gluten-free'], nutrient: 'Vitamin D3' },
});

describe('foldText', () => {
  it('lower-cases, folds punctuation and accents to single spaces, keeps "+" and pads with spaces', () => {
    expect(foldText("Hill's Pâté, Senior 7+")).toBe(' hill s pate senior 7+ ');
    expect(foldText('AT-AT')).toBe(' at at ');
  });
});

describe('meets', () => {
  const cases: [string, Cond, boolean][] = [
    ['category', { category: 'running_shoes' }, true],
    ['category list', { category: ['books', 'lego'] }, false],
    ['brand, any case', { brand: 'new balance' }, true],
    ['title phrase', { title: 'road running' }, true],
    ['title phrase across punctuation', { title: 'wide pink' }, true],
    ['title words are whole words', { title: 'run' }, false],
    ['title does not read the description', { title: 'recovery' }, false],
    ['text reads the description', { text: 'recovery days' }, true],
    ['prefix of a title word', { prefix: '1080' }, true],
    ['prefix must start a word', { prefix: '080' }, false],
    ['price range', { price: { min: 100, max: 170 } }, true],
    ['price above max', { price: { max: 100 } }, false],
    ['attribute eq, any case', { attr: 'width', eq: 'Wide' }, true],
    ['attribute in', { attr: 'terrain', in: ['trail', 'track'] }, false],
    ['numeric range', { attr: 'dropMm', min: 4, max: 6 }, true],
    ['numeric range missed', { attr: 'dropMm', max: 4 }, false],
    ['missing attribute fails', { attr: 'form', eq: 'gummy' }, false],
    ['all', { all: [{ category: 'running_shoes' }, { attr: 'gender', eq: 'women' }] }, true],
    ['any', { any: [{ category: 'books' }, { attr: 'gender', eq: 'men' }] }, false],
    ['not', { not: { attr: 'terrain', eq: 'trail' } }, true],
  ];
  it.each(cases)('%s', (_, cond, expected) => {
    expect(meets(shoe, cond)).toBe(expected);
  });

  it('tests list attributes by membership', () => {
    expect(meets(vitamin, { attr: 'dietary', eq: 'vegan' })).toBe(true);
    expect(meets(vitamin, { attr: 'dietary', eq: 'sugar-free' })).toBe(false);
    expect(meets(vitamin, { attr: 'dietary', in: ['dairy-free', 'gluten-free'] })).toBe(true);
    expect(meets(vitamin, { attr: 'dietary', min: 1 })).toBe(false);
  });
});

describe('gradeOf and gradeCatalog', () => {
  const spec: Spec = {
    rules: [
      { grade: 2, if: { category: 'running_shoes' } },
      { grade: 3, if: { all: [{ category: 'running_shoes' }, { attr: 'width', eq: 'wide' }] } },
      { grade: 1, if: { attr: 'form', eq: 'gummy' } },
    ],
  };

  it('gives the highest grade among the rules met, whatever their order, and 0 when none is met', () => {
    expect(gradeOf(shoe, spec)).toBe(3);
    expect(gradeOf(vitamin, spec)).toBe(1);
    expect(gradeOf(vitamin, { rules: [] })).toBe(0);
  });

  it('lists only relevant products, in id order', () => {
    const book = judgeable({ ...vitamin.product, id: 'books-0001', category: 'books', attributes: {} });
    const grades = gradeCatalog([vitamin, book, shoe], spec);
    expect(Object.entries(grades)).toEqual([
      ['running_shoes-9001', 3],
      ['vitamins-9001', 1],
    ]);
  });
});

describe('parseSpec', () => {
  it('accepts a well-formed spec', () => {
    const spec = { rules: [{ grade: 3, if: { all: [{ category: 'lego' }, { attr: 'ageMin', max: 6 }] } }] };
    expect(parseSpec(spec)).toEqual(spec);
  });

  it.each([
    ['a grade out of range', { rules: [{ grade: 4, if: { category: 'lego' } }] }],
    ['an unknown test', { rules: [{ grade: 3, if: { colour: 'red' } }] }],
    ['an attribute test without a comparison', { rules: [{ grade: 3, if: { attr: 'theme' } }] }],
    ['an empty phrase list', { rules: [{ grade: 3, if: { title: [] } }] }],
    ['two tests in one object', { rules: [{ grade: 3, if: { category: 'lego', brand: 'LEGO' } }] }],
  ])('rejects %s', (_, spec) => {
    expect(() => parseSpec(spec)).toThrow(/bad spec/);
  });
});
