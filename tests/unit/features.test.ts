import { describe, expect, it } from 'vitest';
import { startFeatures } from '../../lib/features/run';

describe('startFeatures', () => {
  it('keeps going when one feature fails, and says which', async () => {
    const started: string[] = [];
    const errors: string[] = [];
    const failed = await startFeatures(
      [
        { name: 'a', start: () => void started.push('a') },
        { name: 'broken', start: () => Promise.reject(new Error('nope')) },
        {
          name: 'sync-throw',
          start: () => {
            throw new Error('sync');
          },
        },
        { name: 'c', start: async () => void started.push('c') },
      ],
      null,
      new AbortController().signal,
      (name) => errors.push(name),
    );
    expect(started).toEqual(['a', 'c']);
    expect(failed.sort()).toEqual(['broken', 'sync-throw']);
    expect(errors.sort()).toEqual(['broken', 'sync-throw']);
  });
});
