// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSearch, type SearchApi } from '../../components/overlay/search/useSearch';
import type { LogFn } from '../../lib/logger/event-log';
import type { SearchQuery, SearchResponse } from '../../lib/search/query';

// The catalog search's state apart from the panel: driven through its actions, with a search whose answers arrive
// when the test says.

type Search = ReturnType<typeof useSearch>;
let host: HTMLElement | null = null;
afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = null;
});

const answer = (text: string, page = 0): SearchResponse =>
  ({
    hits: [{ id: `hit-${text}` }],
    total: 20,
    latencyMs: 1,
    corrections: [],
    partial: false,
    query: { text, page, pageSize: 8 },
  }) as unknown as SearchResponse;

/** A search api whose every search waits until the test resolves it, by the words asked for. */
function slowApi() {
  const waiting = new Map<string, (r: SearchResponse) => void>();
  const asked: Partial<SearchQuery>[] = [];
  const api: SearchApi = {
    search: (q) => {
      asked.push(q);
      return new Promise((resolve) => waiting.set(`${q.text}#${q.page ?? 0}`, resolve));
    },
    facets: async () => ({}) as never,
    catalogInfo: async () => ({ categories: [{ id: 'toys', label: 'Toys' }], count: 1 }),
  };
  const resolve = async (key: string, r: SearchResponse) => act(() => waiting.get(key)?.(r));
  return { api, asked, resolve };
}

function mount(api: SearchApi, log: LogFn = () => null): { current: () => Search } {
  let latest: Search | null = null;
  function Probe() {
    latest = useSearch(api, log);
    return null;
  }
  host = document.createElement('div');
  document.body.append(host);
  const root = host;
  act(() => render(<Probe />, root));
  return { current: () => latest as unknown as Search };
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
});
