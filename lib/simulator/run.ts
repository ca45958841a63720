import type { Catalog, Persona, Product } from '../catalog/catalog-schema';
import type { CoachingSchema } from '../coach/coaching-schema';
import type { BuyerAct, BuyerMove, SellerEvent } from './acts';
import { SimulatedBuyer, type SimulatorConfig } from './buyer';
import { buildPreferences } from './preferences';
import { countTurns } from './metrics';
import { createPolicy, type SellerPolicyName, type SellerTools } from './seller-policies';

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

/** Runs one whole conversation in memory: the simulated Buyer opens, the scripted Seller answers, and so on. */
export function runConversation(o: {
  catalog: Catalog;
  products: ReadonlyMap<string, Product>;
  persona: Persona;
  policy: SellerPolicyName;
  tools: SellerTools;
  schema: CoachingSchema;
  coached: boolean;
  config: SimulatorConfig;
}): SimConversation {
  const buyer = simulatedBuyerFor(o.catalog, o.products, o.persona, o.config);
  const seller = createPolicy(o.policy, { tools: o.tools, schema: o.schema, category: o.persona.category, coached: o.coached });
  const conv: SimConversation = {
    persona: o.persona.id,
    category: o.persona.category,
    policy: o.policy,
    turns: [],
    turnCount: 0,
    guess: null,
    outcome: null,
    hovers: 0,
  };
  const buyerDid = (moves: BuyerMove[]) => {
    for (const m of moves) {
      if (m.type === 'say') conv.turns.push({ speaker: 'Buyer', text: m.text, buyerActs: m.acts });
      else if (m.type === 'confirm') conv.outcome = { accepted: m.accepted, ...(m.reason ? { reason: m.reason } : {}) };
      else if (m.type === 'hover') conv.hovers++;
    }
  };
  const sellerDid = (e: SellerEvent) => {
    if (e.type === 'guess') {
      conv.guess = e.productId;
      return;
    }
    conv.turns.push({
      speaker: 'Seller',
      text: e.text ?? '',
      ...(e.type === 'say' && e.acts ? { acts: [...e.acts] } : {}),
      ...(e.type === 'share' ? { share: [...e.productIds], acts: o.coached ? ['recommend'] : [] } : {}),
    });
    conv.turnCount = countTurns(conv.turns);
  };

  let buyerMoves = buyer.opening();
  buyerDid(buyerMoves);
  for (let sent = 0; sent < MAX_MESSAGES && !buyer.done;) {
    const events = seller.reply({ buyer: buyerMoves, turns: conv.turnCount, minTurns: o.config.minTurns });
    if (!events.length) break;
    buyerMoves = [];
    for (const e of events) {
      sellerDid(e);
      sent++;
      const moves = buyer.respond(e);
      buyerDid(moves);
      buyerMoves.push(...moves);
    }
    if (conv.outcome?.accepted && !buyerMoves.some((m) => m.type === 'say')) break;
  }
  // The Seller's closing words after the Buyer finished (a thank-you) are part of the conversation.
  if (buyer.done) for (const e of seller.reply({ buyer: buyerMoves, turns: conv.turnCount, minTurns: o.config.minTurns })) sellerDid(e);
  return conv;
}
