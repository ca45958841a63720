import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';
import { studyStats } from '../../lib/analysis/study-stats';

const ctx = (conversation: string, condition: string) => ({
  study: 's',
  participant: 'p',
  conversation,
  role: 'seller' as const,
  condition,
  url: null,
});

/** A conversation: Buyer/Seller exchanges, with hovers and shares placed in given turns. */
function conversation(id: string, condition: string, turns: number, hoverTurns: number[], t0: number, accepted?: boolean): FwEvent[] {
  const c = ctx(id, condition);
  const out: FwEvent[] = [];
  let t = t0;
  for (let turn = 1; turn <= turns; turn++) {
    out.push(makeEvent(c, 'Buyer', 'utter', { text: `b${turn}` }, t++));
    if (hoverTurns.includes(turn)) out.push(makeEvent(c, 'Seller', 'hover', { target: 'result_image', productId: 'x', dwellMs: 300 }, t++));
    out.push(
      makeEvent(
        c,
        'Seller',
        'utter',
        {
          text: `s${turn}`,
          acts: turn === 1 ? ['greet'] : ['ask_budget'],
          ...(turn === 2 ? { suggestion: { id: 'sg', editDistance: 0, usedAs: 'as_is' as const } } : {}),
        },
        t++,
      ),
    );
  }
  out.push(makeEvent(c, 'Seller', 'share', { productIds: ['x'], mode: condition.includes('III') ? 'III' : 'II', from: 'search' }, t++));
  if (accepted !== undefined) {
    out.push(makeEvent(c, 'Seller', 'guess', { productId: 'x' }, t++));
    out.push(makeEvent(c, 'Buyer', 'confirm', { productId: 'x', accepted }, t));
  }
  return out;
}

describe('studyStats', () => {
  it('lists conversations with their outcome and counts suggested replies used', () => {
    const events = [
      ...conversation('c1', 'B.IIc', 3, [1, 3], 1_000, true),
      ...conversation('c2', 'B.IIc', 2, [1], 2_000, false),
      ...conversation('c3', 'A.IIIc', 2, [], 3_000),
      makeEvent(
        { ...ctx('', 'B.IIc'), conversation: null },
        'Page',
        'scroll',
        { container: 'document', depthPct: 10, maxDepthPct: 10 },
        4_000,
      ),
    ];
    const s = studyStats(events);
    expect(s.conversations.map((c) => [c.conversation, c.turnCount, c.outcomeLabel])).toEqual([
      ['c1', 3, 'accepted'],
      ['c2', 2, 'rejected'],
      ['c3', 2, 'none'],
    ]);
    // Turn 2 of each conversation used a suggestion as is: 3 of the 7 Seller messages.
    expect(s.suggestions).toEqual({ used: 3, sellerMessages: 7, fraction: 3 / 7 });
  });

  it('counts an edited suggestion as used', () => {
    const c = ctx('c9', 'B.IIc');
    const events = [
      makeEvent(c, 'Seller', 'utter', { text: 'a', suggestion: { id: 's', editDistance: 3, usedAs: 'edited' } }, 1_000),
      makeEvent(c, 'Seller', 'utter', { text: 'b' }, 1_001),
    ];
    expect(studyStats(events).suggestions).toEqual({ used: 1, sellerMessages: 2, fraction: 0.5 });
  });

  it('copes with no conversations', () => {
    expect(studyStats([])).toEqual({ conversations: [], suggestions: { used: 0, sellerMessages: 0, fraction: 0 } });
  });
});
