import type { Catalog, Persona, Product } from '../catalog/catalog-schema';
import type { CoachingSchema } from '../coach/coaching-schema';
import type { BuyerAct, BuyerMove, SellerAction, SellerEvent } from './acts';
import { SimulatedBuyer, type SimulatorConfig } from './buyer';
import { buildPreferences } from './preferences';
import { countTurns, type ActEvent } from './metrics';
import { createPolicy, type SellerPolicyName } from './seller-policies';
import type { SellerTools } from './seller-tools';
import { intentsOf } from './understand';

/** One turn of a conversation, as the pilot-chat fixtures record them. */
export interface SimTurn {
  speaker: 'Buyer' | 'Seller';
  text: string;
  acts?: string[];
  buyerActs?: BuyerAct[];
  share?: string[];
}

export interface SimConversation {
  persona: string;
  category: string;
  /** The scripted Seller, or `replay` for a recorded Seller side played back. */
  policy: SellerPolicyName | 'replay';
  turns: SimTurn[];
  /** Exchanges, counted as the pilot server counts them. */
  turnCount: number;
  guess: string | null;
  outcome: { accepted: boolean; reason?: string } | null;
  hovers: number;
  /** Every dialogue act in order, both sides, the Guess and its answer included (UserActRatio, per-turn success). */
  events: ActEvent[];
}

/** A Buyer for a persona of a catalog; `products` is the catalog by id (built once per run by the caller). */
export function simulatedBuyerFor(
  catalog: Catalog,
  products: ReadonlyMap<string, Product>,
  persona: Persona,
  config: SimulatorConfig,
): SimulatedBuyer {
  const label = catalog.categories.find((c) => c.id === persona.category)?.label ?? persona.category;
  const inCategory = catalog.products.filter((p) => p.category === persona.category);
  return new SimulatedBuyer(buildPreferences(persona, inCategory, label), products, config);
}

/** The most messages either side may send in one conversation before the run stops it (a runaway script). */
const MAX_MESSAGES = 80;

/** A conversation's record as it is built: turns from both sides, the Guess, the outcome and the act log. */
export class ConversationRecorder {
  readonly conv: SimConversation;

  constructor(
    persona: string,
    category: string,
    policy: SimConversation['policy'],
    private readonly schema: CoachingSchema,
  ) {
    this.conv = { persona, category, policy, turns: [], turnCount: 0, guess: null, outcome: null, hovers: 0, events: [] };
  }

  buyer(moves: readonly BuyerMove[]): void {
    const c = this.conv;
    for (const m of moves) {
      if (m.type === 'say') {
        c.turns.push({ speaker: 'Buyer', text: m.text, buyerActs: m.acts });
        c.events.push({ by: 'Buyer', acts: m.acts, ...(m.verdict ? { verdict: m.verdict } : {}) });
      } else if (m.type === 'confirm') {
        c.outcome = { accepted: m.accepted, ...(m.reason ? { reason: m.reason } : {}) };
        // Answering the Guess: a Yes ends the search (complete), a No turns the product down (note).
        c.events.push(m.accepted ? { by: 'Buyer', acts: ['complete'] } : { by: 'Buyer', acts: ['note'], verdict: 'dislike' });
      } else if (m.type === 'hover') c.hovers++;
    }
  }

  /** One Seller event; `labels` says whether its act labels go into the record (a coached Seller's do). */
  seller(e: SellerEvent, labels: boolean): void {
    const c = this.conv;
    if (e.type === 'guess') {
      c.guess = e.productId;
      c.events.push({ by: 'Seller', acts: ['guess'] });
      return;
    }
    c.turns.push({
      speaker: 'Seller',
      text: e.text ?? '',
      ...(e.type === 'say' && e.acts ? { acts: [...e.acts] } : {}),
      ...(e.type === 'share' ? { share: [...e.productIds], acts: labels ? ['recommend'] : [] } : {}),
    });
    c.events.push({ by: 'Seller', acts: [e.type === 'share' ? 'recommend' : (e.action ?? this.actionRead(e.text, e.acts))] });
    c.turnCount = countTurns(c.turns);
  }

  /** A message without a stated action (a recorded Seller's): what the simulator's reading of it makes of it. */
  private actionRead(text: string, acts: readonly string[] | undefined): SellerAction {
    const [first] = intentsOf(text, acts, this.schema).filter((i) => i.kind !== 'greet');
    if (!first) return 'greet';
    const byIntent: Record<Exclude<typeof first.kind, 'greet'>, SellerAction> = {
      ask: 'elicit',
      recommend: 'recommend',
      ask_wrong: 'clarify',
      ask_experience: 'feedback',
      thank: 'end',
      chat: 'chat',
    };
    return byIntent[first.kind];
  }
}

/** Runs one whole conversation in memory: the simulated Buyer opens, the scripted Seller answers, and so on. */
export function runConversation(o: {
  catalog: Catalog;
  products: ReadonlyMap<string, Product>;
  persona: Persona;
  policy: SellerPolicyName;
  tools: SellerTools;
  schema: CoachingSchema;
  config: SimulatorConfig;
}): SimConversation {
  const buyer = simulatedBuyerFor(o.catalog, o.products, o.persona, o.config);
  const seller = createPolicy(o.policy, { tools: o.tools, schema: o.schema, category: o.persona.category });
  const rec = new ConversationRecorder(o.persona.id, o.persona.category, o.policy, o.schema);
  const view = (moves: BuyerMove[]) => ({ buyer: moves, turns: rec.conv.turnCount, minTurns: o.config.minTurns });

  let buyerMoves = buyer.opening();
  rec.buyer(buyerMoves);
  for (let sent = 0; sent < MAX_MESSAGES && !buyer.done;) {
    const events = seller.reply(view(buyerMoves));
    if (!events.length) break;
    for (const e of events) rec.seller(e, seller.labels);
    sent += events.length;
    // The Seller's messages of one turn are read together and answered once.
    buyerMoves = buyer.respond(events);
    rec.buyer(buyerMoves);
    if (rec.conv.outcome?.accepted && !buyerMoves.some((m) => m.type === 'say')) break;
  }
  // The Seller's closing words after the Buyer finished (a thank-you) are part of the conversation.
  if (buyer.done) for (const e of seller.reply(view(buyerMoves))) rec.seller(e, seller.labels);
  return rec.conv;
}
