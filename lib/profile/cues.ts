import { PhraseMatcher } from './terms';
import { SELF_PHRASES } from './vocabulary';

/** Words around a brand or feature that say whether the Buyer wants it ("not a fan of Nike", "ANC is a must"). */
export type Cue = 'neg' | 'pos' | 'after-neg' | 'after-pos' | 'owned' | 'owned-after' | 'self';

const CUES: Record<Cue, readonly string[]> = {
  neg: ['no', 'not', 'dont', 'doesnt', 'didnt', 'never', 'without', 'avoid', 'avoiding', 'hate', 'hated', 'dislike', 'disliked', 'skip', 'anything but', 'everything but', 'anything except', 'except', 'no more', 'not a fan', 'not a big fan', 'cant stand', 'sick of', 'done with', 'tired of', 'allergic', 'allergic to', 'steer clear', 'stay away', 'rather not', 'prefer not', 'wouldnt', 'wont', 'isnt', 'arent', 'nothing', 'none', 'nor', 'neither', 'instead of', 'rather than', 'other than', 'away from', 'not into', 'no need', 'pass on', 'bad experience', 'bad luck', 'free of', 'minus', 'aside from', 'apart from', 'ditch', 'over', 'hates', 'cant have', 'cant do', 'not keen', 'no to', 'dont need', 'dont want', 'doesnt need', 'dont like', 'didnt like', 'too'],
  pos: ['dont mind', 'wouldnt mind', 'not opposed', 'not against', 'no problem with', 'nothing against', 'cant go wrong', 'dont care if', 'no complaints', 'not bad', 'never had a problem', 'never had problems', 'never disappointed', 'loved', 'love', 'like', 'liked', 'prefer', 'fan of', 'big fan', 'swear by', 'trust', 'stick with', 'partial to', 'happy with'],
  'after-neg': ['sucks', 'suck', 'overrated', 'no thanks', 'not for me', 'hard pass', 'no way', 'never again', 'is out', 'are out', 'not needed', 'isnt needed', 'not necessary', 'unnecessary', 'is a no', 'a dealbreaker', 'dealbreaker', 'not interested', 'overpriced', 'too expensive', 'too pricey', 'gave me blisters', 'hurt my', 'hurts my', 'dont work', 'doesnt work', 'not important', 'dont matter', 'doesnt matter', 'not a priority', 'i dont need', 'dont need', 'isnt a must', 'not a must', 'is optional', 'can go', 'i can do without', 'no go', 'nope', 'is junk', 'was junk', 'disappointed', 'not great', 'is awful', 'was awful', 'was terrible', 'is terrible', 'are terrible', 'made him sick', 'made her sick', 'made him itch', 'upset his stomach', 'upset her stomach', 'didnt agree', 'wont eat', 'refuses', 'turned up his nose', 'turned up her nose', 'wont cut it', 'not enough', 'isnt enough', 'wouldnt touch', 'not that again'],
  'after-pos': ['is a must', 'a must', 'must have', 'please', 'would be nice', 'are great', 'is great', 'are the best', 'is the best', 'only', 'a plus', 'is key', 'is important', 'essential', 'required', 'definitely', 'ideally', 'pls', 'plz', 'lasted', 'held up', 'were great', 'was great', 'are amazing', 'was amazing', 'loves', 'love'],
  owned: ['my old', 'my current', 'my previous', 'my last', 'my first', 'my', 'i have', 'i had', 'i own', 'i owned', 'ive got', 'ive had', 'ive been using', 'been using', 'used to have', 'used to wear', 'used to use', 'currently use', 'currently using', 'currently wear', 'replace my', 'replacing my', 'upgrade from', 'upgrading from', 'switching from', 'i got', 'i bought', 'i use', 'i wore', 'i wear', 'we have', 'we had', 'he has', 'she has', 'he had', 'she had', 'his old', 'her old', 'his current', 'her current', 'had a', 'owned a', 'still have', 'i took', 'i tried', 'i used', 'we used', 'been feeding', 'i feed', 'we feed', 'been giving', 'he wore', 'she wore'],
  /** After a product: it is one they owned ("my Fitbit Charge 5 died"). */
  'owned-after': ['died', 'broke', 'is what i have', 'are what i have', 'are my current', 'is my current', 'stopped working', 'wore out', 'fell apart', 'finally died', 'gave out', 'got stolen', 'is dying', 'lasted'],
  self: [],
};

let matcher: PhraseMatcher<Cue[]> | null = null;

/** One matcher for all cue phrases (exact words only: cue words are ordinary English, never typos). */
export function cueMatcher(): PhraseMatcher<Cue[]> {
  if (matcher) return matcher;
  const byPhrase = new Map<string, Cue[]>();
  for (const [cue, phrases] of Object.entries({ ...CUES, self: SELF_PHRASES }) as [Cue, readonly string[]][]) {
    for (const p of phrases) byPhrase.set(p, [...(byPhrase.get(p) ?? []), cue]);
  }
  matcher = new PhraseMatcher<Cue[]>();
  for (const [p, cues] of byPhrase) matcher.add(p, cues);
  return matcher;
}

/** Clause breaks: a negation before a comma or "but" does not reach past it. */
const BREAK_WORDS = new Set(['.', ';', '!', '?', ',', 'but', 'though', 'although', 'however', 'whereas', 'also', 'plus']);
const BUT_NEGATORS = new Set(['anything', 'everything', 'all', 'nothing']);

export function isBreak(tokens: readonly string[], i: number): boolean {
  const t = tokens[i] ?? '';
  if (!BREAK_WORDS.has(t)) return false;
  return !(t === 'but' && BUT_NEGATORS.has(tokens[i - 1] ?? ''));
}
