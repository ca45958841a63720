import { describe, expect, it } from 'vitest';
import { noticeText, searchNotices } from '../../components/overlay/search/search-notices';
import { addIgnored, keepIgnored, wordsOf } from '../../components/overlay/search/ignored-readings';
import { MAX_IGNORED } from '../../lib/search/query';

type R = Parameters<typeof searchNotices>[0];
const r = (over: Partial<R>): R => ({ total: 12, corrections: [], partial: false, unmatched: [], ...over });
const texts = (resp: R, text: string) => searchNotices(resp, text).map((n) => [n.kind, noticeText(n)]);

describe('search notices', () => {
  it('say nothing beyond the count when every word was used as typed', () => {
    expect(searchNotices(r({}), 'lego star wars')).toEqual([]);
  });

  it('name the word that matched nothing and the words the results are for instead', () => {
    expect(texts(r({ unmatched: ['iphone'] }), 'iphone charger')).toEqual([
      ['unmatched', 'No results for “iphone”; showing results for “charger”.'],
    ]);
    // The words kept read as typed, without a connector left dangling where the word was taken out.
    expect(texts(r({ unmatched: ['iphone'] }), 'Charger for iPhone')).toEqual([
      ['unmatched', 'No results for “iphone”; showing results for “Charger”.'],
    ]);
    expect(texts(r({ unmatched: ['airpods', 'zzq'] }), 'airpods pro zzq case')).toEqual([
      ['unmatched', 'No results for “airpods” or “zzq”; showing results for “pro case”.'],
    ]);
  });

  it('say a word was left out when no other word is left to name', () => {
    expect(texts(r({ unmatched: ['iphone'] }), 'iphone')).toEqual([['unmatched', 'No results for “iphone”, so it was left out.']]);
    expect(texts(r({ unmatched: ['a1', 'b2', 'c3'] }), 'a1 b2 c3')).toEqual([
      ['unmatched', 'No results for “a1”, “b2” or “c3”, so they were left out.'],
    ]);
  });

  it('show the corrected words in the Seller’s own words, folded into the unmatched sentence when there is one', () => {
    expect(texts(r({ corrections: [{ from: 'sennhiser', to: 'sennheiser' }] }), 'sennhiser headphones')).toEqual([
      ['corrected', 'Showing results for “sennheiser headphones”.'],
    ]);
    expect(
      texts(r({ corrections: [{ from: 'sennhiser', to: 'sennheiser' }], unmatched: ['iphone'] }), 'iphone sennhiser headphones'),
    ).toEqual([['unmatched', 'No results for “iphone”; showing results for “sennheiser headphones”.']]);
    // A correction of a form the text does not spell out: the corrected words alone.
    expect(texts(r({ corrections: [{ from: 'cafe', to: 'coffee' }] }), 'café')).toEqual([['corrected', 'Showing results for “coffee”.']]);
  });

  it('say when no product has every word, as a sentence of its own', () => {
    expect(texts(r({ partial: true, corrections: [{ from: 'lgo', to: 'lego' }] }), 'lgo castle')).toEqual([
      ['corrected', 'Showing results for “lego castle”.'],
      ['partial', 'No product has every word; showing the closest matches.'],
    ]);
  });

  it('make one empty state: what matched nothing, or the whole query', () => {
    expect(texts(r({ total: 0 }), 'zzzz qqqq')).toEqual([['empty', 'No products match “zzzz qqqq”. Try fewer words or remove a filter.']]);
    expect(texts(r({ total: 0, unmatched: ['zzzzqqqq'] }), 'zzzzqqqq')).toEqual([
      ['empty', 'No results for “zzzzqqqq”. Try other words or remove a filter.'],
    ]);
    expect(texts(r({ total: 0, unmatched: ['iphone'] }), 'iphone charger')).toEqual([
      ['empty', 'No results for “iphone”, and nothing matches “charger” either. Try other words or remove a filter.'],
    ]);
    expect(texts(r({ total: 0 }), '  ')).toEqual([['empty', 'No products match. Try fewer words or remove a filter.']]);
  });
});

describe('removed readings', () => {
  const onEar = { id: 'attr:type=on-ear', words: ['on', 'ear'] };
  const under = { id: 'price:max=100', words: ['under', '$100'] };

  it('last while the words they were read from are in the text, and go with them', () => {
    const ignored = addIgnored(addIgnored([], onEar), under);
    expect(keepIgnored(ignored, 'on ear headphones under $100 wireless').map((r) => r.id)).toEqual([onEar.id, under.id]);
    expect(keepIgnored(ignored, 'On-Ear headphones under 100').map((r) => r.id)).toEqual([onEar.id, under.id]);
    expect(keepIgnored(ignored, 'on ear headphones under $').map((r) => r.id)).toEqual([onEar.id]);
    expect(keepIgnored(ignored, 'over ear headphones').map((r) => r.id)).toEqual([]);
    expect(keepIgnored(ignored, '')).toEqual([]);
    // Unchanged when nothing goes, so the search is not asked again for nothing.
    expect(keepIgnored(ignored, 'on ear under 100')).toBe(ignored);
  });

  it('are added once each, at most as many as a search takes (the newest)', () => {
    const once = addIgnored(addIgnored([], onEar), onEar);
    expect(once.map((r) => r.id)).toEqual([onEar.id]);
    let many = once;
    for (let i = 0; i < MAX_IGNORED + 5; i++) many = addIgnored(many, { id: `r${i}`, words: [] });
    expect(many).toHaveLength(MAX_IGNORED);
    expect(many.at(-1)?.id).toBe(`r${MAX_IGNORED + 4}`);
    expect(many.some((r) => r.id === onEar.id)).toBe(false);
  });

  it('compare words by letters and digits, in any case', () => {
    expect(wordsOf('On-Ear, under $100!')).toEqual(['on', 'ear', 'under', '100']);
    expect(wordsOf('Ünder  café')).toEqual(['ünder', 'café']);
  });
});
