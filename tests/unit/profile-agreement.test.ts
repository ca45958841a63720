import { describe, expect, it } from 'vitest';
import { agreement, labeledItems, parseLabeledSet } from '../../lib/profile/evaluate';

/** Scoring one annotator's labels against another's. */
const set = parseLabeledSet([
  {
    id: 'a',
    category: 'headphones',
    text: 'sony under 100 for my son',
    styles: [],
    expect: { budget: { max: 100 }, brands: [{ brand: 'Sony', like: true }], recipient: { who: 'son' } },
  },
  { id: 'b', category: 'books', text: 'she read war and peace', styles: [], expect: { owned: ['war and peace'] } },
]);

describe('annotator agreement', () => {
  it('turns labels into the items an extractor would give', () => {
    expect(labeledItems(set[0]!)).toEqual([
      { slot: 'budget', max: 100 },
      { slot: 'brand', brand: 'Sony', like: true },
      { slot: 'recipient', who: 'son' },
    ]);
  });

  it('is perfect for the same labels and counts each disagreement once', () => {
    expect(agreement(set, set).overall.f1).toBe(1);
    const second = parseLabeledSet([
      { ...set[0]!, expect: { budget: { max: 100 }, brands: [{ brand: 'Sony', like: false }], recipient: { who: 'son' } } },
      { ...set[1]!, expect: {} },
      { id: 'only-second', category: 'lego', text: 'hi', styles: [], expect: { uses: ['gift'] } },
    ]);
    const e = agreement(set, second);
    expect(e.slots.brand).toMatchObject({ tp: 0, fp: 1, fn: 1 });
    expect(e.slots.owned).toMatchObject({ tp: 0, fn: 1 });
    expect(e.slots.budget).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    expect(e.slots.use).toMatchObject({ tp: 0, fp: 0, fn: 0 }); // a message only one annotator labeled is not compared
  });
});
