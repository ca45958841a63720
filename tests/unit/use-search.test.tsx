// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSearch, type SearchApi } from '../../components/overlay/search/useSearch';
import type { LogFn } from '../../lib/logger/event-log';
import type { SearchQuery, SearchResponse, Understood } from '../../lib/search/query';

// The catalog search's state apart from the panel: driven through its actions, with a search whose answers arrive
// when the test says.

type Search = ReturnType<typeof useSearch>;
let host: HTMLElement | null = null;
afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = null;
});

const answer = (text: string, page = 0, more: Partial<SearchResponse> = {}): SearchResponse =>
  ({
    hits: [{ id: `hit-${text}` }],
    total: 20,
    latencyMs: 1,
    corrections: [],
    partial: false,
    understood: [],
    unmatched: [],
    query: { text, page, pageSize: 8 },
    ...more,
  }) as unknown as SearchResponse;

/** A search api whose every search waits until the test resolves it, by the words asked for. */
function slowApi() {
  const waiting = new Map<string, (r: SearchResponse) => void>();
  const asked: Partial<SearchQuery>[] = [];
  const api: SearchApi = {
    search: (q) => {
      asked.push(q);
      const ignoring = q.ignore?.length ? `#${q.ignore.join(',')}` : '';
      return new Promise((resolve) => waiting.set(`${q.text}#${q.page ?? 0}${ignoring}`, resolve));
    },
    facets: async () => ({}) as never,
    catalogInfo: async () => ({ categories: [{ id: 'toys', label: 'Toys' }], count: 1 }),
  };
  const resolve = async (key: string, r: SearchResponse) => act(() => waiting.get(key)?.(r));
  return { api, asked, resolve };
}

function mount(api: SearchApi, log: LogFn = () => null, chatCategory: string | null = null) {
  let latest: Search | null = null;
  function Probe({ chat }: { chat: string | null }) {
    latest = useSearch(api, log, undefined, 0, chat);
    return null;
  }
  host = document.createElement('div');
  document.body.append(host);
  const root = host;
  act(() => render(<Probe chat={chatCategory} />, root));
  return {
    current: () => latest as unknown as Search,
    /** The chat page names another category (the room's next scenario), or none. */
    chatSays: (chat: string | null) => act(() => render(<Probe chat={chat} />, root)),
  };
}

const WAIT = { timeout: 2_000, interval: 10 };

describe('useSearch', () => {
  it('searches as the Seller types, and an older answer arriving late does not replace a newer one', async () => {
    const { api, asked, resolve } = slowApi();
    const s = mount(api);
    await act(() => s.current().setText('lego'));
    await vi.waitFor(() => expect(asked.map((q) => q.text)).toEqual(['lego']), WAIT);
    await act(() => s.current().setText('lego star'));
    await vi.waitFor(() => expect(asked.map((q) => q.text)).toEqual(['lego', 'lego star']), WAIT);
    await resolve('lego star#0', answer('lego star'));
    await resolve('lego#0', answer('lego'));
    expect(s.current().response?.query.text).toBe('lego star');
    expect(s.current()).toMatchObject({ active: 0, loading: false, idle: false });
  });

  it('any change to the query starts again from the first page; Escape empties the box', async () => {
    const { api, asked, resolve } = slowApi();
    const s = mount(api);
    await act(() => s.current().setText('lego'));
    await vi.waitFor(() => expect(asked).toHaveLength(1), WAIT);
    await resolve('lego#0', answer('lego'));
    await act(() => s.current().setPage(2));
    expect(s.current().page).toBe(2);
    await act(() => s.current().setSort('price_asc'));
    expect(s.current().page).toBe(0);
    await act(() => s.current().setPage(1));
    await act(() => s.current().setFilters({ category: 'toys' }));
    expect(s.current().page).toBe(0);
    const escape = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    await act(() => s.current().onKeyDown(escape));
    expect(s.current().text).toBe('');
  });

  it("the Buyer profile's words and filters replace the query, and clearing keeps only the category and the words", async () => {
    const { api } = slowApi();
    const s = mount(api);
    await act(() => s.current().searchProfile('headphones', { category: 'audio', priceMax: 100, excludeBrands: ['Acme'] }));
    expect(s.current()).toMatchObject({
      text: 'headphones',
      fromProfile: true,
      filters: { category: 'audio', priceMax: 100, excludeBrands: ['Acme'] },
    });
    await act(() => s.current().clearProfile());
    expect(s.current().fromProfile).toBe(false);
    expect(s.current().text).toBe('headphones');
    expect(Object.fromEntries(Object.entries(s.current().filters).filter(([, v]) => v !== undefined))).toEqual({ category: 'audio' });
  });

  describe('in a chat whose page says its category', () => {
    const searched = (log: ReturnType<typeof vi.fn<LogFn>>) => log.mock.calls.filter((c) => c[1] === 'search').map((c) => c[2]);

    it("searches in the chat's category, logged as the chat's, but starts no search of its own", async () => {
      const { api, asked } = slowApi();
      const log = vi.fn<LogFn>(() => null);
      const s = mount(api, log, 'Toys');
      await vi.waitFor(() => expect(s.current().chatScoped).toBe('toys'), WAIT);
      expect(s.current()).toMatchObject({ idle: true, filters: { category: 'toys' } });
      await new Promise((r) => setTimeout(r, 200));
      expect(asked).toHaveLength(0);
      await act(() => s.current().setText('car'));
      await vi.waitFor(() => expect(asked).toHaveLength(1), WAIT);
      expect(asked[0]?.filters).toEqual({ category: 'toys' });
      expect(searched(log)[0]).toMatchObject({ query: 'car', filters: { category: 'toys' }, scope: 'chat' });
    });

    it('the Seller removing it or choosing another category ends it; the next category the chat names applies again', async () => {
      const { api, asked } = slowApi();
      const log = vi.fn<LogFn>(() => null);
      const s = mount(api, log, 'toys');
      await vi.waitFor(() => expect(s.current().chatScoped).toBe('toys'), WAIT);
      await act(() => s.current().setText('car'));
      await vi.waitFor(() => expect(asked).toHaveLength(1), WAIT);
      // Another filter keeps the chat's category, still as the chat's.
      await act(() => s.current().setFilters({ ...s.current().filters, priceMax: 50 }));
      await vi.waitFor(() => expect(asked).toHaveLength(2), WAIT);
      expect(asked[1]?.filters).toEqual({ category: 'toys', priceMax: 50 });
      expect(searched(log)[1]).toMatchObject({ scope: 'chat' });
      // The chip's toggle: every category, and it stays so while the chat says the same.
      await act(() => s.current().setFilters({ ...s.current().filters, category: undefined }));
      await vi.waitFor(() => expect(asked).toHaveLength(3), WAIT);
      expect(asked[2]?.filters).toEqual({ priceMax: 50 });
      expect(searched(log)[2]).not.toHaveProperty('scope');
      await s.chatSays('toys');
      await act(() => s.current().setText('cars'));
      await vi.waitFor(() => expect(asked).toHaveLength(4), WAIT);
      expect(asked[3]?.filters).toEqual({ priceMax: 50 });
      // The room moves on: its new category applies.
      await s.chatSays('games');
      await s.chatSays('toys');
      await act(() => s.current().setText('car'));
      await vi.waitFor(() => expect(asked).toHaveLength(5), WAIT);
      expect(asked[4]?.filters).toEqual({ category: 'toys', priceMax: 50 });
    });

    it('a category this catalog does not have is not applied', async () => {
      const { api, asked } = slowApi();
      const s = mount(api, () => null, 'garden tools');
      await act(() => s.current().setText('rake'));
      await vi.waitFor(() => expect(asked).toHaveLength(1), WAIT);
      expect(asked[0]?.filters).toEqual({});
      expect(s.current().chatScoped).toBeUndefined();
    });
  });

  describe('what the search understood', () => {
    const onEar: Understood = { id: 'attr:type=on-ear', kind: 'attribute', label: 'Type: on-ear', words: ['on', 'ear'] };
    const under: Understood = { id: 'price:max=100', kind: 'price', label: 'Under $100', words: ['under', '$100'] };
    const logged = (log: ReturnType<typeof vi.fn<LogFn>>, action: string) =>
      log.mock.calls.filter((c) => c[1] === action).map((c) => ({ agent: c[0], payload: c[2] }));

    it('logs the readings and the unmatched words with the results, only when there are any', async () => {
      const { api, asked, resolve } = slowApi();
      const log = vi.fn<LogFn>(() => null);
      const s = mount(api, log);
      await act(() => s.current().setText('lego'));
      await vi.waitFor(() => expect(asked).toHaveLength(1), WAIT);
      await resolve('lego#0', answer('lego'));
      expect(logged(log, 'results')[0]?.payload).not.toHaveProperty('understood');
      expect(logged(log, 'results')[0]?.payload).not.toHaveProperty('unmatched');
      expect(logged(log, 'results')[0]?.payload).not.toHaveProperty('ignored');
      expect(logged(log, 'search')[0]?.payload).not.toHaveProperty('ignore');

      const text = 'iphone on ear headphones under $100';
      await act(() => s.current().setText(text));
      await vi.waitFor(() => expect(asked).toHaveLength(2), WAIT);
      await resolve(`${text}#0`, answer(text, 0, { understood: [onEar, under], unmatched: ['iphone'] }));
      expect(logged(log, 'results')[1]).toEqual({
        agent: 'Catalog',
        payload: expect.objectContaining({
          query: text,
          understood: [
            { id: onEar.id, label: onEar.label },
            { id: under.id, label: under.label },
          ],
          unmatched: ['iphone'],
        }),
      });
      expect(s.current().understood).toEqual([onEar, under]);
    });

    it('removing one searches again ignoring it, logs that search and its results, and hides its chip at once', async () => {
      const { api, asked, resolve } = slowApi();
      const log = vi.fn<LogFn>(() => null);
      const s = mount(api, log);
      const text = 'on ear headphones under $100';
      await act(() => s.current().setText(text));
      await vi.waitFor(() => expect(asked).toHaveLength(1), WAIT);
      expect(asked[0]?.ignore).toEqual([]);
      await resolve(`${text}#0`, answer(text, 0, { understood: [onEar, under] }));

      await act(() => s.current().removeUnderstood(onEar));
      expect(s.current().understood).toEqual([under]);
      expect(s.current().ignore).toEqual([onEar.id]);
      await vi.waitFor(() => expect(asked).toHaveLength(2), WAIT);
      expect(asked[1]).toMatchObject({ text, ignore: [onEar.id], page: 0 });
      expect(logged(log, 'search')[1]).toEqual({
        agent: 'Seller',
        payload: { query: text, filters: {}, sort: 'relevance', page: 0, ignore: [onEar.id] },
      });
      await resolve(`${text}#0#${onEar.id}`, answer(text, 0, { understood: [under] }));
      expect(logged(log, 'results')[1]?.payload).toMatchObject({ ignored: [onEar.id], understood: [{ id: under.id, label: under.label }] });
      expect(s.current().understood).toEqual([under]);

      // More words keep the removal; taking its words out drops it, so typing them again reads them afresh.
      await act(() => s.current().setText(`${text} wireless`));
      await vi.waitFor(() => expect(asked).toHaveLength(3), WAIT);
      expect(asked[2]?.ignore).toEqual([onEar.id]);
      await act(() => s.current().setText('headphones under $100 wireless'));
      await vi.waitFor(() => expect(asked).toHaveLength(4), WAIT);
      expect(asked[3]?.ignore).toEqual([]);
      expect(logged(log, 'search')[3]?.payload).not.toHaveProperty('ignore');
    });

    it('a search from the Buyer profile and Escape start without removals', async () => {
      const { api, asked, resolve } = slowApi();
      const s = mount(api);
      await act(() => s.current().setText('on ear'));
      await vi.waitFor(() => expect(asked).toHaveLength(1), WAIT);
      await resolve('on ear#0', answer('on ear', 0, { understood: [onEar] }));
      await act(() => s.current().removeUnderstood(onEar));
      expect(s.current().ignore).toEqual([onEar.id]);
      await act(() => s.current().searchProfile('on ear', {}));
      expect(s.current().ignore).toEqual([]);
      await act(() => s.current().removeUnderstood(onEar));
      await act(() => s.current().onKeyDown(new KeyboardEvent('keydown', { key: 'Escape', cancelable: true })));
      expect(s.current()).toMatchObject({ text: '', ignore: [] });
    });
  });
});
