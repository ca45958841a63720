import { describe, expect, it } from 'vitest';
import { productNamesFromCatalog } from '../../lib/profile/product-names';

/** Product names read from titles: the part between the brand and the description. */
const lego = (title: string) => ({ brand: 'LEGO', category: 'lego', title });
const shoes = (title: string, brand: string) => ({ brand, category: 'running_shoes', title });
const names = (products: Parameters<typeof productNamesFromCatalog>[0], attrs: Record<string, string[]>) =>
  productNamesFromCatalog(products, new Map(Object.entries(attrs).map(([c, w]) => [c, new Set(w)]))).map((n) => n.phrase);

describe('productNamesFromCatalog', () => {
  const sets = [
    lego('LEGO Harry Potter Hogwarts Castle 76451 Building Set for Adults (5,790 Pieces)'),
    lego('LEGO City Fire Station 60320 Building Set, Gift Idea (540 Pieces)'),
    lego('LEGO Technic Ford Mustang Shelby GT500 42154 Building Set (544 Pieces)'),
    lego('LEGO Star Wars Millennium Falcon 75257 Building Kit (1,351 Pieces)'),
    lego('LEGO Star Wars Building Kit (300 Pieces)'),
  ];
  const attrs = { lego: ['harry', 'potter', 'city', 'technic', 'star', 'wars'] };

  it('keeps a leading attribute value in the name but never makes a name of attribute values alone', () => {
    const got = names(sets, attrs);
    expect(got).toEqual(
      expect.arrayContaining([
        'hogwarts castle',
        'harry potter hogwarts castle',
        'fire station',
        'ford mustang shelby gt500',
        'millennium falcon',
      ]),
    );
    expect(got).not.toContain('harry potter');
    expect(got).not.toContain('star wars');
  });

  it('stops at the set number, punctuation and words most titles share', () => {
    const got = names(sets, attrs);
    for (const phrase of got) expect(phrase, phrase).not.toMatch(/\b(?:76451|building|set|pieces|gift)\b/);
  });

  it('drops the brand and keeps model codes alone but not ordinary single words', () => {
    const got = names(
      [
        shoes("Brooks Ghost 15 Men's Road Running Shoe, Black", 'Brooks'),
        shoes("Hoka Clifton 9 Women's Road Running Shoe", 'Hoka'),
        shoes('New Balance Fresh Foam X 1080v13 Running Shoe', 'New Balance'),
      ],
      { running_shoes: ['mens', 'womens', 'road'] },
    );
    expect(got).toEqual(expect.arrayContaining(['ghost 15', 'clifton 9', 'fresh foam x 1080 v13', 'fresh foam']));
    expect(got).not.toContain('brooks ghost 15');
    expect(got).not.toContain('ghost');
  });
});
