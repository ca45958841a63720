// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { detectPage, detectProduct } from '../../lib/storefront/detect';
import { htmlDocument } from './helpers/fixture-page';

// Pages that attack or overwhelm the detector: it must not throw, hang, or let the page's data touch a prototype.
const script = (text: string) => `<script type="application/ld+json">${text}</script>`;
const good = script(JSON.stringify({ '@type': 'Product', name: 'Good', sku: 'G-1', offers: { price: 3, priceCurrency: 'EUR' } }));
const page = (head: string, body = '') => htmlDocument(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);

/** Runs `fn` and says how long it took, in ms. */
function timed<T>(fn: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = fn();
  return { value, ms: performance.now() - t0 };
}

describe('hostile JSON-LD', () => {
  it('a 2 MB block is skipped unread, and the page’s other block used', () => {
    const huge = script(JSON.stringify({ '@type': 'Product', name: 'Huge', sku: 'H', description: 'x'.repeat(2 * 1024 * 1024) }));
    const { value, ms } = timed(() => detectProduct(page(huge + good)));
    expect(value).toMatchObject({ id: 'G-1', title: 'Good' });
    expect(ms).toBeLessThan(500);
  });

  it('deeply nested arrays and objects, wherever they are, neither throw nor hang', () => {
    const depth = 50_000;
    const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const objects = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const nested = script(
      `{"@type":"Product","name":"Deep","sku":"D","image":${arrays},"brand":${objects},"offers":${arrays},"@graph":${arrays},"mainEntity":${objects}}`,
    );
    const broken = script(`${arrays}}`); // needs the lenient reader, at depth
    const { value, ms } = timed(() => detectProduct(page(nested + broken)));
    expect(value).toMatchObject({ id: 'D', title: 'Deep' });
    expect(value?.price).toBeUndefined();
    expect(ms).toBeLessThan(2000);
  });

  it('`</script>` inside a block ends it early: the broken part is skipped, the rest of the page used', () => {
    const html =
      script(
        '{"@type":"Product","name":"Cut </script><script type="application/ld+json">{"@type":"Product","name":"Injected","sku":"I-1"}',
      ) + script('{"@type":"Product","name":"Escaped <\\/script> name","sku":"E-1"}');
    // The first block is cut at `</script>` and skipped; the page now holds two product blocks (the one written after
    // the cut, and the escaped one): a listing of both.
    const got = detectPage(page(html));
    expect(got.kind === 'listing' && got.items.map((i) => i.id)).toEqual(['I-1', 'E-1']);
    const alone = page(script('{"@type":"Product","name":"Escaped <\\/script><img src=x onerror=alert(1)>","sku":"E-1"}'));
    expect(detectProduct(alone)).toMatchObject({ id: 'E-1', title: 'Escaped </script><img src=x onerror=alert(1)>' });
  });

  it('prototype keys are data: nothing is polluted, and references never reach built-in properties', () => {
    // Written as text: in a JS object literal `__proto__` would set the prototype instead of being a key.
    const hostile = script(`{"@context":"https://schema.org","@graph":[
      {"@id":"__proto__","name":"proto node","polluted":true},
      {"@type":"Product","name":"Proto","sku":"P-1",
       "__proto__":{"polluted":1,"price":9,"brand":"Evil"},
       "constructor":{"prototype":{"polluted":2}},
       "brand":{"@id":"toString"},
       "image":[{"@id":"constructor"},{"@id":"__proto__"}],
       "offers":{"@id":"hasOwnProperty"}}]}`);
    const one = detectProduct(page(hostile));
    expect(one).toMatchObject({ id: 'P-1', title: 'Proto' });
    expect(one?.brand).toBeUndefined();
    expect(one?.price).toBeUndefined();
    expect(one?.images).toEqual([]);
    const other = script('{"@type":"Product","__proto__":{"name":"from proto"},"sku":"P-2","name":"Raw"}');
    const both = detectPage(page(hostile + other));
    expect(both.kind === 'listing' && both.items.map((i) => i.id)).toEqual(['P-1', 'P-2']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(Object.prototype.toString.call([])).toBe('[object Array]');
  });
});
