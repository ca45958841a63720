import type { ComponentChildren } from 'preact';
import { useCallback, useRef } from 'preact/hooks';
import type { SearchFilters, Sort, SearchHit } from '@/lib/search/query';
import type { LogFn } from '@/lib/logger/event-log';
import { FilterChips } from './FilterChips';
import { ResultCard } from './ResultCard';
import { observable, type Observable } from '@/lib/observable';
import { useObservable } from '@/components/useObservable';
import type { CoachView } from '@/lib/coach/controller';
import { profileSearch } from '@/lib/profile/search-filters';
import { budgetWords, featureWords } from '@/lib/profile/describe';
import type { ShareOrigin } from '@/lib/share/origins';
import { useSearch, type SearchApi } from './useSearch';
import { UnderstoodChips } from './UnderstoodChips';
import { searchNotices, type Notice } from './search-notices';

export type { SearchApi } from './useSearch';

export interface SearchPanelProps {
  api: SearchApi;
  log: LogFn;
  onSelect?(hit: SearchHit): void;
  /** The coach's view, whose Buyer profile one click turns into a search. */
  profile?: Observable<Pick<CoachView, 'profile' | 'coaching'>> | undefined;
  /** Controls under each result (sharing, guessing), told whether the results came from the Buyer profile. */
  actions?: ((hit: SearchHit, from: ShareOrigin) => ComponentChildren) | undefined;
  /** Grows when the catalog is replaced elsewhere: the filters are reset and the chips read again. */
  catalogSeq?: number;
  /** The category the chat page says the conversation is about: searches stay in it until the Seller removes it. */
  chatCategory?: Observable<string | null> | undefined;
}

const NO_PROFILE = observable<Pick<CoachView, 'profile' | 'coaching'> | null>(null);
const NO_CHAT_CATEGORY = observable<string | null>(null);

const SORT_LABELS: Record<Sort, string> = { relevance: 'Best match', price_asc: 'Price ↑', price_desc: 'Price ↓', rating: 'Top rated' };

/**
 * Catalog search for the Seller: as-you-type, what the search understood from the words (removable chips), filter
 * chips, sort, paging, keyboard navigation (state in useSearch).
 */
export function SearchPanel({ api, log, onSelect, profile: profileSource, actions, catalogSeq = 0, chatCategory }: SearchPanelProps) {
  const coachView = useObservable<Pick<CoachView, 'profile' | 'coaching'> | null>(profileSource ?? NO_PROFILE);
  const profileEntries = coachView?.coaching ? coachView.profile.entries : [];
  const search = useSearch(api, log, onSelect, catalogSeq, useObservable(chatCategory ?? NO_CHAT_CATEGORY));
  const { text, filters, sort, page, response, error, loading, active, selected, categories, facets, fromProfile, idle, hits } = search;
  const input = useRef<HTMLInputElement>(null);
  const focusInput = useCallback(() => input.current?.focus(), []);

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
          ref={input}
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
          onInput={(e) => search.setText(e.currentTarget.value)}
          onKeyDown={search.onKeyDown}
        />
        <select
          class="fw-select"
          aria-label="Sort by"
          data-testid="fw-sort"
          value={sort}
          onChange={(e) => search.setSort(e.currentTarget.value as Sort)}
        >
          {(Object.keys(SORT_LABELS) as Sort[]).map((s) => (
            <option value={s} key={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <UnderstoodChips items={search.understood} onRemove={search.removeUnderstood} onEmptied={focusInput} />
      {profileEntries.length > 0 && (
        <button
          type="button"
          class="fw-btn fw-profile-search"
          title="Budget as a price range, liked brands first, disliked brands and unwanted features left out"
          data-testid="fw-profile-search"
          onClick={() => {
            const { filters: f, words } = profileSearch(profileEntries, coachView?.profile.category ?? null);
            search.searchProfile(words, f);
          }}
        >
          Search with the Buyer profile
        </button>
      )}
      <FilterChips
        categories={categories}
        facets={facets}
        filters={filters}
        onChange={search.setFilters}
        chatCategory={search.chatScoped}
      />
      {fromProfile && (
        <p class="fw-hint" data-testid="fw-profile-filters">
          Buyer profile: {profileFilterWords(filters)}{' '}
          <button type="button" class="fw-link" onClick={search.clearProfile}>
            clear
          </button>
        </p>
      )}
      {error && (
        <div class="fw-error" role="alert">
          Search is unavailable: {error}{' '}
          <button type="button" class="fw-btn" onClick={search.retry}>
            Try again
          </button>
        </div>
      )}
      {response && !error && (
        <div class="fw-status" role="status" data-testid="fw-search-status">
          {response.total > 0 && (
            <p class="fw-hint">
              {from}–{to} of {response.total.toLocaleString('en-US')}
              {loading && ', updating…'}
            </p>
          )}
          {/* The words of the query the response answers: the box may already hold newer ones. */}
          {searchNotices(response, response.query.text).map((n) => (
            <NoticeLine notice={n} key={n.kind} />
          ))}
          {response.total === 0 && search.chatScoped && response.query.filters.category === search.chatScoped && (
            <p class="fw-hint" data-testid="fw-chat-scope-empty">
              Nothing in {categories.find((c) => c.id === search.chatScoped)?.label ?? search.chatScoped}, the chat's category.{' '}
              <button type="button" class="fw-link" onClick={() => search.setFilters({ ...filters, category: undefined })}>
                Search every category
              </button>
            </p>
          )}
        </div>
      )}
      {idle && !error && (
        <p class="fw-hint">Type to search {categories.length ? 'or pick a category' : ''}. ↑ ↓ to move, Enter to choose.</p>
      )}
      {hits.length > 0 && (
        <ul class="fw-results" id="fw-results" role="listbox" aria-label="Search results" data-testid="fw-results">
          {hits.map((hit, i) => (
            <ResultCard
              key={hit.id}
              hit={hit}
              index={i}
              active={i === active}
              selected={hit.id === selected}
              onChoose={() => search.choose(hit, i)}
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
          <button type="button" class="fw-btn" disabled={page === 0} onClick={() => search.setPage(page - 1)}>
            ‹ Prev
          </button>
          <span>
            Page {shownPage + 1} of {Math.ceil(response.total / pageSize)}
          </span>
          <button
            type="button"
            class="fw-btn"
            data-testid="fw-next"
            disabled={to >= response.total}
            onClick={() => search.setPage(page + 1)}
          >
            Next ›
          </button>
        </nav>
      )}
    </section>
  );
}

/** One sentence about the search; the Seller's words in it quoted and in bold. */
function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <p class={`fw-notice fw-notice-${notice.kind}`} data-testid={`fw-notice-${notice.kind}`}>
      {notice.parts.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : (
          <span key={i}>
            “<b>{p.words}</b>”
          </span>
        ),
      )}
    </p>
  );
}

/** The profile-derived filters in words, or '' when none is on. */
function profileFilterWords(f: SearchFilters): string {
  const parts: string[] = [];
  if (f.priceMin !== undefined || f.priceMax !== undefined) parts.push(budgetWords({ min: f.priceMin, max: f.priceMax }));
  if (f.boostBrands?.length) parts.push(`${f.boostBrands.join(', ')} first`);
  if (f.excludeBrands?.length) parts.push(`no ${f.excludeBrands.join(', ')}`);
  for (const [attr, v] of Object.entries(f.excludeAttributes ?? {}))
    parts.push(`no ${(Array.isArray(v) ? v : [v]).map((x) => featureWords(`${attr}=${String(x)}`)).join(', ')}`);
  return parts.join(' · ') || 'nothing to filter by yet';
}
