import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ndcgAt } from '../../../lib/search/quality';
import { QUERY_GROUPS, type QueryGroup } from './dsl';
import { parseJudgedSet, type JudgedQuery } from './fixture';

/**
 * Scores a search engine on the judged set (tests/fixtures/search-judged): nDCG@10 per query, averaged over all
 * queries and per group, and the answerable queries it answered with nothing. A search is given the words the Seller
 * typed and the judged query, whose `category` is the chat's: the headline searches the words alone, as the search box
 * does where the chat page does not say its category; bench/search also searches in that category.
 */
export type RankedSearch = (text: string, query: JudgedQuery) => readonly string[];

export interface SetScore {
  queries: number;
  ndcg10: number;
  byGroup: Record<QueryGroup, { queries: number; ndcg10: number }>;
  /** Answerable queries (some product graded) whose first page was empty. */
  emptyAnswerable: string[];
  perQuery: { id: string; query: string; group: QueryGroup; ndcg10: number }[];
}

const FIXTURES = resolve(import.meta.dirname, '../../../tests/fixtures/search-judged');

export function judgedHalf(half: 'dev' | 'held-out' | 'validation' | 'validation-2' | 'validation-3'): JudgedQuery[] {
  return parseJudgedSet(JSON.parse(readFileSync(resolve(FIXTURES, `${half}.json`), 'utf8'))).queries;
}

export function scoreSet(queries: readonly JudgedQuery[], search: RankedSearch): SetScore {
  const perQuery = queries.map((q) => {
    const ranked = search(q.query, q);
    return {
      id: q.id,
      query: q.query,
      group: q.group,
      ndcg10: ndcgAt(ranked, q.grades, 10),
      empty: ranked.length === 0,
      answerable: Object.keys(q.grades).length > 0,
    };
  });
  // "none" queries have no relevant product: nDCG is 0 whatever is shown, so they are left out of the means.
  const scored = perQuery.filter((q) => q.answerable);
  const mean = (xs: { ndcg10: number }[]) => (xs.length ? xs.reduce((s, x) => s + x.ndcg10, 0) / xs.length : 0);
  const byGroup = Object.fromEntries(
    QUERY_GROUPS.map((g) => {
      const inGroup = scored.filter((q) => q.group === g);
      return [g, { queries: inGroup.length, ndcg10: mean(inGroup) }];
    }),
  ) as SetScore['byGroup'];
  return {
    queries: scored.length,
    ndcg10: mean(scored),
    byGroup,
    emptyAnswerable: perQuery.filter((q) => q.answerable && q.empty).map((q) => q.query),
    perQuery: perQuery.map(({ id, query, group, ndcg10 }) => ({ id, query, group, ndcg10 })),
  };
}
