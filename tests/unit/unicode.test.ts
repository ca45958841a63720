import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanText, hasNul, isStorableText, isWellFormed, truncateText } from '../../lib/text/unicode';

describe('text that every store can hold', () => {
  it('tells lone surrogates and NULs from well-formed text', () => {
    expect(isWellFormed('shoes 👟')).toBe(true);
    expect(isWellFormed('xxxxx\ud83d')).toBe(false);
    expect(isWellFormed('\udc5f after')).toBe(false);
    expect(hasNul('a\u0000b')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('plain')).toBe(true);
  });

  it('never splits an emoji when cutting', () => {
    expect(truncateText('ab👟', 3)).toBe('ab');
    expect(truncateText('ab👟', 4)).toBe('ab👟');
    expect(truncateText('abc', 10)).toBe('abc');
  });

  it('cleans page text: NULs gone, lone surrogates replaced, cut to the limit', () => {
    expect(cleanText('a\u0000b\ud83dc', 10)).toBe('ab\uFFFDc');
  });

  it('keeps text that is storable already as it is, and cleans the rest as the full clean-up does', () => {
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        expect(cleanText(s)).toBe(s.replaceAll('\u0000', '').replace(lone, '\uFFFD'));
        expect(isWellFormed(s)).toBe(s.match(lone) === null);
      }),
    );
  });

  it('any string, cut anywhere, stays storable and within the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.integer({ min: 0, max: 70 }), (s, max) => {
        const out = cleanText(s, max);
        expect(isStorableText(out)).toBe(true);
        expect(out.length).toBeLessThanOrEqual(max);
      }),
    );
  });
});
