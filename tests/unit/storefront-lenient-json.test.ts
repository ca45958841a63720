// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_JSON_LD_CHARS, parseLenientJson, repairJson } from '../../lib/storefront/lenient-json';

describe('parseLenientJson', () => {
  it('reads valid JSON as JSON.parse does', () => {
    expect(parseLenientJson('{"a":[1,"x//y",{"b":null}]}')).toEqual({ a: [1, 'x//y', { b: null }] });
    expect(parseLenientJson('"just a string"')).toBe('just a string');
  });

  it('drops comments outside strings and keeps comment-like text inside them', () => {
    const text = `{
      // a line comment
      "url": "https://shop.example/a", /* a block comment */
      "note": "/* not a comment */ // nor this",
      "price": "149.00" // incl. VAT
    }`;
    expect(parseLenientJson(text)).toEqual({ url: 'https://shop.example/a', note: '/* not a comment */ // nor this', price: '149.00' });
  });

  it('drops CDATA and HTML comment wrappers', () => {
    expect(parseLenientJson('//<![CDATA[\n{"a":1}\n//]]>')).toEqual({ a: 1 });
    expect(parseLenientJson('<!--\n{"a":1}\n-->')).toEqual({ a: 1 });
    expect(parseLenientJson('<![CDATA[{"a":"]]>"}]]>')).toEqual({ a: ']]>' });
  });

  it('escapes raw control characters inside strings', () => {
    expect(parseLenientJson('{"d":"one\ttwo\nthree\r\u0001"}')).toEqual({ d: 'one\ttwo\nthree\r\u0001' });
  });

  it('cuts one stray closing brace or bracket and semicolons after the value', () => {
    expect(parseLenientJson('{"a":{"b":1}}\n}')).toEqual({ a: { b: 1 } });
    expect(parseLenientJson('{"a":1};')).toEqual({ a: 1 });
    expect(parseLenientJson('[1,2]];\n')).toEqual([1, 2]);
  });

  it("drops trailing commas and reads JS-style \\' escapes", () => {
    expect(parseLenientJson('{"a":[1,2,],"b":"it\\\'s",}')).toEqual({ a: [1, 2], b: "it's" });
  });

  it('gives up on what is still not JSON', () => {
    for (const bad of [
      '{"a":1}}}', // more than one stray brace
      '{"a":1} {"b":2}', // two values
      '{"sku":"X","offers":{"price":1},', // never closes
      '{"a":"never closes}',
      '{"a":1 /* unclosed comment }',
      '}{',
      'window.x = 1',
      '',
    ])
      expect(parseLenientJson(bad), bad).toBeUndefined();
  });

  it('skips blocks over the size limit unread', () => {
    const big = `{"a":"${'x'.repeat(MAX_JSON_LD_CHARS)}"}`;
    const t0 = performance.now();
    expect(parseLenientJson(big)).toBeUndefined();
    expect(performance.now() - t0).toBeLessThan(50);
  });

  it('keeps hostile keys as plain data: no prototype is touched', () => {
    const got = parseLenientJson('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}}, // c\n}') as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.keys(got)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('repairs deeply nested and large broken blocks in one pass', () => {
    const depth = 100_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}}`;
    let t0 = performance.now();
    expect(Array.isArray(parseLenientJson(deep))).toBe(true);
    expect(performance.now() - t0).toBeLessThan(1000);
    const wide = `{"d":"${'a\tb '.repeat(200_000)}", // note\n}`;
    t0 = performance.now();
    expect((parseLenientJson(wide) as { d: string }).d).toHaveLength(800_000);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('repairJson', () => {
  it('returns the repaired text', () => {
    expect(repairJson('{"a": 1, /* c */ "b": [2,],}\n}')).toBe('{"a": 1,  "b": [2]}');
  });
});
