import type { Product } from '../catalog/catalog-schema';
import type { CoachingSchema, ProfileSlot } from '../coach/coaching-schema';
import { mulberry32, type Rng } from '../random';
import type { BuyerMove, SellerEvent, SellerIntent } from './acts';
import { DEFAULT_ACCEPT_RULE, judge, type AcceptRule, type Budget, type Feature, type Preferences } from './preferences';
import { problemWords, say, speak, type BuyerInput, type Part } from './language';
import { fold } from '../search/text';
import { TOKEN } from './cues';
import { intentsOf } from './understand';

/**
 * An agenda-based simulated Buyer (Schatzmann et al.; Zhang & Balog, KDD 2020, paper 004) with the task of paper
 * 000's Buyers: its goal is one of three specific target products, and what rules the others out (the persona's
 * needs, its budget and brands, and what the targets' pictures show) is hidden. It reveals those mostly when asked,
 * as Buyers primed with a persona and pictures but no product details (priming B) do: asked a question, it answers
 * it; shown a product that is not one of its targets, it usually just says no, and only sometimes (volunteerRate)
 * says why; asked what was not right, it always tells something it has not said yet. A Seller who asks therefore
 * learns the hidden constraints in fewer turns than one who only shows products, without the Buyer counting
 * questions or rewarding them as such. Seeded: the same seed and Seller messages give the same Buyer, word for
 * word, so a Buyer's seat can be rebuilt by replaying a room.
 */
export interface SimulatorConfig {
  seed: number;
  /** The coaching schema whose act labels the Seller's messages carry. */
  schema: CoachingSchema;
  accept: AcceptRule;
  /** Chance that a typed message gets a typo (transcribed speech has none). */
  typoRate: number;
  /** Chance of asking the Seller for a suggestion after answering, once enough has been said. */
  questionRate: number;
  /** Chance of asking about a recommended product before saying whether it suits. */
  navigateRate: number;
  /**
   * Chance that, turning down a product nobody asked it about, the Buyer says which hidden constraint it breaks
   * (or what its picture shows instead); otherwise it says no without a reason. Asked, it always says.
   */
  volunteerRate: number;
  /** Chance that this Buyer starts with too low a budget and raises it mid-way (STAR's "unhappy" dialogues). */
  mindChange: number;
  /**
   * Whether the Buyer takes the initiative (pushes its next agenda item) when the Seller's message gives it nothing
   * to answer. Off gives a merely reactive Buyer.
   */
  initiative: boolean;
  /** Turns after which a Buyer who has found nothing gives up, drawn per Buyer between min and max. */
  patience: { min: number; max: number };
  /** The room's minimum number of turns before the Buyer may end. */
  minTurns: number;
  /** Typed messages, or voice input (a speech transcript, as in paper 000's voice condition). */
  input: BuyerInput;
}

export const DEFAULT_SIMULATOR_CONFIG: Omit<SimulatorConfig, 'seed' | 'schema'> = {
  accept: DEFAULT_ACCEPT_RULE,
  typoRate: 0.12,
  questionRate: 0.3,
  navigateRate: 0.25,
  volunteerRate: 0.3,
  mindChange: 0,
  initiative: true,
  patience: { min: 7, max: 10 },
  minTurns: 5,
  input: 'typed',
};

/** Turns a Buyer who liked a product waits beyond its patience for the Seller to guess it. */
const LIKED_GRACE_TURNS = 3;

/** Something the Buyer can tell: a slot, one wanted feature, or one word of what its pictured target looks like. */
export type Fact = ProfileSlot | `feature:${string}` | `cue:${string}`;
type Goal =
  | { act: 'disclose' }
  | { act: 'reveal'; slot: 'recipient' | 'use' }
  | { act: 'feature'; feature: Feature }
  | { act: 'inquire' }
  | { act: 'revise' };

export const featureFact = (f: Feature): Fact => `feature:${f.attribute}=${String(f.value)}`;
const isCue = (f: Fact): f is `cue:${string}` => f.startsWith('cue:');

export class SimulatedBuyer {
  private readonly rng: Rng;
  private readonly agenda: Goal[] = [];
  private readonly told = new Set<Fact>();
  /** The target the Buyer pictures (it accepts any target; it describes this one). */
  private readonly pictured: Product;
  private budget: Budget;
  private considering: Product | null = null;
  private liked: Product | null = null;
  /** The last product turned down, which "what was not right?" is about. */
  private lastShown: Product | null = null;
  private waitingForSuggestion = false;
  private lastSpeaker: 'seller' | 'buyer' | null = null;
  private outcome: { accepted: boolean } | null = null;
  private finished = false;
  private readonly patience: number;
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
    // volunteer if the Seller does not ask, then ask for a suggestion. Budget and brands are not on it: priming B
    // Buyers see no prices or brands and use budget and brand words far less (paper 000, Table 2); they tell them
    // when asked.
    const details: Goal[] = [];
    if (prefs.recipient.who !== 'self') details.push({ act: 'reveal', slot: 'recipient' });
    details.push({ act: 'reveal', slot: 'use' });
    for (const feature of prefs.features.filter((f) => f.want)) details.push({ act: 'feature', feature });
    rng.shuffle(details);
    this.agenda.push({ act: 'disclose' }, ...details, { act: 'inquire' });
    this.pictured = rng.pick(prefs.targets);
    this.patience = rng.int(config.patience.min, config.patience.max);
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

  /** What the Buyer has told so far (slots, features, look cues). */
  get toldFacts(): ReadonlySet<Fact> {
    return this.told;
  }

  /** The Buyer's opening message, as the paper's Buyers open once they have picked a category. */
  opening(): BuyerMove[] {
    this.agenda.shift();
    const detail = this.prefs.recipient.who !== 'self' && this.rng.chance(0.5) ? 'recipient' : 'use';
    this.tell(detail);
    const parts: Part[] = [{ act: 'disclose', text: say.disclose(this.prefs, this.rng, detail) }];
    if (this.rng.chance(0.4)) parts.unshift({ act: 'social', text: say.hello(this.rng) });
    return this.speak(parts);
  }

  /**
   * The Buyer's reply to what the Seller did since the Buyer last spoke: one event, or several sent in a row
   * (a greeting and a question), which the Buyer answers in one message as a person reading both would. A Guess is
   * answered on its own. Nothing once the Buyer has finished.
   */
  respond(sent: SellerEvent | readonly SellerEvent[]): BuyerMove[] {
    const events = Array.isArray(sent) ? (sent as readonly SellerEvent[]) : [sent as SellerEvent];
    if (this.finished || !events.length) return [];
    if (events.length > 1 && events.some((e) => e.type === 'guess')) return events.flatMap((e) => this.respond(e));
    if (this.lastSpeaker === 'buyer') this.turns++;
    this.lastSpeaker = 'seller';
    const [first] = events;
    if (first?.type === 'guess') return this.answerGuess(first.productId);

    const moves: BuyerMove[] = [];
    const parts: Part[] = [];
    for (const e of events) {
      if (e.type === 'guess') continue;
      if (e.type === 'share') {
        const shared = e.productIds.map((id) => this.products.get(id)).filter((p): p is Product => !!p);
        for (const p of shared) moves.push({ type: 'hover', productId: p.id, dwellMs: this.rng.int(600, 4000) });
        const best = shared.find((p) => this.judge(p).accepted) ?? shared[0];
        if (best) this.recommended(best, parts);
        else parts.push({ act: 'navigate', text: say.whichOne(this.rng) });
      } else {
        const intents = intentsOf(e.text, e.acts, this.config.schema);
        const named = this.productNamedIn(e.text);
        for (const intent of intents) this.handle(intent, named, parts);
      }
    }
    if (!parts.some((p) => p.act !== 'social') && this.considering) this.verdict(this.considering, parts);
    if (!parts.length) this.takeInitiative(parts);
    this.maybeReviseMind(parts);
    // Out of patience, unless it is looking at one it wants right now; one it liked buys a little more (a Guess
    // should follow), but not for ever.
    const promising = this.considering !== null && this.judge(this.considering).accepted;
    const limit = this.liked ? this.patience + LIKED_GRACE_TURNS : this.patience;
    if (!this.outcome?.accepted && !promising && this.turns >= limit) {
      parts.splice(0, parts.length, { act: 'complete', text: say.giveUp(this.rng) });
      this.finished = true;
    }
    moves.push(...this.speak(parts));
    if (this.finished && this.turns >= this.config.minTurns) moves.push({ type: 'end' });
    return moves;
  }

  private judge(p: Product) {
    return judge(this.prefs, p, this.config.accept, this.budget);
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
        this.explainWrong(parts);
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
        if (followUp && this.prefs.owned && this.prefs.owned.complaint !== 'price') this.told.add(featureFact(this.prefs.owned.complaint));
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
          this.told.add(featureFact(top));
        } else {
          // What has not been said yet, most important first, two or three at a time (the rest may come later).
          const fresh = wants.filter((f) => !this.told.has(featureFact(f)));
          const now = (fresh.length ? fresh : wants).slice(0, rng.int(2, 3));
          parts.push({ act: 'reveal', text: (fresh.length ? '' : say.sameAgain(rng)) + now.map((f) => say.feature(f, rng)).join(', ') });
          for (const f of now) this.told.add(featureFact(f));
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

  /**
   * Whether a product suits, unprompted. A target is liked. Otherwise the Buyer repeats a constraint it has
   * already told and the product ignores; failing that it names the first hidden reason only with volunteerRate,
   * and else just says no.
   */
  private verdict(p: Product, parts: Part[]): void {
    this.considering = null;
    this.waitingForSuggestion = false;
    if (this.judge(p).accepted) {
      this.liked = p;
      parts.push({ act: 'note', text: say.like(this.rng), verdict: 'like' });
      return;
    }
    this.lastShown = p;
    this.waitingForSuggestion = true;
    parts.push({ act: 'note', text: this.reasonAgainst(p, say.softNo(this.rng)), verdict: 'dislike' });
  }

  /** Why `p` is not it, in the Buyer's words, as it would say it unasked; `vague` when it gives no reason. */
  private reasonAgainst(p: Product, vague: string): string {
    const reasons = this.reasonsAgainst(p);
    // A reason always comes after a plain no, so it is never taken for praise ("I like JBL" is not a yes).
    const ignored = reasons.find((f) => !isCue(f) && this.told.has(f));
    if (ignored) return say.noLead(this.rng) + say.sameAgain(this.rng) + this.words(ignored, p);
    const fresh = reasons.find((f) => !this.told.has(f));
    if (fresh && this.rng.chance(this.config.volunteerRate)) return say.noLead(this.rng) + this.tellFact(fresh, p);
    return vague;
  }

  /**
   * "What was not right?" (Table 3, 9a): always something the Buyer has not said yet. First a hidden constraint
   * the last product breaks, then what the pictured product looks like, then anything else still untold.
   */
  private explainWrong(parts: Part[]): void {
    if (this.liked) {
      parts.push({ act: 'note', text: say.nothingWrong(this.rng), verdict: 'like' });
      return;
    }
    const shown = this.lastShown;
    const next = () => [...(shown ? this.reasonsAgainst(shown) : []), ...this.untoldFacts()].find((f) => !this.told.has(f));
    const first = next();
    if (!first) {
      parts.push({ act: 'reveal', text: say.nothingNew(this.rng) });
      return;
    }
    // Asked, a Buyer explains more than an unasked no: two things it has not said yet.
    const texts = [this.tellFact(first, shown)];
    const second = next();
    if (second && isCue(first) && isCue(second)) {
      this.told.add(second);
      texts[0] = say.cue(this.cuePhrase([first, second]), this.rng);
    } else if (second) texts.push(this.tellFact(second, shown));
    parts.push({ act: 'reveal', text: texts.join(', and ') });
  }

  /** Cue words as the pictured target's title has them, in its order ("Apex … Black"). */
  private cuePhrase(facts: readonly Fact[]): string {
    const wanted = new Set(facts.map((f) => f.slice(4)));
    return (this.pictured.title.match(TOKEN) ?? []).filter((t) => wanted.has(fold(t))).join(' ');
  }

  /**
   * The hidden reasons a product is not one of the targets, most important first: the constraints it breaks
   * (wanted features, avoided brands, the child's age, the budget), then a liked brand it is not, then the next
   * look cue (the Buyer pictures something else).
   */
  private reasonsAgainst(p: Product): Fact[] {
    const facts: Fact[] = [];
    for (const problem of this.judge(p).problems) {
      if (problem.kind === 'feature') facts.push(featureFact(problem.feature));
      else if (problem.kind === 'price') facts.push('budget');
      else if (problem.kind === 'age') facts.push('recipient');
      else if (problem.kind === 'brand' && this.prefs.brandsDisliked.includes(problem.brand)) facts.push('brand');
    }
    if (this.prefs.brandsLiked.length && !this.prefs.brandsLiked.includes(p.brand)) facts.push('brand');
    const cue = this.nextCue(p);
    if (cue) facts.push(cue);
    return [...new Set(facts)];
  }

  /** Everything the Buyer could still tell, in the order a Buyer asked "anything else?" would. */
  private untoldFacts(): Fact[] {
    const facts: Fact[] = this.prefs.features.filter((f) => f.want).map(featureFact);
    facts.push('budget');
    if (this.prefs.brandsLiked.length || this.prefs.brandsDisliked.length) facts.push('brand');
    if (this.prefs.recipient.who !== 'self') facts.push('recipient');
    facts.push('use');
    const cue = this.nextCue(null);
    if (cue) facts.push(cue);
    return facts.filter((f) => !this.told.has(f));
  }

  /** The next word of what the pictured target looks like that the Buyer has not said, and `shown` lacks. */
  private nextCue(shown: Product | null): Fact | undefined {
    const has = new Set(shown ? (fold(shown.title).match(TOKEN) ?? []) : []);
    const word = (this.prefs.cues[this.pictured.id] ?? []).find((w) => !this.told.has(`cue:${fold(w)}`) && !has.has(fold(w)));
    return word ? `cue:${fold(word)}` : undefined;
  }

  /** Says one fact (about product `p` when given) and remembers it as told. */
  private tellFact(f: Fact, p: Product | null): string {
    const text = this.words(f, p);
    this.told.add(f);
    if (f === 'recipient' || f === 'use') this.removeGoal((g) => g.act === 'reveal' && g.slot === f);
    if (f.startsWith('feature:')) this.told.add('features');
    return text;
  }

  private words(f: Fact, p: Product | null): string {
    const rng = this.rng;
    if (isCue(f)) return say.cue(this.cuePhrase([f]), rng);
    if (f.startsWith('feature:')) {
      const feature = this.prefs.features.find((x) => featureFact(x) === f);
      return feature ? problemWords({ kind: 'feature', feature }, rng) : say.softNo(rng);
    }
    switch (f) {
      case 'budget':
        return p && p.price > this.budget.max ? problemWords({ kind: 'price', max: this.budget.max }, rng) : say.budget(this.budget, rng);
      case 'brand':
        return say.brand(this.prefs, rng);
      case 'recipient':
        return this.prefs.recipient.age !== undefined &&
          p &&
          typeof p.attributes.ageMin === 'number' &&
          p.attributes.ageMin > this.prefs.recipient.age
          ? problemWords({ kind: 'age', age: this.prefs.recipient.age }, rng)
          : say.recipient(this.prefs, rng);
      case 'use':
        return say.use(this.prefs, rng);
      default:
        return say.softNo(rng);
    }
  }

  private answerGuess(productId: string): BuyerMove[] {
    const p = this.products.get(productId);
    if (p && this.judge(p).accepted) {
      this.outcome = { accepted: true };
      this.liked = p;
      return [{ type: 'confirm', accepted: true }, ...this.speak([{ act: 'complete', text: say.accept(this.rng) }])];
    }
    this.outcome = null; // the Seller may guess again
    if (p) this.lastShown = p;
    this.waitingForSuggestion = true;
    return [{ type: 'confirm', accepted: false, reason: p ? this.reasonAgainst(p, say.notTheOne(this.rng)) : say.notTheOne(this.rng) }];
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
        if (this.told.has(featureFact(goal.feature))) continue;
        parts.push({ act: 'reveal', text: say.feature(goal.feature, this.rng) });
        this.tellFact(featureFact(goal.feature), null);
        return;
      }
      if (this.told.has(goal.slot)) continue;
      this.answer(goal.slot, false, parts);
      return;
    }
  }

  private inquire(parts: Part[]): void {
    const untold = this.prefs.features.find((f) => f.want && !this.told.has(featureFact(f)));
    const ask = untold && this.rng.chance(0.5) ? untold : undefined;
    parts.push({ act: 'inquire', text: say.inquire(this.rng, ask) });
    if (ask) this.tellFact(featureFact(ask), null);
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

  private tell(slot: ProfileSlot): void {
    this.told.add(slot);
    this.removeGoal((g) => g.act === 'reveal' && g.slot === slot);
  }

  private removeGoal(match: (g: Goal) => boolean): void {
    const i = this.agenda.findIndex(match);
    if (i >= 0) this.agenda.splice(i, 1);
  }

  /**
   * The catalog product of this category whose title the Seller wrote out: the one under consideration if its title
   * is there, else the longest title found (a title can hold another's: "… Black" and "… Black (Renewed)").
   */
  private productNamedIn(text: string): Product | null {
    const t = text.toLowerCase();
    if (t.length < 8) return null;
    if (this.considering && t.includes(this.considering.title.toLowerCase())) return this.considering;
    let best: Product | null = null;
    for (const p of this.products.values()) {
      if (p.category === this.prefs.category && t.includes(p.title.toLowerCase()) && p.title.length > (best?.title.length ?? 0)) best = p;
    }
    return best;
  }

  private speak(parts: Part[]): BuyerMove[] {
    if (!parts.length) return [];
    this.lastSpeaker = 'buyer';
    return [speak(parts, this.rng, this.config.input, this.config.typoRate)];
  }
}
