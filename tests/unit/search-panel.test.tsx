// @vitest-environment happy-dom
import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { readFile } from 'node:fs/promises';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestDbs } from './helpers/db';
import { createSearchService } from '../../lib/background/search-service';
import { SearchPanel, type SearchApi } from '../../components/overlay/search/SearchPanel';
import type { LogFn } from '../../lib/logger/event-log';
import type { SearchQuery, SearchResponse, Understood } from '../../lib/search/query';
import { CATALOG_PATH } from '../../scripts/catalog/paths';
import { observable } from '../../lib/observable';

const catalogText = await readFile(CATALOG_PATH, 'utf8');
const { open } = useTestDbs('fw-panel');
const log: LogFn = () => null;
let host: HTMLElement | null = null;

afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = null;
});

/** The background's search service on the default catalog, behind the panel's api, as the overlay wires it. */
function serviceApi(): SearchApi {
  const svc = createSearchService(open(), async () => JSON.parse(catalogText) as unknown);
  return { search: (q) => svc.search(q), facets: (c) => svc.facets(c), catalogInfo: () => svc.info() };
}

function mount(api: SearchApi, chatCategory?: string): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  const root = host;
  const chat = chatCategory ? observable<string | null>(chatCategory) : undefined;
  act(() => render(<SearchPanel api={api} log={log} chatCategory={chat} />, root));
  return root;
}

async function typeQuery(root: HTMLElement, text: string): Promise<void> {
  const input = root.querySelector<HTMLInputElement>('[data-testid="fw-search-input"]');
  if (!input) throw new Error('no search box');
  await act(() => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const WAIT = { timeout: 10_000, interval: 20 };

/** The element `selector` finds in the panel, once it is there. */
const shown = (root: HTMLElement, selector: string, notYet: string) =>
  vi.waitFor(() => {
    const el = root.querySelector(selector);
    if (!el) throw new Error(notYet);
    return el;
  }, WAIT);

describe("search panel in a chat's category", () => {
  it("says when nothing in the chat's category matches, and one click searches every category", async () => {
    const real = serviceApi();
    const search = vi.fn<SearchApi['search']>((q) => real.search(q));
    const root = mount({ ...real, search }, 'lego');
    // A word only headphones have: nothing in Lego sets.
    await typeQuery(root, 'sennheiser');
    const notice = await shown(root, '[data-testid="fw-chat-scope-empty"]', 'no notice yet');
    expect(notice.textContent).toContain("Nothing in Lego sets, the chat's category.");
    expect(search.mock.calls.at(-1)?.[0].filters).toEqual({ category: 'lego' });
    await act(() => notice.querySelector('button')?.click());
    await vi.waitFor(() => expect(root.querySelectorAll('[data-testid="fw-results"] li').length).toBeGreaterThan(0), WAIT);
    expect(search.mock.calls.at(-1)?.[0].filters).toEqual({});
    expect(root.querySelector('[data-testid="fw-chat-scope-empty"]')).toBeNull();
    expect(root.querySelector('[data-testid="fw-cat-lego"]')?.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('search panel when a search fails', () => {
  it('shows the error, and "Try again" searches again and shows the results', async () => {
    const real = serviceApi();
    const search = vi.fn<SearchApi['search']>();
    // The first search fails as a call to a stopped worker can; the next goes through to the real service.
    search.mockRejectedValueOnce(new Error('the background did not answer'));
    search.mockImplementation((q) => real.search(q));
    const root = mount({ ...real, search });

    await typeQuery(root, 'star wars lego');
    const alert = await shown(root, '[role="alert"]', 'no error shown yet');
    expect(alert.textContent).toContain('Search is unavailable: the background did not answer');
    expect(root.querySelector('[data-testid="fw-search-status"]')).toBeNull();
    expect(root.querySelectorAll('[data-testid="fw-results"] li')).toHaveLength(0);
    expect(search).toHaveBeenCalledTimes(1);

    const retry = [...alert.querySelectorAll('button')].find((b) => b.textContent?.includes('Try again'));
    if (!retry) throw new Error('no "Try again" button');
    await act(() => retry.click());
    const status = await shown(root, '[data-testid="fw-search-status"]', 'no results yet');

    expect(search).toHaveBeenCalledTimes(2);
    expect(search.mock.calls[1]?.[0]).toMatchObject({ text: 'star wars lego' });
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect(status.textContent).toMatch(/^1–8 of \d+/);
    const titles = [...root.querySelectorAll('[data-testid="fw-results"] li')].map((li) => li.textContent ?? '');
    expect(titles.length).toBeGreaterThan(0);
    expect(titles[0]).toMatch(/Star Wars/i);
  });
});

const READINGS: Understood[] = [
  { id: 'cat:headphones', kind: 'category', label: 'Headphones', words: ['headphones'] },
  { id: 'attr:type=on-ear', kind: 'attribute', label: 'Type: on-ear', words: ['on', 'ear'] },
  { id: 'price:max=100', kind: 'price', label: 'Under $100', words: ['under', '$100'] },
];

/**
 * A search that reads the test's readings wherever their words are in the text, leaves out those it is told to
 * ignore, and calls "iphone" unmatched: the engine's side of the contract, as the panel sees it.
 */
function readingApi() {
  const search = vi.fn(async (q: Partial<SearchQuery> & { text: string }): Promise<SearchResponse> => {
    const words = q.text.toLowerCase().split(/\s+/);
    const understood = READINGS.filter((u) => u.words.every((w) => words.includes(w)) && !q.ignore?.includes(u.id));
    const unmatched = words.filter((w) => w === 'iphone' || w === 'zzqx');
    const total = unmatched.length === words.length ? 0 : 3;
    const query = { text: q.text, ignore: q.ignore ?? [], filters: {}, sort: 'relevance', page: 0, pageSize: 8 } as const;
    return { query, hits: [], total, corrections: [], partial: false, understood, unmatched, latencyMs: 0.1 };
  });
  const api: SearchApi = {
    search,
    facets: async () => ({ brands: [], flags: [], options: [], price: null }) as never,
    catalogInfo: async () => ({ categories: [], count: 0 }),
  };
  return { api, search };
}

const chipLabels = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-testid="fw-reading"] .fw-reading-label')].map((c) => c.textContent);
const removeButton = (root: HTMLElement, label: string) => {
  const b = root.querySelector<HTMLButtonElement>(`button[aria-label="Remove ${label}"]`);
  if (!b) throw new Error(`no chip "${label}"`);
  return b;
};

describe('search panel: what the search understood', () => {
  it('shows a removable chip per reading; × searches again ignoring it, and the focus moves to the next chip', async () => {
    const { api, search } = readingApi();
    const root = mount(api);
    expect(root.querySelector('[data-testid="fw-understood"]')).toBeNull();

    await typeQuery(root, 'on ear headphones under $100');
    await vi.waitFor(() => expect(chipLabels(root)).toEqual(['Headphones', 'Type: on-ear', 'Under $100']), WAIT);
    expect(root.querySelector('[data-testid="fw-understood"]')?.textContent).toMatch(/^Understood:/);
    expect(root.querySelector('[data-testid="fw-understood"]')?.getAttribute('role')).toBe('group');

    const calls = search.mock.calls.length;
    const onEar = removeButton(root, 'Type: on-ear');
    onEar.focus();
    await act(() => onEar.click());
    expect(chipLabels(root)).toEqual(['Headphones', 'Under $100']);
    // The removed chip's button is gone: the keyboard carries on from the next chip.
    expect(document.activeElement).toBe(removeButton(root, 'Under $100'));
    await vi.waitFor(() => expect(search.mock.calls.length).toBe(calls + 1), WAIT);
    expect(search.mock.calls.at(-1)?.[0]).toMatchObject({ text: 'on ear headphones under $100', ignore: ['attr:type=on-ear'] });
    await vi.waitFor(() => expect(root.querySelector('[data-testid="fw-search-status"]')?.textContent).toMatch(/^1–3 of 3/), WAIT);
    expect(chipLabels(root)).toEqual(['Headphones', 'Under $100']);

    // The last chip removed: back to the search box.
    await act(() => removeButton(root, 'Under $100').click());
    await act(() => removeButton(root, 'Headphones').click());
    expect(root.querySelector('[data-testid="fw-understood"]')).toBeNull();
    expect(document.activeElement).toBe(root.querySelector('[data-testid="fw-search-input"]'));
    await vi.waitFor(
      () => expect(search.mock.calls.at(-1)?.[0].ignore).toEqual(['attr:type=on-ear', 'price:max=100', 'cat:headphones']),
      WAIT,
    );
  });

  it('says which word matched nothing and which words the results are for, or that nothing matched', async () => {
    const { api } = readingApi();
    const root = mount(api);
    await typeQuery(root, 'iphone charger');
    const status = () => root.querySelector('[data-testid="fw-search-status"]');
    await vi.waitFor(() => expect(status()?.textContent).toMatch(/^1–3 of 3/), WAIT);
    const notice = root.querySelector('[data-testid="fw-notice-unmatched"]');
    expect(notice?.textContent).toBe('No results for “iphone”; showing results for “charger”.');
    expect([...(notice?.querySelectorAll('b') ?? [])].map((b) => b.textContent)).toEqual(['iphone', 'charger']);

    await typeQuery(root, 'iphone zzqx');
    await vi.waitFor(() => expect(root.querySelector('[data-testid="fw-notice-empty"]')).not.toBeNull(), WAIT);
    expect(status()?.textContent).toBe('No results for “iphone” or “zzqx”. Try other words or remove a filter.');
    expect(root.querySelector('[data-testid="fw-notice-unmatched"]')).toBeNull();
  });
});
