import { BUYER_ACTS, type BuyerAct, type SellerAction } from './acts';

/**
 * The measures of simulated (or recorded) conversations, after paper 004 (Zhang & Balog, section 6) and paper 000:
 * AvgTurns, success rate and reward, the Buyer's act distribution and DS-KL, UserActRatio, per-turn success, and
 * Buyer words per message. Definitions and sources are in docs/research.md, *Simulated Buyer*.
 */

/** One dialogue act (or several, for a message that does several things), by who did it, in order. */
export interface ActEvent {
  by: 'Buyer' | 'Seller';
  acts: readonly string[];
  /** On a Buyer note: whether it liked the product the Seller put forward. */
  verdict?: 'like' | 'dislike';
}

export interface ConversationLike {
  turnCount: number;
  outcome: { accepted: boolean } | null;
  turns: readonly { speaker: 'Buyer' | 'Seller'; text: string; buyerActs?: readonly BuyerAct[] }[];
  events?: readonly ActEvent[];
}

/** Exchanges as the pilot server (and paper 000's Table 1) counts them: a Seller message after a Buyer message. */
export function countTurns(turns: readonly { speaker: 'Buyer' | 'Seller' }[]): number {
  let n = 0;
  turns.forEach((t, i) => {
    if (t.speaker === 'Seller' && turns[i - 1]?.speaker === 'Buyer') n++;
  });
  return n;
}

export interface RewardRule {
  full: number;
  costPerTurn: number;
}
/** Paper 004, section 6.2: Full = 20 points for success, Cost = 1 per turn; Reward = max(0, Full − Cost·T). */
export const PAPER_REWARD: RewardRule = { full: 20, costPerTurn: 1 };

export const reward = (c: ConversationLike, rule: RewardRule = PAPER_REWARD) =>
  Math.max(0, (c.outcome?.accepted ? rule.full : 0) - rule.costPerTurn * c.turnCount);

export type ActCounts = Record<BuyerAct, number>;
export type ActDistribution = Record<BuyerAct, number>;

/** How often each Buyer act label occurs in the Buyer's messages. */
export function actCounts(convs: readonly ConversationLike[]): ActCounts {
  const counts = Object.fromEntries(BUYER_ACTS.map((a) => [a, 0])) as ActCounts;
  for (const c of convs) for (const t of c.turns) if (t.speaker === 'Buyer') for (const a of t.buyerActs ?? []) counts[a]++;
  return counts;
}

export function normalize(counts: ActCounts): ActDistribution {
  const total = BUYER_ACTS.reduce((s, a) => s + counts[a], 0);
  return Object.fromEntries(BUYER_ACTS.map((a) => [a, total ? counts[a] / total : 0])) as ActDistribution;
}

export const actDistribution = (convs: readonly ConversationLike[]): ActDistribution => normalize(actCounts(convs));

/**
 * How DS-KL keeps KL finite when one side never shows an act: `epsilon` adds ε to every probability and
 * renormalizes (the value then depends on ε roughly as log(1/ε) for each act one side lacks); `add-alpha` adds α
 * to every act's count before normalizing (Laplace for α = 1, Jeffreys for α = 0.5), so the smoothing shrinks as
 * the sample grows.
 */
export type Smoothing = { kind: 'epsilon'; epsilon: number } | { kind: 'add-alpha'; alpha: number };
export const DEFAULT_SMOOTHING: Smoothing = { kind: 'add-alpha', alpha: 0.5 };
/** The smoothings DS-KL is reported under, to show how much the value depends on the choice. */
export const SMOOTHING_SWEEP: readonly Smoothing[] = [
  { kind: 'epsilon', epsilon: 1e-2 },
  { kind: 'epsilon', epsilon: 1e-3 },
  { kind: 'epsilon', epsilon: 1e-4 },
  { kind: 'epsilon', epsilon: 1e-5 },
  { kind: 'add-alpha', alpha: 0.5 },
  { kind: 'add-alpha', alpha: 1 },
];
export const smoothingLabel = (s: Smoothing) => (s.kind === 'epsilon' ? `ε=${s.epsilon}` : `add-${s.alpha} counts`);

function smoothed(counts: ActCounts, s: Smoothing): number[] {
  const total = BUYER_ACTS.reduce((sum, a) => sum + counts[a], 0);
  if (s.kind === 'add-alpha') return BUYER_ACTS.map((a) => (counts[a] + s.alpha) / (total + s.alpha * BUYER_ACTS.length));
  const p = BUYER_ACTS.map((a) => (total ? counts[a] / total : 0) + s.epsilon);
  const z = p.reduce((sum, x) => sum + x, 0);
  return p.map((x) => x / z);
}

/**
 * Paper 004, section 6.1: DS(P‖Q) = (KL(P‖Q) + KL(Q‖P)) / 2 over the user (Buyer) acts of two sets of
 * conversations, after `smoothing`. Zero for the same distribution; unbounded.
 */
export function dsKl(p: ActCounts, q: ActCounts, smoothing: Smoothing = DEFAULT_SMOOTHING): number {
  const ps = smoothed(p, smoothing);
  const qs = smoothed(q, smoothing);
  const kl = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * Math.log(x / (b[i] as number)), 0);
  return (kl(ps, qs) + kl(qs, ps)) / 2;
}

/** Acts one side has and the other never shows: what makes DS-KL depend on the smoothing. */
export const unmatchedActs = (p: ActCounts, q: ActCounts): BuyerAct[] => BUYER_ACTS.filter((a) => (p[a] === 0) !== (q[a] === 0));

/**
 * UserActRatio (paper 004, section 6.1, after Schatzmann et al. 2005): the Buyer's share of all dialogue acts,
 * user acts / (user acts + system acts), "a measure of user participation" (0.5: as many as the Seller's; the
 * paper's real users had 0.374–0.501). A message counts each act it carries; a Guess and its answer count one each.
 */
export function userActRatio(convs: readonly ConversationLike[]): number {
  let user = 0;
  let all = 0;
  for (const c of convs)
    for (const e of c.events ?? []) {
      all += e.acts.length;
      if (e.by === 'Buyer') user += e.acts.length;
    }
  return all ? user / all : 0;
}

/**
 * Which Seller actions answer a Buyer act appropriately (paper 004's δ: "an Inquire user action can accept List
 * or Elicit as an agent response"; the paper did not publish its full mapping, so this is ours, in the shop's
 * actions). A Guess counts where a recommendation does (it puts a product forward). A note is split by its
 * verdict; a note without one (a recording) accepts either side's answers.
 */
export const APPROPRIATE: Record<Exclude<BuyerAct, 'note'> | 'note:like' | 'note:dislike', readonly SellerAction[]> = {
  social: ['greet', 'elicit', 'recommend', 'guess', 'answer', 'chat'],
  disclose: ['elicit', 'recommend', 'guess'],
  reveal: ['elicit', 'recommend', 'guess'],
  inquire: ['recommend', 'guess', 'elicit'],
  navigate: ['answer'],
  'note:like': ['guess', 'feedback', 'elicit', 'end'],
  'note:dislike': ['clarify', 'recommend', 'elicit'],
  complete: ['end', 'feedback'],
};

/** The Seller actions that answer a Buyer message: those its last act (the one still open) accepts. */
function accepted(e: ActEvent): ReadonlySet<string> {
  const acts = e.acts.filter((a) => a !== 'social');
  const last = (acts.at(-1) ?? 'social') as BuyerAct;
  if (last !== 'note') return new Set(APPROPRIATE[last]);
  if (e.verdict) return new Set(APPROPRIATE[`note:${e.verdict}`]);
  return new Set([...APPROPRIATE['note:like'], ...APPROPRIATE['note:dislike']]);
}

/**
 * Per-turn success (paper 004, section 6.2, after Peng et al. 2018): the share of Seller turns that answer the
 * Buyer's last message with an appropriate action ("if the agent returns a wrong action, we deem this turn as a
 * failure"). A Seller turn is the Seller's events between two Buyer events; it succeeds when any of them is
 * appropriate (a greeting beside a question is fine).
 */
export function perTurnSuccess(convs: readonly ConversationLike[]): { turns: number; appropriate: number; rate: number } {
  let turns = 0;
  let appropriate = 0;
  for (const c of convs) {
    const events = c.events ?? [];
    for (let i = 0; i < events.length; i++) {
      const e = events[i] as ActEvent;
      const prev = events[i - 1];
      if (e.by !== 'Seller' || prev?.by !== 'Buyer') continue;
      const ok = accepted(prev);
      let good = false;
      for (let j = i; j < events.length && events[j]?.by === 'Seller'; j++) if (events[j]?.acts.some((a) => ok.has(a))) good = true;
      turns++;
      if (good) appropriate++;
    }
  }
  return { turns, appropriate, rate: turns ? appropriate / turns : 0 };
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

export interface Summary {
  conversations: number;
  avgTurns: number;
  successRate: number;
  avgReward: number;
  buyerWordsPerMessage: number;
  userActRatio: number;
  perTurnSuccess: number;
  acts: ActDistribution;
  actCounts: ActCounts;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

export function summarize(convs: readonly ConversationLike[], rule: RewardRule = PAPER_REWARD): Summary {
  const buyerWords = convs.flatMap((c) => c.turns.filter((t) => t.speaker === 'Buyer').map((t) => wordCount(t.text)));
  const counts = actCounts(convs);
  return {
    conversations: convs.length,
    avgTurns: mean(convs.map((c) => c.turnCount)),
    successRate: mean(convs.map((c) => (c.outcome?.accepted ? 1 : 0))),
    avgReward: mean(convs.map((c) => reward(c, rule))),
    buyerWordsPerMessage: mean(buyerWords),
    userActRatio: userActRatio(convs),
    perTurnSuccess: perTurnSuccess(convs).rate,
    acts: normalize(counts),
    actCounts: counts,
  };
}
