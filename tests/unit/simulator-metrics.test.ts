import { describe, expect, it } from 'vitest';
import { BUYER_ACTS } from '../../lib/simulator/acts';
import {
  actCounts,
  countTurns,
  dsKl,
  perTurnSuccess,
  reward,
  summarize,
  unmatchedActs,
  userActRatio,
  type ActCounts,
  type ActEvent,
  type ConversationLike,
} from '../../lib/simulator/metrics';
import { withinTolerance } from '../../lib/simulator/paper';
import { pairedBootstrap } from '../../lib/simulator/stats';

// The paper's measures on hand-built conversations whose values are known.
const conv = (events: ActEvent[], over: Partial<ConversationLike> = {}): ConversationLike => ({
  turnCount: 0,
  outcome: null,
  turns: [],
  events,
  ...over,
});
const counts = (over: Partial<ActCounts>): ActCounts => ({ ...(Object.fromEntries(BUYER_ACTS.map((a) => [a, 0])) as ActCounts), ...over });

describe('UserActRatio (paper 004: user acts over all acts)', () => {
  it('counts every act of every message, the Guess and its answer included', () => {
    // Buyer 1 + 2 + 1 (the confirm) = 4 acts; Seller 1 + 1 + 1 + 1 (the Guess) = 4 acts → 0.5.
    const c = conv([
      { by: 'Buyer', acts: ['disclose'] },
      { by: 'Seller', acts: ['greet'] },
      { by: 'Seller', acts: ['elicit'] },
      { by: 'Buyer', acts: ['reveal', 'inquire'] },
      { by: 'Seller', acts: ['recommend'] },
      { by: 'Seller', acts: ['guess'] },
      { by: 'Buyer', acts: ['complete'] },
    ]);
    expect(userActRatio([c])).toBe(0.5);
    // A quieter Buyer: 2 of 5 acts.
    const quiet = conv([
      { by: 'Buyer', acts: ['disclose'] },
      { by: 'Seller', acts: ['elicit'] },
      { by: 'Seller', acts: ['elicit'] },
      { by: 'Seller', acts: ['recommend'] },
      { by: 'Buyer', acts: ['note'], verdict: 'dislike' },
    ]);
    expect(userActRatio([quiet])).toBe(0.4);
    // Over several conversations: acts pooled, 6 of 13.
    expect(userActRatio([c, quiet])).toBe(6 / 13);
  });
});

describe('per-turn success (paper 004: share of Seller turns with an appropriate action)', () => {
  it('judges each Seller turn by the Buyer act it answers', () => {
    const c = conv([
      { by: 'Buyer', acts: ['disclose'] },
      { by: 'Seller', acts: ['greet'] }, // greet + elicit in one turn: fine
      { by: 'Seller', acts: ['elicit'] },
      { by: 'Buyer', acts: ['navigate'] },
      { by: 'Seller', acts: ['recommend'] }, // a question about the product answered with another product: wrong
      { by: 'Buyer', acts: ['note'], verdict: 'dislike' },
      { by: 'Seller', acts: ['clarify'] }, // fine
      { by: 'Buyer', acts: ['reveal'] },
      { by: 'Seller', acts: ['guess'] }, // a Guess puts a product forward: fine
      { by: 'Buyer', acts: ['note'], verdict: 'like' },
      { by: 'Seller', acts: ['clarify'] }, // asking what was wrong with one it liked: wrong
      { by: 'Buyer', acts: ['complete'] },
      { by: 'Seller', acts: ['end'] }, // fine
    ]);
    expect(perTurnSuccess([c])).toEqual({ turns: 6, appropriate: 4, rate: 4 / 6 });
  });

  it('reads the last act of a message that does several things, and skips small talk', () => {
    const c = conv([
      { by: 'Buyer', acts: ['reveal', 'inquire'] },
      { by: 'Seller', acts: ['recommend'] },
      { by: 'Buyer', acts: ['social'] },
      { by: 'Seller', acts: ['chat'] },
    ]);
    expect(perTurnSuccess([c]).rate).toBe(1);
  });
});

describe('DS-KL (paper 004: (KL(P‖Q) + KL(Q‖P)) / 2 over the Buyer acts)', () => {
  const onlyReveal = counts({ reveal: 8 });
  const onlyNote = counts({ note: 8 });

  it('is 0 for the same distribution and symmetric', () => {
    const p = counts({ reveal: 3, note: 1, complete: 2 });
    const q = counts({ reveal: 1, inquire: 2, note: 2 });
    expect(dsKl(p, p)).toBeCloseTo(0, 12);
    expect(dsKl(p, q)).toBeCloseTo(dsKl(q, p), 12);
  });

  it('with add-one counts: two sets each showing one act, a different one: (8/15)·ln 9', () => {
    // p(reveal) = 9/15, p(other six) = 1/15 each, and the mirror image for q.
    expect(dsKl(onlyReveal, onlyNote, { kind: 'add-alpha', alpha: 1 })).toBeCloseTo((8 / 15) * Math.log(9), 12);
  });

  it('with ε on the probabilities: ln((1+ε)/ε)/(1+7ε), which grows as ε shrinks (the sensitivity the issue found)', () => {
    for (const epsilon of [1e-2, 1e-3, 1e-5]) {
      expect(dsKl(onlyReveal, onlyNote, { kind: 'epsilon', epsilon })).toBeCloseTo(
        Math.log((1 + epsilon) / epsilon) / (1 + 7 * epsilon),
        10,
      );
    }
    expect(dsKl(onlyReveal, onlyNote, { kind: 'epsilon', epsilon: 1e-5 })).toBeGreaterThan(
      1.5 * dsKl(onlyReveal, onlyNote, { kind: 'epsilon', epsilon: 1e-2 }),
    );
    expect(unmatchedActs(onlyReveal, onlyNote)).toEqual(['reveal', 'note']);
    expect(unmatchedActs(onlyReveal, onlyReveal)).toEqual([]);
  });

  it("counts the Buyer's act labels of its messages only", () => {
    const c = conv([], {
      turns: [
        { speaker: 'Buyer', text: 'x', buyerActs: ['reveal', 'inquire'] },
        { speaker: 'Seller', text: 'y' },
        { speaker: 'Buyer', text: 'z', buyerActs: ['reveal'] },
      ],
    });
    expect(actCounts([c])).toEqual(counts({ reveal: 2, inquire: 1 }));
  });
});

describe('turns, reward, words', () => {
  it('counts an exchange when a Seller message follows a Buyer message', () => {
    const t = (s: string) => ({ speaker: (s === 'B' ? 'Buyer' : 'Seller') as 'Buyer' | 'Seller' });
    expect(countTurns(['B', 'S', 'S', 'B', 'S', 'B', 'B', 'S'].map(t))).toBe(3);
  });

  it('rewards success with 20 less one per turn, and failure with nothing (paper 004, section 6.2)', () => {
    expect(reward({ turnCount: 6, outcome: { accepted: true }, turns: [] })).toBe(14);
    expect(reward({ turnCount: 6, outcome: { accepted: false }, turns: [] })).toBe(0);
    expect(reward({ turnCount: 25, outcome: { accepted: true }, turns: [] })).toBe(0);
  });

  it("averages the Buyer's words per message", () => {
    const s = summarize([
      conv([], {
        turns: [
          { speaker: 'Buyer', text: 'one two three four' },
          { speaker: 'Seller', text: 'ignored words here' },
          { speaker: 'Buyer', text: 'five  six' },
        ],
      }),
    ]);
    expect(s.buyerWordsPerMessage).toBe(3);
  });

  it('holds a figure to the paper within ±15 %', () => {
    expect(withinTolerance(7.2, 6.3)).toBe(true);
    expect(withinTolerance(7.3, 6.3)).toBe(false);
    expect(withinTolerance(7.65, 9)).toBe(true);
  });
});

describe('paired bootstrap (the comparison test)', () => {
  it('gives the mean paired difference and an interval around it; a constant difference has a point interval', () => {
    const a = [1, 0, 1, 1, 0, 1];
    expect(pairedBootstrap(a, a)).toMatchObject({ diff: 0, lo: 0, hi: 0 });
    expect(
      pairedBootstrap(
        a.map((x) => x + 1),
        a,
      ),
    ).toMatchObject({ diff: 1, lo: 1, hi: 1 });
  });

  it('is seeded, and its interval covers the observed difference', () => {
    const a = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? 1 : 0));
    const b = Array.from({ length: 200 }, (_, i) => (i % 5 === 0 ? 1 : 0));
    const ci = pairedBootstrap(a, b, 11);
    expect(pairedBootstrap(a, b, 11)).toEqual(ci);
    expect(ci.lo).toBeLessThan(ci.diff);
    expect(ci.hi).toBeGreaterThan(ci.diff);
    expect(ci.diff).toBeCloseTo(67 / 200 - 40 / 200, 12);
  });

  it('refuses unpaired samples', () => {
    expect(() => pairedBootstrap([1, 2], [1])).toThrow(/equal length/);
  });
});
