import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';
import { BACKENDS, partitionedEvents, joinedSeller, post, useServer, type ServerHarness } from './harness';

/** An error that names its field: a dotted path of plain names or JSON-quoted keys, then the reason. */
const SEGMENT = String.raw`(?:[\w$-]+|"(?:[^"\\]|\\.)*")`;
const FIELD_NAMED = new RegExp(String.raw`^${SEGMENT}(?:\.${SEGMENT})*: |^event is \d+ characters`);

type Seller = Awaited<ReturnType<typeof joinedSeller>>;
type Answer = { accepted: string[]; duplicates: string[]; rejected: { index: number; id: string | null; error: string }[] };

/** An event with a change made to a copy of it (the change may make it anything JSON can say). */
const edited = (e: FwEvent, change: (copy: Record<string, unknown>) => void): Record<string, unknown> => {
  const copy = structuredClone(e) as unknown as Record<string, unknown>;
  change(copy);
  return copy;
};
const payloadOf = (e: Record<string, unknown>) => e.payload as Record<string, unknown>;

async function storedEvents(h: ServerHarness, study: string): Promise<Map<string, unknown>> {
  const res = await fetch(`${h.url}/v1/studies/${study}/export?format=jsonl`, { headers: h.admin });
  expect(res.status).toBe(200);
  const lines = (await res.text()).split('\n').filter(Boolean);
  return new Map(lines.map((l) => JSON.parse(l) as { id: string }).map((e) => [e.id, e]));
}

function searchEvent(s: Seller, filters: unknown): FwEvent {
  const e = s.event('click');
  return { ...e, agent: 'Seller', action: 'search', payload: { query: 'q', filters, sort: 'relevance', page: 0 } } as unknown as FwEvent;
}

describe.each([...BACKENDS, ...partitionedEvents('integrity')])(
  'ingest keeps every event exactly or refuses it by name ($name)',
  (backend) => {
    const harness = useServer(backend);

    it('refuses what the database cannot store, per event, and stores the rest of the batch', async () => {
      const h = harness();
      const s = await joinedSeller(h);
      const good = s.event('utter');
      // Nested thousands deep: written as text, since JSON.stringify itself would run out of stack on it.
      const DEEP = 5_000;
      const deep = 'DEEP';
      const cases: [string, Record<string, unknown>, RegExp][] = [
        [
          'a lone surrogate',
          edited(s.event('utter'), (e) => (payloadOf(e).text = 'xxxxx\ud83d')),
          /^payload\.text: must be well-formed Unicode/,
        ],
        [
          'a lone low surrogate',
          edited(s.event('utter'), (e) => (payloadOf(e).text = '\udc5f')),
          /^payload\.text: must be well-formed Unicode/,
        ],
        ['a NUL in a text', edited(s.event('utter'), (e) => (payloadOf(e).text = 'a\u0000b')), /^payload\.text: must not contain a NUL/],
        ['a NUL in the url', edited(s.event(), (e) => (e.url = 'http://127.0.0.1/\u0000')), /^url: must not contain a NUL/],
        [
          'a NUL in a filters key',
          searchEvent(s, { 'bra\u0000nd': 'x' }) as unknown as Record<string, unknown>,
          /^payload\.filters\."bra\\u0000nd": key must not contain a NUL/,
        ],
        ['a time above bigint', edited(s.event(), (e) => (e.time = 9.3e18)), /^time: /],
        ['a time past Date', edited(s.event(), (e) => (e.time = 9e15)), /^time: must not be more than a day in the future/],
        ['a time before 2000', edited(s.event(), (e) => (e.time = 5)), /^time: must be epoch milliseconds from 2000/],
        [
          'filters nested thousands deep',
          searchEvent(s, deep) as unknown as Record<string, unknown>,
          /^payload\.filters(\.d)+: is nested too deeply/,
        ],
        [
          'filters nested past the free-form limit',
          searchEvent(s, { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }) as unknown as Record<string, unknown>,
          /^payload\.filters: .*nested too deeply/,
        ],
        [
          'huge filters',
          searchEvent(s, { brand: 'x'.repeat(9_000) }) as unknown as Record<string, unknown>,
          /^payload\.filters: must be at most 8192 characters/,
        ],
      ];
      const batch = [good, ...cases.map(([, e]) => e)];
      const body = JSON.stringify({ events: batch }).replace('"DEEP"', `${'{"d":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`);
      const r = await post(`${h.url}/v1/events`, body, s.auth);
      expect(r.status).toBe(200);
      const answer = r.json as Answer;
      expect(answer.accepted).toEqual([good.id]);
      cases.forEach(([what, e, error], i) => {
        expect(
          answer.rejected.find((x) => x.index === i + 1),
          what,
        ).toEqual({ index: i + 1, id: e.id, error: expect.stringMatching(error) });
      });
      const stored = await storedEvents(h, s.studyId);
      expect([...stored.keys()]).toEqual([good.id]);
    });

    it('never accepts and changes: unknown keys, __proto__ and prototype keys are refused by name', async () => {
      const h = harness();
      const s = await joinedSeller(h);
      const proto = JSON.parse(JSON.stringify(s.event()).replace('"payload":{', '"payload":{"__proto__":{"polluted":true},')) as Record<
        string,
        unknown
      >;
      const cases: [string, Record<string, unknown>, RegExp][] = [
        ['__proto__ in a payload', proto, /^payload\.__proto__: key "__proto__" is not allowed/],
        ['an extra payload key', edited(s.event(), (e) => (payloadOf(e).extra = 1)), /^payload\.extra: /],
        [
          'an extra nested key',
          edited(s.event(), (e) => ((payloadOf(e).element as Record<string, unknown>).secret = 'x')),
          /^payload\.element\.secret: /,
        ],
        ['an extra envelope key', edited(s.event(), (e) => (e.admin = true)), /^admin: /],
        [
          'constructor in filters',
          searchEvent(s, { constructor: 'x' }) as unknown as Record<string, unknown>,
          /^payload\.filters\.constructor: key "constructor" is not allowed/,
        ],
      ];
      const r = await post(`${h.url}/v1/events`, JSON.stringify({ events: cases.map(([, e]) => e) }), s.auth);
      expect(r.status).toBe(422);
      const answer = r.json as Answer;
      expect(answer.accepted).toEqual([]);
      cases.forEach(([what, e, error], i) =>
        expect(answer.rejected[i], what).toEqual({ index: i, id: e.id, error: expect.stringMatching(error) }),
      );
      expect((await storedEvents(h, s.studyId)).size).toBe(0);
    });

    it('refuses events whose role or condition are not the token owner’s', async () => {
      const h = harness();
      const s = await joinedSeller(h, { name: 'Forgery', conditions: ['B.IIc', 'A.Iu'] });
      const other = s.joined.condition === 'B.IIc' ? 'A.Iu' : 'B.IIc';
      const asBuyer = s.event('utter', { role: 'buyer', agent: 'Buyer' } as Partial<FwEvent>);
      const otherCondition = s.event('click', { condition: other });
      const mine = s.event();
      const r = await post(`${h.url}/v1/events`, { events: [asBuyer, otherCondition, mine] }, s.auth);
      expect(r.json).toEqual({
        accepted: [mine.id],
        duplicates: [],
        rejected: [
          { index: 0, id: asBuyer.id, error: 'role: "buyer" is not your role in this study (seller)' },
          { index: 1, id: otherCondition.id, error: `condition: "${other}" is not your condition in this study (${s.joined.condition})` },
        ],
      });
    });

    it('scopes event ids to their study: an id known from another study shadows nothing and reveals nothing', async () => {
      const h = harness();
      const victim = await joinedSeller(h, { name: 'Victim' });
      const attacker = await joinedSeller(h, { name: 'Attacker' });
      const real = victim.event('utter');
      // The attacker stores the victim's id first, in the attacker's own study: a new event there, nothing more.
      const copy = { ...attacker.event('utter'), id: real.id };
      expect((await post(`${h.url}/v1/events`, { events: [copy] }, attacker.auth)).json).toEqual({
        accepted: [real.id],
        duplicates: [],
        rejected: [],
      });
      // The real event is still accepted (not answered "duplicate") and stored in its study, as sent.
      expect((await post(`${h.url}/v1/events`, { events: [real] }, victim.auth)).json).toEqual({
        accepted: [real.id],
        duplicates: [],
        rejected: [],
      });
      expect((await storedEvents(h, victim.studyId)).get(real.id)).toStrictEqual(real);
      expect((await storedEvents(h, attacker.studyId)).get(real.id)).toStrictEqual(copy);
    });

    it('merges what the pilot room and the extension each know of one message under its id', async () => {
      const h = harness();
      const s = await joinedSeller(h);
      // The room's copy (as server/pilot/rooms.ts stores it: no url, no suggestion) ...
      const room = s.event('utter', { url: null });
      expect((await post(`${h.url}/v1/events`, { events: [room] }, s.auth)).json).toMatchObject({ accepted: [room.id] });
      // ... then the extension's, with the suggested reply it used and the page it was on.
      const ext = {
        ...room,
        url: 'http://127.0.0.1/pilot/seller/ABC',
        payload: { ...room.payload, suggestion: { id: 's-1', editDistance: 2, usedAs: 'edited' } },
      } as FwEvent;
      expect((await post(`${h.url}/v1/events`, { events: [ext] }, s.auth)).json).toEqual({
        accepted: [],
        duplicates: [room.id],
        rejected: [],
      });
      expect((await storedEvents(h, s.studyId)).get(room.id)).toStrictEqual(ext);
      // A copy that says something else keeps what was stored first; a copy of another action changes nothing.
      const conflicting = { ...ext, payload: { ...ext.payload, text: 'changed' } } as FwEvent;
      const otherAction = { ...s.event('click'), id: room.id };
      expect((await post(`${h.url}/v1/events`, { events: [conflicting, otherAction] }, s.auth)).json).toMatchObject({
        accepted: [],
        duplicates: [room.id],
      });
      expect((await storedEvents(h, s.studyId)).get(room.id)).toStrictEqual(ext);
    });

    it('answers concurrent resends of the same ids in opposite orders without a 500 (no deadlock)', async () => {
      const h = harness();
      const s = await joinedSeller(h);
      // 25 pairs at once, each pair the same 200 new ids in opposite orders: the case that deadlocked (8 of 50).
      const pairs = Array.from({ length: 25 }, () => Array.from({ length: 200 }, () => s.event()));
      const sends = pairs
        .flatMap((events) => [events, [...events].reverse()])
        .map((events) => post(`${h.url}/v1/events`, { events }, s.auth));
      const answers = await Promise.all(sends);
      expect(answers.filter((r) => r.status !== 200).map((r) => r.json)).toEqual([]);
      expect((await storedEvents(h, s.studyId)).size).toBe(25 * 200);
    });

    it('property: any generated event is stored exactly as sent or refused naming a field, never a 500', async () => {
      const h = harness();
      const s = await joinedSeller(h);
      // Text from the whole of Unicode, lone surrogates and NUL included; numbers at and past the edges; free-form
      // filters with any keys and nesting.
      const text = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.constantFrom('\ud83d', 'a\u0000', '__proto__', '=1+1', '"\n,'),
      );
      const number = fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -0, 2 ** 53, 9.3e18, Number.MAX_VALUE),
      );
      const json = fc.letrec((tie) => ({
        value: fc.oneof(
          { depthSize: 'small' },
          text,
          number,
          fc.boolean(),
          fc.constant(null),
          fc.array(tie('value'), { maxLength: 3 }),
          fc.dictionary(text, tie('value'), { maxKeys: 3 }),
        ),
      })).value;
      const generated = fc.oneof(
        fc
          .record({ text, dwell: number })
          .map(({ text: t, dwell }) => edited(s.event('utter'), (e) => Object.assign(payloadOf(e), { text: t, composeMs: dwell }))),
        fc.record({ url: text, time: number }).map(({ url, time }) => edited(s.event(), (e) => Object.assign(e, { url, time }))),
        fc.dictionary(text, json, { maxKeys: 4 }).map((filters) => searchEvent(s, filters) as unknown as Record<string, unknown>),
        fc.record({ key: text, value: json }).map(({ key, value }) => edited(s.event(), (e) => (payloadOf(e)[key] = value))),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(generated, { minLength: 1, maxLength: 15 }), async (batch) => {
          // Each generated event gets an id of its own, so runs never collide.
          const events = batch.map((e) => ({
            ...e,
            id: makeEvent({ ...s.event() }, 'Page', 'click', { element: { tag: 'a', path: 'a' } }).id,
          }));
          const r = await post(`${h.url}/v1/events`, JSON.stringify({ events }), s.auth);
          expect([200, 422]).toContain(r.status);
          const answer = r.json as Answer;
          expect(answer.accepted.length + answer.rejected.length).toBe(events.length);
          for (const x of answer.rejected) expect(x.error).toMatch(FIELD_NAMED);
          const stored = await storedEvents(h, s.studyId);
          for (const id of answer.accepted) {
            const sent = JSON.parse(JSON.stringify(events.find((e) => e.id === id))) as unknown;
            expect(stored.get(id)).toStrictEqual(sent);
          }
          for (const x of answer.rejected) expect(stored.has(String(x.id))).toBe(false);
        }),
        { numRuns: 25 },
      );
    }, 60_000); // 25 batches and 25 exports over HTTP: seconds on a quiet machine, more on a shared one
  },
);
