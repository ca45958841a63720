import type { CoachingSchema, ProfileSlot } from '../coach/coaching-schema';
import type { SellerIntent } from './acts';

/**
 * The simulated Buyer's understanding of a Seller message. A coached Seller labels each message with acts from
 * the coaching schema, and those are read first; an uncoached one does not, so a small rule-based classifier reads
 * the text (Zhang & Balog's simulator assumes such an NLU; the Sellers here use plain shop language).
 */
export function intentsOf(text: string, acts: readonly string[] | undefined, schema: CoachingSchema): SellerIntent[] {
  const fromActs = (acts ?? []).map((id) => intentOfAct(id, text, schema)).filter((i): i is SellerIntent => i !== null);
  return fromActs.length ? fromActs : classify(text);
}

/** One act label as an intent; null for an act this schema does not have (the text is read instead). */
export function intentOfAct(id: string, text: string, schema: CoachingSchema): SellerIntent | null {
  const act = schema.acts.find((a) => a.id === id);
  if (!act) return null;
  const parent = act.parent ? schema.acts.find((a) => a.id === act.parent) : undefined;
  if (parent?.recommends) {
    // The default schema's 9a and 9b; another schema's follow-ups to a recommendation are read from the text.
    if (id === 'ask_what_wrong') return { kind: 'ask_wrong' };
    if (id === 'ask_experience') return { kind: 'ask_experience' };
    return classify(text)[0] ?? { kind: 'chat' };
  }
  if (act.recommends) return { kind: 'recommend' };
  if (act.asks) return { kind: 'ask', slot: act.asks, followUp: false };
  // A follow-up that asks nothing (3b "share a related experience") is conversation, not a question.
  if (parent?.asks) return text.includes('?') ? { kind: 'ask', slot: parent.asks, followUp: true } : { kind: 'chat' };
  if (schema.start.includes(id)) return { kind: 'greet' };
  if (/thank/i.test(`${id} ${act.label}`)) return { kind: 'thank' };
  return { kind: 'chat' };
}

const ASKS: [ProfileSlot, boolean, RegExp][] = [
  ['features', true, /\b(most important|matters most|which (one|feature) (matters|is more)|top priority)\b/],
  ['budget', false, /\b(budget|price range|spend|how much (are|were|would|do) you|price point|afford)\b/],
  ['brand', false, /\b(brands?|favou?rite make|particular make)\b/],
  [
    'recipient',
    false,
    /\b(for yourself|yourself or|for you\b|who (is it|is this|it'?s|will|would) (for|be using|use)|a gift|someone else|shopping for)\b/,
  ],
  ['owned', true, /\b((like|dislike|love|hate)d? (most )?about (it|them|your|the one)|would you change|what was (wrong|good) with)\b/],
  [
    'owned',
    false,
    /\b(owned|had (one|any|something|a pair|a)|used (one|any|something) (like|similar)|what are you (using|wearing|feeding|reading)|currently (use|have|own)|using (now|at the moment|right now))\b/,
  ],
  ['duration', false, /\b(how long|last (you )?(for|long)|for years|keep (it|them) for)\b/],
  ['use', true, /\b(tell me more about|how often|where do you (usually )?|what kind of (music|running|trails|books|reading|training))\b/],
  [
    'use',
    false,
    /\b(use (it|them|this)|used for|using (it|them) for|be using|what for|what will (you|he|she|they)|how will|plan to|activities|occasion|mostly (do|use))\b/,
  ],
  [
    'features',
    false,
    /\b(features?|must[- ]haves?|anything (specific|particular|in particular)|looking for in|requirements?|need it to|important to you|preferences?)\b/,
  ],
];

const RECOMMEND =
  /\b(recommend|suggest|how about|what about|check out|take a look|have a look|i'?d go with|i would go with|you might like|you'?d like|would suit|fits? (your|what)|consider|great option|good option|good choice|perfect for)\b/;

/** Reads a Seller message without act labels. Several intents when it does several things ("Hi! Is it for you?"). */
export function classify(text: string): SellerIntent[] {
  const t = text.toLowerCase().replace(/’/g, "'");
  const out: SellerIntent[] = [];
  if (/^\s*(hi|hello|hey|good (morning|afternoon|evening)|welcome|greetings)\b/.test(t)) out.push({ kind: 'greet' });
  if (/\b(how was your experience|anything i could (have )?(done|do) better|how did (i|we) do)\b/.test(t))
    return [...out, { kind: 'ask_experience' }];
  if (
    /\b(not quite right|what'?s (wrong|missing)|what is (wrong|missing)|better fit|what don'?t you like|what would make it|what didn'?t you like)\b/.test(
      t,
    )
  )
    return [...out, { kind: 'ask_wrong' }];
  const question = t.includes('?');
  if (RECOMMEND.test(t)) return [...out, { kind: 'recommend' }];
  if (question) {
    for (const [slot, followUp, re] of ASKS) {
      if (re.test(t)) return [...out, { kind: 'ask', slot, followUp }];
    }
  }
  if (/\b(thank|thanks|enjoy (it|them|your)|have a (great|nice|good) (day|one))\b/.test(t)) return [...out, { kind: 'thank' }];
  if (question && !out.length && /\b(help|looking for|can i|what can)\b/.test(t)) return [{ kind: 'greet' }];
  return out.length ? out : [{ kind: 'chat' }];
}
