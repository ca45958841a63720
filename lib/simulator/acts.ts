import * as v from 'valibot';
import type { ProfileSlot } from '../coach/coaching-schema';

/**
 * The simulated Buyer's dialogue acts, after the user actions of Zhang & Balog's CIR6 model (Azzopardi et al.'s
 * conversational search actions), plus small talk. The same labels annotate the pilot-chat fixtures, so the
 * simulator's act distribution can be compared with other conversations (DS-KL).
 */
export const BUYER_ACTS = ['social', 'disclose', 'reveal', 'inquire', 'navigate', 'note', 'complete'] as const;
export const BuyerActSchema = v.picklist(BUYER_ACTS);
export type BuyerAct = v.InferOutput<typeof BuyerActSchema>;

/**
 * What a Seller message does, in the agent actions of paper 004's Table 1 (Azzopardi et al.) as far as a shop has
 * them: elicit (a question about the need), recommend (show a product), answer (about the product shown), clarify
 * (ask what was not right), feedback (ask about the experience), guess (the study's formal Guess), end (thanks).
 * Per-turn success judges each Seller turn by these.
 */
export const SELLER_ACTIONS = ['greet', 'elicit', 'recommend', 'answer', 'clarify', 'feedback', 'guess', 'end', 'chat'] as const;
export type SellerAction = (typeof SELLER_ACTIONS)[number];

/** What the Buyer understood the Seller to be doing (from the act label when coached, else from the text). */
export type SellerIntent =
  | { kind: 'greet' }
  | { kind: 'ask'; slot: ProfileSlot; followUp: boolean }
  | { kind: 'recommend' }
  | { kind: 'ask_wrong' }
  | { kind: 'ask_experience' }
  | { kind: 'thank' }
  | { kind: 'chat' };

/**
 * What the Seller did, as the Buyer's seat sees it in the chat. `action` is what a scripted Seller meant by it
 * (a person's messages do not carry one); the Buyer never reads it.
 */
export type SellerEvent =
  | { type: 'say'; text: string; acts?: readonly string[]; action?: SellerAction }
  | { type: 'share'; productIds: readonly string[]; text?: string }
  | { type: 'guess'; productId: string };

/** What the Buyer does in return, in order. */
export type BuyerMove =
  /** `verdict`: the message says whether a product the Seller put forward suits (a note). */
  | { type: 'say'; text: string; acts: BuyerAct[]; verdict?: 'like' | 'dislike' }
  | { type: 'confirm'; accepted: boolean; reason?: string }
  /** Resting the pointer on a shared product's card, as a person reading it would. */
  | { type: 'hover'; productId: string; dwellMs: number }
  | { type: 'end' };
