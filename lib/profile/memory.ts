import * as v from 'valibot';
import { itemKey, sameItem, ProfileItemSchema, type ConversationProfile, type ProfileEntry, type ProfileItem } from './profile-schema';

/**
 * The profile's rules, pure: extracted items arrive as suggestions; the Seller confirms, edits, removes or adds
 * items; confirmed items are remembered for the Buyer and offered again in that Buyer's later conversations.
 */
export const ProfileOpSchema = v.variant('op', [
  v.object({ op: v.literal('confirm'), key: v.string() }),
  v.object({ op: v.literal('remove'), key: v.string() }),
  v.object({ op: v.literal('edit'), key: v.string(), item: ProfileItemSchema }),
  v.object({ op: v.literal('add'), item: ProfileItemSchema }),
  /** Takes an item from the Buyer's earlier conversations into this one. */
  v.object({ op: v.literal('reuse'), key: v.string() }),
  v.object({ op: v.literal('dismiss'), key: v.string() }),
  v.object({ op: v.literal('set_buyer'), buyer: v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100))) }),
]);
export type ProfileOp = v.InferOutput<typeof ProfileOpSchema>;

/** What an operation changed, for the log and for the Buyer's memory. */
export interface ProfileChange {
  op: ProfileOp['op'];
  key: string | null;
  item?: ProfileItem;
  before?: ProfileItem;
  /** Confirmed items to remember for the Buyer, and keys to forget. */
  remember: ProfileEntry[];
  forget: string[];
}

export function buyerId(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Extracted items join the profile as suggestions; a new statement replaces an older suggestion with the same key. */
export function addExtracted(
  profile: ConversationProfile,
  items: readonly ProfileItem[],
  messageId: string | null,
  at: number,
): { profile: ConversationProfile; added: ProfileEntry[] } {
  const entries = [...profile.entries];
  const added: ProfileEntry[] = [];
  for (const item of items) {
    const key = itemKey(item);
    const i = entries.findIndex((e) => e.key === key);
    const old = entries[i];
    if (old && sameItem(old.item, item)) continue;
    const entry: ProfileEntry = { key, item, status: 'suggested', source: 'message', messageId, at };
    if (i >= 0) entries[i] = entry;
    else entries.push(entry);
    added.push(entry);
  }
  return { profile: { ...profile, entries }, added };
}

export class ProfileError extends Error {}

export function applyOp(
  profile: ConversationProfile,
  op: ProfileOp,
  at: number,
  memory: readonly ProfileEntry[] = [],
): { profile: ConversationProfile; change: ProfileChange } {
  const find = (key: string) => {
    const i = profile.entries.findIndex((e) => e.key === key);
    const entry = profile.entries[i];
    if (!entry) throw new ProfileError(`This profile has no item "${key}"`);
    return { i, entry };
  };
  const entries = [...profile.entries];
  switch (op.op) {
    case 'confirm': {
      const { i, entry } = find(op.key);
      const confirmed: ProfileEntry = { ...entry, status: 'confirmed', at };
      entries[i] = confirmed;
      return { profile: { ...profile, entries }, change: { op: op.op, key: op.key, item: entry.item, remember: [confirmed], forget: [] } };
    }
    case 'remove': {
      const { i, entry: gone } = find(op.key);
      entries.splice(i, 1);
      return { profile: { ...profile, entries }, change: { op: op.op, key: op.key, before: gone.item, remember: [], forget: [gone.key] } };
    }
    case 'edit': {
      const { i, entry: old } = find(op.key);
      const before = old.item;
      const key = itemKey(op.item);
      const entry: ProfileEntry = { key, item: op.item, status: 'confirmed', source: 'seller', messageId: null, at };
      const rest = entries.filter((e, j) => j !== i && e.key !== key);
      rest.splice(Math.min(i, rest.length), 0, entry);
      return {
        profile: { ...profile, entries: rest },
        change: { op: op.op, key, item: op.item, before, remember: [entry], forget: key === op.key ? [] : [op.key] },
      };
    }
    case 'add': {
      const key = itemKey(op.item);
      const entry: ProfileEntry = { key, item: op.item, status: 'confirmed', source: 'seller', messageId: null, at };
      return {
        profile: { ...profile, entries: [...entries.filter((e) => e.key !== key), entry] },
        change: { op: op.op, key, item: op.item, remember: [entry], forget: [] },
      };
    }
    case 'reuse':
    case 'dismiss': {
      const earlier = profile.earlier.find((e) => e.key === op.key);
      if (!earlier) throw new ProfileError(`Nothing from earlier conversations has the key "${op.key}"`);
      const rest = profile.earlier.filter((e) => e.key !== op.key);
      if (op.op === 'dismiss')
        return { profile: { ...profile, earlier: rest }, change: { op: op.op, key: op.key, item: earlier.item, remember: [], forget: [] } };
      const entry: ProfileEntry = { ...earlier, status: 'confirmed', source: 'earlier', messageId: null, at };
      return {
        profile: { ...profile, earlier: rest, entries: [...entries.filter((e) => e.key !== op.key), entry] },
        change: { op: op.op, key: op.key, item: earlier.item, remember: [], forget: [] },
      };
    }
    case 'set_buyer': {
      const buyer = op.buyer?.trim() || null;
      // The Buyer's remembered items that this conversation does not already hold.
      const earlier = buyer ? memory.filter((m) => !entries.some((e) => e.key === m.key && sameItem(e.item, m.item))) : [];
      return {
        profile: { ...profile, buyer, earlier },
        change: { op: op.op, key: null, remember: buyer ? entries.filter((e) => e.status === 'confirmed') : [], forget: [] },
      };
    }
  }
}

/** A Buyer's memory after a change: remembered items replace those with the same key; forgotten keys go. */
export function updateMemory(memory: readonly ProfileEntry[], change: Pick<ProfileChange, 'remember' | 'forget'>): ProfileEntry[] {
  const drop = new Set([...change.forget, ...change.remember.map((e) => e.key)]);
  return [...memory.filter((m) => !drop.has(m.key)), ...change.remember.map((e) => ({ ...e, status: 'confirmed' as const }))];
}
