import { describe, expect, it } from 'vitest';
import { DEFAULT_COACHING_SCHEMA } from '../../lib/coach/default-schema';
import type { BuyerAct, BuyerMove, SellerEvent } from '../../lib/simulator/acts';
import { DEFAULT_SIMULATOR_CONFIG } from '../../lib/simulator/buyer';
import { evaluatePolicies } from '../../lib/simulator/evaluate';
import { summarize } from '../../lib/simulator/metrics';
import { runConversation } from '../../lib/simulator/run';
import { createPolicy, SELLER_POLICIES, type SellerPolicyName } from '../../lib/simulator/seller-policies';
import { SellerTools } from '../../lib/simulator/seller-tools';
import { classify } from '../../lib/simulator/understand';
import { catalog, config, persona, products } from './helpers/simulator';

const tools = new SellerTools(catalog);
const schema = DEFAULT_COACHING_SCHEMA;
const say = (text: string, acts: BuyerAct[]): BuyerMove => ({ type: 'say', text, acts });
const seller = (name: SellerPolicyName, category = 'headphones') => createPolicy(name, { tools, schema, category });
const view = (buyer: BuyerMove[], turns = 1) => ({ buyer, turns, minTurns: 5 });
const kinds = (events: SellerEvent[]) => events.map((e) => (e.type === 'say' ? (e.action ?? 'say') : e.type));
const run = (policy: SellerPolicyName, personaId: string, seed = 3) =>
  runConversation({ catalog, products, persona: persona(personaId), policy, tools, schema, config: config({ seed }) });

describe('coached Seller (the checklist, act labels)', () => {
  it('greets and asks in its first turn, labels every message, and asks about what it does not know yet', () => {
    const s = seller('coached');
    const first = s.reply(view([say('I need a pair of headphones for classical music at home', ['disclose'])]));
    expect(kinds(first)).toEqual(['greet', 'elicit']);
    expect(first.every((e) => e.type === 'say' && e.acts?.length === 1)).toBe(true);
    expect(first[1]).toMatchObject({ acts: ['ask_features'] });
    const second = s.reply(view([say('I want over-ear ones', ['reveal'])], 2));
    // Features are known now; the budget is next.
    expect(second).toMatchObject([{ type: 'say', acts: ['ask_budget'] }]);
  });

  it('recommends after at most three questions, and at once when the Buyer asks for a suggestion', () => {
    const s = seller('coached');
    s.reply(view([say('I need a pair of headphones for classical music at home', ['disclose'])]));
    const asked: SellerEvent[] = [];
    for (let i = 0; i < 5; i++) {
      const out = s.reply(view([say('hmm, not sure', ['reveal'])], i + 2));
      asked.push(...out);
      if (out.some((e) => e.type === 'share')) break;
    }
    expect(asked.filter((e) => e.type === 'say' && e.action === 'elicit').length).toBeLessThanOrEqual(2);
    expect(asked.at(-1)?.type).toBe('share');

    const eager = seller('coached');
    eager.reply(view([say('I need headphones', ['disclose'])]));
    expect(eager.reply(view([say('What would you recommend?', ['inquire'])], 2)).map((e) => e.type)).toEqual(['share']);
  });

  it('asks what was not right after a No that said nothing new, and recommends at once after one that did', () => {
    const s = seller('coached');
    s.reply(view([say('I need headphones, I want over-ear ones', ['disclose'])]));
    s.reply(view([say('under $150', ['reveal'])], 2));
    let out = s.reply(view([say('Sennheiser or Audio-Technica would be nice', ['reveal'])], 3));
    while (!out.some((e) => e.type === 'share')) out = s.reply(view([say('no idea', ['reveal'])], 4));
    expect(s.reply(view([say("hmm, I don't think that's the one", ['note'])], 5))).toMatchObject([
      { type: 'say', action: 'clarify', acts: ['ask_what_wrong'] },
    ]);
    expect(s.reply(view([say('it has to be wireless', ['reveal'])], 6)).map((e) => e.type)).toEqual(['share']);
    // A No with a reason (a word of the product it pictures) is acted on without asking.
    expect(s.reply(view([say('no, the one I am picturing is the Momentum one', ['note'])], 7)).map((e) => e.type)).toEqual(['share']);
  });

  it('guesses the product the Buyer liked only once the minimum turns are done', () => {
    const s = seller('coached');
    let out = s.reply(view([say('What would you recommend?', ['inquire'])]));
    expect(kinds(out)).toEqual(['greet', 'share']);
    out = s.reply(view([say('yes! that one looks perfect', ['note'])], 3));
    expect(out.map((e) => e.type)).toEqual(['say']);
    out = s.reply(view([say('a few years at least', ['reveal'])], 5));
    expect(out.map((e) => e.type)).toEqual(['guess']);
  });
});

describe('uncoached Seller (B.II as the issue describes it)', () => {
  it('carries no act labels, asks one question, then shows product after product without asking why', () => {
    const s = seller('uncoached');
    const first = s.reply(view([say('I need a pair of headphones for classical music at home', ['disclose'])]));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ type: 'say', action: 'elicit' });
    expect(first[0]?.type === 'say' && first[0].acts).toBeUndefined();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const out = s.reply(view([say(i ? 'no, not that one' : 'over-ear please', [i ? 'note' : 'reveal'])], i + 2));
      expect(out.map((e) => e.type)).toEqual(['share']);
      ids.push(...out.flatMap((e) => (e.type === 'share' ? e.productIds : [])));
    }
    expect(new Set(ids).size).toBe(4);
  });

  it('its messages are read right without labels (the Buyer classifies the text)', () => {
    const conv = run('uncoached', 'headphones-classical-home');
    for (const t of conv.turns.filter((x) => x.speaker === 'Seller' && !x.share)) {
      expect(t.acts ?? []).toEqual([]);
      expect(classify(t.text).map((i) => i.kind)).not.toContain('greet');
    }
    expect(conv.events.filter((e) => e.by === 'Seller').map((e) => e.acts[0])).not.toContain('clarify');
  });
});

describe('recommend-first Seller', () => {
  it('recommends at once and never asks', () => {
    const s = seller('recommend-first');
    expect(s.reply(view([say('I need headphones', ['disclose'])])).map((e) => e.type)).toEqual(['share']);
    const conv = run('recommend-first', 'lego-star-wars-nephew');
    expect(conv.events.filter((e) => e.by === 'Seller').flatMap((e) => e.acts)).not.toContain('elicit');
  });
});

describe('simulated conversations', () => {
  it('are seeded: the same seed gives the same conversations word for word, another seed others', () => {
    const ev = (seed: number) =>
      evaluatePolicies({
        catalog,
        schema,
        policies: SELLER_POLICIES,
        n: 2,
        seed,
        categories: ['books'],
        buyer: DEFAULT_SIMULATOR_CONFIG,
        tools,
      });
    expect(ev(4)).toEqual(ev(4));
    expect(JSON.stringify(ev(4))).not.toEqual(JSON.stringify(ev(5)));
  });

  it('meet the same Buyers under every policy (paired), and end with a Guess of a target when they succeed', () => {
    const ev = evaluatePolicies({
      catalog,
      schema,
      policies: SELLER_POLICIES,
      n: 3,
      seed: 2,
      categories: [],
      buyer: DEFAULT_SIMULATOR_CONFIG,
      tools,
    });
    const personas = (p: SellerPolicyName) => ev[p].map((c) => c.persona);
    expect(personas('uncoached')).toEqual(personas('coached'));
    expect(personas('recommend-first')).toEqual(personas('coached'));
    const openings = (p: SellerPolicyName) => ev[p].map((c) => c.turns[0]?.text);
    expect(openings('uncoached')).toEqual(openings('coached'));
    for (const c of Object.values(ev)
      .flat()
      .filter((x) => x.outcome?.accepted))
      expect(persona(c.persona).targets).toContain(c.guess);
  });

  it('asking pays on a small seeded run: coached finds more targets than recommend-first, for more reward', () => {
    const ev = evaluatePolicies({
      catalog,
      schema,
      policies: ['coached', 'recommend-first'],
      n: 6,
      seed: 9,
      categories: [],
      buyer: DEFAULT_SIMULATOR_CONFIG,
      tools,
    });
    const coached = summarize(ev.coached);
    const first = summarize(ev['recommend-first']);
    expect(coached.successRate).toBeGreaterThan(first.successRate);
    expect(coached.avgReward).toBeGreaterThan(first.avgReward);
  });
});
