import * as v from 'valibot';
import type { CoachingSchema } from '../coach/coaching-schema';
import { BuyerActSchema, type SellerEvent } from './acts';
import type { SimulatedBuyer } from './buyer';
import { ConversationRecorder, type SimConversation } from './run';

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

/** Recordings from their JSON texts (one conversation each), checked against the schema. */
export const parseRecordings = (texts: readonly string[]): RecordedConversation[] =>
  texts.map((t) => v.parse(RecordedConversationSchema, JSON.parse(t)));

/**
 * Plays a recorded conversation's Seller side to a simulated Buyer (same persona): the Seller's messages, shares
 * and Guess in their order, each answered by the simulator instead of the recorded Buyer. Stops when the
 * simulated Buyer is done. The result can be compared with the recording on the same Seller behaviour.
 */
export function replaySellerTo(rec: RecordedConversation, buyer: SimulatedBuyer, schema: CoachingSchema): SimConversation {
  const out = new ConversationRecorder(rec.persona, rec.category, 'replay', schema);
  if (rec.turns[0]?.speaker === 'Buyer') out.buyer(buyer.opening());
  for (const t of rec.turns) {
    if (buyer.done) break;
    if (t.speaker !== 'Seller') continue;
    const e: SellerEvent = t.share?.length
      ? { type: 'share', productIds: t.share, text: t.text }
      : { type: 'say', text: t.text, ...(t.acts ? { acts: t.acts } : {}) };
    out.seller(e, true);
    out.buyer(buyer.respond(e));
  }
  if (rec.guess && !buyer.done) {
    const guess: SellerEvent = { type: 'guess', productId: rec.guess };
    out.seller(guess, true);
    out.buyer(buyer.respond(guess));
  }
  return out.conv;
}

/** A recording as the measures read it: its turns, its outcome, and its act log from the annotations. */
export function recordedAsConversation(rec: RecordedConversation, schema: CoachingSchema): SimConversation {
  const out = new ConversationRecorder(rec.persona, rec.category, 'replay', schema);
  for (const t of rec.turns) {
    if (t.speaker === 'Buyer') out.buyer([{ type: 'say', text: t.text, acts: t.buyerActs ?? ['social'] }]);
    else
      out.seller(
        t.share?.length
          ? { type: 'share', productIds: t.share, text: t.text }
          : { type: 'say', text: t.text, ...(t.acts ? { acts: t.acts } : {}) },
        true,
      );
  }
  if (rec.guess) out.seller({ type: 'guess', productId: rec.guess }, true);
  if (rec.outcome)
    out.buyer([{ type: 'confirm', accepted: rec.outcome.accepted, ...(rec.outcome.reason ? { reason: rec.outcome.reason } : {}) }]);
  return out.conv;
}
