import { itemKey, ITEM_SLOT_ANSWERS, type ItemSlot, type ProfileItem } from '../profile/profile-schema';
import { ratio, type StudyConversation } from './conversations';

/**
 * How Sellers treated the preference memory (paper 001, LAPS: preferences are extracted after each session and
 * confirmed by the person before they are reused). Per slot, the items the coach suggested from Buyer messages
 * (one per conversation and key, however often it was re-read) and what the Seller last did with each: confirmed,
 * edited (kept, corrected), removed, or nothing (pending). Items the Seller added, took from earlier conversations
 * or dismissed from them are counted beside. The last row, slot "all", adds up the others.
 */
export interface PreferenceConfirmationRow {
  slot: ItemSlot | 'all';
  suggested: number;
  confirmed: number;
  edited: number;
  removed: number;
  pending: number;
  added: number;
  reused: number;
  dismissed: number;
  /** confirmed / suggested. */
  confirmationRate: number;
  /** (confirmed + edited) / suggested. */
  keptRate: number;
}

export const ITEM_SLOTS = Object.keys(ITEM_SLOT_ANSWERS) as ItemSlot[];

type Fate = 'confirmed' | 'edited' | 'removed' | 'pending';
type Counts = Omit<PreferenceConfirmationRow, 'slot' | 'confirmationRate' | 'keptRate'>;

const zero = (): Counts => ({ suggested: 0, confirmed: 0, edited: 0, removed: 0, pending: 0, added: 0, reused: 0, dismissed: 0 });
const FATE_OF_OP: Partial<Record<string, Fate>> = { confirm: 'confirmed', edit: 'edited', remove: 'removed' };

/** The slot a profile key names ("budget", "brand:lego" → brand), when it is one. */
function slotOfKey(key: string | null): ItemSlot | null {
  const slot = key?.split(':')[0];
  return ITEM_SLOTS.find((s) => s === slot) ?? null;
}

function countConversation(c: StudyConversation, by: Map<ItemSlot, Counts>): void {
  const fates = new Map<string, { slot: ItemSlot; fate: Fate }>();
  const count = (slot: ItemSlot | null, field: keyof Counts) => {
    const row = slot && by.get(slot);
    if (row) row[field]++;
  };
  for (const { event: e } of c.events) {
    if (e.action === 'profile_extract') {
      for (const item of e.payload.items) {
        const key = itemKey(item);
        if (!fates.has(key)) fates.set(key, { slot: item.slot, fate: 'pending' });
      }
    } else if (e.action === 'profile_update') {
      const p = e.payload;
      const item: ProfileItem | undefined = p.item ?? p.before;
      const slot = item?.slot ?? slotOfKey(p.key);
      if (p.op === 'add') count(slot, 'added');
      else if (p.op === 'reuse') count(slot, 'reused');
      else if (p.op === 'dismiss') count(slot, 'dismissed');
      const fate = FATE_OF_OP[p.op];
      // An edit is logged under the item's new key, with the suggestion it replaced as `before`.
      const subject = p.op === 'edit' && p.before ? itemKey(p.before) : p.key;
      const suggestion = subject === null ? undefined : fates.get(subject);
      if (fate && suggestion) suggestion.fate = fate;
    }
  }
  for (const { slot, fate } of fates.values()) {
    count(slot, 'suggested');
    count(slot, fate);
  }
}

const withRates = (slot: PreferenceConfirmationRow['slot'], n: Counts): PreferenceConfirmationRow => ({
  slot,
  ...n,
  confirmationRate: ratio(n.confirmed, n.suggested),
  keptRate: ratio(n.confirmed + n.edited, n.suggested),
});

export function preferenceConfirmation(conversations: readonly StudyConversation[]): PreferenceConfirmationRow[] {
  const by = new Map(ITEM_SLOTS.map((s) => [s, zero()]));
  for (const c of conversations) countConversation(c, by);
  const all = zero();
  for (const n of by.values()) for (const k of Object.keys(all) as (keyof Counts)[]) all[k] += n[k];
  return [...ITEM_SLOTS.map((s) => withRates(s, by.get(s) ?? zero())), withRates('all', all)];
}
