import { Charset, Index } from 'flexsearch';
import type { ProfileEntry, ProfileItem } from '../profile/profile-schema';
import { COACH_SUGGESTIONS_MAX } from '../limits';
import { budgetWords, featureWords } from '../profile/describe';

/**
 * Suggested replies for the act the Seller chose (STAR's suggested replies, the paper's Appendix D agent): the
 * Seller's own past messages with that act, nearest first to what they are writing or what the Buyer just said,
 * then the schema's templates filled with what the Buyer profile holds. Templates the profile fills come first;
 * when that leaves fewer than three, others follow with general words in their blanks ("that", "they").
 */
export interface Suggestion {
  /** "past:<event id>" or "template:<act>:<n>", logged with the message that used it. */
  id: string;
  text: string;
  source: 'past' | 'template';
}

export interface SuggestInput {
  act: string;
  templates: readonly string[];
  /** The Seller's earlier messages with this act, newest first. */
  past: readonly { id: string; text: string }[];
  profile: readonly ProfileEntry[];
  /** The draft in the chat input, else the Buyer's last message: what the suggestions should be near. */
  query: string;
}

const list = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** The blanks a template may have, filled from the profile (confirmed items first). */
export function profileValues(entries: readonly ProfileEntry[]): Record<string, string> {
  const sorted = [...entries].sort((a, b) => Number(b.status === 'confirmed') - Number(a.status === 'confirmed'));
  const values: Record<string, string> = {};
  const first = <S extends ProfileItem['slot']>(slot: S) =>
    sorted.map((e) => e.item).find((i): i is Extract<ProfileItem, { slot: S }> => i.slot === slot);
  const budget = first('budget');
  if (budget) values.budget = budgetWords(budget);
  const recipient = first('recipient');
  if (recipient) values.recipient = recipient.who === 'self' ? 'you' : `your ${recipient.who}`;
  const use = first('use');
  if (use) values.use = use.use;
  const owned = first('owned');
  if (owned) values.owned = owned.product;
  const wanted = sorted.flatMap((e) => (e.item.slot === 'feature' && e.item.want ? [featureWords(e.item.feature)] : []));
  if (wanted.length) values.features = list(wanted.slice(0, 3));
  const brand = sorted.map((e) => e.item).find((i) => i.slot === 'brand' && i.like);
  if (brand?.slot === 'brand') values.brand = brand.brand;
  return values;
}

const MIN_SUGGESTIONS = 3;
/** Words for a blank the profile cannot fill yet, so a template can still be offered. */
const GENERAL_WORDS: Record<string, string> = {
  recipient: 'they',
  use: 'that',
  owned: 'old one',
  features: 'those features',
  budget: 'your budget',
  brand: 'that brand',
  product: 'this one',
};

export function fillTemplate(template: string, values: Record<string, string>): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) missing = true;
    return v ?? '';
  });
  return missing ? null : text;
}

export function suggestReplies(input: SuggestInput, max = COACH_SUGGESTIONS_MAX): Suggestion[] {
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const push = (s: Suggestion) => {
    const k = s.text.trim().toLowerCase();
    if (!k || seen.has(k) || out.length >= max) return;
    seen.add(k);
    out.push(s);
  };
  // Past messages: up to three, the nearest to the query (or the newest when nothing is near).
  const pastLimit = Math.min(3, max - 1);
  if (input.past.length) {
    const index = new Index({ tokenize: 'forward', encoder: Charset.LatinBalance, cache: false });
    input.past.forEach((p, i) => index.add(i, p.text));
    const words = input.query.trim();
    const hits = words ? (index.search(words, { limit: pastLimit, suggest: true }) as number[]) : [];
    for (const i of [...hits, ...input.past.keys()]) {
      const p = input.past[i];
      if (p && out.length < pastLimit) push({ id: `past:${p.id}`, text: p.text, source: 'past' });
    }
  }
  const values = profileValues(input.profile);
  input.templates.forEach((t, n) => {
    const text = fillTemplate(t, values);
    if (text) push({ id: `template:${input.act}:${n}`, text, source: 'template' });
  });
  if (out.length < MIN_SUGGESTIONS) {
    input.templates.forEach((t, n) => {
      const text = out.length < MIN_SUGGESTIONS ? fillTemplate(t, { ...GENERAL_WORDS, ...values }) : null;
      if (text) push({ id: `template:${input.act}:${n}`, text, source: 'template' });
    });
  }
  return out;
}
