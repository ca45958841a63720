import { fold } from './text';

/**
 * A query as tokens the reader can parse: lower-case words and numbers, with units split from their numbers
 * ("400mg" → "400 mg", "8mm" → "8 mm") and the few symbols that carry meaning in a shop's search box ("$", "+", a
 * "-" between numbers). Apostrophes are closed up ("don't" → "dont", "men's" → "mens") so a negation or a
 * possessive stays one word.
 */
export interface Token {
  /** The folded word, or the symbol. */
  w: string;
  /** True for "$", "£", "€", "+", "-". */
  sym: boolean;
  /** True when a hyphen joined it to the token before ("on-ear", "at-at"). */
  hyphened: boolean;
  /** True for the last word when the Seller is still typing it. */
  typing: boolean;
  /** Also read as an attribute or a category: never reported as matching nothing. */
  read?: boolean;
  /** A hyphenated word's parts, when `w` is them joined ("at-at" → "atat", parts "at", "at"). */
  parts?: string[];
  /** Said as not wanted ("no fish", "allergic to chicken"): products that say it rank lower. */
  neg?: boolean;
}

const UNITS = new Set([
  'mg',
  'mcg',
  'iu',
  'mm',
  'cm',
  'lb',
  'lbs',
  'oz',
  'g',
  'kg',
  'ml',
  'h',
  'hr',
  'hrs',
  'hour',
  'hours',
  'day',
  'days',
  'wk',
  'week',
  'weeks',
  'pc',
  'pcs',
  'ct',
  'k',
  'gb',
  'atm',
  'm',
]);

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  hundred: '100',
};

export function tokenize(text: string): Token[] {
  const folded = fold(text)
    .replace(/(\p{L})['’](\p{L})/gu, '$1$2')
    .replace(/(\d),(?=\d{3}\b)/g, '$1'); // 2,000 pieces
  const out: Token[] = [];
  const re = /[\p{L}\p{N}]+|[$£€+]|-/gu;
  let prevEnd = -1;
  let m: RegExpExecArray | null;
  while ((m = re.exec(folded))) {
    const raw = m[0];
    const start = m.index;
    const glued = start === prevEnd;
    prevEnd = start + raw.length;
    if (raw === '-') {
      out.push({ w: '-', sym: true, hyphened: false, typing: false });
      continue;
    }
    const range = out.at(-1)?.w === '-' && isNumber(out.at(-2)?.w) && isNumber(raw);
    const afterHyphen = out.at(-1)?.w === '-' && glued && !range;
    if (afterHyphen) out.pop(); // "on-ear", "wh-1000xm5": the hyphen only joins words
    const unit = /^(\d+(?:\.\d+)?)(\p{L}+)$/u.exec(raw);
    if (unit && UNITS.has(unit[2] ?? '')) {
      out.push(
        { w: unit[1] ?? '', sym: false, hyphened: false, typing: false },
        { w: unit[2] ?? '', sym: false, hyphened: false, typing: false },
      );
      continue;
    }
    out.push({ w: raw, sym: /^[$£€+]$/.test(raw), hyphened: afterHyphen, typing: false });
  }
  // A hyphen left standing is a range ("3-5") or nothing.
  const tokens = out.filter((t, i) => t.w !== '-' || (/^\d/.test(out[i - 1]?.w ?? '') && /^\d/.test(out[i + 1]?.w ?? '')));
  const last = tokens.at(-1);
  if (last && !last.sym && /[\p{L}\p{N}]$/u.test(text)) last.typing = true;
  return tokens;
}

/** A unit a number may be written with ("mm", "lb", "m"). */
export function isUnit(w: string): boolean {
  return UNITS.has(w);
}

/** "three" → "3"; other words as they are. */
export function numberWord(w: string): string {
  return NUMBER_WORDS[w] ?? w;
}

export function isNumber(w: string | undefined): boolean {
  return w !== undefined && /^\d+(\.\d+)?$/.test(w);
}

/** The singular a catalog most likely uses: "stages" → "stage", "batteries" → "battery", "glasses" stays. */
export function singular(w: string): string {
  if (/^\d+s$/.test(w)) return w.slice(0, -1); // "omega 3s", "the 90s"
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(ch|sh|x|ss|z)es$/.test(w)) return w.slice(0, -2); // watches, boxes
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

/** The same word in the other spelling of English: colour/color, centre/center, cosy/cozy, grey/gray. */
export function spellings(w: string): string[] {
  const out = new Set<string>();
  const swaps: [RegExp, string][] = [
    [/our/g, 'or'],
    [/or(?=s?$|ful|ite|ed|ing)/g, 'our'],
    [/tre(s?)$/g, 'ter$1'],
    [/ter(s?)$/g, 'tre$1'],
    [/is(e|ed|es|ing|ation)$/g, 'iz$1'],
    [/iz(e|ed|es|ing|ation)$/g, 'is$1'],
    [/ll(ed|ing|er)$/g, 'l$1'],
    [/([^l])l(ed|ing|er)$/g, '$1ll$2'],
    [/grey/g, 'gray'],
    [/gray/g, 'grey'],
    [/cosy/g, 'cozy'],
    [/cozy/g, 'cosy'],
    [/aluminium/g, 'aluminum'],
    [/aluminum/g, 'aluminium'],
  ];
  for (const [re, to] of swaps) {
    const v = w.replace(re, to);
    if (v !== w) out.add(v);
  }
  return [...out];
}
