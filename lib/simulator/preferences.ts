import type { AttributeValue, Persona, Product } from '../catalog/catalog-schema';
import { fold } from '../search/text';
import { lookCues, TitleWords } from './cues';

/**
 * The simulated Buyer's preference model (Zhang & Balog's personal knowledge graph, simplified): liked and
 * disliked attribute values, brands, a budget band, who it is for and what for, all derived from the persona and
 * its three target products, so every answer the Buyer gives agrees with every other and with the targets.
 */
export interface Feature {
  attribute: string;
  value: string | number | boolean;
  want: boolean;
}

export interface Budget {
  min?: number;
  max: number;
}

export interface Preferences {
  category: string;
  categoryLabel: string;
  persona: Pick<Persona, 'id' | 'name' | 'mission'>;
  targets: Product[];
  budget: Budget;
  brandsLiked: string[];
  brandsDisliked: string[];
  /** Most important first. */
  features: Feature[];
  recipient: { who: string; age?: number };
  use: string;
  /** Something similar the Buyer had before, and what was wrong with it (a feature it lacked, or its price). */
  owned: { product: Product; complaint: Feature | 'price' } | null;
  /** By target id: the words of its picture that describe it (see cues.ts), rarest first, told one at a time. */
  cues: Record<string, string[]>;
}

/** A value shared by most of a category's products says little about a persona; those are not preferences. */
const DISTINCTIVE_SHARE = 0.6;

export function valueMatches(actual: AttributeValue | undefined, wanted: Feature['value']): boolean {
  if (actual === undefined) return false;
  if (Array.isArray(actual)) return actual.some((a) => a.toLowerCase() === String(wanted).toLowerCase());
  if (typeof actual === 'string' && typeof wanted === 'string') return actual.toLowerCase() === wanted.toLowerCase();
  return actual === wanted;
}

export function hasFeature(p: Product, f: Feature): boolean {
  return valueMatches(p.attributes[f.attribute], f.value) === f.want;
}

function scalarValues(v: AttributeValue | undefined): (string | number | boolean)[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

/** Attribute values every target has and most other products of the category do not. */
function sharedDistinctive(targets: readonly Product[], others: readonly Product[]): Feature[] {
  const [first, ...rest] = targets;
  if (!first) return [];
  const out: Feature[] = [];
  for (const [attribute, raw] of Object.entries(first.attributes)) {
    // Counts and sizes are not stated wants; age is judged against the recipient's age instead.
    if (typeof raw === 'number' || attribute === 'ageMin' || attribute === 'ageRange') continue;
    for (const value of scalarValues(raw)) {
      if (!rest.every((t) => valueMatches(t.attributes[attribute], value))) continue;
      if (value === false) continue; // "has no mic" is not something a Buyer asks for
      const share = others.filter((p) => valueMatches(p.attributes[attribute], value)).length / Math.max(1, others.length);
      if (share < DISTINCTIVE_SHARE) out.push({ attribute, value, want: true });
    }
  }
  return out;
}

const roundUp = (n: number, step: number) => Math.ceil(n / step) * step;

export function buildPreferences(persona: Persona, products: readonly Product[], categoryLabel: string): Preferences {
  const byId = new Map(products.map((p) => [p.id, p]));
  const targets = persona.targets.map((id) => byId.get(id)).filter((p): p is Product => !!p);
  if (targets.length === 0) throw new Error(`Persona ${persona.id}: none of its target products is in the catalog`);
  const others = products.filter((p) => p.category === persona.category && !persona.targets.includes(p.id));
  const profile = persona.profile;

  const features: Feature[] = [];
  const add = (f: Feature) => {
    if (!features.some((g) => g.attribute === f.attribute && String(g.value) === String(f.value))) features.push(f);
  };
  for (const [attribute, value] of Object.entries(profile.mustHave ?? {}))
    for (const x of scalarValues(value)) add({ attribute, value: x, want: true });
  for (const f of sharedDistinctive(targets, others)) add(f);
  for (const [attribute, value] of Object.entries(profile.mustNotHave ?? {}))
    for (const x of scalarValues(value)) add({ attribute, value: x, want: false });
  // Never state a want a target does not meet: the targets define what satisfies this Buyer.
  const consistent = features.filter((f) => targets.every((t) => hasFeature(t, f)));

  const prices = targets.map((t) => t.price);
  const maxPrice = Math.max(...prices);
  const budget: Budget = { max: Math.max(profile.budgetMax ?? roundUp(maxPrice * 1.15, 10), maxPrice) };
  if (profile.budgetMin !== undefined) budget.min = Math.min(profile.budgetMin, ...prices);

  const targetBrands = [...new Set(targets.map((t) => t.brand))];
  const categoryBrands = new Set(others.map((p) => p.brand));
  // Liked brands: the persona's, else one brand all targets share when the shop has others to choose from.
  const brandsLiked = profile.brandsLiked ?? (targetBrands.length === 1 && categoryBrands.size > 1 ? targetBrands : []);
  const brandsDisliked = (profile.brandsDisliked ?? []).filter((b) => !targetBrands.includes(b));

  const prefs: Preferences = {
    category: persona.category,
    categoryLabel,
    persona: { id: persona.id, name: persona.name, mission: persona.mission },
    targets,
    budget,
    brandsLiked,
    brandsDisliked,
    features: consistent,
    recipient: { who: profile.recipient ?? 'self', ...(profile.recipientAge !== undefined ? { age: profile.recipientAge } : {}) },
    use: profile.use ?? 'everyday use',
    owned: null,
    cues: {},
  };
  prefs.owned = pickOwned(prefs, others);
  // Words of stated wants ("Star Wars") are no cue: the Buyer says them as wants.
  const stated = new Set(consistent.flatMap((f) => (typeof f.value === 'string' ? (fold(f.value).match(/[\p{L}\p{N}]+/gu) ?? []) : [])));
  const titleWords = new TitleWords(products.filter((p) => p.category === persona.category));
  for (const t of targets) prefs.cues[t.id] = lookCues(t, titleWords, stated);
  return prefs;
}

/** Something similar the Buyer had: a product of the category that misses a want (or cost too much), so the story agrees with the preferences. */
function pickOwned(prefs: Preferences, others: readonly Product[]): Preferences['owned'] {
  const top = prefs.features.find((f) => f.want);
  if (top) {
    const lacking = others.filter((p) => !hasFeature(p, top)).sort((a, b) => b.ratingCount - a.ratingCount || a.id.localeCompare(b.id));
    if (lacking[0]) return { product: lacking[0], complaint: top };
  }
  const pricey = others.filter((p) => p.price > prefs.budget.max).sort((a, b) => b.ratingCount - a.ratingCount || a.id.localeCompare(b.id));
  return pricey[0] ? { product: pricey[0], complaint: 'price' } : null;
}

/** What is wrong with a product for this Buyer, most important first. */
export type Problem =
  | { kind: 'category' }
  | { kind: 'price'; max: number }
  | { kind: 'brand'; brand: string }
  | { kind: 'feature'; feature: Feature }
  | { kind: 'age'; age: number }
  /** A number the targets share a range of ("about 350 to 550 pieces"). */
  | { kind: 'range'; attribute: string; min: number; max: number }
  /** Nothing to put a finger on: just not what the Buyer has in mind. */
  | { kind: 'other' };

/**
 * When a product that is not a target is good enough: `target` accepts targets only (the paper's task);
 * `close` also accepts a product with no problem whose numbers (pieces, battery, pages, …) lie within the
 * targets' range widened by `rangeTolerance`; `fits` accepts any product with no problem. `priceTolerance` is how
 * far over budget (a fraction) still counts as within it.
 */
export const ACCEPT_MODES = ['target', 'close', 'fits'] as const;
export interface AcceptRule {
  accept: (typeof ACCEPT_MODES)[number];
  priceTolerance: number;
  rangeTolerance: number;
}
export const DEFAULT_ACCEPT_RULE: AcceptRule = { accept: 'target', priceTolerance: 0.05, rangeTolerance: 0.15 };

export interface Judgement {
  accepted: boolean;
  isTarget: boolean;
  problems: Problem[];
}

export function problemsOf(prefs: Preferences, p: Product, budget: Budget, rule: AcceptRule): Problem[] {
  const problems: Problem[] = [];
  if (p.category !== prefs.category) return [{ kind: 'category' }];
  for (const f of prefs.features) if (!hasFeature(p, f)) problems.push({ kind: 'feature', feature: f });
  if (prefs.brandsDisliked.includes(p.brand)) problems.push({ kind: 'brand', brand: p.brand });
  const age = prefs.recipient.age;
  const ageMin = p.attributes.ageMin;
  if (age !== undefined && typeof ageMin === 'number' && ageMin > age) problems.push({ kind: 'age', age });
  if (p.price > budget.max * (1 + rule.priceTolerance)) problems.push({ kind: 'price', max: budget.max });
  return problems;
}

/** Judges a product against the preferences as the Buyer currently states them (`budget` may be a stated, not yet revised, one). */
export function judge(prefs: Preferences, p: Product, rule: AcceptRule = DEFAULT_ACCEPT_RULE, budget: Budget = prefs.budget): Judgement {
  const isTarget = prefs.targets.some((t) => t.id === p.id);
  const problems = problemsOf(prefs, p, budget, rule);
  // A target is accepted unless the Buyer's stated budget (before changing their mind) rules it out.
  const blocking = isTarget ? problems.filter((x) => x.kind === 'price') : problems;
  if (isTarget || blocking.length) return { accepted: blocking.length === 0, isTarget, problems: blocking };
  // No stated problem, but not a target: say what sets the targets apart, so the Seller can get closer.
  const difference = differenceFromTargets(prefs, p, rule.rangeTolerance);
  const accepted = rule.accept === 'fits' || (rule.accept === 'close' && difference.kind === 'other');
  return { accepted, isTarget, problems: accepted ? [] : [difference] };
}

/** Every number the targets have for an attribute (ageMin aside), as a [min, max] range. */
export function targetRanges(prefs: Preferences): Map<string, [number, number]> {
  const ranges = new Map<string, [number, number]>();
  for (const t of prefs.targets) {
    for (const [attribute, value] of Object.entries(t.attributes)) {
      if (typeof value !== 'number' || attribute === 'ageMin') continue;
      const r = ranges.get(attribute);
      ranges.set(attribute, r ? [Math.min(r[0], value), Math.max(r[1], value)] : [value, value]);
    }
  }
  return ranges;
}

/** For a product with no stated problem: the nearest reason a target suits better (price, a number, the brand), or `other`. */
function differenceFromTargets(prefs: Preferences, p: Product, tolerance: number): Problem {
  const prices = prefs.targets.map((t) => t.price);
  const top = Math.max(...prices);
  if (p.price > top * (1 + tolerance)) return { kind: 'price', max: Math.round(top * 1.1) };
  for (const [attribute, [min, max]] of targetRanges(prefs)) {
    const value = p.attributes[attribute];
    if (typeof value === 'number' && (value < min * (1 - tolerance) || value > max * (1 + tolerance)))
      return { kind: 'range', attribute, min, max };
  }
  const brand = prefs.brandsLiked[0];
  if (brand && p.brand !== brand) return { kind: 'brand', brand: p.brand };
  return { kind: 'other' };
}
