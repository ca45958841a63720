import type { Catalog, Product } from '../catalog/catalog-schema';
import type { CoachAct, CoachingSchema } from '../coach/coaching-schema';
import { addExtracted } from '../profile/memory';
import { extractProfile } from '../profile/extract';
import { EMPTY_PROFILE, knownSlots, type ConversationProfile } from '../profile/profile-schema';
import { profileSearch } from '../profile/search-filters';
import { vocabularyFromCatalog, type ProfileVocabulary } from '../profile/vocabulary';
import { categoryLabels, SearchEngine } from '../search/engine';
import { parseSearchQuery } from '../search/query';
import type { BuyerMove, SellerEvent } from './acts';

/**
 * Scripted Sellers to run simulated conversations against, so Seller strategies can be compared (as the paper
 * compares agents). A Seller reads the Buyer's messages with the same preference extraction the overlay uses,
 * searches the catalog with the same engine, shares one product at a time (sharing II), and guesses the product
 * the Buyer liked once the room's minimum turns are done.
 */
export const SELLER_POLICIES = ['coached', 'recommend-first'] as const;
export type SellerPolicyName = (typeof SELLER_POLICIES)[number];

export const POLICY_DESCRIPTIONS: Record<SellerPolicyName, string> = {
  coached: "asks the coaching schema's questions in order until it knows enough (its recommendAfter), then recommends",
  'recommend-first': 'recommends a product at once, then the next one on a No',
};

/** What a Seller sees each time the Buyer has spoken. */
export interface SellerView {
  buyer: readonly BuyerMove[];
  turns: number;
  minTurns: number;
}

/** Search and profile reading shared by every scripted Seller of a run (built once per catalog). */
export class SellerTools {
  readonly engine: SearchEngine;
  readonly vocabulary: ProfileVocabulary;
  private readonly byIndex: readonly Product[];

  constructor(catalog: Catalog) {
    this.byIndex = catalog.products;
    this.engine = SearchEngine.build(catalog.products, categoryLabels(catalog.categories));
    this.vocabulary = vocabularyFromCatalog(catalog.products);
  }

  /** The best products for what the Buyer said so far, leaving out those already turned down. */
  search(profile: ConversationProfile, category: string, exclude: ReadonlySet<string>): Product[] {
    const { filters, words } = profileSearch(profile.entries, category);
    const run = (text: string, f: typeof filters) =>
      this.engine
        .search(parseSearchQuery({ text, filters: f, sort: text ? 'relevance' : 'rating', pageSize: 50 }))
        .page.map((i) => this.byIndex[i] as Product);
    // All the words first; then the filters alone (the words may ask for more than one product has); then anything in the category.
    for (const [text, f] of [
      [words, filters],
      ['', filters],
      ['', { category }],
    ] as const) {
      const hits = run(text, f).filter((p) => !exclude.has(p.id));
      if (hits.length) return hits;
    }
    return [];
  }
}

export interface SellerPolicy {
  readonly name: SellerPolicyName;
  /** The Seller's next messages after the Buyer spoke; empty when the Seller is done. */
  reply(view: SellerView): SellerEvent[];
}

interface PolicyOptions {
  tools: SellerTools;
  schema: CoachingSchema;
  category: string;
  /** Coached Sellers label each message with its act; uncoached ones do not (the Buyer then reads the text). */
  coached: boolean;
}

export function createPolicy(name: SellerPolicyName, options: PolicyOptions): SellerPolicy {
  return new ScriptedSeller(name, options);
}

class ScriptedSeller implements SellerPolicy {
  private profile: ConversationProfile = EMPTY_PROFILE;
  private readonly rejected = new Set<string>();
  private readonly questions: CoachAct[];
  private shown: Product | null = null;
  private liked: Product | null = null;
  private guessed = false;
  private thanked = false;
  private greeted = false;
  private lastFollowUp: string | null = null;

  constructor(
    readonly name: SellerPolicyName,
    private readonly o: PolicyOptions,
  ) {
    // The schema's questions in its order: top-level acts that ask about the Buyer (1-8 in the default).
    this.questions = name === 'coached' ? o.schema.acts.filter((a) => a.asks && !a.parent) : [];
  }

  reply(view: SellerView): SellerEvent[] {
    if (this.thanked) return [];
    for (const m of view.buyer) {
      if (m.type === 'say')
        this.profile = addExtracted(
          this.profile,
          extractProfile(m.text, this.o.tools.vocabulary, { category: this.o.category }).items,
          null,
          0,
        ).profile;
    }
    const confirm = view.buyer.find((m): m is Extract<BuyerMove, { type: 'confirm' }> => m.type === 'confirm');
    if (confirm?.accepted || view.buyer.some((m) => m.type === 'end')) {
      this.thanked = true;
      return [this.say(this.act('thank'), 'Thank you so much for shopping with us today!')];
    }
    if (confirm && !confirm.accepted && this.shown) {
      this.rejected.add(this.shown.id);
      this.shown = null;
      this.liked = null;
      this.guessed = false;
    }
    const said = view.buyer.find((m): m is Extract<BuyerMove, { type: 'say' }> => m.type === 'say');
    if (said?.acts.includes('note') && this.shown) {
      if (/\b(like|love|perfect|great|exactly|nice|yes)\b/i.test(said.text) && !/\b(not|don't|rather not|too|over)\b/i.test(said.text))
        this.liked = this.shown;
      else {
        this.rejected.add(this.shown.id);
        this.shown = null;
        // Table 3, 9a: ask what was not right (the coached Seller does; the other goes straight to the next one).
        const wrong = this.act('ask_what_wrong');
        if (this.name === 'coached' && wrong && this.lastFollowUp !== said.text) {
          this.lastFollowUp = said.text;
          return [this.say(wrong, 'What is not quite right about it?')];
        }
      }
    }
    if (this.liked) {
      if (view.turns + 1 >= view.minTurns && !this.guessed) {
        this.guessed = true;
        return [{ type: 'guess', productId: this.liked.id }];
      }
      return [
        this.say(this.act('ask_duration') ?? this.act('ask_experience'), 'Great choice! Is it something you want to last for years?'),
      ];
    }
    if (said?.acts.includes('navigate') && this.shown) {
      const p = this.shown;
      return [
        this.say(
          this.act('recommend'),
          `The ${p.title} is $${p.price.toFixed(2)} and rated ${p.rating.toFixed(1)} stars by ${p.ratingCount} buyers.`,
        ),
      ];
    }
    const out: SellerEvent[] = [];
    if (!this.greeted) {
      this.greeted = true;
      if (this.name === 'coached') out.push(this.say(this.act('greet'), 'Hi there! How are you today? Happy to help you find something.'));
    }
    // The schema's questions in order, skipping what the Buyer already said, until it knows enough to recommend
    // (the schema's recommendAfter), or sooner when the Buyer asks for a suggestion.
    const known = knownSlots(this.profile.entries);
    while (this.questions[0]?.asks && known.has(this.questions[0].asks)) this.questions.shift();
    const next = this.questions[0];
    if (next && known.size < this.o.schema.recommendAfter && !said?.acts.includes('inquire')) {
      this.questions.shift();
      out.push(this.say(next, questionText(next)));
      return out;
    }
    return [...out, this.recommend()];
  }

  private recommend(): SellerEvent {
    const [p] = this.o.tools.search(this.profile, this.o.category, this.rejected);
    if (!p) return this.say(this.act('ask_features'), 'Is there anything else it must have?');
    this.shown = p;
    return { type: 'share', productIds: [p.id], text: `I would suggest the ${p.title}. What do you think?` };
  }

  private act(id: string): CoachAct | undefined {
    return this.o.schema.acts.find((a) => a.id === id);
  }

  private say(act: CoachAct | undefined, text: string): SellerEvent {
    return { type: 'say', text, ...(this.o.coached && act ? { acts: [act.id] } : {}) };
  }
}

/** A question's first template that needs nothing filled in, as a Seller who follows the checklist would type it. */
function questionText(act: CoachAct): string {
  return act.templates.find((t) => !t.includes('{')) ?? act.hint;
}
