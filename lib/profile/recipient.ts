/**
 * Who the product is for. People need a lead-in ("for my", "a 9 year old"); pets are named without one. An age
 * phrase is read before any pet-food phrase it touches ("a 5 yr old boy" is a child, not the "old boy" of senior
 * dog food), and stands for a child on its own ("my 14 yr old wants beats"). Someone only asked ("let me check
 * with my wife") is not who it is for.
 */
export interface RecipientMention {
  who: string;
  start: number;
  end: number;
}

const LEAD = new Set([
  'birthday',
  'for',
  'my',
  'our',
  'his',
  'her',
  'a',
  'an',
  'the',
  'gift',
  'little',
  'two',
  'three',
  '2',
  '3',
  'of',
  'both',
  'old',
  'new',
  'year',
  'yo',
  'grand',
  'younger',
  'older',
  'big',
  'teenage',
  'teen',
  'baby',
  'senior',
  'adult',
  'lil',
]);
const PETS = new Set(['dog', 'cat']);
const POSSESSIVES = new Set(['my', 'our', 'his', 'her', 'their', 'your']);
/** "for a 12 year old": an age after an article stands for a child too. */
const ARTICLES = new Set(['a', 'an']);
/** Units of an age phrase: "5 yr old", "10 week old", "18 months". */
export const AGE_UNITS = new Set(['yr', 'yrs', 'year', 'years', 'y', 'month', 'months', 'mo', 'mos', 'week', 'weeks', 'wk', 'wks']);
/** An age alone names a child up to this age ("my 14 yr old"); older, it could be anyone. */
const MAX_CHILD_AGE = 17;
/** Before a person: they are asked ("check with my wife", "ask my husband"). */
const ADVISOR_BEFORE = new Set(['with', 'ask', 'asked', 'asking', 'tell', 'told', 'telling', 'text', 'call']);
/**
 * After a person: they are where an opinion comes from, not who it is for ("my sister says anything under 100 is
 * junk", "my friend swears by thorne", "my mom keeps telling me to take magnesium").
 */
const SOURCE_VERBS = new Set([
  'says',
  'said',
  'swears',
  'swore',
  'thinks',
  'thought',
  'reckons',
  'recommended',
  'recommends',
  'mentioned',
  'suggested',
  'suggests',
  'told',
  'tells',
  'keeps',
  'pushes',
  'warned',
  'claims',
  'raves',
  'insists',
  'swear',
]);
/** Between a person and a source verb: "my friend *also* said", "my sister *always* says". */
const SOURCE_GAP = new Set(['also', 'always', 'just', 'even', 'actually', 'apparently', 'literally', 'once', 'who']);
/** Words after which a person opens a clause. */
const CLAUSE_OPENERS = new Set(['.', ',', ';', '!', '?', 'and', 'so', 'but', 'ok', 'okay', 'well', 'hi', 'hey', 'yeah', 'also']);
/** Verbs that make a clause-opening person the one it is for ("mom wants", "dad needs", "grandkids are 4"). */
const SUBJECT_VERBS = new Set([
  'needs',
  'need',
  'wants',
  'want',
  'likes',
  'loves',
  'is',
  'are',
  'has',
  'uses',
  'runs',
  'reads',
  'plays',
  'does',
  'hates',
  'prefers',
  'gets',
  'wears',
]);

/** A mention, or an age standing alone for a child ("my 14 yr old"). */
type Mention = RecipientMention & { ageAlone?: boolean };

const at = (tokens: readonly string[], i: number) => tokens[i] ?? '';

/** "my 14 yr old", "our 7 yo": an age standing for a child, where no person or pet word follows it. */
function ageAlone(tokens: readonly string[], mentions: readonly RecipientMention[]): Mention[] {
  const out: Mention[] = [];
  for (let i = 1; i < tokens.length; i++) {
    if (!(POSSESSIVES.has(at(tokens, i - 1)) || ARTICLES.has(at(tokens, i - 1))) || !/^\d+$/.test(at(tokens, i))) continue;
    const age = Number(at(tokens, i));
    const unitEnd = at(tokens, i + 1) === 'yo' ? i + 2 : AGE_UNITS.has(at(tokens, i + 1)) && at(tokens, i + 2) === 'old' ? i + 3 : -1;
    if (unitEnd < 0 || age > MAX_CHILD_AGE || !(age > 0)) continue;
    // "my 9 year old golden retriever": the person or pet named after it is who it is for.
    if (mentions.some((m) => m.start >= unitEnd && m.start <= unitEnd + 2)) continue;
    out.push({ who: 'child', start: i, end: unitEnd, ageAlone: true });
  }
  return out;
}

/** A person opening a clause as the subject of what they need ("dad needs iron", "grandkids are 4 and 6"). */
function subject(tokens: readonly string[], m: RecipientMention): boolean {
  const before = at(tokens, m.start - 1);
  if (m.start > 0 && !CLAUSE_OPENERS.has(before)) return false;
  const next = at(tokens, m.end);
  return SUBJECT_VERBS.has(next) || /^\d/.test(next);
}

/** Who the product is for (a canonical recipient such as "child" or "dog"), or null when the message names no one. */
export function pickRecipient(tokens: readonly string[], mentions: readonly RecipientMention[], category: string | null): string | null {
  let best: { who: string; end: number } | null = null;
  const all: Mention[] = [...mentions, ...ageAlone(tokens, mentions)].sort((a, b) => a.start - b.start);
  for (const m of all) {
    const pet = PETS.has(m.who);
    if (pet && category !== null && category !== 'pet_food') continue;
    const led = m.ageAlone || LEAD.has(at(tokens, m.start - 1)) || LEAD.has(at(tokens, m.start - 2)) || pet || subject(tokens, m);
    if (!led) continue;
    if (ADVISOR_BEFORE.has(at(tokens, m.start - 1)) || ADVISOR_BEFORE.has(at(tokens, m.start - 2))) continue;
    let next = m.end;
    while (SOURCE_GAP.has(at(tokens, next))) next++;
    if (SOURCE_VERBS.has(at(tokens, next))) continue;
    // The first person named, except "my son's teacher": the last of two people in a row is the one it is for.
    // "my mom's 2 cats": a count between them still makes the pet the one it is for.
    if (!best || best.end === m.start || (best.end === m.start - 1 && /^\d+$/.test(at(tokens, best.end))))
      best = { who: m.who, end: m.end };
  }
  return best?.who ?? null;
}
