import { isWord } from './lexicon';
import type { ItemOf } from './profile-schema';
import { typoEdits } from './terms';

/**
 * Budgets and ages in a Buyer's message. The text arrives lowercased with number words already turned into
 * digits ("a hundred and fifty" → "150"). A number is money when it carries a currency ("$50", "50 bucks") or
 * sits next to a budget word ("under 50", "50 tops"); a price the Buyer paid before is not a budget.
 */
type Budget = ItemOf<'budget'>;

const NUM = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;
/** Pounds and euros too ("£80", "forty quid", "20 euros"); "pounds" is money unless a bag's or a dog's weight follows. */
const AMOUNT = new RegExp(
  String.raw`(\$\s*|usd\s*|£\s*|€\s*)?${NUM}\s*(k\b)?(\s*(?:\$|bucks?\b|dol+[ae]rs?\b|usd\b|quid\b|euros?\b|eur\b|gbp\b|pounds?\b(?!\s*(?:bag|of|dog|cat|bags|sack)\b)))?`,
  'g',
);
const CLAUSE_BREAK = /[.;!?,]|\bbut\b|\bthough\b|\bhowever\b|\bso\b/g;

/** A bare number below this is a count ("like 2 a week", "about two"), never a budget without a currency. */
const MIN_BARE_BUDGET = 5;
/** Both ends of a bare range ("200-350") must reach this to be read as money without a currency or budget word. */
const MIN_BARE_RANGE = 10;
/** "around 150" is a ±20 % range; a bound ("150 tops", "no more than 150ish") is a maximum however loosely said. */
const AROUND_SPREAD = 0.2;

const UNIT_AFTER =
  /^\s*-?\s*(?:pieces?|pcs|piece|years?|yrs?|yo\b|y\/o|months?|weeks?|days?|hours?|hrs?|mins?|minutes?|lbs?\b|pounds?|kg\b|oz\b|mm\b|cm\b|atm\b|pack|count\b|ct\b|capsules?|tablets?|gummies|servings?|dogs?\b|cats?\b|kids?\b|miles?|km\b|mg\b|iu\b|mcg\b|pages?|books?|times?|sets?\b|st\b|nd\b|rd\b|th\b|percent|%|stars?|reviews?|x\b|ft\b|feet|inch|in a row|run|race|marathon|people|of them|ones?\b|pairs?|shoes|bags?)/;
/** After a bare number: it counts something per period ("3 a week"). Never said of money without a currency. */
const PER_PERIOD_AFTER = /^\s*(?:a|an|per|every|each)\s+(?:week|day|month|year|night|morning)\b/;
const MODEL_BEFORE =
  /\b(?:size|model|series|version|number|no\.?|gen|generation|iphone|galaxy|pixel|vitamin|omega|qc|xm|ps|air|level|grade|age|aged|turning|turns|turned|ages|top|x|b|d)\s*$/;
const PAST_PRICE = /\b(?:paid|spent|cost|costs|costed|bought|charged|retails?|retailed|got (?:it|them|mine|those|these|one) for)\b/;
const WAS_BEFORE = /\b(?:it was|they were|was|were)\s*(?:like\s*|about\s*|around\s*)?$/;
const BUDGET_BEFORE =
  /(?:budget|budget's|budgets|spend|spending|afford|price|priced|under|below|less than|no more than|not more than|max|maximum|up to|upto|at most|around|about|roughly|approx(?:imately)?|between|within|over|above|more than|at least|limit|cap|range|cheaper than|~|like|somewhere|ballpark|close to|from|minimum|min|keep it|tops|ceiling|can do|can go|willing to (?:pay|spend|do|go)|(?:have|got|ive got|weve got|theres) (?:like |about |around )?)\s*(?:of|is|around|about|like|at|to|the|\$)?\s*$/;
const BUDGET_AFTER =
  /^\s*(?:each\s*|a piece\s*|apiece\s*)?(?:max\b|maximum|tops\b|or less|or under|or below|or so|or more|and up|or higher|plus\b|\+|is my (?:limit|max|budget)|is the (?:limit|max)|range|budget|ish\b|give or take|at most|at the most|is about|or cheaper|limit|total\b|in total|all in\b|all together|altogether|to spend|to play with)/;
/** A maximum, however loosely said: it beats "like" and "-ish" ("like 150 bucks tops", "no more than $150ish"). */
const MAX_BEFORE =
  /(?:under|below|less than|no more than|not more than|max|maximum|up to|upto|at most|within|cheaper than|keep it(?: to| at| under)?|limit(?: is)?|cap(?: is)?|ceiling(?: is)?|tops)\s*(?:of|is|at|around|about|like|the)?\s*(?:\$\s*)?$/;
const MAX_AFTER =
  /^\s*(?:-?\s*ish\s*)?(?:each\s*|a piece\s*|per pair\s*|apiece\s*)?,?\s*(?:hard cap|max\b|maximum|tops\b|top\b|or less|or under|or below|at most|at the most|or cheaper|is my (?:limit|max)|is the (?:limit|max)|limit\b)/;
const AROUND_BEFORE =
  /(?:around|about|roughly|approx(?:imately)?|~|like|somewhere|ballpark|close to|in the range of|near|something like)\s*(?:of\s*)?(?:\$\s*)?$/;
const AROUND_AFTER = /^\s*(?:ish\b|or so\b|give or take|-ish|ish)/;
const MIN_BEFORE = /(?:at least|minimum|min|more than|over|above|starting at|north of|upwards of)\s*(?:of\s*)?(?:\$\s*)?$/;
const MIN_AFTER = /^\s*(?:or more|and up|or higher|plus\b|\+|minimum|min\b|at least|or above)/;
/**
 * A price asked about, not offered: "is that like 800 bucks??", "are they really 300?" (but "anything under 100?"
 * asks for a budget, and its amount has a budget word before it).
 */
const PRICE_QUESTION_BEFORE =
  /\b(?:is|are|was|were|isnt|arent) (?:that|it|this|they|those|these|the \w+|that one|this one)\b(?:(?!\b(?:under|below|less|max|more|over|within)\b).)*$/;
/** "budget like 60", "budget's like 140": a budget said loosely is still its maximum ("budget 60ish" is not). */
const BUDGET_IS_LIKE = /budget(?:'s|s| is)?\s*(?:like|maybe)\s*(?:\$\s*|£\s*)?$/;
const NEGATION =
  /\b(?:no|not|dont|don't|never|nothing|nothin|nuthin|wont|won't|without|cant|can't|cannot|rather not|prefer not|hate to|refuse)\b/;
const RANGE_JOIN = /^\s*(?:-|–|—|to|and|or|)\s*$/;
/** Joins that make two bare numbers a range on their own ("200-350", "100 to 130"); "and"/"or" need more. */
const BARE_RANGE_JOIN = /^\s*(?:-|–|—|to)\s*$/;

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

/** What the words around an amount (or a range's two ends) make of it. */
interface Context {
  clause: string;
  before: string;
  after: string;
}

function contextOf(s: string, first: Amount, last: Amount): Context {
  const clause = s.slice(clauseStart(s, first.start), first.start);
  return { clause, before: clause.slice(-40), after: s.slice(last.end, last.end + 30) };
}

/** Counts, sizes, ages, model numbers and prices paid before: numbers that are not what the Buyer will spend. */
function notMoney(c: Context, a: Amount): boolean {
  if (UNIT_AFTER.test(c.after) && !/^\s*(?:\$|bucks|dollars|usd)/.test(c.after) && !a.money) return true;
  if (PRICE_QUESTION_BEFORE.test(c.clause) && /^[^.!,;]*\?/.test(c.after)) return true;
  if (a.money) return PAST_PRICE.test(c.clause) || WAS_BEFORE.test(c.before);
  return (
    MODEL_BEFORE.test(c.before) ||
    PER_PERIOD_AFTER.test(c.after) ||
    a.value < MIN_BARE_BUDGET ||
    PAST_PRICE.test(c.clause) ||
    WAS_BEFORE.test(c.before)
  );
}

const hasCue = (c: Context, ish: boolean) => BUDGET_BEFORE.test(c.before) || BUDGET_AFTER.test(c.after) || ish;

/** The second number of a range starting at `i` ("50-80", "$50 to $80", "between 50 and 80"), if there is one. */
function rangeEnd(s: string, amounts: readonly Amount[], i: number): Amount | null {
  const a = amounts[i];
  const next = amounts[i + 1];
  if (!a || !next || next.value < a.value) return null;
  const join = s.slice(a.end, next.start).replace(/\$|usd/g, '');
  if (!RANGE_JOIN.test(join)) return null;
  const word = join.trim();
  const before = s.slice(Math.max(0, a.start - 20), a.start);
  if (word === 'and' && !/between\s*(?:the\s*)?(?:like\s*|about\s*|around\s*|roughly\s*)?(?:\$\s*|£\s*)?$/.test(before)) return null;
  if (word === 'or' && !a.money && !next.money) return null;
  // "like twenty five thirty": two amounts said one after the other are a range, the second the larger.
  if (word === '' && (next.value <= a.value || a.value < MIN_BARE_RANGE)) return null;
  return next;
}

/** The words a budget is said with, which a typo must not hide ("betwen", "undr", "bugdet"). */
const BUDGET_WORDS = [
  'between',
  'budget',
  'under',
  'dollars',
  'bucks',
  'maximum',
  'around',
  'about',
  'spend',
  'afford',
  'cheaper',
  'limit',
];
const MIN_TYPO_LENGTH = 4;

/** A typo of a budget word: not English, and one edit (or one swap of neighbouring letters) away. */
function budgetWordFor(token: string): string | null {
  if (token.length < MIN_TYPO_LENGTH || isWord(token)) return null;
  for (const w of BUDGET_WORDS) {
    if (typoEdits(token, w) <= 1) return w;
  }
  return null;
}

/** Spells budget words right, so the patterns below read them. */
export function fixBudgetTypos(s: string): string {
  return s.replace(/[a-z]+/g, (t) => budgetWordFor(t) ?? t);
}

/** The Buyer's budget, or null when the message states none. */
export function readBudget(text: string): Budget | null {
  const s = fixBudgetTypos(text);
  const amounts = readAmounts(s);
  let min: number | undefined;
  let max: number | undefined;
  let aroundMin = false;
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i] as Amount;
    const end = rangeEnd(s, amounts, i);
    const last = end ?? a;
    const c = contextOf(s, a, last);
    const money = a.money || last.money;
    const ish = /^\s*-?\s*ish\b/.test(s.slice(last.end, last.end + 5)); // "50ish", "50-ish"
    if (end) i++;
    if (notMoney(c, { ...a, money })) continue;
    if (end) {
      // A range: "$50-80", "between 50 and 80", and bare "200-350" (no unit after it, both ends like prices).
      const bare = BARE_RANGE_JOIN.test(s.slice(a.end, end.start).replace(/\$|usd|£/g, '')) && a.value >= MIN_BARE_RANGE;
      if (!money && !hasCue(c, ish) && !bare) continue;
      min = Math.round(a.value);
      max = Math.round(end.value);
      continue;
    }
    if (!money && !hasCue(c, ish)) continue;
    const negated = NEGATION.test(c.clause);
    // "nothing over 70" and "don't want to go above 120" are maximums.
    if (MAX_BEFORE.test(c.before) || MAX_AFTER.test(c.after) || (negated && MIN_BEFORE.test(c.before))) {
      max = Math.round(a.value);
      // "like two hundred maybe two twenty five max": the bound said last is the budget.
      if (aroundMin) min = undefined;
    } else if (MIN_BEFORE.test(c.before)) min = Math.round(a.value);
    else if (MIN_AFTER.test(c.after)) min = Math.round(a.value);
    else if (BUDGET_IS_LIKE.test(c.before) && !AROUND_AFTER.test(c.after) && !ish) max = Math.round(a.value);
    else if (AROUND_BEFORE.test(c.before) || AROUND_AFTER.test(c.after) || ish) {
      aroundMin = true;
      min = Math.round(a.value * (1 - AROUND_SPREAD));
      max = Math.round(a.value * (1 + AROUND_SPREAD));
    } else max = Math.round(a.value);
  }
  if (min === undefined && max === undefined) return null;
  if (min !== undefined && max !== undefined && min > max) return { slot: 'budget', max };
  return { slot: 'budget', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}
