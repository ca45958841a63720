import { RECIPIENT_WORDS } from './vocabulary';

/**
 * The age of whoever the product is for, in years, from a Buyer's message (lowercase, number words already
 * digits). Ages in months are fractions of a year.
 */
const toMonths = (n: number) => Math.round((n / 12) * 10) / 10;
const WEEKS_A_YEAR = 52;
const toWeeks = (n: number) => Math.round((n / WEEKS_A_YEAR) * 100) / 100;
const PERSON = Object.values(RECIPIENT_WORDS)
  .flat()
  .filter((w) => !w.includes(' '))
  .join('|');
/** After a bare number: what it counts, so it is no age ("she's 40 lbs", "he's 8 pieces in"). */
const NOT_AGE_AFTER = String.raw`(?!\s*(?:\$|bucks|dollars|usd|k\b|pieces|lbs?|pounds|percent|%|inches|feet|ft|ish|sets?|pairs?|books?|of\b|x\b|times|weeks?|days?|kg|miles|km))`;

/** After an ordinal: it counts something other than years ("her 5th pair", "his 3rd grade"). */
export const ORDINAL_NOT_BIRTHDAY = String.raw`(?!\s*(?:pair|grade|place|time|set|book|bottle|bag|one|watch|round|try|year))`;

const AGE_PATTERNS: [RegExp, (n: number) => number][] = [
  [/(\d+(?:\.\d+)?)\s*-?\s*(?:years?|yrs?|yr)\s*-?\s*old/g, (n) => n],
  [/(\d+(?:\.\d+)?)\s*(?:yo|y\/o|y\.o\.?)\b/g, (n) => n],
  [/(\d+)\s*-?\s*(?:months?|mos?)\s*-?\s*old/g, toMonths],
  [/\b(?:is|are|hes|shes|he's|she's|theyre|they're|aged?|just)\s+(\d+)\s*(?:months?|mos?)\b/g, toMonths],
  // A puppy's or kitten's age: "10 weeks old", "my kittens are 10 weeks".
  [/(\d+)\s*-?\s*(?:weeks?|wks?)\s*-?\s*old/g, toWeeks],
  [/\b(?:is|are|hes|shes|he's|she's|theyre|they're|just)\s+(\d+)\s*(?:weeks?|wks?)\b/g, toWeeks],
  // "ages 4, 6 and 9" is several children, no one age.
  [/(?:turning|turns|turned|aged|age of|ages|age)\s+(\d+)\b(?!\s*(?:,|and|&|-|to)?\s*\d)/g, (n) => n],
  [/(\d+)(?:st|nd|rd|th)\s+(?:birthday|bday|b-day)/g, (n) => n],
  // "grandpa's 90th", "for her 70th": an ordinal after whose it is is a birthday.
  [new RegExp(String.raw`(?:'s|s|\bher|\bhis|\btheir)\s+(\d+)(?:st|nd|rd|th)\b${ORDINAL_NOT_BIRTHDAY}`, 'g'), (n) => n],
  // "the twins are 7", "my nephew is 12".
  [new RegExp(String.raw`\b(?:${PERSON})\s+(?:is|are)\s+(\d{1,2})\b${NOT_AGE_AFTER}`, 'g'), (n) => n],
  // "my daughter (11)".
  [new RegExp(String.raw`\b(?:${PERSON})(?:'?s)?\s*\((\d{1,2})\)`, 'g'), (n) => n],
  [
    new RegExp(String.raw`\b(?:is|hes|shes|he's|she's|who's|whos|they're|theyre|they are|im|i'm|i am)\s+(\d{1,2})\b${NOT_AGE_AFTER}`, 'g'),
    (n) => n,
  ],
];
const MAX_AGE = 120;

/** The first age in the message, by the patterns' order. */
export function readAge(s: string): number | null {
  for (const [re, toYears] of AGE_PATTERNS) {
    for (const m of s.matchAll(re)) {
      const n = toYears(Number(m[1]));
      if (n > 0 && n < MAX_AGE) return n;
    }
  }
  return null;
}
