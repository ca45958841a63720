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
import { CATALOG_PATH } from '../../scripts/catalog/paths';

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

function mount(api: SearchApi): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  const root = host;
  act(() => render(<SearchPanel api={api} log={log} />, root));
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

describe('search panel when a search fails', () => {
  it('shows the error, and "Try again" searches again and shows the results', async () => {
    const real = serviceApi();
    const search = vi.fn<SearchApi['search']>();
    // The first search fails as a call to a stopped worker can; the next goes through to the real service.
    search.mockRejectedValueOnce(new Error('the background did not answer'));
    search.mockImplementation((q) => real.search(q));
    const root = mount({ ...real, search });

    await typeQuery(root, 'star wars lego');
    const alert = await vi.waitFor(() => {
      const el = root.querySelector('[role="alert"]');
      if (!el) throw new Error('no error shown yet');
      return el;
    }, WAIT);
    expect(alert.textContent).toContain('Search is unavailable: the background did not answer');
    expect(root.querySelector('[data-testid="fw-search-status"]')).toBeNull();
    expect(root.querySelectorAll('[data-testid="fw-results"] li')).toHaveLength(0);
    expect(search).toHaveBeenCalledTimes(1);

    const retry = [...alert.querySelectorAll('button')].find((b) => b.textContent?.includes('Try again'));
    if (!retry) throw new Error('no "Try again" button');
    await act(() => retry.click());
    const status = await vi.waitFor(() => {
      const el = root.querySelector('[data-testid="fw-search-status"]');
      if (!el) throw new Error('no results yet');
      return el;
    }, WAIT);

    expect(search).toHaveBeenCalledTimes(2);
    expect(search.mock.calls[1]?.[0]).toMatchObject({ text: 'star wars lego' });
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect(status.textContent).toMatch(/^1–8 of \d+/);
    const titles = [...root.querySelectorAll('[data-testid="fw-results"] li')].map((li) => li.textContent ?? '');
    expect(titles.length).toBeGreaterThan(0);
    expect(titles[0]).toMatch(/Star Wars/i);
  });
});
