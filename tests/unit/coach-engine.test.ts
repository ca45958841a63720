import { describe, expect, it } from 'vitest';
import { DEFAULT_COACHING_SCHEMA as S } from '../../lib/coach/default-schema';
import { parseCoachingSchema } from '../../lib/coach/coaching-schema';
import { checklist, nextActs, useAct, type ActCounts } from '../../lib/coach/engine';
import raw from '../../lib/coach/default-schema.json';

const none = new Set<never>();

describe('coaching schema', () => {
  it('holds the paper’s Table 3: ten acts and six lettered follow-ups', () => {
    expect(S.acts.map((a) => a.number)).toEqual(['1', '2', '3', '3a', '3b', '4', '4a', '5', '5a', '6', '7', '8', '9', '9a', '9b', '10']);
    expect(S.acts.filter((a) => a.parent).map((a) => `${a.number}<${S.acts.find((p) => p.id === a.parent)?.number}`)).toEqual([
      '3a<3',
      '3b<3',
      '4a<4',
      '5a<5',
      '9a<9',
      '9b<9',
    ]);
  });

  it('rejects a broken schema with every problem named, not just the first', () => {
    const bad = structuredClone(raw) as typeof raw & { acts: { id: string; parent?: string }[] };
    bad.acts[3] = { ...bad.acts[3], parent: 'nope' } as (typeof bad.acts)[number];
    bad.start = ['missing'];
    bad.transitions = { ...bad.transitions, greet: ['ghost'] };
    const r = parseCoachingSchema(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toContain('act "ask_use_more" follows "nope", which is not an act');
      expect(r.errors).toContain('start names "missing", which is not an act');
      expect(r.errors).toContain('transition greet → "ghost" names no act');
    }
    const shape = parseCoachingSchema({ id: 'x', name: 'x', version: 2, acts: [], start: [], transitions: {} });
    expect(shape.ok).toBe(false);
    if (!shape.ok) expect(shape.errors[0]).toMatch(/version/);
    const dup = parseCoachingSchema({ ...raw, acts: [...raw.acts, raw.acts[0]] });
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.errors[0]).toMatch(/same id/);
    const loop = structuredClone(raw) as { acts: { id: string; parent?: string }[] };
    loop.acts[1] = { ...loop.acts[1], id: 'ask_recipient', parent: 'ask_use' } as (typeof loop.acts)[number];
    loop.acts[2] = { ...loop.acts[2], id: 'ask_use', parent: 'ask_recipient' } as (typeof loop.acts)[number];
    const looped = parseCoachingSchema(loop);
    expect(looped.ok).toBe(false);
    if (!looped.ok) expect(looped.errors.join()).toMatch(/loop/);
  });
});

describe('checklist', () => {
  it('locks follow-ups until their parent is used, and enforces limits', () => {
    let counts: ActCounts = {};
    const status = (id: string) => checklist(S, counts).find((s) => s.act.id === id);
    expect(status('ask_use_more')).toMatchObject({ available: false, reason: 'Unlocks after 3 (How will it be used?)' });
    const locked = useAct(S, counts, '3a');
    expect(locked).toEqual({ ok: false, error: 'Unlocks after 3 (How will it be used?)' });

    for (const id of ['3', '3a', '3a', '7']) {
      const r = useAct(S, counts, id);
      if (!r.ok) throw new Error(r.error);
      counts = r.counts;
    }
    expect(status('ask_use_more')).toMatchObject({ available: true, count: 2 });
    expect(status('ask_budget')).toMatchObject({ available: false, count: 1, reason: 'Used once: at most once per conversation' });
    expect(useAct(S, counts, 'ask_budget')).toEqual({ ok: false, error: 'Used once: at most once per conversation' });
    expect(useAct(S, counts, 'sing')).toEqual({ ok: false, error: 'There is no act "sing" in this checklist' });
  });
});

describe('next-act guidance', () => {
  it('starts with a greeting, then follows the usual path', () => {
    expect(nextActs(S, { counts: {}, last: null, known: none }).map((g) => [g.act.id, g.why])).toEqual([
      ['greet', 'A good way to start.'],
      ['ask_recipient', 'You do not know who it is for yet.'],
    ]);
    expect(nextActs(S, { counts: { greet: 1 }, last: 'greet', known: none }).map((g) => g.act.id)).toEqual(['ask_recipient', 'ask_use']);
  });

  it('does not suggest asking what the Buyer already said', () => {
    const g = nextActs(S, { counts: { greet: 1 }, last: 'greet', known: new Set(['recipient'] as const) });
    expect(g.map((x) => x.act.id)).toEqual(['ask_use', 'ask_owned']);
    const afterFeatures = nextActs(S, { counts: { greet: 1, ask_features: 1 }, last: 'ask_features', known: new Set(['budget'] as const) });
    expect(afterFeatures.map((x) => x.act.id)).toEqual(['ask_top_feature', 'ask_recipient']);
  });

  it('recommends once enough is known, saying what is known', () => {
    const g = nextActs(S, {
      counts: { greet: 1, ask_budget: 1 },
      last: 'ask_budget',
      known: new Set(['budget', 'use', 'recipient'] as const),
    });
    expect(g[0]).toMatchObject({
      act: { id: 'recommend' },
      why: 'You know their budget, how it will be used and who it is for: time to recommend.',
    });
    // After a recommendation: the follow-ups.
    expect(
      nextActs(S, { counts: { recommend: 1 }, last: 'recommend', known: new Set(['budget', 'use', 'recipient'] as const) }).map(
        (x) => x.act.id,
      ),
    ).toEqual(['ask_what_wrong', 'ask_experience']);
  });
});
