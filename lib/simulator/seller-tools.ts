import type { Catalog, Product } from '../catalog/catalog-schema';
import type { ConversationProfile } from '../profile/profile-schema';
import { profileSearch } from '../profile/search-filters';
import { vocabularyFromCatalog, type ProfileVocabulary } from '../profile/vocabulary';
import { categoryLabels, SearchEngine } from '../search/engine';
import { parseSearchQuery, type SearchFilters } from '../search/query';
import { fold } from '../search/text';
import { isFunctionWord, TitleWords, TOKEN } from './cues';

/** Results a scripted Seller looks through per search (the overlay's largest page). */
const SEARCH_PAGE = 50;
/** A clause that says what the Buyer does not want ("not men's", "no Purina"): its words are not typed in. */
const NEGATED = /\b(no|not|nothing|never|without|but)\b|n't\b/i;

/**
 * What every scripted Seller works with, built once per catalog: the overlay's search engine and preference
 * vocabulary, and the category's title words (to type a Buyer's description of a product into the search).
 * Every policy gets the same tools, so policies differ in what they ask, not in how well they search.
 */
export class SellerTools {
  readonly engine: SearchEngine;
  readonly vocabulary: ProfileVocabulary;
  private readonly byIndex: readonly Product[];
  private readonly titleWords = new Map<string, TitleWords>();
  private readonly attributes = new Map<string, Set<string>>();
  private readonly valueWords = new Map<string, Set<string>>();

  constructor(catalog: Catalog) {
    this.byIndex = catalog.products;
    this.engine = SearchEngine.build(catalog.products, categoryLabels(catalog.categories));
    this.vocabulary = vocabularyFromCatalog(catalog.products);
    for (const c of catalog.categories) {
      const products = catalog.products.filter((p) => p.category === c.id);
      this.titleWords.set(c.id, new TitleWords(products));
      this.attributes.set(c.id, new Set(products.flatMap((p) => Object.keys(p.attributes))));
      const values = products.flatMap((p) =>
        Object.values(p.attributes).flatMap((v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : [])),
      );
      this.valueWords.set(c.id, new Set(values.flatMap((v) => fold(v).match(TOKEN) ?? []).filter((w) => !isFunctionWord(w))));
    }
  }

  /**
   * Words of a Buyer's message that are attribute values of the category ("cat", "senior", "unisex"), from the
   * clauses that do not negate: what a Seller would type into the search box after hearing it.
   */
  heardWords(text: string, category: string): string[] {
    const values = this.valueWords.get(category);
    if (!values) return [];
    const clauses = text.split(/[,.;!?]|\band\b/).filter((c) => !NEGATED.test(c));
    return [...new Set(clauses.flatMap((c) => fold(c).match(TOKEN) ?? []).filter((w) => values.has(w)))];
  }

  /** Words of a Buyer's message that pick out products of the category by title ("the Interceptor one"), rarest first. */
  lookWords(text: string, category: string): string[] {
    return this.titleWords.get(category)?.describingIn(text) ?? [];
  }

  /**
   * The best products for what the Buyer said so far, leaving out those already turned down: wanted features and
   * the child's age as filters, the budget as a price range, avoided brands left out, liked ones first, and as
   * words the wants and attribute values heard (`heard`) and the Buyer's descriptions of the product it pictures
   * (`look`, one group of words per description, oldest first). Relaxed step by step when nothing matches; a newer
   * description is tried on its own before the older ones are dropped.
   */
  search(
    profile: ConversationProfile,
    category: string,
    exclude: ReadonlySet<string>,
    heard: readonly string[] = [],
    look: readonly (readonly string[])[] = [],
  ): Product[] {
    const { filters, words } = profileSearch(profile.entries, category);
    const strict: SearchFilters = { ...filters, attributes: this.wanted(profile, category) };
    const wants = [words, ...heard].join(' ');
    const described = look.flat().join(' ');
    const latest = (look.at(-1) ?? []).join(' ');
    // Only results that match every word: the engine's partial matches would let an old description outvote a new one.
    const run = (text: string, f: SearchFilters) => {
      const r = this.engine.search(parseSearchQuery({ text, filters: f, sort: 'relevance', pageSize: SEARCH_PAGE }));
      return r.partial ? [] : r.page.map((i) => this.byIndex[i] as Product).filter((p) => !exclude.has(p.id));
    };
    // The newest description: all its words, then each alone, rarest first (one may be an ordinary word that
    // happens to be in some title).
    const newest = look.at(-1) ?? [];
    for (const [text, f] of [
      [`${wants} ${described}`, strict],
      [`${wants} ${latest}`, strict],
      ...newest.map((w) => [`${wants} ${w}`, strict] as const),
      [latest, strict],
      [wants, strict],
      ['', strict],
      [wants, filters],
      ['', filters],
      ['', { category }],
    ] as const) {
      const hits = run(text.trim(), f);
      if (hits.length) return hits;
    }
    return [];
  }

  /** Wanted features the category has, as attribute filters, and the recipient's age against the minimum age. */
  private wanted(profile: ConversationProfile, category: string): NonNullable<SearchFilters['attributes']> {
    const has = this.attributes.get(category) ?? new Set<string>();
    const out: NonNullable<SearchFilters['attributes']> = {};
    for (const { item } of profile.entries) {
      if (item.slot === 'feature' && item.want) {
        const [attribute = '', raw = ''] = item.feature.split('=');
        if (has.has(attribute) && out[attribute] === undefined) out[attribute] = raw === 'true' ? true : raw === 'false' ? false : raw;
      } else if (item.slot === 'recipient' && item.age !== undefined && has.has('ageMin')) out.ageMin = { max: item.age };
    }
    return out;
  }
}
