import type { Product } from '../catalog/catalog-schema';
import type { CoachAct, CoachingSchema } from '../coach/coaching-schema';
import { addExtracted } from '../profile/memory';
import { extractProfile } from '../profile/extract';
import { EMPTY_PROFILE, knownSlots, type ConversationProfile } from '../profile/profile-schema';
import type { BuyerMove, SellerAction, SellerEvent } from './acts';
import type { SellerTools } from './seller-tools';

/**
 * Scripted Sellers to run simulated conversations against, so Seller strategies can be compared (as paper 004
 * compares agents). Every policy reads the Buyer's messages with the overlay's preference extraction, searches the
 * catalog with the same tools, shares one product at a time (sharing II), answers questions about the product
 * shown, and guesses the product the Buyer liked once the room's minimum turns are done. They differ in what they
 * ask:
 * - `coached` follows the coaching checklist (paper 000, Table 3): greets (1), asks up to three of its questions that
 *   the Buyer has not answered yet, those the search filters on first (features, budget, brands: 5, 7, 8), then who
 *   it is for and the use (2, 3) while it knows fewer slots than the schema's `recommendAfter`, recommends (9), asks
 *   what was not right after a No that said nothing new (9a), thanks (10); every message carries its act label.
 * - `uncoached` is paper 000's uncoached Seller (B.II) as the issue describes it: fewer elicitation questions
 *   (one), earlier and more recommendations (the next product after each No, without asking what was wrong), no
 *   act labels, so the Buyer reads the text.
 * - `recommend-first` recommends at once and the next product after each No; it never asks.
 */
export const SELLER_POLICIES = ['coached', 'uncoached', 'recommend-first'] as const;
export type SellerPolicyName = (typeof SELLER_POLICIES)[number];

export const POLICY_DESCRIPTIONS: Record<SellerPolicyName, string> = {
  coached:
    "greets, asks up to three of the checklist's questions it has no answer to yet (features, budget, brands, then who for and use), recommends, asks what was not right after an unexplained No",
  uncoached: 'asks one question, then recommends, and after each No shows the next product without asking why (no act labels)',
  'recommend-first': 'recommends at once, then the next product after each No; never asks',
};

interface Strategy {
  greets: boolean;
  /** Act labels on every message (a coached Seller picks an act before sending). */
  labels: boolean;
  /** Elicitation acts, in the order asked; the Seller skips what it knows. */
  questions: readonly string[];
  /** Most elicitation questions before the first recommendation. */
  maxQuestions: number;
  /** Slots always asked about unless already known (the search filters on them). */
  essential: readonly string[];
  /** After a No that told it nothing new, asks what was not right (9a) instead of showing the next product. */
  asksWhatWrong: boolean;
}

const STRATEGIES: Record<SellerPolicyName, Strategy> = {
  coached: {
    greets: true,
    labels: true,
    questions: ['ask_features', 'ask_budget', 'ask_brand', 'ask_recipient', 'ask_use'],
    maxQuestions: 3,
    essential: ['features', 'budget', 'brand'],
    asksWhatWrong: true,
  },
  uncoached: { greets: false, labels: false, questions: ['ask_features'], maxQuestions: 1, essential: ['features'], asksWhatWrong: false },
  'recommend-first': { greets: false, labels: false, questions: [], maxQuestions: 0, essential: [], asksWhatWrong: false },
};

/** What a Seller sees each time the Buyer has spoken. */
export interface SellerView {
  buyer: readonly BuyerMove[];
  turns: number;
  minTurns: number;
}

export interface SellerPolicy {
  readonly name: SellerPolicyName;
  /** Whether this policy's messages carry act labels (a coached Seller's do). */
  readonly labels: boolean;
  /** The Seller's next messages after the Buyer spoke; empty when the Seller is done. */
  reply(view: SellerView): SellerEvent[];
}

interface PolicyOptions {
  tools: SellerTools;
  schema: CoachingSchema;
  category: string;
}

export function createPolicy(name: SellerPolicyName, options: PolicyOptions): SellerPolicy {
  return new ScriptedSeller(name, STRATEGIES[name], options);
}

/** A Buyer's verdict on a product, read from the words: a No carries a negation, a Yes praise and none. */
const NEGATIVE = /\b(no|not|nope|never|too|over|rather)\b|n't\b/i;
const POSITIVE = /\b(like|love|perfect|great|exactly|nice|yes|good)\b/i;
export const readsAsYes = (text: string) => POSITIVE.test(text) && !NEGATIVE.test(text);

type Say = Extract<BuyerMove, { type: 'say' }>;

class ScriptedSeller implements SellerPolicy {
  readonly labels: boolean;
  private profile: ConversationProfile = EMPTY_PROFILE;
  private readonly rejected = new Set<string>();
  private readonly questions: CoachAct[];
  private readonly heard: string[] = [];
  private readonly look: string[][] = [];
  private asked = 0;
  private shown: Product | null = null;
  private liked: Product | null = null;
  private guessed = false;
  private thanked = false;
  private greeted = false;

  constructor(
    readonly name: SellerPolicyName,
    private readonly s: Strategy,
    private readonly o: PolicyOptions,
  ) {
    this.labels = s.labels;
    this.questions = s.questions.map((id) => this.act(id)).filter((a): a is CoachAct => !!a);
  }

  reply(view: SellerView): SellerEvent[] {
    if (this.thanked) return [];
    const learned = this.read(view.buyer);
    const confirm = view.buyer.find((m): m is Extract<BuyerMove, { type: 'confirm' }> => m.type === 'confirm');
    if (confirm?.accepted || view.buyer.some((m) => m.type === 'end')) {
      this.thanked = true;
      return [this.say('thank', 'end', 'Thank you so much for shopping with us today!')];
    }
    const says = view.buyer.filter((m): m is Say => m.type === 'say');
    const note = says.findLast((m) => m.acts.includes('note'));
    if (confirm && !confirm.accepted) this.turnDown();
    else if (note && this.shown) {
      if (readsAsYes(note.text)) this.liked = this.shown;
      else {
        this.turnDown();
        // Table 3, 9a: a No that gave no reason is worth asking about; one that did, is acted on at once.
        if (this.s.asksWhatWrong && !learned) return [this.say('ask_what_wrong', 'clarify', 'What is not quite right about it?')];
      }
    }
    if (this.liked) {
      if (view.turns >= view.minTurns && !this.guessed) {
        this.guessed = true;
        return [{ type: 'guess', productId: this.liked.id }];
      }
      return [
        this.say(
          this.act('ask_duration') ? 'ask_duration' : 'ask_experience',
          'elicit',
          'Great choice! Is it something you want to last for years?',
        ),
      ];
    }
    if (says.at(-1)?.acts.includes('navigate') && this.shown) {
      const p = this.shown;
      return [
        this.say(
          'recommend',
          'answer',
          `The ${p.title} is $${p.price.toFixed(2)} and rated ${p.rating.toFixed(1)} stars by ${p.ratingCount} buyers.`,
        ),
      ];
    }
    const out: SellerEvent[] = [];
    if (this.s.greets && !this.greeted) {
      this.greeted = true;
      out.push(this.say('greet', 'greet', 'Hi there! How are you today? Happy to help you find something.'));
    }
    const next = this.nextQuestion();
    if (next && !says.some((m) => m.acts.includes('inquire'))) {
      this.asked++;
      out.push(this.say(next.id, 'elicit', questionText(next)));
      return out;
    }
    return [...out, this.recommend()];
  }

  /** Takes in what the Buyer said; true when it taught the Seller something new (a profile item or a look word). */
  private read(moves: readonly BuyerMove[]): boolean {
    let learned = false;
    for (const m of moves) {
      if (m.type !== 'say') continue;
      const before = this.profile.entries.length;
      const items = extractProfile(m.text, this.o.tools.vocabulary, { category: this.o.category }).items;
      const next = addExtracted(this.profile, items, null, 0).profile;
      if (next.entries.length !== before || JSON.stringify(next.entries) !== JSON.stringify(this.profile.entries)) learned = true;
      this.profile = next;
      // What a Seller types into the search after hearing it: attribute values the Buyer names, and, where the
      // Buyer talks about products it was shown, words off the title of the one it pictures ("the Speedcross one").
      for (const w of this.o.tools.heardWords(m.text, this.o.category)) {
        if (!this.heard.includes(w)) {
          this.heard.push(w);
          learned = true;
        }
      }
      const seen = new Set(this.look.flat());
      const look = this.shown || this.rejected.size ? this.o.tools.lookWords(m.text, this.o.category).filter((w) => !seen.has(w)) : [];
      if (look.length) {
        this.look.push(look);
        learned = true;
      }
    }
    return learned;
  }

  private turnDown(): void {
    if (this.shown) this.rejected.add(this.shown.id);
    this.shown = null;
    this.liked = null;
    this.guessed = false;
  }

  /**
   * The next elicitation question, before the first recommendation: the questions whose answers the search
   * filters on (`essential`) unless already answered, then others while the Seller knows fewer slots than the
   * coaching schema's `recommendAfter` (when its coach unlocks recommending).
   */
  private nextQuestion(): CoachAct | undefined {
    if (this.asked >= this.s.maxQuestions || this.shown || this.rejected.size) return undefined;
    const known = knownSlots(this.profile.entries);
    const open = this.questions.filter((q) => q.asks && !known.has(q.asks));
    const next =
      open.find((q) => q.asks && this.s.essential.includes(q.asks)) ?? (known.size < this.o.schema.recommendAfter ? open[0] : undefined);
    if (next) this.questions.splice(this.questions.indexOf(next), 1);
    return next;
  }

  private recommend(): SellerEvent {
    const [p] = this.o.tools.search(this.profile, this.o.category, this.rejected, this.heard, this.look);
    if (!p) return this.say('ask_features', 'elicit', 'Is there anything else it must have?');
    this.shown = p;
    return { type: 'share', productIds: [p.id], text: `I would suggest the ${p.title}. What do you think?` };
  }

  private act(id: string): CoachAct | undefined {
    return this.o.schema.acts.find((a) => a.id === id);
  }

  private say(actId: string, action: SellerAction, text: string): SellerEvent {
    const act = this.act(actId);
    return { type: 'say', text, action, ...(this.s.labels && act ? { acts: [act.id] } : {}) };
  }
}

/** A question's first template that needs nothing filled in, as a Seller who follows the checklist would type it. */
function questionText(act: CoachAct): string {
  return act.templates.find((t) => !t.includes('{')) ?? act.hint;
}
