import type { Rng } from '../random';
import type { Product } from '../catalog/catalog-schema';
import type { BuyerAct, BuyerMove } from './acts';
import type { Feature, Preferences, Problem } from './preferences';

/**
 * The simulated Buyer's words: several templates per act and slot, casual like the paper's crowd Buyers (short,
 * often lower-case), and now and then a typo (Zhang & Balog's templates "purposefully contain typos"; readers of
 * their dialogues took typos as a sign of a human).
 */
const money = (n: number) => `$${Math.round(n)}`;

/** A feature as a Buyer says it: asking for it, noting a product lacks it, and asking whether a product has it. */
interface FeatureText {
  need: string;
  lacks: string;
  ask: string;
}

function featureWords(f: Feature): FeatureText {
  const v = String(f.value);
  const yes = f.value === true;
  const a = /^[aeiou]/i.test(v) ? 'an' : 'a';
  const noun = (n: string) => ({ need: `it needs ${n}`, lacks: `it doesn't have ${n}`, ask: `does it have ${n}?` });
  if (!f.want && f.attribute === 'ageRange')
    return {
      need: `not one of the ${v} sets for grown-ups`,
      lacks: `that's one of the ${v} sets for grown-ups`,
      ask: `it's not a ${v} set, is it?`,
    };
  if (!f.want)
    return {
      need: `nothing ${humanize(f.attribute)} ${v}`,
      lacks: `it's ${humanize(f.attribute)} ${v}, I don't want that`,
      ask: `it's not ${v}, is it?`,
    };
  switch (f.attribute) {
    case 'theme':
      return { need: `it should be ${a} ${v} set`, lacks: `it's not ${v}`, ask: `is it ${a} ${v} set?` };
    case 'wireless':
      return yes
        ? { need: 'it has to be wireless', lacks: "it isn't wireless", ask: 'is it wireless?' }
        : { need: 'wired is fine', lacks: 'it has no cable', ask: 'is it wired?' };
    case 'noiseCancelling':
      return { need: 'noise cancelling is a must', lacks: "it doesn't have noise cancelling", ask: 'does it have noise cancelling?' };
    case 'microphone':
      return { need: 'it needs a mic for calls', lacks: 'it has no mic', ask: 'does it have a mic?' };
    case 'type':
      return { need: `I want ${v} ones`, lacks: `it's not ${v}`, ask: `are they ${v}?` };
    case 'gps':
      return noun('built-in GPS');
    case 'heartRate':
      return { need: 'it should have a heart rate monitor', lacks: "it doesn't track heart rate", ask: 'does it track heart rate?' };
    case 'compatibility':
      return v === 'iOS'
        ? { need: 'it has to work with my iPhone', lacks: "it won't work with my iPhone", ask: 'does it work with an iPhone?' }
        : { need: `it has to work with ${v}`, lacks: `it doesn't work with ${v}`, ask: `does it work with ${v}?` };
    case 'waterResistance':
      return {
        need: `it has to be water resistant, ${v} at least`,
        lacks: `it's not ${v} water resistant`,
        ask: `is it ${v} water resistant?`,
      };
    case 'genre':
      return { need: `it should be ${a} ${v} book`, lacks: `it's not ${v}`, ask: `is it ${v}?` };
    case 'format':
      return { need: `I'd like the ${v}`, lacks: `it's not ${a} ${v}`, ask: `is that the ${v}?` };
    case 'readingAge':
      return v === 'adult'
        ? { need: "it's for an adult reader", lacks: "it's not for adults", ask: 'is it for adults?' }
        : { need: `it should be for ages ${v}`, lacks: `it's not for ages ${v}`, ask: `is it for ages ${v}?` };
    case 'form': {
      if (v === 'dry' || v === 'wet') return { need: `I want ${v} food`, lacks: `it's not ${v} food`, ask: `is it ${v} food?` };
      const plural = v.endsWith('y') ? `${v.slice(0, -1)}ies` : /s$/.test(v) ? v : `${v}s`;
      return { need: `${plural} would be best`, lacks: `it's not ${plural}`, ask: `are they ${plural}?` };
    }
    case 'dietary':
      return { need: `it has to be ${v}`, lacks: `it's not ${v}`, ask: `is it ${v}?` };
    case 'nutrient':
      return { need: `I need ${v}`, lacks: `it's not ${v}`, ask: `is that ${v}?` };
    case 'terrain':
      return { need: `they're for ${v} running`, lacks: `they're not for ${v}`, ask: `are they good on ${v}?` };
    case 'width':
      return { need: `I need a ${v} fit`, lacks: `they don't come in ${v}`, ask: `do they come in ${v}?` };
    case 'gender':
      return v === 'unisex'
        ? { need: 'unisex ones are fine', lacks: "they're not unisex", ask: 'are those unisex?' }
        : { need: `${v}'s shoes`, lacks: `they're not ${v}'s`, ask: `are those ${v}'s?` };
    case 'cushioning':
      return { need: `I want ${v} cushioning`, lacks: 'not enough cushioning', ask: `is the cushioning ${v}?` };
    case 'species':
      return { need: `it has to be ${v} food`, lacks: `that's not ${v} food`, ask: `is it for ${v}s?` };
    case 'lifeStage':
      return { need: `it should be ${v} food`, lacks: `it's not for a ${v}`, ask: `is it ${v} food?` };
    case 'grainFree':
      return { need: 'it has to be grain free', lacks: "it's not grain free", ask: 'is it grain free?' };
    case 'flavour':
      return { need: `${v} flavour please`, lacks: `it's not ${v}`, ask: `is it ${v} flavour?` };
    default:
      return yes
        ? noun(humanize(f.attribute))
        : { need: `${humanize(f.attribute)} ${v} please`, lacks: `it's not ${v}`, ask: `is it ${v}?` };
  }
}

const humanize = (key: string) => key.replace(/([A-Z])/g, ' $1').toLowerCase();

const RELATIVES =
  /^(nephew|niece|son|daughter|father|mother|dad|mom|mum|wife|husband|brother|sister|grandson|granddaughter|friend|partner|boyfriend|girlfriend|children|kids)$/;

/** "my nephew, he's 9" / "me" / "my cat". */
function recipientWords(p: Preferences, rng: Rng): string {
  const { who, age } = p.recipient;
  if (who === 'self') return rng.pick(["it's for me", 'just for me', 'for myself', "me, it's for me"]);
  const noun = RELATIVES.test(who) || /\b(cat|dog|puppy|dogs)\b/.test(who) ? `my ${who}` : who;
  const pronoun = /\b(nephew|son|father|dad|brother|grandson|boyfriend|husband)\b/.test(who)
    ? 'he'
    : /\b(niece|daughter|mother|mom|mum|sister|granddaughter|girlfriend|wife)\b/.test(who)
      ? 'she'
      : 'they';
  const be = pronoun === 'they' ? "they're" : `${pronoun}'s`;
  if (age !== undefined) return rng.pick([`it's for ${noun}, ${be} ${age}`, `${noun}, ${be} turning ${age}`, `for ${noun}, ${be} ${age}`]);
  return rng.pick([`it's for ${noun}`, `for ${noun}`, `${noun} :)`]);
}

function budgetWords(b: { min?: number; max: number }, rng: Rng): string {
  if (b.min !== undefined)
    return rng.pick([
      `between ${money(b.min)} and ${money(b.max)}`,
      `${money(b.min)} to ${money(b.max)} or so`,
      `somewhere around ${money((b.min + b.max) / 2)}, max ${money(b.max)}`,
    ]);
  return rng.pick([`under ${money(b.max)}`, `no more than ${money(b.max)}`, `up to ${money(b.max)} i guess`, `${money(b.max)} max`]);
}

const CATEGORY_NOUNS: Record<string, string[]> = {
  lego: ['a LEGO set', 'a lego set'],
  smartwatches: ['a smartwatch', 'a new watch'],
  books: ['a book', 'something to read'],
  vitamins: ['some vitamins', 'a supplement'],
  running_shoes: ['running shoes', 'a pair of running shoes'],
  headphones: ['headphones', 'a pair of headphones'],
  pet_food: ['pet food', 'some food for my pet'],
};

export function categoryNoun(p: Preferences, rng: Rng): string {
  return rng.pick(CATEGORY_NOUNS[p.category] ?? [`something from ${p.categoryLabel.toLowerCase()}`]);
}

/** "birthday gift" → "a birthday gift"; uses that read as activities stay as they are. */
const useWords = (p: Preferences) => (/^(birthday gift|gift|first building toy)$/.test(p.use) ? `a ${p.use}` : p.use);

export const say = {
  /** Opening the chat. */
  hello: (rng: Rng) => rng.pick(['hi!', 'hello :)', 'hey there', 'hi', 'hello']),
  /** Answering the Seller's greeting. */
  greeting: (rng: Rng) => rng.pick(['hi!', 'hello :)', 'hey there', 'hi, good thanks!', 'hello! doing well thanks', 'hi']),

  /** The opening request: the need and one detail, never the whole mission at once. */
  disclose(p: Preferences, rng: Rng, detail: 'recipient' | 'use'): string {
    const noun = categoryNoun(p, rng);
    const lead = rng.pick(["i'm looking for", 'I need', "I'm shopping for", 'looking for', 'can you help me find']);
    if (detail === 'recipient' && p.recipient.who !== 'self') return `${lead} ${noun}, ${recipientWords(p, rng)}`;
    return rng.pick([`${lead} ${noun} for ${useWords(p)}`, `${lead} ${noun}. mostly for ${useWords(p)}`]);
  },

  recipient: (p: Preferences, rng: Rng) => recipientWords(p, rng),
  use: (p: Preferences, rng: Rng) =>
    rng.pick([`mainly for ${useWords(p)}`, `${p.use}`, `it's for ${useWords(p)}`, `it's mostly for ${useWords(p)}`]),
  useMore: (p: Preferences, rng: Rng) =>
    rng.pick([
      `${p.use}, pretty much every week`,
      `nothing fancy, just ${useWords(p)}`,
      `well it's for ${useWords(p)}, so it has to be good for that`,
      `${p.use} mostly. it matters a lot to me`,
    ]),
  budget: (b: { min?: number; max: number }, rng: Rng) =>
    rng.pick([`${budgetWords(b, rng)}`, `my budget is ${budgetWords(b, rng)}`, `i'd like to keep it ${budgetWords(b, rng)}`]),
  budgetRevised: (b: { min?: number; max: number }, rng: Rng) =>
    rng.pick([
      `actually, i could go up to ${money(b.max)} if it's worth it`,
      `hmm, thinking about it I can spend more. up to ${money(b.max)} is ok`,
      `you know what, ${money(b.max)} is fine if it's the right one`,
    ]),
  brand(p: Preferences, rng: Rng): string {
    const liked = p.brandsLiked;
    const disliked = p.brandsDisliked;
    if (liked.length && disliked.length) return `I like ${liked.join(' or ')}, but not ${disliked.join(' or ')}`;
    if (liked.length)
      return rng.pick([
        `I like ${liked.join(' or ')}`,
        `${liked.join(' or ')} would be nice`,
        `I've had good luck with ${liked.join(' and ')}`,
      ]);
    if (disliked.length)
      return rng.pick([
        `anything but ${disliked.join(' or ')}`,
        `not ${disliked.join(' or ')} please`,
        `no ${disliked.join(' or ')}, I had bad luck with them`,
      ]);
    return rng.pick(['no preference really', "brand doesn't matter much", 'not really, as long as it is good']);
  },
  feature: (f: Feature, rng: Rng) => rng.pick(['', 'oh and ', 'also ', 'and ']) + featureWords(f).need,
  topFeature: (f: Feature, rng: Rng) =>
    rng.pick([
      `definitely this: ${featureWords(f).need}`,
      `the most important is that ${featureWords(f).need}`,
      `${featureWords(f).need}, that's the big one`,
    ]),
  noFeatures: (rng: Rng) => rng.pick(['nothing special i think', 'not really, just something good']),
  owned(o: Preferences['owned'], rng: Rng): string {
    if (!o) return rng.pick(['no, this is the first one', 'nope, first time']);
    // The brand only: people do not type out a product's full title, and the Seller would read its words as wishes.
    if (o.product.category === 'books') return rng.pick(['I read a lot, yes', 'sure, I read quite a bit']);
    return rng.pick([`I had a ${o.product.brand} one before`, `yes, a ${o.product.brand}`, `yeah, one from ${o.product.brand}`]);
  },
  ownedOpinion(o: Preferences['owned'], rng: Rng): string {
    if (!o) return rng.pick(["I haven't had one, so no idea", 'never had one']);
    if (o.complaint === 'price') return rng.pick([`it was fine but way too expensive for what it was`, `it cost too much honestly`]);
    return rng.pick([
      `it was ok, but ${featureWords(o.complaint).lacks.replace(/^it /, 'it ')}`,
      `I didn't like that ${featureWords(o.complaint).lacks}`,
    ]);
  },
  duration: (p: Preferences, rng: Rng) =>
    rng.pick(
      p.category === 'vitamins' || p.category === 'pet_food'
        ? ['a couple of months, then i buy again', "I'll keep buying it if it works", 'ongoing']
        : ['a few years at least', 'as long as possible', 'hopefully years', "a long time, I don't like replacing things"],
    ),

  inquire: (rng: Rng, feature?: Feature) =>
    feature
      ? rng.pick([
          `do you have any where ${featureWords(feature).need.replace(/^it /, 'it ')}?`,
          `${featureWords(feature).need}. any ideas?`,
        ])
      : rng.pick([
          'what would you recommend?',
          'any ideas?',
          'what do you suggest?',
          'do you have something in mind?',
          'can you show me some options?',
        ]),
  inquireAgain: (rng: Rng) =>
    rng.pick(['so what would you suggest?', 'could you show me one?', 'do you have one to show me?', 'which one would you pick?']),
  whichOne: (rng: Rng) => rng.pick(['which one exactly?', 'can you show me it?', 'which product do you mean?']),
  navigate(product: Product, rng: Rng, about?: Feature): string {
    const name = rng.pick(['it', 'that one', 'this one']);
    if (about && about.want) return rng.pick(['', 'just checking, ', 'hmm ']) + featureWords(about).ask;
    return rng.pick([`how much is ${name}?`, `what's the rating on ${name}?`, `how are the reviews for ${name}?`, `is ${name} in stock?`]);
  },
  /** Turning a product down without a reason: what a Buyer who is not asked mostly says. */
  softNo: (rng: Rng) =>
    rng.pick([
      'hmm, not really what I had in mind',
      "I don't think that's the one",
      "no, that's not quite it",
      "hmm, I'm not sure about that one",
      "not that one, I'm afraid",
      "no, I don't think so",
    ]),
  /** Opens a No that gives its reason. */
  noLead: (rng: Rng) => rng.pick(['no, ', 'not quite, ', 'hmm no, ', "I don't think so, ", 'not that one, ']),
  notTheOne: (rng: Rng) => rng.pick(["no, that's not the one I was looking for", "sorry, that's not it", 'no, not that one']),
  /** What the pictured target looks like: a word or two off its box or cover. */
  cue: (cue: string, rng: Rng) =>
    rng.pick([
      `the one I'm picturing is the ${cue} one`,
      `I saw one called ${cue} or something like that`,
      `I was hoping for something like the ${cue}`,
      `the picture I have in mind says ${cue} on it`,
    ]),
  nothingWrong: (rng: Rng) => rng.pick(['nothing, I like it!', "nothing really, it's good"]),
  nothingNew: (rng: Rng) => rng.pick(["I've told you everything I know, it's just not the one", 'hard to say, it just is not it']),
  /** Liking a product: each has a short word of praise ("yes", "like", "nice") that a typo never touches. */
  like: (rng: Rng) =>
    rng.pick([
      'oh yes, that looks great!',
      'ooh I like that one',
      "yes, that's exactly what I had in mind",
      'yes! that one looks perfect',
      'nice, i like it',
    ]),
  accept: (rng: Rng) =>
    rng.pick(["perfect, I'll take it!", 'great, that works, thanks!', "yes, that's the one. thank you!", 'awesome, thanks so much']),
  experience: (rng: Rng) => rng.pick(['it was great, thanks for the help!', 'really helpful, thank you', 'all good, you were great']),
  bye: (rng: Rng) => rng.pick(['thanks, bye!', 'thank you! have a good day', 'thanks again :)']),
  giveUp: (rng: Rng) =>
    rng.pick(["I think I'll keep looking, thanks anyway", "I don't think we'll find it today, thanks", 'ok never mind, thanks for trying']),
  chat: (rng: Rng) => rng.pick(['haha yes', 'oh nice', 'cool', 'sounds good', 'ok!']),
  sameAgain: (rng: Rng) => rng.pick(['like I said, ', 'as I mentioned, ', '']),
};

/** What is wrong with a product, in the Buyer's words (also the reason given when rejecting a Guess). */
export function problemWords(problem: Problem, rng: Rng): string {
  switch (problem.kind) {
    case 'category':
      return "that's not what I'm shopping for";
    case 'price':
      return rng.pick([
        `that's over my budget, I want to stay under ${money(problem.max)}`,
        `too expensive for me, ${money(problem.max)} max`,
        `it costs too much`,
      ]);
    case 'brand':
      return rng.pick([`I'd rather not get ${problem.brand}`, `not ${problem.brand}, sorry`]);
    case 'feature':
      // Said as the want, not as "it's not X": a Seller (and the overlay's profile) should hear what to look for.
      return featureWords(problem.feature).need;
    case 'age':
      return rng.pick([`that's too old for a ${problem.age}-year-old`, `that's for older kids, not a ${problem.age}-year-old`]);
    case 'range': {
      const what = humanize(problem.attribute).replace(/ (lb|mm)$/, ' ($1)');
      const round = (n: number) => (n >= 100 ? Math.round(n / 10) * 10 : Math.round(n));
      return problem.min === problem.max
        ? `I was hoping for about ${round(problem.min)} ${what}`
        : `I was thinking ${round(problem.min)} to ${round(problem.max)} ${what}`;
    }
    case 'other':
      return rng.pick(["it's not quite the one I have in mind", 'close, but not quite it']);
  }
}

/** One typo in a longer word: letters swapped, dropped or doubled, as fast typists make them. */
export function withTypo(text: string, rng: Rng): string {
  const words = text.split(' ');
  const candidates = words.map((w, i) => ({ w, i })).filter(({ w }) => /^[a-z]{5,}$/.test(w));
  if (!candidates.length) return text;
  const { w, i } = rng.pick(candidates);
  const at = rng.int(1, w.length - 2);
  const kind = rng.int(0, 2);
  const changed =
    kind === 0
      ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2)
      : kind === 1
        ? w.slice(0, at) + w.slice(at + 1)
        : w.slice(0, at) + w[at] + w.slice(at);
  words[i] = changed;
  return words.join(' ');
}

/** How the Buyer enters messages: typed, or voice input transcribed by the browser (paper 000, section 5.5). */
export type BuyerInput = 'typed' | 'voice';

/** One thing a Buyer message does, with its words; `verdict` when it says whether a product suits. */
export interface Part {
  act: BuyerAct;
  text: string;
  verdict?: 'like' | 'dislike';
}

/**
 * Asides people add that state no preference ("…, if that makes sense"), by what the message does. They carry no
 * slot words, so a Seller (or the overlay's profile) reads nothing new into them.
 */
const ASIDES: Partial<Record<BuyerAct, readonly string[]>> = {
  disclose: [', any advice is welcome', ", I'm not really sure where to start", ", I don't know much about these", ', thanks for helping'],
  reveal: [
    ', if that helps',
    ', I think',
    ' to be honest',
    ', nothing too fancy though',
    ' if possible',
    ', that would be ideal',
    ", that's the main thing",
    ', if that makes sense',
    ', I hope that is not too picky',
  ],
  inquire: [', just curious', ' before I decide anything', ', I trust your judgement'],
  navigate: [', just curious', ' before I decide', ', just want to be sure'],
  note: [', sorry', ", I'm afraid", ', I think I would know it when I see it'],
  complete: [', have a good one', ', you were a big help'],
};
/** Asides on a liked product: praise only, so no negation reads as a No. */
const LIKE_ASIDES = [', it looks really good', ', I can already tell', ', that was quick'];

/**
 * Chance a message carries an aside. Chosen so the Buyer writes about as many words a message as paper 000's
 * Buyers (10.0 typed, 9.0 by voice, section 5.5): these are calibrated to the paper, not predicted by the model.
 */
export const ASIDE_RATE: Record<BuyerInput, number> = { typed: 0.55, voice: 0.35 };

/** One Buyer message from its parts: the acts it does, its words in the Buyer's style. */
export function speak(parts: readonly Part[], rng: Rng, input: BuyerInput, typoRate: number): Extract<BuyerMove, { type: 'say' }> {
  // Labelled with what the message does; a greeting beside a request is not counted as small talk.
  const acts = [...new Set(parts.map((p) => p.act))];
  const meaningful = acts.filter((a) => a !== 'social');
  const verdict = parts.find((p) => p.verdict)?.verdict;
  const last = parts.length - 1;
  const texts = parts.map((p, i) => {
    if (i !== last || !rng.chance(ASIDE_RATE[input])) return p.text;
    const asides = p.verdict === 'like' ? LIKE_ASIDES : ASIDES[p.act];
    const aside = asides ? rng.pick(asides) : '';
    // Not twice the same words ("not that one, I'm afraid, I'm afraid").
    return aside && !p.text.includes(aside.replace(/^[, ]+/, '')) ? `${p.text.replace(/[.!?]$/, '')}${aside}` : p.text;
  });
  const text =
    input === 'voice'
      ? transcribed(texts.join(' '))
      : texts
          .map((t) => styled(t, rng, typoRate))
          .map((t, i, all) => (i < all.length - 1 && !/[.!?:)]$/.test(t) ? `${t}.` : t))
          .join(' ');
  return { type: 'say', text, acts: meaningful.length ? meaningful : acts, ...(verdict ? { verdict } : {}) };
}

/** Speech recognition output: no typos or emoticons, lower case, the dictation's words as they were spoken. */
export function transcribed(text: string): string {
  return text
    .replace(/\s*:\)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Casual style: sometimes all lower case, sometimes a capital first letter. */
export function styled(text: string, rng: Rng, typoRate: number): string {
  let t = rng.chance(0.5) ? text.charAt(0).toUpperCase() + text.slice(1) : text.charAt(0).toLowerCase() + text.slice(1);
  if (rng.chance(typoRate)) t = withTypo(t, rng);
  return t;
}
