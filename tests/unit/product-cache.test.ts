import { describe, expect, it } from 'vitest';
import { ProductCache } from '../../lib/background/product-cache';
import { SMALL_CATALOG } from './helpers/products';

const product = (i: number) => ({ ...SMALL_CATALOG[0]!, id: `p-${i}` });

describe('ProductCache', () => {
  it('keeps at most its limit, dropping the least recently used first', () => {
    const cache = new ProductCache(3);
    cache.add([product(1), product(2), product(3)]);
    expect(cache.get('p-1')?.id).toBe('p-1'); // now the most recent
    cache.add([product(4)]);
    expect(cache.size).toBe(3);
    expect(cache.get('p-2')).toBeUndefined(); // the oldest unused one went
    expect(['p-1', 'p-3', 'p-4'].map((id) => cache.get(id)?.id)).toEqual(['p-1', 'p-3', 'p-4']);
  });

  it('takes the latest copy of a product added again', () => {
    const cache = new ProductCache(2);
    cache.add([product(1)]);
    cache.add([{ ...product(1), title: 'Renamed' }]);
    expect(cache.size).toBe(1);
    expect(cache.get('p-1')?.title).toBe('Renamed');
  });
});
