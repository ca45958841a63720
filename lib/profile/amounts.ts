import type { ItemOf } from './profile-schema';

/**
 * Budgets and ages in a Buyer's message. The text arrives lowercased with number words already turned into
 * digits ("a hundred and fifty" → "150"). A number is money when it carries a currency ("$50", "50 bucks") or
 * sits next to a budget word ("under 50", "50 tops"); a price the Buyer paid before is not a budget.
 */
type Budget = ItemOf<'budget'>;

const NUM = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;
const AMOUNT = new RegExp(String.raw`(\$\s*|usd\s*)?${NUM}\s*(k\b)?(\s*(?:\$|bucks?\b|dol+[ae]rs?\b|usd\b))?`, 'g');
const CLAUSE_BREAK = /[.;!?,]|\bbut\b|\bthough\b|\bhowever\b|\bso\b/g;

const UNIT_AFTER =
  /^\s*-?\s*(?:pieces?|pcs|piece|years?|yrs?|yo\b|y\/o|months?|weeks?|days?|hours?|hrs?|mins?|minutes?|lbs?\b|pounds?|kg\b|oz\b|mm\b|cm\b|atm\b|pack|count\b|ct\b|capsules?|tablets?|gummies|servings?|dogs?\b|cats?\b|kids?\b|miles?|km\b|mg\b|iu\b|mcg\b|pages?|books?|times?|sets?\b|st\b|nd\b|rd\b|th\b|percent|%|stars?|reviews?|x\b|ft\b|feet|inch|in a row|run|race|marathon|people|of them|ones?\b|pairs?|shoes|bags?)/;
const MODEL_BEFORE =
  /\b(?:size|model|series|version|number|no\.?|gen|generation|iphone|galaxy|pixel|vitamin|omega|qc|xm|ps|air|level|grade|age|aged|turning|turns|turned|ages|top|x|b|d)\s*$/;
const PAST_PRICE = /\b(?:paid|spent|cost|costs|costed|bought|charged|retails?|retailed|got (?:it|them|mine|those|these|one) for)\b/;
const WAS_BEFORE = /\b(?:it was|they were|was|were)\s*(?:like\s*|about\s*|around\s*)?$/;
const BUDGET_BEFORE =
  /(?:budget|spend|spending|afford|price|priced|under|below|less than|no more than|not more than|max|maximum|up to|upto|at most|around|about|roughly|approx(?:imately)?|between|within|over|above|more than|at least|limit|cap|range|cheaper than|~|like|somewhere|ballpark|close to|from|minimum|min)\s*(?:of|is|around|about|like|at|the|\$)?\s*$/;
const BUDGET_AFTER =
  /^\s*(?:max\b|maximum|tops\b|or less|or under|or below|or so|or more|and up|or higher|plus\b|\+|is my (?:limit|max|budget)|is the (?:limit|max)|range|budget|ish\b|give or take|at most|at the most|is about|or cheaper|limit)/;
const AROUND_BEFORE =
  /(?:around|about|roughly|approx(?:imately)?|~|like|somewhere|ballpark|close to|in the range of|near|something like)\s*(?:of\s*)?(?:\$\s*)?$/;
const AROUND_AFTER = /^\s*(?:ish\b|or so\b|give or take|-ish|ish)/;
const MIN_BEFORE = /(?:at least|minimum|min|more than|over|above|starting at|north of|upwards of)\s*(?:of\s*)?(?:\$\s*)?$/;
const MIN_AFTER = /^\s*(?:or more|and up|or higher|plus\b|\+|minimum|min\b|at least|or above)/;
const NEGATION = /\b(?:no|not|dont|don't|never|nothing|wont|won't|without|cant|can't|cannot|rather not|prefer not|hate to|refuse)\b/;
const RANGE_JOIN = /^\s*(?:-|–|—|to|and|or)\s*/;

interface Amount {
  value: number;
  start: number;
  end: number;
  money: boolean;
}

function readAmounts(s: string): Amount[] {
  const out: Amount[] = [];
  for (const m of s.matchAll(AMOUNT)) {
    const [whole, cur1, num, k, cur2] = m;
    const start = m.index ?? 0;
    let value = Number((num ?? '').replace(/,/g, ''));
    if (k) value *= 1000;
    out.push({ value, start, end: start + whole.replace(/\s+$/, '').length, money: Boolean(cur1 || cur2) });
  }
  return out;
}

function clauseStart(s: string, at: number): number {
  let start = 0;
  for (const m of s.slice(0, at).matchAll(CLAUSE_BREAK)) start = (m.index ?? 0) + m[0].length;
  return start;
}

/** The Buyer's budget, or null when the message states none. */
export function readBudget(s: string): Budget | null {
  const amounts = readAmounts(s);
  let min: number | undefined;
  let max: number | undefined;
  const used = new Set<number>();
  for (const [i, a] of amounts.entries()) {
    if (used.has(i)) continue;
    const clause = s.slice(clauseStart(s, a.start), a.start);
    const before = clause.slice(-40);
    const after = s.slice(a.end, a.end + 30);
    if (UNIT_AFTER.test(after) && !/^\s*(?:\$|bucks|dollars|usd)/.test(after)) continue;
    if (MODEL_BEFORE.test(before) && !a.money) continue;
    const ish = /ish\b/.test(s.slice(a.start, a.end + 4)); // "50ish", "50-ish"
    const cue = BUDGET_BEFORE.test(before) || BUDGET_AFTER.test(after) || ish;
    // A bare number ("5k" is a race, "2 dogs") is money only next to a budget word.
    if (!a.money && !cue) continue;
    if (PAST_PRICE.test(clause) || WAS_BEFORE.test(before)) continue;

    // A range: "50-80", "$50 to $80", "between 50 and 80".
    const next = amounts[i + 1];
    const join = next ? s.slice(a.end, next.start) : '';
    if (
      next &&
      RANGE_JOIN.test(join) &&
      join
        .replace(RANGE_JOIN, '')
        .replace(/\$|usd/g, '')
        .trim() === '' &&
      next.value >= a.value &&
      (join.trim() !== 'and' || /between\s*(?:\$\s*)?$/.test(before)) &&
      (join.trim() !== 'or' || a.money || next.money)
    ) {
      const low = ish ? Math.round(a.value * 0.8) : a.value;
      min = Math.round(low);
      max = Math.round(next.value);
      used.add(i + 1);
      continue;
    }
    if (AROUND_BEFORE.test(before) || AROUND_AFTER.test(after) || ish) {
      min = Math.round(a.value * 0.8);
      max = Math.round(a.value * 1.2);
      continue;
    }
    const negated = NEGATION.test(clause);
    if (MIN_BEFORE.test(before) && !negated) min = Math.round(a.value);
    else if (MIN_AFTER.test(after)) min = Math.round(a.value);
    else max = Math.round(a.value);
  }
  if (min === undefined && max === undefined) return null;
  if (min !== undefined && max !== undefined && min > max) return { slot: 'budget', max };
  return { slot: 'budget', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

const AGE_PATTERNS: [RegExp, (n: number) => number][] = [
  [/(\d+(?:\.\d+)?)\s*-?\s*(?:years?|yrs?|yr)\s*-?\s*old/, (n) => n],
  [/(\d+(?:\.\d+)?)\s*(?:yo|y\/o|y\.o\.?)\b/, (n) => n],
  [/(\d+)\s*-?\s*(?:months?|mos?)\s*-?\s*old/, (n) => Math.round((n / 12) * 10) / 10],
  [/\b(?:is|hes|shes|he's|she's|aged?|just)\s+(\d+)\s*(?:months?|mos?)\b/, (n) => Math.round((n / 12) * 10) / 10],
  [/(?:turning|turns|turned|aged|age of|ages|age)\s+(\d+)\b/, (n) => n],
  [/(\d+)(?:st|nd|rd|th)\s+(?:birthday|bday|b-day)/, (n) => n],
  [
    /\b(?:is|hes|shes|he's|she's|who's|whos|they're|theyre|they are|im|i'm|i am)\s+(\d{1,2})\b(?!\s*(?:\$|bucks|dollars|usd|k\b|pieces|lbs?|pounds|percent|%|inches|feet|ft|ish))/,
    (n) => n,
  ],
];

/** The age of whoever the product is for, in years. */
export function readAge(s: string): number | null {
  for (const [re, toYears] of AGE_PATTERNS) {
    const m = re.exec(s);
    if (m) {
      const n = toYears(Number(m[1]));
      if (n > 0 && n < 120) return n;
    }
  }
  return null;
}
