import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SearchFilters, SearchQuery, SearchResponse, Sort, SearchHit } from '@/lib/search/query';
import type { Facets } from '@/lib/search/facets';
import type { LogFn } from '@/lib/logger/event-log';
import { FilterChips } from './FilterChips';
import { ResultCard } from './ResultCard';
import { observable, type Observable } from '@/lib/observable';
import { useObservable } from '@/components/useObservable';
import type { CoachView } from '@/lib/coach/controller';
import { profileSearch } from '@/lib/profile/search-filters';
import { budgetWords, featureWords } from '@/lib/profile/describe';
import type { ShareOrigin } from '@/lib/share/origins';

export interface SearchApi {
  search(query: Partial<SearchQuery> & { text: string }): Promise<SearchResponse>;
  facets(category: string | null): Promise<Facets>;
  catalogInfo(): Promise<{ categories: { id: string; label: string }[]; count: number }>;
}

export interface SearchPanelProps {
  api: SearchApi;
  log: LogFn;
  onSelect?(hit: SearchHit): void;
  /** The coach's view, whose Buyer profile one click turns into a search. */
  profile?: Observable<Pick<CoachView, 'profile' | 'coaching'>> | undefined;
  /** Controls under each result (sharing, guessing), told whether the results came from the Buyer profile. */
  actions?: ((hit: SearchHit, from: ShareOrigin) => ComponentChildren) | undefined;
}

const NO_PROFILE = observable<Pick<CoachView, 'profile' | 'coaching'> | null>(null);

const TYPING_DEBOUNCE_MS = 150;
const SORT_LABELS: Record<Sort, string> = { relevance: 'Best match', price_asc: 'Price ↑', price_desc: 'Price ↓', rating: 'Top rated' };

/** Catalog search for the Seller: as-you-type, filter chips, sort, paging, keyboard navigation. */
export function SearchPanel({ api, log, onSelect, profile: profileSource, actions }: SearchPanelProps) {
  const coachView = useObservable<Pick<CoachView, 'profile' | 'coaching'> | null>(profileSource ?? NO_PROFILE);
  const profileEntries = coachView?.coaching ? coachView.profile.entries : [];
  const [fromProfile, setFromProfile] = useState(false);
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<SearchFilters>({});
  const [sort, setSort] = useState<Sort>('relevance');
  const [page, setPage] = useState(0);
  const [response, setResponse] = useState<SearchResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(-1);
  const [selected, setSelected] = useState<string | null>(null);
  const [categories, setCategories] = useState<{ id: string; label: string }[]>([]);
  const [facets, setFacets] = useState<Facets | null>(null);
  const [retry, setRetry] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    api.catalogInfo().then(
      (info) => setCategories(info.categories),
      (e: unknown) => setError(message(e)),
    );
  }, [api, retry]);

  useEffect(() => {
    if (!filters.category) return setFacets(null);
    let live = true;
    api.facets(filters.category).then((f) => live && setFacets(f), () => live && setFacets(null));
    return () => {
      live = false;
    };
  }, [api, filters.category]);

  const idle = text.trim() === '' && Object.keys(filters).length === 0;
  useEffect(() => {
    if (idle) {
      setResponse(null);
      setError(null);
      return;
    }
    const mySeq = ++seq.current;
    const timer = setTimeout(
      () => {
        const started = performance.now();
        setLoading(true);
        log('Seller', 'search', { query: text, filters, sort, page });
        api.search({ text, filters, sort, page }).then(
          (r) => {
            if (mySeq !== seq.current) return; // a newer search superseded this one
            const roundTripMs = Math.round((performance.now() - started) * 100) / 100;
            log('Catalog', 'results', {
              query: text,
              productIds: r.hits.map((h) => h.id),
              total: r.total,
              latencyMs: Math.round(r.latencyMs * 1000) / 1000,
              roundTripMs,
              page,
              ...(r.corrections.length ? { corrections: r.corrections } : {}),
              ...(r.partial ? { partial: true } : {}),
            });
            setResponse(r);
            setError(null);
            setActive(r.hits.length ? 0 : -1);
            setLoading(false);
          },
          (e: unknown) => {
            if (mySeq !== seq.current) return;
            setError(message(e));
            setLoading(false);
          },
        );
      },
      page === 0 ? TYPING_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [api, log, text, filters, sort, page, idle, retry]);

  const hits = response?.hits ?? [];
  const choose = (hit: SearchHit) => {
    setSelected(hit.id);
    onSelect?.(hit);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' && hits.length) {
      e.preventDefault();
      setActive((a) => Math.min(hits.length - 1, a + 1));
    } else if (e.key === 'ArrowUp' && hits.length) {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const hit = hits[active];
      if (hit) choose(hit);
    } else if (e.key === 'Escape' && text) {
      e.stopPropagation(); // clear the box first; a second Escape hides the panel
      setText('');
      setPage(0);
    } else if (e.key === 'PageDown' && response && (page + 1) * response.query.pageSize < response.total) {
      e.preventDefault();
      setPage(page + 1);
    } else if (e.key === 'PageUp' && page > 0) {
      e.preventDefault();
      setPage(page - 1);
    }
  };

  // Describe the results on screen (the response's page), not the page being asked for.
  const pageSize = response?.query.pageSize ?? 8;
  const shownPage = response?.query.page ?? 0;
  const from = response && response.total ? shownPage * pageSize + 1 : 0;
  const to = response ? Math.min(response.total, (shownPage + 1) * pageSize) : 0;

  return (
    <section class="fw-section fw-search" aria-labelledby="fw-search-h">
      <h3 id="fw-search-h">Catalog search</h3>
      <div class="fw-search-row">
        <input
          type="search"
          class="fw-input"
          data-testid="fw-search-input"
          placeholder="Search products…"
          aria-label="Search the catalog"
          role="combobox"
          list={undefined}
          aria-expanded={hits.length > 0}
          aria-controls="fw-results"
          aria-activedescendant={active >= 0 ? `fw-result-${active}` : undefined}
          autocomplete="off"
          spellcheck={false}
          value={text}
          onInput={(e) => {
            setText(e.currentTarget.value);
            setPage(0);
          }}
          onKeyDown={onKeyDown}
        />
        <select
          class="fw-select"
          aria-label="Sort by"
          data-testid="fw-sort"
          value={sort}
          onChange={(e) => {
            setSort(e.currentTarget.value as Sort);
            setPage(0);
          }}
        >
          {(Object.keys(SORT_LABELS) as Sort[]).map((s) => (
            <option value={s} key={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {profileEntries.length > 0 && (
        <button
          type="button"
          class="fw-btn fw-profile-search"
          title="Budget as a price range, liked brands first, disliked brands and unwanted features left out"
          data-testid="fw-profile-search"
          onClick={() => {
            const { filters: f, words } = profileSearch(profileEntries, coachView?.profile.category ?? null);
            setText(words);
            setFilters(f);
            setFromProfile(true);
            setPage(0);
          }}
        >
          Search with the Buyer profile
        </button>
      )}
      <FilterChips
        categories={categories}
        facets={facets}
        filters={filters}
        onChange={(f) => {
          setFilters(f);
          setPage(0);
        }}
      />
      {fromProfile && (
        <p class="fw-hint" data-testid="fw-profile-filters">
          Buyer profile: {profileFilterWords(filters)}{' '}
          <button
            type="button"
            class="fw-link"
            onClick={() => {
              setFilters({ ...filters, boostBrands: undefined, excludeBrands: undefined, excludeAttributes: undefined, priceMin: undefined, priceMax: undefined });
              setFromProfile(false);
              setPage(0);
            }}
          >
            clear
          </button>
        </p>
      )}
      {error && (
        <div class="fw-error" role="alert">
          Search is unavailable: {error}{' '}
          <button type="button" class="fw-btn" onClick={() => setRetry((r) => r + 1)}>
            Try again
          </button>
        </div>
      )}
      {response && !error && (
        <p class="fw-hint" role="status" data-testid="fw-search-status">
          {response.total === 0
            ? `No products match${text ? ` “${text}”` : ''}. Try fewer words or remove a filter.`
            : `${from}–${to} of ${response.total.toLocaleString('en-US')}`}
          {response.corrections.length > 0 && ` · showing results for “${response.corrections.map((c) => c.to).join(' ')}”`}
          {response.partial && ' · no product matches every word; closest matches shown'}
          {loading && ' · updating…'}
        </p>
      )}
      {idle && !error && <p class="fw-hint">Type to search {categories.length ? 'or pick a category' : ''}. ↑ ↓ to move, Enter to choose.</p>}
      {hits.length > 0 && (
        <ul class="fw-results" id="fw-results" role="listbox" aria-label="Search results" data-testid="fw-results">
          {hits.map((hit, i) => (
            <ResultCard
              key={hit.id}
              hit={hit}
              index={i}
              active={i === active}
              selected={hit.id === selected}
              onChoose={() => {
                setActive(i);
                choose(hit);
              }}
              onImageHover={(dwellMs) =>
                log('Seller', 'hover', { target: 'result_image', productId: hit.id, image: { src: null, index: 0, role: 'main' }, dwellMs })
              }
            >
              {actions?.(hit, fromProfile ? 'profile_search' : 'search')}
            </ResultCard>
          ))}
        </ul>
      )}
      {response && response.total > pageSize && (
        <nav class="fw-pager" aria-label="Result pages">
          <button type="button" class="fw-btn" disabled={page === 0} onClick={() => setPage(page - 1)}>
            ‹ Prev
          </button>
          <span>
            Page {shownPage + 1} of {Math.ceil(response.total / pageSize)}
          </span>
          <button type="button" class="fw-btn" data-testid="fw-next" disabled={to >= response.total} onClick={() => setPage(page + 1)}>
            Next ›
          </button>
        </nav>
      )}
    </section>
  );
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The profile-derived filters in words, or '' when none is on. */
function profileFilterWords(f: SearchFilters): string {
  const parts: string[] = [];
  if (f.priceMin !== undefined || f.priceMax !== undefined) parts.push(budgetWords({ min: f.priceMin, max: f.priceMax }));
  if (f.boostBrands?.length) parts.push(`${f.boostBrands.join(', ')} first`);
  if (f.excludeBrands?.length) parts.push(`no ${f.excludeBrands.join(', ')}`);
  for (const [attr, v] of Object.entries(f.excludeAttributes ?? {})) parts.push(`no ${(Array.isArray(v) ? v : [v]).map((x) => featureWords(`${attr}=${String(x)}`)).join(', ')}`);
  return parts.join(' · ') || 'nothing to filter by yet';
}
