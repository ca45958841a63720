import { describe, expect, it } from 'vitest';
import { editDistance } from '../../lib/search/spelling';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbouring letters as one edit each', () => {
    expect(editDistance('android', 'android', 2)).toBe(0);
    expect(editDistance('andorid', 'android', 2)).toBe(1);
    expect(editDistance('todler', 'toddler', 2)).toBe(1);
    expect(editDistance('hesdphone', 'headphone', 2)).toBe(1);
    expect(editDistance('wtach', 'watch', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  });

  it('stops at max + 1 once the words are further apart', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
    expect(editDistance('', '', 0)).toBe(0);
  });
});
