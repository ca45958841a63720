import * as v from 'valibot';
import type { ProfileItem } from './profile-schema';
import { parseOrThrow } from '../validation';

/**
 * Scoring the preference extractor against hand-labeled Buyer messages: precision, recall and F1 per slot
 * (age scored apart from who it is for), and overall (micro-averaged over all items).
 */
const Num = v.pipe(v.number(), v.minValue(0));
export const LabeledUtteranceSchema = v.object({
  id: v.string(),
  category: v.string(),
  text: v.pipe(v.string(), v.minLength(1)),
  styles: v.array(v.string()),
  expect: v.object({
    budget: v.optional(v.object({ min: v.optional(Num), max: v.optional(Num) })),
    brands: v.optional(v.array(v.object({ brand: v.string(), like: v.boolean() }))),
    recipient: v.optional(v.object({ who: v.string(), age: v.optional(Num) })),
    uses: v.optional(v.array(v.string())),
    features: v.optional(v.array(v.object({ feature: v.string(), want: v.boolean() }))),
    owned: v.optional(v.array(v.string())),
  }),
});
export type LabeledUtterance = v.InferOutput<typeof LabeledUtteranceSchema>;

export function parseLabeledSet(input: unknown): LabeledUtterance[] {
  return parseOrThrow(v.array(LabeledUtteranceSchema), input, 'Invalid labeled set');
}

export const SCORED_SLOTS = ['budget', 'brand', 'recipient', 'age', 'use', 'feature', 'owned'] as const;
export type ScoredSlot = (typeof SCORED_SLOTS)[number];

/** One fact to score: its slot and what must agree. */
interface Fact {
  slot: ScoredSlot;
  same(other: Fact): boolean;
  key: string;
}

const near = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? a === b : Math.abs(a - b) <= Math.max(1, 0.02 * Math.max(a, b));
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
const STOP = new Set(['my', 'old', 'the', 'a', 'an', 'pair', 'of', 'current', 'previous', 'last']);

function fact(slot: ScoredSlot, key: string, same?: (other: string) => boolean): Fact {
  return { slot, key, same: (o) => o.slot === slot && (same ? same(o.key) : o.key === key) };
}

function ownedSame(a: string, b: string): boolean {
  const x = words(a).join(' ');
  const y = words(b).join(' ');
  const shared = words(a).some((w) => !STOP.has(w) && words(b).includes(w));
  return shared && (x.includes(y) || y.includes(x));
}

export function expectedFacts(u: LabeledUtterance): Fact[] {
  const e = u.expect;
  const out: Fact[] = [];
  if (e.budget) {
    const { min, max } = e.budget;
    out.push({ slot: 'budget', key: `${min ?? ''}-${max ?? ''}`, same: (o) => o.slot === 'budget' && budgetSame(o.key, min, max) });
  }
  for (const b of e.brands ?? []) out.push(fact('brand', `${b.brand.toLowerCase()}:${b.like}`));
  if (e.recipient) {
    out.push(fact('recipient', e.recipient.who));
    if (e.recipient.age !== undefined) {
      const age = e.recipient.age;
      out.push(fact('age', String(age), (k) => Math.abs(Number(k) - age) < 0.15));
    }
  }
  for (const use of e.uses ?? []) out.push(fact('use', use));
  for (const f of e.features ?? []) out.push(fact('feature', `${f.feature.toLowerCase()}:${f.want}`));
  for (const p of e.owned ?? []) out.push(fact('owned', p, (k) => ownedSame(k, p)));
  return out;
}

function budgetSame(key: string, min: number | undefined, max: number | undefined): boolean {
  const [a, b] = key.split('-').map((s) => (s === '' ? undefined : Number(s)));
  return near(a, min) && near(b, max);
}

export function extractedFacts(items: readonly ProfileItem[]): Fact[] {
  const out: Fact[] = [];
  for (const it of items) {
    if (it.slot === 'budget') out.push(fact('budget', `${it.min ?? ''}-${it.max ?? ''}`));
    else if (it.slot === 'brand') out.push(fact('brand', `${it.brand.toLowerCase()}:${it.like}`));
    else if (it.slot === 'recipient') {
      out.push(fact('recipient', it.who));
      if (it.age !== undefined) out.push(fact('age', String(it.age)));
    } else if (it.slot === 'use') out.push(fact('use', it.use));
    else if (it.slot === 'feature') out.push(fact('feature', `${it.feature.toLowerCase()}:${it.want}`));
    else out.push(fact('owned', it.product));
  }
  return out;
}

export interface SlotScore {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface Mistake {
  id: string;
  text: string;
  missed: string[];
  wrong: string[];
}

export interface Evaluation {
  slots: Record<ScoredSlot, SlotScore>;
  overall: SlotScore;
  mistakes: Mistake[];
}

function score(tp: number, fp: number, fn: number): SlotScore {
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fp, fn, precision, recall, f1 };
}

/** Scores `extract` on every labeled message. */
export function evaluate(set: readonly LabeledUtterance[], extract: (u: LabeledUtterance) => ProfileItem[]): Evaluation {
  const counts = Object.fromEntries(SCORED_SLOTS.map((s) => [s, { tp: 0, fp: 0, fn: 0 }])) as Record<
    ScoredSlot,
    { tp: number; fp: number; fn: number }
  >;
  const mistakes: Mistake[] = [];
  for (const u of set) {
    const expected = expectedFacts(u);
    const got = extractedFacts(extract(u));
    const unmatched = [...got];
    const missed: string[] = [];
    for (const e of expected) {
      const i = unmatched.findIndex((g) => e.same(g));
      if (i >= 0) {
        counts[e.slot].tp++;
        unmatched.splice(i, 1);
      } else {
        counts[e.slot].fn++;
        missed.push(`${e.slot} ${e.key}`);
      }
    }
    for (const g of unmatched) counts[g.slot].fp++;
    if (missed.length || unmatched.length)
      mistakes.push({ id: u.id, text: u.text, missed, wrong: unmatched.map((g) => `${g.slot} ${g.key}`) });
  }
  const slots = Object.fromEntries(SCORED_SLOTS.map((s) => [s, score(counts[s].tp, counts[s].fp, counts[s].fn)])) as Record<
    ScoredSlot,
    SlotScore
  >;
  const sum = (k: 'tp' | 'fp' | 'fn') => SCORED_SLOTS.reduce((n, s) => n + counts[s][k], 0);
  return { slots, overall: score(sum('tp'), sum('fp'), sum('fn')), mistakes };
}

/**
 * A message's labels as extracted items, so that one annotator's labels can be scored against another's (how far
 * two people agree is the most any extractor can be judged to).
 */
export function labeledItems(u: LabeledUtterance): ProfileItem[] {
  const e = u.expect;
  const out: ProfileItem[] = [];
  if (e.budget)
    out.push({
      slot: 'budget',
      ...(e.budget.min !== undefined ? { min: e.budget.min } : {}),
      ...(e.budget.max !== undefined ? { max: e.budget.max } : {}),
    });
  for (const b of e.brands ?? []) out.push({ slot: 'brand', brand: b.brand, like: b.like });
  if (e.recipient)
    out.push({ slot: 'recipient', who: e.recipient.who, ...(e.recipient.age !== undefined ? { age: e.recipient.age } : {}) });
  for (const use of e.uses ?? []) out.push({ slot: 'use', use });
  for (const f of e.features ?? []) out.push({ slot: 'feature', feature: f.feature, want: f.want });
  for (const product of e.owned ?? []) out.push({ slot: 'owned', product });
  return out;
}

/** How well a second annotator's labels of the same messages (matched by id) agree with the first's. */
export function agreement(first: readonly LabeledUtterance[], second: readonly LabeledUtterance[]): Evaluation {
  const byId = new Map(second.map((u) => [u.id, u]));
  const shared = first.filter((u) => byId.has(u.id));
  return evaluate(shared, (u) => labeledItems(byId.get(u.id) ?? u));
}
