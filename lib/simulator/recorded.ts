import * as v from 'valibot';
import { BuyerActSchema, type BuyerMove, type SellerEvent } from './acts';
import type { SimulatedBuyer } from './buyer';
import type { SimConversation, SimTurn } from './run';
import { countTurns } from './metrics';

/**
 * A conversation recorded in the pilot chat, with the Buyer's acts annotated by hand: the realism benchmark's
 * reference (tests/fixtures/pilot-conversations). Seller messages keep their coaching act labels and what they
 * shared; the Guess and its outcome close it.
 */
export const RecordedConversationSchema = v.object({
  conversation: v.string(),
  condition: v.string(),
  category: v.string(),
  persona: v.string(),
  turns: v.array(
    v.object({
      speaker: v.picklist(['Buyer', 'Seller']),
      text: v.pipe(v.string(), v.minLength(1)),
      acts: v.optional(v.array(v.string())),
      buyerActs: v.optional(v.pipe(v.array(BuyerActSchema), v.minLength(1))),
      share: v.optional(v.array(v.string())),
    }),
  ),
  guess: v.nullable(v.string()),
  outcome: v.nullable(v.object({ accepted: v.boolean(), reason: v.optional(v.string()) })),
});
export type RecordedConversation = v.InferOutput<typeof RecordedConversationSchema>;

/**
 * Plays a recorded conversation's Seller side to a simulated Buyer (same persona): the Seller's messages, shares
 * and Guess in their order, each answered by the simulator instead of the recorded Buyer. Stops when the
 * simulated Buyer is done. The result can be compared with the recording on the same Seller behaviour.
 */
export function replaySellerTo(rec: RecordedConversation, buyer: SimulatedBuyer): SimConversation {
  const turns: SimTurn[] = [];
  let outcome: SimConversation['outcome'] = null;
  const took = (moves: BuyerMove[]) => {
    for (const m of moves) {
      if (m.type === 'say') turns.push({ speaker: 'Buyer', text: m.text, buyerActs: m.acts });
      if (m.type === 'confirm') outcome = { accepted: m.accepted, ...(m.reason ? { reason: m.reason } : {}) };
    }
  };
  if (rec.turns[0]?.speaker === 'Buyer') took(buyer.opening());
  for (const t of rec.turns) {
    if (buyer.done) break;
    if (t.speaker !== 'Seller') continue;
    const e: SellerEvent = t.share?.length
      ? { type: 'share', productIds: t.share, text: t.text }
      : { type: 'say', text: t.text, ...(t.acts ? { acts: t.acts } : {}) };
    turns.push({ speaker: 'Seller', text: t.text, ...(t.acts ? { acts: t.acts } : {}), ...(t.share ? { share: t.share } : {}) });
    took(buyer.respond(e));
  }
  if (rec.guess && !buyer.done) took(buyer.respond({ type: 'guess', productId: rec.guess }));
  return {
    persona: rec.persona,
    category: rec.category,
    policy: 'replay',
    turns,
    turnCount: countTurns(turns),
    guess: rec.guess,
    outcome,
    hovers: 0,
  };
}
