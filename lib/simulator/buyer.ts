import type { Product } from '../catalog/catalog-schema';
import type { CoachingSchema, ProfileSlot } from '../coach/coaching-schema';
import { mulberry32, type Rng } from '../random';
import type { BuyerAct, BuyerMove, SellerEvent, SellerIntent } from './acts';
import { DEFAULT_ACCEPT_RULE, judge, type AcceptRule, type Budget, type Feature, type Preferences, type Problem } from './preferences';
import { problemWords, say, styled } from './language';
import { intentsOf } from './understand';

/**
 * An agenda-based simulated Buyer (Schatzmann et al.; Zhang & Balog, KDD 2020). Its state is a goal (the
 * preferences, fixed) and an agenda of Buyer actions. Each Seller message is read as intents; when it answers
 * what the Buyer wants now (a question the Buyer can answer, a product to judge), the matching agenda item is
 * pulled; when it does not, the Buyer pushes a replacement: it takes the initiative with the next item on its
 * agenda, or asks again. Preferences come out a little at a time. Seeded: the same seed and Seller messages give
 * the same Buyer, word for word, so a Buyer's seat can be rebuilt by replaying a room.
 */
export interface SimulatorConfig {
  seed: number;
  /** The coaching schema whose act labels the Seller's messages carry. */
  schema: CoachingSchema;
  accept: AcceptRule;
  /** Chance that a message gets a typo. */
  typoRate: number;
  /** Chance of asking the Seller for a suggestion after answering, once enough has been said. */
  questionRate: number;
  /** Chance of asking about a recommended product before saying whether it suits. */
  navigateRate: number;
  /** Chance that this Buyer starts with too low a budget and raises it mid-way (STAR's "unhappy" dialogues). */
  mindChange: number;
  /**
   * Whether the Buyer takes the initiative (pushes its next agenda item) when the Seller's message gives it nothing
   * to answer. Off gives a merely reactive Buyer, the baseline the realism benchmark compares against.
   */
  initiative: boolean;
  /** Turns after which a Buyer with nothing found gives up. */
  patience: number;
  /** The room's minimum number of turns before the Buyer may end. */
  minTurns: number;
}

export const DEFAULT_SIMULATOR_CONFIG: Omit<SimulatorConfig, 'seed' | 'schema'> = {
  accept: DEFAULT_ACCEPT_RULE,
  typoRate: 0.12,
  questionRate: 0.3,
  navigateRate: 0.3,
  mindChange: 0,
  initiative: true,
  patience: 14,
  minTurns: 5,
};

type Told = ProfileSlot | `feature:${string}`;
type Goal =
  | { act: 'disclose' }
  | { act: 'reveal'; slot: 'recipient' | 'use' | 'budget' | 'brand' }
  | { act: 'feature'; feature: Feature }
  | { act: 'inquire' }
  | { act: 'revise' };
interface Part {
  act: BuyerAct;
  text: string;
}

const featureKey = (f: Feature): Told => `feature:${f.attribute}=${String(f.value)}`;

export class SimulatedBuyer {
  private readonly rng: Rng;
  private readonly agenda: Goal[] = [];
  private readonly told = new Set<Told>();
  private budget: Budget;
  private considering: Product | null = null;
  private liked: Product | null = null;
  private lastProblems: Problem[] = [];
  private waitingForSuggestion = false;
  private lastSpeaker: 'seller' | 'buyer' | null = null;
  private outcome: { accepted: boolean } | null = null;
  private finished = false;
  /** Exchanges so far, counted as the pilot server counts them. */
  turns = 0;

  constructor(
    readonly prefs: Preferences,
    private readonly products: ReadonlyMap<string, Product>,
    readonly config: SimulatorConfig,
  ) {
    this.rng = mulberry32(config.seed);
    this.budget = prefs.budget;
    const rng = this.rng;
    // The agenda, top first: say what is needed, then (in an order of this Buyer's own) the details it would
    // volunteer if the Seller does not ask, then ask for a suggestion.
    const details: Goal[] = [];
    if (prefs.recipient.who !== 'self') details.push({ act: 'reveal', slot: 'recipient' });
    details.push({ act: 'reveal', slot: 'use' });
    for (const feature of prefs.features.filter((f) => f.want)) details.push({ act: 'feature', feature });
    details.push({ act: 'reveal', slot: 'budget' });
    if (prefs.brandsLiked.length || prefs.brandsDisliked.length) details.push({ act: 'reveal', slot: 'brand' });
    rng.shuffle(details);
    this.agenda.push({ act: 'disclose' }, ...details, { act: 'inquire' });
    if (rng.chance(config.mindChange)) {
      // Starts too low for every target, and raises it two or three goals in.
      const cheapest = Math.min(...prefs.targets.map((t) => t.price));
      this.budget = { max: Math.max(5, Math.floor((cheapest * 0.7) / 5) * 5) };
      this.agenda.splice(rng.int(2, 3), 0, { act: 'revise' });
    }
  }

  get done(): boolean {
    return this.finished;
  }

  /** The budget the Buyer states now (lower than the real one until a Buyer who changes their mind does). */
  get statedBudget(): Budget {
    return this.budget;
  }

  /** The Buyer's opening message, as the paper's Buyers open once they have picked a category. */
  opening(): BuyerMove[] {
    this.agenda.shift();
    const detail = this.prefs.recipient.who !== 'self' && this.rng.chance(0.5) ? 'recipient' : 'use';
    this.tell(detail);
    this.removeGoal((g) => g.act === 'reveal' && g.slot === detail);
    const parts: Part[] = [{ act: 'disclose', text: say.disclose(this.prefs, this.rng, detail) }];
    if (this.rng.chance(0.4)) parts.unshift({ act: 'social', text: say.greeting(this.rng) });
    return this.speak(parts);
  }

  /** The Buyer's reply to one thing the Seller did (nothing when the Buyer has finished). */
  respond(e: SellerEvent): BuyerMove[] {
    if (this.finished) return [];
    if (this.lastSpeaker === 'buyer') this.turns++;
    this.lastSpeaker = 'seller';
    if (e.type === 'guess') return this.answerGuess(e.productId);

    const moves: BuyerMove[] = [];
    const parts: Part[] = [];
    if (e.type === 'share') {
      const shared = e.productIds.map((id) => this.products.get(id)).filter((p): p is Product => !!p);
      for (const p of shared) moves.push({ type: 'hover', productId: p.id, dwellMs: this.rng.int(600, 4000) });
      const best = shared.find((p) => judge(this.prefs, p, this.config.accept, this.budget).accepted) ?? shared[0];
      if (best) this.recommended(best, parts);
      else parts.push({ act: 'navigate', text: say.whichOne(this.rng) });
    } else {
      const intents = intentsOf(e.text, e.acts, this.config.schema);
      const named = this.productNamedIn(e.text);
      for (const intent of intents) this.handle(intent, named, parts);
      if (!parts.length && this.considering) this.verdict(this.considering, parts);
    }
    if (!parts.length) this.takeInitiative(parts);
    this.maybeReviseMind(parts);
    if (!this.liked && !this.outcome && this.turns >= this.config.patience) {
      parts.splice(0, parts.length, { act: 'complete', text: say.giveUp(this.rng) });
      this.finished = true;
    }
    moves.push(...this.speak(parts));
    if (this.finished && this.turns >= this.config.minTurns) moves.push({ type: 'end' });
    return moves;
  }

  private handle(intent: SellerIntent, named: Product | null, parts: Part[]): void {
    const rng = this.rng;
    switch (intent.kind) {
      case 'greet':
        parts.push({ act: 'social', text: say.greeting(rng) });
        return;
      case 'ask':
        this.answer(intent.slot, intent.followUp, parts);
        // Asked for a suggestion and got a question instead: answer it, and ask again later (push back).
        if (this.waitingForSuggestion && !this.agenda.some((g) => g.act === 'inquire')) this.agenda.unshift({ act: 'inquire' });
        if (!this.considering && !this.liked && this.told.size >= 4 && rng.chance(this.config.questionRate)) this.inquire(parts);
        return;
      case 'recommend':
        if (named) this.recommended(named, parts);
        else if (this.considering) this.verdict(this.considering, parts);
        else parts.push({ act: 'navigate', text: say.whichOne(rng) });
        return;
      case 'ask_wrong':
        if (this.liked) parts.push({ act: 'note', text: 'nothing, I like it!' });
        else {
          parts.push({ act: 'reveal', text: say.explainAgain(this.lastProblems, rng) });
          for (const p of this.lastProblems) this.toldProblem(p);
        }
        return;
      case 'ask_experience':
        parts.push({ act: 'complete', text: say.experience(rng) });
        return;
      case 'thank':
        parts.push({ act: 'complete', text: say.bye(rng) });
        if (this.liked || this.outcome?.accepted) this.finished = true;
        return;
      case 'chat':
        if (this.considering) this.verdict(this.considering, parts);
        return;
    }
  }

  /** Pull: the Seller asked something the Buyer can answer; what was on the agenda for it is done. */
  private answer(slot: ProfileSlot, followUp: boolean, parts: Part[]): void {
    const rng = this.rng;
    const again = this.told.has(slot) && !followUp ? say.sameAgain(rng) : '';
    switch (slot) {
      case 'recipient':
        parts.push({ act: 'reveal', text: again + say.recipient(this.prefs, rng) });
        break;
      case 'use':
        parts.push({ act: 'reveal', text: followUp ? say.useMore(this.prefs, rng) : again + say.use(this.prefs, rng) });
        break;
      case 'budget':
        parts.push({ act: 'reveal', text: again + say.budget(this.budget, rng) });
        break;
      case 'brand':
        parts.push({ act: 'reveal', text: say.brand(this.prefs, rng) });
        break;
      case 'owned':
        parts.push({ act: 'reveal', text: followUp ? say.ownedOpinion(this.prefs.owned, rng) : say.owned(this.prefs.owned, rng) });
        if (followUp && this.prefs.owned && this.prefs.owned.complaint !== 'price') this.tellFeature(this.prefs.owned.complaint);
        break;
      case 'duration':
        parts.push({ act: 'reveal', text: say.duration(this.prefs, rng) });
        break;
      case 'features': {
        const wants = this.prefs.features.filter((f) => f.want);
        if (!wants.length) parts.push({ act: 'reveal', text: say.noFeatures(rng) });
        else if (followUp) {
          const top = wants[0] as Feature;
          parts.push({ act: 'reveal', text: say.topFeature(top, rng) });
          this.tellFeature(top);
        } else {
          // A couple at a time: what has not been said yet, most important first.
          const fresh = wants.filter((f) => !this.told.has(featureKey(f)));
          const now = (fresh.length ? fresh : wants).slice(0, rng.chance(0.5) ? 2 : 1);
          parts.push({ act: 'reveal', text: (fresh.length ? '' : say.sameAgain(rng)) + now.map((f) => say.feature(f, rng)).join(', ') });
          now.forEach((f) => this.tellFeature(f));
        }
        break;
      }
    }
    this.tell(slot);
  }

  /** A product the Seller put forward: ask about it first sometimes, else say whether it suits. */
  private recommended(p: Product, parts: Part[]): void {
    if (this.considering?.id !== p.id && this.rng.chance(this.config.navigateRate)) {
      this.considering = p;
      const wants = this.prefs.features.filter((f) => f.want);
      const about = wants.length && this.rng.chance(0.5) ? this.rng.pick(wants) : undefined;
      parts.push({ act: 'navigate', text: say.navigate(p, this.rng, about) });
      return;
    }
    this.verdict(p, parts);
  }

  private verdict(p: Product, parts: Part[]): void {
    this.considering = null;
    this.waitingForSuggestion = false;
    const j = judge(this.prefs, p, this.config.accept, this.budget);
    if (j.accepted) {
      this.liked = p;
      parts.push({ act: 'note', text: say.like(this.rng) });
      return;
    }
    this.lastProblems = j.problems;
    parts.push({ act: 'note', text: say.dislike(j.problems, this.rng) });
    for (const problem of j.problems.slice(0, 1)) this.toldProblem(problem);
    this.waitingForSuggestion = true;
  }

  private answerGuess(productId: string): BuyerMove[] {
    const p = this.products.get(productId);
    const j = p ? judge(this.prefs, p, this.config.accept, this.budget) : null;
    if (p && j?.accepted) {
      this.outcome = { accepted: true };
      this.liked = p;
      return [{ type: 'confirm', accepted: true }, ...this.speak([{ act: 'complete', text: say.accept(this.rng) }])];
    }
    this.outcome = null; // the Seller may guess again
    const reason = j?.problems[0] ? problemWords(j.problems[0], this.rng) : "that's not one I was looking for";
    this.lastProblems = j?.problems ?? [];
    this.waitingForSuggestion = true;
    return [{ type: 'confirm', accepted: false, reason }];
  }

  /** Push: the Seller's message gave the Buyer nothing to answer, so the Buyer goes on with its own agenda. */
  private takeInitiative(parts: Part[]): void {
    if (!this.config.initiative) {
      parts.push({ act: 'social', text: say.chat(this.rng) });
      return;
    }
    if (this.waitingForSuggestion) {
      parts.push({ act: 'inquire', text: say.inquireAgain(this.rng) });
      return;
    }
    for (;;) {
      const goal = this.agenda.shift();
      if (!goal) {
        parts.push({ act: this.liked ? 'complete' : 'social', text: this.liked ? say.bye(this.rng) : say.chat(this.rng) });
        return;
      }
      if (goal.act === 'revise' || goal.act === 'disclose') continue;
      if (goal.act === 'inquire') return this.inquire(parts);
      if (goal.act === 'feature') {
        if (this.told.has(featureKey(goal.feature))) continue;
        parts.push({ act: 'reveal', text: say.feature(goal.feature, this.rng) });
        this.tellFeature(goal.feature);
        return;
      }
      if (this.told.has(goal.slot)) continue;
      this.answer(goal.slot, false, parts);
      return;
    }
  }

  private inquire(parts: Part[]): void {
    const untold = this.prefs.features.find((f) => f.want && !this.told.has(featureKey(f)));
    const ask = untold && this.rng.chance(0.5) ? untold : undefined;
    parts.push({ act: 'inquire', text: say.inquire(this.prefs, this.rng, ask) });
    if (ask) this.tellFeature(ask);
    this.removeGoal((g) => g.act === 'inquire');
    this.waitingForSuggestion = true;
  }

  /** A Buyer who started too low raises the budget once, a few turns in (or when the agenda reaches it). */
  private maybeReviseMind(parts: Part[]): void {
    const at = this.agenda.findIndex((g) => g.act === 'revise');
    if (at < 0 || this.finished || (at > 0 && this.turns < 3)) return;
    this.agenda.splice(at, 1);
    this.budget = this.prefs.budget;
    parts.push({ act: 'reveal', text: say.budgetRevised(this.budget, this.rng) });
    this.tell('budget');
  }

  private toldProblem(p: Problem): void {
    if (p.kind === 'price') this.tell('budget');
    if (p.kind === 'brand') this.tell('brand');
    if (p.kind === 'feature') this.tellFeature(p.feature);
  }

  private tell(slot: ProfileSlot): void {
    this.told.add(slot);
    this.removeGoal((g) => g.act === 'reveal' && g.slot === slot);
  }

  private tellFeature(f: Feature): void {
    this.told.add(featureKey(f));
    this.told.add('features');
  }

  private removeGoal(match: (g: Goal) => boolean): void {
    const i = this.agenda.findIndex(match);
    if (i >= 0) this.agenda.splice(i, 1);
  }

  /** A catalog product of this category whose title the Seller wrote out. */
  private productNamedIn(text: string): Product | null {
    const t = text.toLowerCase();
    if (t.length < 8) return null;
    for (const p of this.products.values()) {
      if (p.category === this.prefs.category && t.includes(p.title.toLowerCase())) return p;
    }
    return null;
  }

  /** One message from the parts, in the Buyer's casual style. */
  private speak(parts: Part[]): BuyerMove[] {
    if (!parts.length) return [];
    this.lastSpeaker = 'buyer';
    // Labelled with what the message does; a greeting beside a request is not counted as small talk.
    const acts = [...new Set(parts.map((p) => p.act))];
    const meaningful = acts.filter((a) => a !== 'social');
    // People pad answers ("…, if that helps"); the paper's Buyers wrote about ten words a message.
    const padded = parts.map((p) => (p.act === 'reveal' && this.rng.chance(0.35) ? `${p.text}${say.tail(this.rng)}` : p.text));
    const text = padded
      .map((t) => styled(t, this.rng, this.config.typoRate))
      .map((t, i, all) => (i < all.length - 1 && !/[.!?:)]$/.test(t) ? `${t}.` : t))
      .join(' ');
    return [{ type: 'say', text, acts: meaningful.length ? meaningful : acts }];
  }
}
