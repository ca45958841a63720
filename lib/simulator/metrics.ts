import { BUYER_ACTS, type BuyerAct } from './acts';

/**
 * The paper's measures of simulated conversations: AvgTurns, success rate, reward (full points for success,
 * a cost per turn), the Buyer's act distribution, and DS-KL (symmetric KL divergence) between two act
 * distributions, used to compare simulated with real conversations.
 */
export interface ConversationLike {
  turnCount: number;
  outcome: { accepted: boolean } | null;
  turns: readonly { speaker: 'Buyer' | 'Seller'; text: string; buyerActs?: readonly BuyerAct[] }[];
}

/** Exchanges as the pilot server counts them: a Seller message after a Buyer message. */
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
/** Zhang & Balog's values: 20 points for success, 1 per turn. */
export const PAPER_REWARD: RewardRule = { full: 20, costPerTurn: 1 };

export const reward = (c: ConversationLike, rule: RewardRule = PAPER_REWARD) =>
  Math.max(0, (c.outcome?.accepted ? rule.full : 0) - rule.costPerTurn * c.turnCount);

export type ActDistribution = Record<BuyerAct, number>;

export function actDistribution(convs: readonly ConversationLike[]): ActDistribution {
  const counts = Object.fromEntries(BUYER_ACTS.map((a) => [a, 0])) as ActDistribution;
  let total = 0;
  for (const c of convs) {
    for (const t of c.turns) {
      if (t.speaker !== 'Buyer') continue;
      for (const a of t.buyerActs ?? []) {
        counts[a]++;
        total++;
      }
    }
  }
  for (const a of BUYER_ACTS) counts[a] = total ? counts[a] / total : 0;
  return counts;
}

/**
 * DS(P‖Q) = (KL(P‖Q) + KL(Q‖P)) / 2. Acts one side never shows get a small probability (additive smoothing),
 * as KL is infinite otherwise.
 */
export function dsKl(p: ActDistribution, q: ActDistribution, epsilon = 1e-3): number {
  const smooth = (d: ActDistribution) => {
    const total = BUYER_ACTS.reduce((s, a) => s + d[a] + epsilon, 0);
    return BUYER_ACTS.map((a) => (d[a] + epsilon) / total);
  };
  const ps = smooth(p);
  const qs = smooth(q);
  const kl = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * Math.log(x / (b[i] as number)), 0);
  return (kl(ps, qs) + kl(qs, ps)) / 2;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

export interface Summary {
  conversations: number;
  avgTurns: number;
  successRate: number;
  avgReward: number;
  buyerWordsPerMessage: number;
  acts: ActDistribution;
}

export function summarize(convs: readonly ConversationLike[], rule: RewardRule = PAPER_REWARD): Summary {
  const n = convs.length;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
  const buyerWords = convs.flatMap((c) => c.turns.filter((t) => t.speaker === 'Buyer').map((t) => wordCount(t.text)));
  return {
    conversations: n,
    avgTurns: mean(convs.map((c) => c.turnCount)),
    successRate: mean(convs.map((c) => (c.outcome?.accepted ? 1 : 0))),
    avgReward: mean(convs.map((c) => reward(c, rule))),
    buyerWordsPerMessage: mean(buyerWords),
    acts: actDistribution(convs),
  };
}
