import type { CoachAct, CoachingSchema, ProfileSlot } from './coaching-schema';

/** How many times each act has been used in this conversation. */
export type ActCounts = Readonly<Record<string, number>>;

export interface ActStatus {
  act: CoachAct;
  count: number;
  /** Can be chosen now. */
  available: boolean;
  /** Why not, in words a Seller reads ("after 3", "at most once"). */
  reason: string | null;
}

const SLOT_WORDS: Record<ProfileSlot, string> = {
  recipient: 'who it is for',
  use: 'how it will be used',
  owned: 'what they had before',
  features: 'the features they want',
  duration: 'how long they will keep it',
  budget: 'their budget',
  brand: 'their brand preferences',
};

function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/** Whether an act can be chosen now, and if not, why. */
export function actStatus(schema: CoachingSchema, counts: ActCounts, act: CoachAct): ActStatus {
  const count = counts[act.id] ?? 0;
  const parent = act.parent ? schema.acts.find((a) => a.id === act.parent) : undefined;
  let reason: string | null = null;
  if (parent && !(counts[parent.id] ?? 0)) reason = `Unlocks after ${parent.number} (${parent.label})`;
  else if (act.maxUses !== undefined && count >= act.maxUses)
    reason = `Used ${times(count)}: at most ${times(act.maxUses)} per conversation`;
  return { act, count, available: reason === null, reason };
}

export function checklist(schema: CoachingSchema, counts: ActCounts): ActStatus[] {
  return schema.acts.map((a) => actStatus(schema, counts, a));
}

export function findAct(schema: CoachingSchema, key: string): CoachAct | undefined {
  return schema.acts.find((a) => a.id === key || a.number === key);
}

/** Records a use of an act, refusing one that is locked or at its limit (the overlay enforces the same rule). */
export function useAct(
  schema: CoachingSchema,
  counts: ActCounts,
  actId: string,
): { ok: true; counts: Record<string, number> } | { ok: false; error: string } {
  const act = findAct(schema, actId);
  if (!act) return { ok: false, error: `There is no act "${actId}" in this checklist` };
  const status = actStatus(schema, counts, act);
  if (!status.available) return { ok: false, error: status.reason ?? 'not available' };
  return { ok: true, counts: { ...counts, [act.id]: status.count + 1 } };
}

export interface Guidance {
  act: CoachAct;
  /** One line: why this act now. */
  why: string;
}

export interface GuidanceInput {
  counts: ActCounts;
  /** The Seller's last act, if any. */
  last: string | null;
  /** Profile slots the Buyer has already told. */
  known: ReadonlySet<ProfileSlot>;
}

/**
 * The next act or two: a recommendation once enough is known; otherwise what usually follows the last act
 * (the schema's transitions), then any act not used yet, skipping acts that ask what the Buyer already said.
 */
export function nextActs(schema: CoachingSchema, input: GuidanceInput, max = 2): Guidance[] {
  const { counts, last, known } = input;
  const out: Guidance[] = [];
  const push = (act: CoachAct | undefined, why: string) => {
    if (!act || out.length >= max || out.some((g) => g.act.id === act.id)) return;
    if (!actStatus(schema, counts, act).available) return;
    if (act.asks && known.has(act.asks)) return; // no "ask the budget" once a budget was stated
    out.push({ act, why });
  };

  const knownWords = [...known].map((s) => SLOT_WORDS[s]);
  const recommend = schema.acts.find((a) => a.recommends);
  const recommended = recommend ? (counts[recommend.id] ?? 0) > 0 : false;
  if (recommend && !recommended && known.size >= schema.recommendAfter) {
    push(recommend, `You know ${listWords(knownWords)}: time to recommend.`);
  }

  const lastAct = last ? findAct(schema, last) : undefined;
  const following = lastAct ? (schema.transitions[lastAct.id] ?? []) : schema.start;
  for (const id of following) {
    const act = findAct(schema, id);
    if (!act || (counts[act.id] ?? 0) > 0) continue;
    push(
      act,
      act.asks ? `You do not know ${SLOT_WORDS[act.asks]} yet.` : lastAct ? `Usually follows “${lastAct.label}”.` : 'A good way to start.',
    );
  }
  // Nothing left along the usual path: the first unused act that still tells something new.
  for (const act of schema.acts) {
    if ((counts[act.id] ?? 0) > 0 || act.parent) continue;
    if (act.recommends && known.size < schema.recommendAfter) continue;
    push(act, act.asks ? `You do not know ${SLOT_WORDS[act.asks]} yet.` : 'Not done yet in this conversation.');
  }
  return out;
}

function listWords(words: string[]): string {
  if (words.length <= 1) return words[0] ?? 'enough';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
