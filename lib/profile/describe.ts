import type { ItemOf, ProfileItem } from './profile-schema';

/** Profile items in words a Seller reads at a glance ("up to $50", "avoids Nike", "wants noise cancelling"). */
const money = (n: number) => `$${Math.round(n)}`;

export function budgetWords(item: Pick<ItemOf<'budget'>, 'min' | 'max'>): string {
  if (item.min !== undefined && item.max !== undefined) return `${money(item.min)}–${money(item.max)}`;
  return item.max !== undefined ? `up to ${money(item.max)}` : `at least ${money(item.min ?? 0)}`;
}

/** "noiseCancelling=true" → "noise cancelling"; "terrain=trail" → "trail". */
export function featureWords(feature: string): string {
  const [attr = '', value = ''] = feature.split('=');
  if (value === 'true') return attr.replace(/([A-Z])/g, ' $1').toLowerCase();
  return value;
}

export const SLOT_LABELS: Record<ProfileItem['slot'], string> = {
  budget: 'Budget',
  brand: 'Brand',
  recipient: 'For',
  use: 'Use',
  feature: 'Feature',
  owned: 'Had before',
};

export function describeItem(item: ProfileItem): string {
  switch (item.slot) {
    case 'budget':
      return budgetWords(item);
    case 'brand':
      return `${item.like ? 'likes' : 'avoids'} ${item.brand}`;
    case 'recipient':
      return `${item.who}${item.age !== undefined ? `, ${item.age}` : ''}`;
    case 'use':
      return item.use;
    case 'feature':
      return `${item.want ? 'wants' : 'not'} ${featureWords(item.feature)}`;
    case 'owned':
      return item.product;
  }
}
