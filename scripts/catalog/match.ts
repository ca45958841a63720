import type { AttributeValue, Persona } from '../../lib/catalog/catalog-schema';
import type { Constraint, Fit } from './types';

/**
 * Whether an attribute value matches a wanted one. One rule for personas' mustHave/mustNotHave and for judged
 * queries' attribute filters: a wanted array means "any of these"; an array attribute (compatibility, dietary)
 * matches a wanted string it contains; anything else must be equal.
 */
export function valueMatches(actual: AttributeValue | undefined, wanted: AttributeValue): boolean {
  if (actual === undefined) return false;
  if (Array.isArray(wanted)) return wanted.some((w) => valueMatches(actual, w));
  if (Array.isArray(actual)) return typeof wanted === 'string' && actual.includes(wanted);
  return actual === wanted;
}

/** The constraints a persona's profile states (budget, must-haves, must-not-haves, disliked brands). */
export function profileConstraints(profile: Persona['profile']): Constraint[] {
  const out: Constraint[] = [];
  const { budgetMin, budgetMax } = profile;
  if (budgetMin !== undefined || budgetMax !== undefined) {
    out.push({
      label: 'budget',
      test: (p) => (budgetMin === undefined || p.price >= budgetMin) && (budgetMax === undefined || p.price <= budgetMax),
    });
  }
  for (const [key, wanted] of Object.entries(profile.mustHave ?? {})) {
    out.push({ label: `has ${key}`, test: (p) => valueMatches(p.attributes[key], wanted) });
  }
  for (const [key, unwanted] of Object.entries(profile.mustNotHave ?? {})) {
    out.push({ label: `not ${key}`, test: (p) => !valueMatches(p.attributes[key], unwanted) });
  }
  const disliked = profile.brandsDisliked ?? [];
  if (disliked.length) out.push({ label: 'brand not disliked', test: (p) => !disliked.includes(p.brand) });
  return out;
}

export function countSatisfied(constraints: readonly Constraint[], p: Fit): number {
  let n = 0;
  for (const c of constraints) if (c.test(p)) n++;
  return n;
}

export function num(p: Fit, key: string): number {
  const v = p.attributes[key];
  return typeof v === 'number' ? v : Number.NaN;
}

/** Whether a LEGO-style age range ("9+", "6-12", "18m+") includes an age in years. */
export function ageRangeIncludes(range: string, age: number): boolean {
  const m = /^(\d+)(m)?(?:\+|-(\d+))$/.exec(range);
  if (!m) return false;
  const min = m[2] ? Number(m[1]) / 12 : Number(m[1]);
  const max = m[3] ? Number(m[3]) : Infinity;
  return age >= min && age <= max;
}
