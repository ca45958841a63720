import { describe, expect, it } from 'vitest';
import type { Product } from '../../lib/catalog/catalog-schema';
import { extractProfile } from '../../lib/profile/extract';
import { vocabularyFromCatalog } from '../../lib/profile/vocabulary';
import { fold } from '../../lib/search/text';
import type { SellerEvent } from '../../lib/simulator/acts';
import { judge } from '../../lib/simulator/preferences';
import { speak } from '../../lib/simulator/language';
import { mulberry32 } from '../../lib/random';
import { buyerFor, catalog, inCategory, persona, prefsOf, product, saysOf, texts } from './helpers/simulator';

// The Buyer's hidden constraints: specific targets, constraints revealed mostly when asked, and new information
// when asked what was not right (issue 19, "Simulated Buyer that rewards good selling").
const ASK_WRONG: SellerEvent = { type: 'say', text: 'What is not quite right about it?', acts: ['ask_what_wrong'] };
const share = (p: Product): SellerEvent => ({ type: 'share', productIds: [p.id] });
const nephew = 'lego-star-wars-nephew';
/** A LEGO set that is not Star Wars: it breaks the nephew's hidden theme. */
const notStarWars = () => inCategory('lego').find((p) => p.attributes.theme === 'City') as Product;
const FITS = { accept: 'fits', priceTolerance: 0.05, rangeTolerance: 0.15 } as const;

describe('hidden constraints', () => {
  it('accepts exactly its three target products (the paper task); a product that breaks nothing else is still not it', () => {
    const prefs = prefsOf(nephew);
    for (const t of prefs.targets) expect(judge(prefs, t).accepted).toBe(true);
    const fits = inCategory('lego').filter((p) => !prefs.targets.includes(p) && judge(prefs, p, FITS).accepted);
    expect(fits.length).toBeGreaterThan(5);
    for (const p of fits) expect(judge(prefs, p).accepted).toBe(false);
  });

  it('unasked, says no without the reason when it does not volunteer (volunteerRate 0), and names it when it does (1)', () => {
    const city = notStarWars();
    for (let seed = 1; seed <= 10; seed++) {
      const quiet = buyerFor(nephew, { seed, volunteerRate: 0, navigateRate: 0, typoRate: 0 });
      quiet.opening();
      const no = quiet.respond(share(city));
      expect(saysOf(no)[0]).toMatchObject({ acts: ['note'], verdict: 'dislike' });
      expect(texts(no)).not.toMatch(/star wars/i);
      expect(quiet.toldFacts.has('feature:theme=Star Wars')).toBe(false);

      const open = buyerFor(nephew, { seed, volunteerRate: 1, navigateRate: 0, typoRate: 0 });
      open.opening();
      expect(texts(open.respond(share(city)))).toMatch(/star wars/i);
      expect(open.toldFacts.has('feature:theme=Star Wars')).toBe(true);
    }
  });

  it('reveals a hidden constraint as soon as it is asked about it', () => {
    const b = buyerFor(nephew, { volunteerRate: 0, typoRate: 0 });
    b.opening();
    expect(b.toldFacts.has('budget')).toBe(false);
    expect(texts(b.respond({ type: 'say', text: 'Do you have a budget in mind?', acts: ['ask_budget'] }))).toMatch(/\$40.*\$80|\$80|\$60/);
    expect(b.toldFacts.has('budget')).toBe(true);
    expect(texts(b.respond({ type: 'say', text: 'Are there any features you are looking for?' }))).toMatch(/star wars/i);
    expect(b.toldFacts.has('feature:theme=Star Wars')).toBe(true);
  });

  it('answers "what was not right?" with something new each time, never repeating itself', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const b = buyerFor('smartwatch-swim-dad', { seed, volunteerRate: 0, navigateRate: 0, typoRate: 0, patience: { min: 40, max: 40 } });
      b.opening();
      const answers: string[] = [];
      // Non-targets of the category, each turned down and asked about.
      const others = inCategory('smartwatches').filter((p) => !persona('smartwatch-swim-dad').targets.includes(p.id));
      for (const p of others.slice(0, 5)) {
        b.respond(share(p));
        const before = b.toldFacts.size;
        const answer = saysOf(b.respond(ASK_WRONG))[0];
        expect(answer?.acts).toEqual(['reveal']);
        // New information: at least one fact it had not told before.
        expect(b.toldFacts.size, answer?.text).toBeGreaterThan(before);
        answers.push(answer?.text ?? '');
      }
      expect(new Set(answers).size).toBe(answers.length);
    }
  });

  it('asked about a product that breaks nothing it has said, describes the target it pictures by what that product lacks', () => {
    const prefs = prefsOf(nephew);
    const b = buyerFor(nephew, { volunteerRate: 0, navigateRate: 0, typoRate: 0 });
    b.opening();
    // Everything hidden is told first.
    for (const acts of [['ask_features'], ['ask_budget'], ['ask_recipient']]) b.respond({ type: 'say', text: '?', acts });
    const near = inCategory('lego').find((p) => !prefs.targets.includes(p) && judge(prefs, p, FITS).accepted) as Product;
    b.respond(share(near));
    const answer = texts(b.respond(ASK_WRONG));
    const cueWords = prefs.targets.flatMap((t) => prefs.cues[t.id] ?? []).map(fold);
    const said = fold(answer).match(/[\p{L}\p{N}]+/gu) ?? [];
    const named = said.filter((w) => cueWords.includes(w));
    expect(named.length, answer).toBeGreaterThan(0);
    // …words of a target's title that the product shown does not have.
    for (const w of named) expect(fold(near.title)).not.toContain(w);
  });

  it('repeats a constraint it has told when the Seller shows a product that ignores it', () => {
    const b = buyerFor(nephew, { volunteerRate: 0, navigateRate: 0, typoRate: 0 });
    b.opening();
    b.respond({ type: 'say', text: 'Any features?', acts: ['ask_features'] });
    expect(texts(b.respond(share(notStarWars())))).toMatch(/star wars/i);
  });

  it('gives up after its patience once the minimum turns are done, and ends the conversation', () => {
    const b = buyerFor(nephew, { volunteerRate: 0, navigateRate: 0, patience: { min: 6, max: 6 } });
    b.opening();
    const city = inCategory('lego').filter((p) => p.attributes.theme === 'City');
    let last: ReturnType<typeof b.respond> = [];
    for (let i = 0; i < 10 && !b.done; i++) last = b.respond(share(city[i] as Product));
    expect(b.done).toBe(true);
    expect(b.turns).toBe(6);
    expect(last.at(-1)).toEqual({ type: 'end' });
  });
});

describe("the Buyer's words", () => {
  it('by voice: a transcript, lower case, without typos or emoticons', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const b = buyerFor('headphones-teen-gift', { seed, input: 'voice', typoRate: 1 });
      for (const m of saysOf([...b.opening(), ...b.respond({ type: 'say', text: 'Who is it for?', acts: ['ask_recipient'] })])) {
        expect(m.text).toBe(m.text.toLowerCase());
        expect(m.text).not.toContain(':)');
      }
    }
  });

  it('asides state no preference: the overlay reads nothing into them', () => {
    const vocab = vocabularyFromCatalog(catalog.products);
    const rng = mulberry32(3);
    for (let i = 0; i < 200; i++) {
      const act = rng.pick(['reveal', 'note', 'inquire', 'navigate', 'disclose', 'complete'] as const);
      const m = speak([{ act, text: 'ok' }], rng, 'typed', 0);
      const aside = m.text.replace(/^ok/i, '');
      if (aside) expect(extractProfile(aside, vocab, { category: 'headphones' }).items, aside).toEqual([]);
    }
  });

  it('a target it likes reads as a yes, and a product it turns down as a no, even with typos', async () => {
    const { readsAsYes } = await import('../../lib/simulator/seller-policies');
    const p = persona('books-mystery-mom');
    for (let seed = 1; seed <= 40; seed++) {
      const b = buyerFor(p.id, { seed, typoRate: 1, navigateRate: 0 });
      b.opening();
      const no = saysOf(b.respond(share(inCategory('books').find((x) => x.attributes.genre === 'fantasy') as Product)))[0];
      expect(readsAsYes(no?.text ?? ''), no?.text).toBe(false);
      const yes = saysOf(b.respond(share(product(p.targets[seed % 3] as string))))[0];
      expect(readsAsYes(yes?.text ?? ''), yes?.text).toBe(true);
    }
  });
});
