import * as v from 'valibot';
import type { ProfileSlot } from '../coach/coaching-schema';

/**
 * What the coach remembers about a Buyer (as in LAPS): items extracted from the Buyer's messages, which the
 * Seller confirms, edits or removes. One schema for the extractor, the background store, the overlay and the
 * logged events.
 */
const Text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));
const Money = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1_000_000));

export const BudgetItemSchema = v.pipe(
  v.strictObject({ slot: v.literal('budget'), min: v.optional(Money), max: v.optional(Money) }),
  v.check((b) => b.min !== undefined || b.max !== undefined, 'a budget needs a minimum or a maximum'),
  v.check((b) => b.min === undefined || b.max === undefined || b.min <= b.max, 'the minimum is above the maximum'),
);
export const BrandItemSchema = v.strictObject({ slot: v.literal('brand'), brand: Text(100), like: v.boolean() });
export const RecipientItemSchema = v.strictObject({
  slot: v.literal('recipient'),
  who: Text(60),
  age: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(130))),
});
export const UseItemSchema = v.strictObject({ slot: v.literal('use'), use: Text(100) });
/** `feature` is a catalog attribute and value, "noiseCancelling=true" or "terrain=trail". */
export const FeatureItemSchema = v.strictObject({
  slot: v.literal('feature'),
  feature: v.pipe(Text(200), v.regex(/^[A-Za-z][\w]*=.+$/, 'must be attribute=value')),
  want: v.boolean(),
});
export const OwnedItemSchema = v.strictObject({ slot: v.literal('owned'), product: Text(120) });

export const ProfileItemSchema = v.variant('slot', [
  BudgetItemSchema,
  BrandItemSchema,
  RecipientItemSchema,
  UseItemSchema,
  FeatureItemSchema,
  OwnedItemSchema,
]);
export type ProfileItem = v.InferOutput<typeof ProfileItemSchema>;
export type ItemSlot = ProfileItem['slot'];
export type ItemOf<S extends ItemSlot> = Extract<ProfileItem, { slot: S }>;

export const ENTRY_STATUSES = ['suggested', 'confirmed'] as const;
export const ProfileEntrySchema = v.object({
  key: Text(240),
  item: ProfileItemSchema,
  status: v.picklist(ENTRY_STATUSES),
  /** Where it came from: a Buyer message (its id), the Seller, or this Buyer's earlier conversations. */
  source: v.picklist(['message', 'seller', 'earlier']),
  messageId: v.optional(v.nullable(Text(100))),
  at: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type ProfileEntry = v.InferOutput<typeof ProfileEntrySchema>;

/** A conversation's profile: which Buyer it is (when known) and the items so far. */
export const ConversationProfileSchema = v.object({
  buyer: v.nullable(Text(100)),
  /** The catalog category the conversation is about, once known (it sharpens extraction). */
  category: v.optional(v.nullable(Text(64)), null),
  entries: v.array(ProfileEntrySchema),
  /** Confirmed items from this Buyer's earlier conversations, offered to the Seller, not yet taken or dismissed. */
  earlier: v.array(ProfileEntrySchema),
});
export type ConversationProfile = v.InferOutput<typeof ConversationProfileSchema>;
export const EMPTY_PROFILE: ConversationProfile = { buyer: null, category: null, entries: [], earlier: [] };

/** Items with the same key are one fact: a newer statement replaces an older one (one budget, one recipient). */
export function itemKey(item: ProfileItem): string {
  switch (item.slot) {
    case 'budget':
    case 'recipient':
      return item.slot;
    case 'brand':
      return `brand:${item.brand.toLowerCase()}`;
    case 'use':
      return `use:${item.use.toLowerCase()}`;
    case 'feature':
      return `feature:${item.feature.toLowerCase()}`;
    case 'owned':
      return `owned:${item.product.toLowerCase()}`;
  }
}

export function sameItem(a: ProfileItem, b: ProfileItem): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Which coaching-schema slot an item answers, so next-act guidance skips what the Buyer already said. */
export const ITEM_SLOT_ANSWERS: Record<ItemSlot, ProfileSlot> = {
  budget: 'budget',
  brand: 'brand',
  recipient: 'recipient',
  use: 'use',
  feature: 'features',
  owned: 'owned',
};

export function knownSlots(entries: readonly ProfileEntry[]): Set<ProfileSlot> {
  return new Set(entries.map((e) => ITEM_SLOT_ANSWERS[e.item.slot]));
}
