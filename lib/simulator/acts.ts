import * as v from 'valibot';
import type { ProfileSlot } from '../coach/coaching-schema';

/**
 * The simulated Buyer's dialogue acts, after the user actions of Zhang & Balog's CIR6 model (Azzopardi et al.'s
 * conversational search actions), plus small talk. The same labels annotate the pilot-chat fixtures, so the
 * simulator's act distribution can be compared with real conversations (DS-KL).
 */
export const BUYER_ACTS = ['social', 'disclose', 'reveal', 'inquire', 'navigate', 'note', 'complete'] as const;
export const BuyerActSchema = v.picklist(BUYER_ACTS);
export type BuyerAct = v.InferOutput<typeof BuyerActSchema>;

/** What the Buyer understood the Seller to be doing (from the act label when coached, else from the text). */
export type SellerIntent =
  | { kind: 'greet' }
  | { kind: 'ask'; slot: ProfileSlot; followUp: boolean }
  | { kind: 'recommend' }
  | { kind: 'ask_wrong' }
  | { kind: 'ask_experience' }
  | { kind: 'thank' }
  | { kind: 'chat' };

/** What the Seller did, as the Buyer's seat sees it in the chat. */
export type SellerEvent =
  | { type: 'say'; text: string; acts?: readonly string[] }
  | { type: 'share'; productIds: readonly string[]; text?: string }
  | { type: 'guess'; productId: string };

/** What the Buyer does in return, in order. */
export type BuyerMove =
  | { type: 'say'; text: string; acts: BuyerAct[] }
  | { type: 'confirm'; accepted: boolean; reason?: string }
  /** Resting the pointer on a shared product's card, as a person reading it would. */
  | { type: 'hover'; productId: string; dwellMs: number }
  | { type: 'end' };
