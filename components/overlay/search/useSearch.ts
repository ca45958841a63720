import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SearchFilters, SearchQuery, SearchResponse, Sort, SearchHit, Understood } from '@/lib/search/query';
import type { Facets } from '@/lib/search/facets';
import type { LogFn } from '@/lib/logger/event-log';
import { addIgnored, keepIgnored, type IgnoredReading } from './ignored-readings';

export interface SearchApi {
  search(query: Partial<SearchQuery> & { text: string }): Promise<SearchResponse>;
  facets(category: string | null): Promise<Facets>;
  catalogInfo(): Promise<{ categories: { id: string; label: string }[]; count: number }>;
}

const TYPING_DEBOUNCE_MS = 150;

/**
 * The Seller's catalog search as state and actions, apart from how it is shown: the query (words, filters, sort,
 * page), as-you-type searching with the newest answer winning, the catalog's categories and the chosen category's
 * facets, the active and chosen result, the readings of the words the Seller removed, and the keyboard. Every search
 * and its results are logged.
 */
export function useSearch(
  api: SearchApi,
  log: LogFn,
  onSelect?: (hit: SearchHit) => void,
  catalogSeq = 0,
  chatCategory: string | null = null,
) {
  const [fromProfile, setFromProfile] = useState(false);
  const [text, setTextOnly] = useState('');
  // Readings of the words the Seller removed (their chips' ×), sent as the search's `ignore`.
  const [ignored, setIgnored] = useState<readonly IgnoredReading[]>([]);
  /** New words: removals whose words are gone go with them (ignored-readings.ts says why). */
  const setText = (next: string) => {
    setTextOnly(next);
    setIgnored((was) => keepIgnored(was, next));
  };
  // The Seller's own filters; the chat's category is added to them (below) unless the Seller chose another or removed it.
  const [own, setOwn] = useState<SearchFilters>({});
  // The chat's category, applied while the Seller has not removed it; a new one (the room's next scenario) applies again.
  const [chatScope, setChatScope] = useState<string | null>(chatCategory);
  const [chatSeen, setChatSeen] = useState(chatCategory);
  if (chatSeen !== chatCategory) {
    setChatSeen(chatCategory);
    setChatScope(chatCategory);
  }
  const [sort, setSort] = useState<Sort>('relevance');
  const [page, setPage] = useState(0);
  const [response, setResponse] = useState<SearchResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(-1);
  const [selected, setSelected] = useState<string | null>(null);
  const [categories, setCategories] = useState<{ id: string; label: string }[]>([]);
  // Only a category this catalog has (an imported catalog may not have the chat's), written as its id or its label.
  const scoped = own.category === undefined ? knownCategory(categories, chatScope) : undefined;
  const filters = useMemo<SearchFilters>(() => (scoped ? { ...own, category: scoped } : own), [own, scoped]);
  /** The Seller's change to the filters: choosing or removing a category ends the chat's, until the chat names another. */
  const setFilters = (next: SearchFilters) => {
    if (next.category !== filters.category) {
      setChatScope(null);
      setOwn(next);
      return;
    }
    // Another filter changed: the category stays the chat's, to follow it when the chat names another.
    const { category, ...rest } = next;
    setOwn(scoped && category === scoped ? rest : next);
  };
  const [facets, setFacets] = useState<Facets | null>(null);
  const [retries, setRetries] = useState(0);
  const seq = useRef(0);
  // A catalog replaced elsewhere (lib/live): its categories, brands and attributes may all be new, so the filters go,
  // the chips are read again and the words are searched again in it. No search runs with the old filters meanwhile.
  const [catalogSeen, setCatalogSeen] = useState(catalogSeq);
  const catalogChanging = catalogSeen !== catalogSeq;
  useEffect(() => {
    if (!catalogChanging) return;
    setOwn({});
    setFromProfile(false);
    setIgnored([]);
    setPage(0);
    setActive(-1);
    setSelected(null);
    setCatalogSeen(catalogSeq);
  }, [catalogChanging, catalogSeq]);

  useEffect(() => {
    api.catalogInfo().then(
      (info) => setCategories(info.categories),
      (e: unknown) => setError(message(e)),
    );
  }, [api, retries, catalogSeen]);

  useEffect(() => {
    if (!filters.category) return setFacets(null);
    let live = true;
    api.facets(filters.category).then(
      (f) => live && setFacets(f),
      () => live && setFacets(null),
    );
    return () => {
      live = false;
    };
  }, [api, filters.category]);

  // The chat's category alone starts no search: only what the Seller does is logged as a search.
  const idle = text.trim() === '' && Object.keys(own).length === 0;
  useEffect(() => {
    if (catalogChanging) return;
    if (idle) {
      setResponse(null);
      setError(null);
      return;
    }
    const mySeq = ++seq.current;
    const ignore = ignored.map((r) => r.id);
    const timer = setTimeout(
      () => {
        const started = performance.now();
        setLoading(true);
        // Removing a chip is logged as the search it starts: the same record as every other change to the query.
        log('Seller', 'search', {
          query: text,
          filters,
          sort,
          page,
          ...(ignore.length ? { ignore } : {}),
          ...(scoped ? { scope: 'chat' } : {}),
        });
        api.search({ text, filters, sort, page, ignore }).then(
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
              ...(r.understood.length ? { understood: r.understood.map(({ id, label }) => ({ id, label })) } : {}),
              ...(r.unmatched.length ? { unmatched: r.unmatched } : {}),
              ...(ignore.length ? { ignored: ignore } : {}),
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
  }, [api, log, text, filters, scoped, sort, page, ignored, idle, retries, catalogChanging, catalogSeen]);

  const hits = response?.hits ?? [];
  // A removed reading's chip goes at once, before the search without it answers.
  const understood = (response?.understood ?? []).filter((u) => !ignored.some((r) => r.id === u.id));
  const choose = (hit: SearchHit, index?: number) => {
    if (index !== undefined) setActive(index);
    setSelected(hit.id);
    onSelect?.(hit);
  };
  // Any change to the query starts again from its first page.
  const firstPage =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(0);
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

  return {
    text,
    filters,
    sort,
    page,
    response,
    error,
    loading,
    active,
    selected,
    categories,
    facets,
    fromProfile,
    /** The category the search is in because the chat is about it (the Seller has not chosen it), else undefined. */
    chatScoped: scoped,
    idle,
    hits,
    understood,
    /** The ids of the readings the Seller removed, as the next search sends them. */
    ignore: ignored.map((r) => r.id),
    setText: firstPage(setText),
    setSort: firstPage(setSort),
    setFilters: firstPage(setFilters),
    setPage,
    /** Removes a reading of the words (its chip's ×): the words are searched again as plain words. */
    removeUnderstood(u: Understood) {
      setIgnored((was) => addIgnored(was, u));
      setPage(0);
    },
    /** A search made from the Buyer profile: its words and filters replace the query. */
    searchProfile(words: string, profileFilters: SearchFilters) {
      setTextOnly(words);
      setIgnored([]);
      setOwn(profileFilters);
      setFromProfile(true);
      setPage(0);
    },
    /** Drops what the Buyer profile added (price, brands, left-out features), keeping the category and the words. */
    clearProfile() {
      setOwn({
        ...own,
        boostBrands: undefined,
        excludeBrands: undefined,
        excludeAttributes: undefined,
        priceMin: undefined,
        priceMax: undefined,
      });
      setFromProfile(false);
      setPage(0);
    },
    retry: () => setRetries((r) => r + 1),
    choose,
    onKeyDown,
  };
}

/** The catalog's id for a category named by id or label, any case; undefined when the catalog has no such category. */
function knownCategory(categories: readonly { id: string; label: string }[], name: string | null): string | undefined {
  if (!name) return undefined;
  const n = name.trim().toLowerCase();
  return categories.find((c) => c.id.toLowerCase() === n || c.label.toLowerCase() === n)?.id;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
