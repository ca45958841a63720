import { readdir, readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../lib/catalog/catalog-schema';
import { DEFAULT_COACHING_SCHEMA } from '../../lib/coach/default-schema';
import { classify, intentsOf } from '../../lib/simulator/understand';
import { hasFeature, judge } from '../../lib/simulator/preferences';
import { countTurns } from '../../lib/simulator/metrics';
import { withTypo } from '../../lib/simulator/language';
import { RecordedConversationSchema, replaySellerTo } from '../../lib/simulator/recorded';
import { mulberry32 } from '../../lib/random';
import { buyerFor, catalog, inCategory, persona, prefsOf, product, texts } from './helpers/simulator';

describe('preference model', () => {
  it('holds for every persona: every target meets every stated want, budget and brand rule', () => {
    for (const p of catalog.personas) {
      const prefs = prefsOf(p.id);
      expect(prefs.features.length, p.id).toBeGreaterThan(0);
      for (const t of prefs.targets) {
        for (const f of prefs.features) expect(hasFeature(t, f), `${p.id} ${t.id} ${f.attribute}`).toBe(true);
        expect(t.price).toBeLessThanOrEqual(prefs.budget.max);
        expect(prefs.brandsDisliked).not.toContain(t.brand);
        expect(judge(prefs, t).accepted, `${p.id} accepts its target ${t.id}`).toBe(true);
      }
    }
  });

  it('derives wants from the persona and the targets: theme, budget band, recipient and age', () => {
    const prefs = prefsOf('lego-star-wars-nephew');
    expect(prefs.features).toContainEqual({ attribute: 'theme', value: 'Star Wars', want: true });
    expect(prefs.budget).toEqual({ min: 40, max: 80 });
    expect(prefs.recipient).toEqual({ who: 'nephew', age: 9 });
  });

  it('turns down a product with what is wrong: over budget, a disliked brand, a missing feature, too old for the child', () => {
    const cat = prefsOf('petfood-senior-cat');
    const purina = inCategory('pet_food').find((p) => p.brand === 'Purina' && p.attributes.species === 'cat');
    expect(purina).toBeDefined();
    expect(judge(cat, purina as Product).problems).toContainEqual({ kind: 'brand', brand: 'Purina' });

    const nephew = prefsOf('lego-star-wars-nephew');
    const tooOld = inCategory('lego').find(
      (p) => p.attributes.theme === 'Star Wars' && typeof p.attributes.ageMin === 'number' && p.attributes.ageMin > 9,
    );
    expect(judge(nephew, tooOld as Product).problems.map((x) => x.kind)).toContain('age');
    const duplo = inCategory('lego').find((p) => p.attributes.theme === 'Duplo') as Product;
    expect(judge(nephew, duplo).problems).toContainEqual({
      kind: 'feature',
      feature: { attribute: 'theme', value: 'Star Wars', want: true },
    });
    const pricey = inCategory('lego').find(
      (p) => p.attributes.theme === 'Star Wars' && p.price > 100 && (p.attributes.ageMin as number) <= 9,
    );
    if (pricey) expect(judge(nephew, pricey).problems.map((x) => x.kind)).toContain('price');
  });

  it('accepts a close non-target only under a looser rule', () => {
    const nephew = prefsOf('lego-star-wars-nephew');
    // A Star Wars set for 9-year-olds within budget that is not a target: no stated problem.
    const near = inCategory('lego').find(
      (p) =>
        !nephew.targets.includes(p) &&
        p.attributes.theme === 'Star Wars' &&
        (p.attributes.ageMin as number) <= 9 &&
        p.price <= 80 &&
        p.price >= 40,
    );
    expect(near).toBeDefined();
    const strict = judge(nephew, near as Product, { accept: 'target', priceTolerance: 0.05, rangeTolerance: 0.15 });
    expect(strict.accepted).toBe(false);
    expect(strict.problems).toHaveLength(1); // and it says why
    expect(judge(nephew, near as Product, { accept: 'fits', priceTolerance: 0.05, rangeTolerance: 0.15 }).accepted).toBe(true);
  });
});

describe('reading the Seller', () => {
  it('reads act labels when coached, the text otherwise', () => {
    expect(intentsOf('Do you have a budget in mind?', ['ask_budget'], DEFAULT_COACHING_SCHEMA)).toEqual([
      { kind: 'ask', slot: 'budget', followUp: false },
    ]);
    // The label wins over the words.
    expect(intentsOf('Tell me anything!', ['ask_brand'], DEFAULT_COACHING_SCHEMA)).toEqual([
      { kind: 'ask', slot: 'brand', followUp: false },
    ]);
    expect(intentsOf('I love running too, nothing beats it.', ['share_experience'], DEFAULT_COACHING_SCHEMA)).toEqual([{ kind: 'chat' }]);
    expect(intentsOf('What about it was not great?', ['ask_owned_opinion'], DEFAULT_COACHING_SCHEMA)).toEqual([
      { kind: 'ask', slot: 'owned', followUp: true },
    ]);
    expect(intentsOf('What is not quite right?', ['ask_what_wrong'], DEFAULT_COACHING_SCHEMA)).toEqual([{ kind: 'ask_wrong' }]);
  });

  it.each([
    ['Hi! What can I help you find today?', ['greet']],
    ['How much were you hoping to spend?', ['ask:budget']],
    ['Is this for you, or is it a gift?', ['ask:recipient']],
    ['What will you mostly use it for?', ['ask:use']],
    ['Have you owned something like this before?', ['ask:owned']],
    ['Any brands you prefer?', ['ask:brand']],
    ['Are there any features you are looking for?', ['ask:features']],
    ['Which of those matters most to you?', ['ask:features']],
    ['How long are you hoping to use it for?', ['ask:duration']],
    ['I would suggest the Garmin Forerunner, it has GPS.', ['recommend']],
    ['Hello! How about this one?', ['greet', 'recommend']],
    ['Thanks so much, enjoy it!', ['thank']],
    ['Great weather today.', ['chat']],
  ])('classifies %j', (text, want) => {
    expect(classify(text).map((i) => (i.kind === 'ask' ? `ask:${i.slot}` : i.kind))).toEqual(want);
  });
});

describe('simulated Buyer', () => {
  it('discloses a little at a time: the opening names the need, not the budget or the features', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const [open] = buyerFor('headphones-teen-gift', { seed, typoRate: 0 }).opening();
      expect(open?.type === 'say' && open.acts).toEqual(['disclose']);
      expect(open?.type === 'say' ? open.text.toLowerCase() : '').not.toMatch(/\$|noise|wireless|jbl|beats/);
    }
  });

  it('answers what it is asked (pull), consistently with its preferences', () => {
    const b = buyerFor('lego-star-wars-nephew', { typoRate: 0 });
    b.opening();
    const budget = b.respond({ type: 'say', text: 'What is your budget?', acts: ['ask_budget'] });
    expect(budget[0]).toMatchObject({ type: 'say', acts: ['reveal'] });
    expect(texts(budget)).toMatch(/\$(40|60|80)/);
    expect(texts(b.respond({ type: 'say', text: 'Any features?', acts: ['ask_features'] }))).toMatch(/Star Wars/);
    expect(texts(b.respond({ type: 'say', text: 'Who is it for?', acts: ['ask_recipient'] }))).toMatch(/nephew/);
  });

  it('takes the initiative (push) when the Seller says nothing it can answer', () => {
    const b = buyerFor('smartwatch-marathon', { typoRate: 0, questionRate: 0 });
    b.opening();
    const say = b.respond({ type: 'say', text: 'Nice weather today.', acts: ['share_experience'] }).find((m) => m.type === 'say');
    expect(say?.type === 'say' && say.acts[0]).toMatch(/reveal|inquire/);
  });

  it('answers a greeting and a question sent in a row with one message', () => {
    const b = buyerFor('smartwatch-marathon', { typoRate: 0 });
    b.opening();
    const moves = b.respond([
      { type: 'say', text: 'Hi there!', acts: ['greet'] },
      { type: 'say', text: 'Do you have a budget in mind?', acts: ['ask_budget'] },
    ]);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ type: 'say', acts: ['reveal'] });
    expect(texts(moves)).toMatch(/\$350/);
  });

  it('accepts a shared target and confirms a Guess of it; rejects others', () => {
    const p = persona('smartwatch-android-everyday');
    const b = buyerFor(p.id, { typoRate: 0, navigateRate: 0 });
    b.opening();
    const apple = inCategory('smartwatches').find((x) => x.brand === 'Apple') as Product;
    const no = b.respond({ type: 'share', productIds: [apple.id] });
    expect(no.some((m) => m.type === 'hover' && m.productId === apple.id && m.dwellMs > 0)).toBe(true);
    expect(no.find((m) => m.type === 'say')).toMatchObject({ acts: ['note'], verdict: 'dislike' });
    const wrongGuess = b.respond({ type: 'guess', productId: apple.id });
    expect(wrongGuess[0]).toMatchObject({ type: 'confirm', accepted: false });
    expect((wrongGuess[0] as { reason: string }).reason.length).toBeGreaterThan(5);
    const target = product(p.targets[0] as string);
    const yes = b.respond({ type: 'share', productIds: [target.id] });
    expect(yes.find((m) => m.type === 'say')).toMatchObject({ verdict: 'like' });
    expect(texts(yes).toLowerCase()).toMatch(/\b(like|yes|nice)\b/);
    expect(b.respond({ type: 'guess', productId: target.id })[0]).toEqual({ type: 'confirm', accepted: true });
  });

  it('changes its mind when configured: starts under every target price, then raises the budget to the real one', () => {
    const p = persona('headphones-subway-earbuds');
    const b = buyerFor(p.id, { mindChange: 1, typoRate: 0, questionRate: 0, navigateRate: 0 });
    const cheapest = Math.min(...p.targets.map((id) => product(id).price));
    expect(b.statedBudget.max).toBeLessThan(cheapest);
    b.opening();
    const target = p.targets[0] as string;
    expect(b.respond({ type: 'share', productIds: [target] }).find((m) => m.type === 'say')).toMatchObject({
      acts: expect.arrayContaining(['note']),
    });
    let revised = '';
    for (let i = 0; i < 4 && !revised; i++)
      revised =
        texts(b.respond({ type: 'say', text: 'Tell me more?', acts: ['ask_use_more'] })).match(/up to \$\d+|\$\d+ is fine/)?.[0] ?? '';
    expect(revised).not.toBe('');
    expect(b.statedBudget.max).toBe(250);
    expect(b.respond({ type: 'guess', productId: target })[0]).toEqual({ type: 'confirm', accepted: true });
  });

  it('makes typos now and then when typing, and never when told not to', () => {
    const say = (typoRate: number) => {
      const out: string[] = [];
      for (let seed = 1; seed <= 40; seed++) {
        const b = buyerFor('books-mystery-mom', { seed, typoRate });
        out.push(texts(b.opening()), texts(b.respond({ type: 'say', text: 'Any features?', acts: ['ask_features'] })));
      }
      return out.join(' ').toLowerCase();
    };
    const words = (t: string) => new Set(t.split(/[^a-z']+/).filter((w) => w.length >= 5));
    const clean = words(say(0));
    // Every word the careful Buyer writes is spelled as in the templates; the careless one adds misspellings.
    const misspelt = [...words(say(0.5))].filter((w) => !clean.has(w));
    expect(misspelt.length).toBeGreaterThan(3);
    for (const w of clean) expect(w).not.toMatch(/(.)\1\1/);
  });

  it('a typo changes one word and keeps the others', () => {
    const rng = mulberry32(5);
    for (let i = 0; i < 50; i++) {
      const text = 'i would like something wireless please';
      const t = withTypo(text, rng);
      const diff = t.split(' ').filter((w, j) => w !== text.split(' ')[j]);
      expect(diff).toHaveLength(1);
    }
  });
});

describe('recorded pilot conversations (realism fixtures)', () => {
  it('are valid: known personas and products, accepted Guesses are targets, every Buyer message annotated', async () => {
    const dir = resolve(import.meta.dirname, '../fixtures/pilot-conversations');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const f of files) {
      const rec = v.parse(RecordedConversationSchema, JSON.parse(await readFile(resolve(dir, f), 'utf8')));
      const p = persona(rec.persona);
      expect(p, f).toBeDefined();
      for (const t of rec.turns) {
        if (t.speaker === 'Buyer') expect(t.buyerActs?.length, `${f}: ${t.text}`).toBeGreaterThan(0);
        for (const id of t.share ?? []) expect(product(id)?.category, `${f}: ${id}`).toBe(rec.category);
        for (const a of t.acts ?? [])
          expect(
            DEFAULT_COACHING_SCHEMA.acts.some((x) => x.id === a),
            `${f}: act ${a}`,
          ).toBe(true);
      }
      if (rec.outcome?.accepted) expect(p.targets, f).toContain(rec.guess);
    }
  });

  it('replays a recorded Seller side to the simulated Buyer of the same persona', async () => {
    const dir = resolve(import.meta.dirname, '../fixtures/pilot-conversations');
    const [first] = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
    const rec = v.parse(RecordedConversationSchema, JSON.parse(await readFile(resolve(dir, first as string), 'utf8')));
    const sim = replaySellerTo(rec, buyerFor(rec.persona), DEFAULT_COACHING_SCHEMA);
    const sellerTexts = rec.turns.filter((t) => t.speaker === 'Seller').map((t) => t.text);
    // The Seller side is the recording's, in order; the Buyer side is the simulator's own.
    const simSeller = sim.turns.filter((t) => t.speaker === 'Seller').map((t) => t.text);
    expect(simSeller).toEqual(sellerTexts.slice(0, simSeller.length));
    expect(sim.turns.filter((t) => t.speaker === 'Buyer').length).toBeGreaterThan(2);
    expect(sim.turnCount).toBe(countTurns(sim.turns));
    expect(sim.events.filter((e) => e.by === 'Seller').length).toBeGreaterThanOrEqual(simSeller.length);
  });
});
