import type { Evaluation } from './evaluate';
import {
  dsKl,
  smoothingLabel,
  SMOOTHING_SWEEP,
  summarize,
  unmatchedActs,
  reward,
  type ActCounts,
  type ConversationLike,
  type Summary,
} from './metrics';
import { PAPER_BUYER_WORDS, PAPER_MEAN_TURNS, PAPER_TOLERANCE, withinTolerance } from './paper';
import type { SimConversation } from './run';
import type { SellerPolicyName } from './seller-policies';
import { pairedBootstrap } from './stats';

/**
 * The simulator's measures as rows (metric, value, target, ok), shared by `npm run simulate` and
 * `npm run bench simulator` so both print the same figures by the same definitions.
 */
export interface MeasureRow {
  metric: string;
  value: number | string;
  unit: string;
  target?: string;
  ok?: boolean;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The policy the others are compared with. */
export const BASELINE: SellerPolicyName = 'coached';

/** Every policy's summary over all its conversations, and per category. */
export function summaries(ev: Partial<Evaluation>): Map<SellerPolicyName, { all: Summary; byCategory: Map<string, Summary> }> {
  const out = new Map<SellerPolicyName, { all: Summary; byCategory: Map<string, Summary> }>();
  for (const [policy, convs] of Object.entries(ev) as [SellerPolicyName, SimConversation[]][]) {
    const byCategory = new Map<string, Summary>();
    for (const category of categoriesOf(convs)) byCategory.set(category, summarize(convs.filter((c) => c.category === category)));
    out.set(policy, { all: summarize(convs), byCategory });
  }
  return out;
}

const categoriesOf = (convs: readonly SimConversation[]) => [...new Set(convs.map((c) => c.category))];

/** Per policy: AvgTurns, success rate, reward, per-turn success, UserActRatio, Buyer words per message. */
export function policyRows(ev: Partial<Evaluation>): MeasureRow[] {
  const rows: MeasureRow[] = [];
  for (const [policy, s] of summaries(ev)) {
    rows.push(
      { metric: `${policy}: conversations`, value: s.all.conversations, unit: '' },
      { metric: `${policy}: AvgTurns`, value: round(s.all.avgTurns), unit: 'turns' },
      { metric: `${policy}: success rate (Guess confirmed)`, value: round(s.all.successRate, 3), unit: '' },
      { metric: `${policy}: reward (20 − turns on success, else 0)`, value: round(s.all.avgReward), unit: 'points' },
      { metric: `${policy}: per-turn success (paper 004)`, value: round(s.all.perTurnSuccess, 3), unit: '' },
      { metric: `${policy}: UserActRatio (paper 004)`, value: round(s.all.userActRatio, 3), unit: '' },
      { metric: `${policy}: Buyer words per message`, value: round(s.all.buyerWordsPerMessage, 2), unit: 'words' },
    );
  }
  return rows;
}

/**
 * Coached against each other policy, on success and reward, per category and over all categories: the mean paired
 * difference with its 95 % paired-bootstrap interval; "beats" when the interval lies above zero.
 */
export function comparisonRows(ev: Partial<Evaluation>, seed = 1): MeasureRow[] {
  const base = ev[BASELINE];
  if (!base) return [];
  const rows: MeasureRow[] = [];
  for (const [policy, convs] of Object.entries(ev) as [SellerPolicyName, SimConversation[]][]) {
    if (policy === BASELINE) continue;
    const categories = categoriesOf(base);
    for (const category of categories.length > 1 ? ['all', ...categories] : categories) {
      const pick = (cs: SimConversation[]) => (category === 'all' ? cs : cs.filter((c) => c.category === category));
      const a = pick(base);
      const b = pick(convs);
      if (!a.length || a.length !== b.length) continue;
      for (const [measure, f] of [
        ['success', (c: ConversationLike) => (c.outcome?.accepted ? 1 : 0)],
        ['reward', (c: ConversationLike) => reward(c)],
      ] as const) {
        const ci = pairedBootstrap(a.map(f), b.map(f), seed);
        rows.push({
          metric: `${BASELINE} − ${policy}, ${measure}, ${category} (n=${a.length} pairs)`,
          value: `${round(ci.diff, 3)} [${round(ci.lo, 3)}, ${round(ci.hi, 3)}]`,
          unit: measure === 'success' ? 'share' : 'points',
          target: '95 % CI above 0',
          ok: ci.lo > 0,
        });
      }
    }
  }
  return rows;
}

/** The coached policy's AvgTurns per category against paper 000's Table 1 (B.IIc), within ±15 %. */
export function turnsRows(coached: readonly SimConversation[]): MeasureRow[] {
  return categoriesOf(coached).map((category) => {
    const s = summarize(coached.filter((c) => c.category === category));
    const paper = PAPER_MEAN_TURNS[category];
    return {
      metric: `coached AvgTurns, ${category}`,
      value: round(s.avgTurns),
      unit: 'turns',
      ...(paper !== undefined
        ? { target: `${paper} ± ${PAPER_TOLERANCE * 100} % (paper 000, Table 1)`, ok: withinTolerance(s.avgTurns, paper) }
        : {}),
    };
  });
}

/** Buyer words per message by input against paper 000's 10.0 typed and 9.0 by voice, within ±15 %. */
export function wordsRows(byInput: Partial<Record<'typed' | 'voice', readonly ConversationLike[]>>): MeasureRow[] {
  return (Object.entries(byInput) as ['typed' | 'voice', ConversationLike[]][]).map(([input, convs]) => {
    const words = summarize(convs).buyerWordsPerMessage;
    const paper = PAPER_BUYER_WORDS[input];
    return {
      metric: `Buyer words per message, ${input}`,
      value: round(words, 2),
      unit: 'words',
      target: `${paper} ± ${PAPER_TOLERANCE * 100} % (paper 000, section 5.5)`,
      ok: withinTolerance(words, paper),
    };
  });
}

/**
 * DS-KL of each set's Buyer acts against a reference, under every smoothing of the sweep, with the spread across
 * them and the acts one side never shows (what the spread comes from). `reference` names what is compared with.
 */
export function dsKlRows(sets: Record<string, ActCounts>, reference: ActCounts, referenceName: string): MeasureRow[] {
  const rows: MeasureRow[] = [];
  for (const [name, counts] of Object.entries(sets)) {
    const values = SMOOTHING_SWEEP.map((s) => dsKl(counts, reference, s));
    SMOOTHING_SWEEP.forEach((s, i) =>
      rows.push({ metric: `DS-KL ${name} vs ${referenceName}, ${smoothingLabel(s)}`, value: round(values[i] as number, 4), unit: '' }),
    );
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const unmatched = unmatchedActs(counts, reference);
    rows.push({
      metric: `DS-KL ${name} vs ${referenceName}: spread across smoothings (max/min)`,
      value: round(lo > 0 ? hi / lo : Infinity, 2),
      unit: '×',
    });
    rows.push({
      metric: `DS-KL ${name} vs ${referenceName}: acts only one side shows`,
      value: unmatched.length ? unmatched.join(', ') : 'none',
      unit: '',
    });
  }
  return rows;
}
