import fc from 'fast-check';
import {
  ACTIONS,
  AGENTS,
  EVENT_CLOCK_SKEW_MS,
  EVENT_SCHEMA_VERSION,
  EVENT_TIME_MIN,
  ROLES,
  type Action,
  type EventOf,
  type FwEvent,
  type PayloadOf,
} from '../../../lib/events/event-schema';
import type { ProfileItem } from '../../../lib/profile/profile-schema';
import { SHARE_ORIGINS } from '../../../lib/share/origins';
import { PRIMINGS, SHARINGS } from '../../../lib/study/condition';
import { truncateText } from '../../../lib/text/unicode';
import { findUnstorable, jsonChars, MAX_FREE_FORM_DEPTH, MAX_FREE_FORM_JSON_CHARS } from '../../../lib/events/storable';

/**
 * fast-check arbitraries for events that pass `validateEvent`, one per action, for property tests of everything
 * that takes events (exports, ingest, storage). Text is storable (no NUL, no lone surrogate: PostgreSQL refuses
 * both, see lib/text/unicode) but otherwise anything: emoji, quotes, separators, line breaks, formula starts.
 * Numbers are finite and never -0, because JSON (every store and export) cannot hold Infinity or -0: an event
 * carrying one cannot come back out as it went in.
 */

/** Pieces that trip naive CSV, JSON and spreadsheet handling, mixed into every generated text. */
const TRICKY_TEXT = [
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  '\r\n',
  ',',
  ';',
  '"',
  '""',
  "'",
  '\\',
  ' ',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\u200b',
  '🙂',
  '👩‍👩‍👧‍👦',
  '🇫🇷',
  'e\u0301',
  '=SUM(A1:A9)',
  '+1',
  '-1',
  '@cmd',
  'null',
  'true',
  '0',
  '1e3',
  '{"a":1}',
  '[1]',
] as const;

/** One unit of text: a tricky piece, or any code point but NUL (the `binary` unit never yields half a pair). */
const textUnit: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TRICKY_TEXT),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '\u0000'),
);

/** Text at exactly a limit (or one under, where the limit would split an emoji), so limits are exercised too. */
const atLimit = (max: number): string => truncateText('a🙂"\n,='.repeat(Math.ceil(max / 4)), max);

/** Storable text of at most `max` UTF-16 code units (the schema's limits count code units). */
export function storableText(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 20, arbitrary: fc.string({ unit: textUnit }).map((s) => truncateText(s, max)) },
    { weight: 1, arbitrary: fc.constantFrom('', atLimit(max)) },
  );
}

/** Text for fields whose schema trims it and wants at least one character (profile items): generated already trimmed. */
const trimmedText = (max: number) =>
  storableText(max)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** Event times 0..MAX_SAFE_INTEGER: the schema takes them all, including times past Date's range (8.64e15 ms). */
const DATE_RANGE_MS = 8_640_000_000_000_000;
const nonNegInt = fc.oneof(fc.constantFrom(0, 1, DATE_RANGE_MS, DATE_RANGE_MS + 1, Number.MAX_SAFE_INTEGER), fc.nat(), fc.maxSafeNat());

/** Event times the schema takes: from 2000-01-01 to a day ahead of now, edges included. */
const eventTime = fc.oneof(
  fc.constantFrom(EVENT_TIME_MIN, Date.now()),
  fc.integer({ min: EVENT_TIME_MIN, max: Date.now() + EVENT_CLOCK_SKEW_MS - 60_000 }),
);

const notNegativeZero = (n: number) => !Object.is(n, -0);
/** Any finite number: boundaries (tiny, huge, negative) and whatever fast-check finds. */
const anyNumber = fc
  .oneof(
    fc.constantFrom(0, -1, 0.1, Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE, 1e21, 1e-7),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  )
  .filter(notNegativeZero);
const nonNegNumber = (max = Number.MAX_VALUE) =>
  fc.oneof(fc.constantFrom(0, Number.MIN_VALUE, max), fc.double({ min: 0, max, noNaN: true })).filter(notNegativeZero);
const percent = nonNegNumber(100);

const productId = storableText(200);
const optionalNull = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: null });

/**
 * Keys a free-form object may have that trip code treating objects as maps or paths. (`__proto__`, `prototype` and
 * `constructor` are refused by the schema: lib/events/storable's FORBIDDEN_KEYS.)
 */
const ODD_KEYS = ['', 'toString', 'hasOwnProperty', 'a.b', 'payload.text', '=1+1', '0', '-1', ' ', '\n', '🙂', 'x,y', '"q"'] as const;

/** A free-form object (search filters): odd keys, nesting, any JSON value. */
const freeForm: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(
    fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ unit: textUnit, maxLength: 8 })),
    fc.jsonValue({ stringUnit: textUnit, maxDepth: 4 }),
    { maxKeys: 6 },
  )
  .filter((o) => findUnstorable(o, MAX_FREE_FORM_DEPTH) === null && jsonChars(o) <= MAX_FREE_FORM_JSON_CHARS); // fast-check also makes "__proto__" keys

const element = fc.record(
  {
    tag: storableText(40),
    path: storableText(400),
    id: storableText(120),
    role: storableText(40),
    label: storableText(120),
    testId: storableText(120),
  },
  { requiredKeys: ['tag', 'path'] },
);

const money = nonNegNumber(1_000_000);
const budget = fc.tuple(money, money, fc.constantFrom('min', 'max', 'both')).map(([a, b, which]): ProfileItem => {
  const [min, max] = a <= b ? [a, b] : [b, a];
  return which === 'min' ? { slot: 'budget', min } : which === 'max' ? { slot: 'budget', max } : { slot: 'budget', min, max };
});
/** `attribute=value`: the value is one line (the schema's `.+`). */
const feature = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z]\w{0,20}$/),
    trimmedText(150)
      .map((s) => s.replace(/[\n\r\u2028\u2029]/g, ' ').trim())
      .filter((s) => s.length > 0),
  )
  .map(([attr, value]) => `${attr}=${value}`);
const profileItem: fc.Arbitrary<ProfileItem> = fc.oneof(
  budget,
  fc.record({ slot: fc.constant('brand' as const), brand: trimmedText(100), like: fc.boolean() }),
  fc.record({ slot: fc.constant('recipient' as const), who: trimmedText(60), age: nonNegNumber(130) }, { requiredKeys: ['slot', 'who'] }),
  fc.record({ slot: fc.constant('use' as const), use: trimmedText(100) }),
  fc.record({ slot: fc.constant('feature' as const), feature, want: fc.boolean() }),
  fc.record({ slot: fc.constant('owned' as const), product: trimmedText(120) }),
);

/** Ids of readings the Seller removed from a search: one up to the most a search takes. */
const ignoredReadings = fc.array(storableText(100), { minLength: 1, maxLength: 20 });

/** Every action's payload; typed by the schema, so an action added there fails to compile here until it has one. */
export const PAYLOAD_ARBITRARIES: { [A in Action]: fc.Arbitrary<PayloadOf<A>> } = {
  hover: fc.record(
    {
      target: fc.constantFrom('product_image', 'image', 'result_image', 'shared_card'),
      productId,
      image: fc.record(
        {
          src: optionalNull(storableText(2000)),
          index: nonNegInt,
          role: fc.constantFrom('main', 'gallery', 'thumbnail', 'card', 'other'),
          alt: storableText(200),
        },
        { requiredKeys: ['src'] },
      ),
      element,
      dwellMs: nonNegInt,
    },
    { requiredKeys: ['target', 'dwellMs'] },
  ),
  scroll: fc.record({ container: storableText(400), depthPct: percent, maxDepthPct: percent }),
  click: fc.record({ element, href: optionalNull(storableText(2000)), productId }, { requiredKeys: ['element'] }),
  product_view: fc.record(
    {
      productId,
      name: storableText(500),
      price: anyNumber,
      currency: storableText(8),
      source: fc.constantFrom('json-ld', 'microdata', 'rdfa', 'open-graph', 'fallback', 'catalog'),
      timeOnPageMs: nonNegInt,
    },
    { requiredKeys: ['name', 'source'] },
  ),
  listing_view: fc.record(
    {
      productIds: fc.array(productId, { maxLength: 5 }),
      basis: fc.constantFrom('in_view', 'listed'),
      listed: nonNegInt,
      timeOnPageMs: nonNegInt,
    },
    { requiredKeys: ['productIds', 'basis', 'listed'] },
  ),
  utter: fc.record(
    {
      text: storableText(10_000),
      acts: fc.array(storableText(40), { maxLength: 4 }),
      composeMs: nonNegInt,
      suggestion: fc.record({ id: storableText(200), editDistance: nonNegInt, usedAs: fc.constantFrom('as_is', 'edited') }),
      voice: fc.record({ raw: storableText(10_000), edited: storableText(10_000) }),
    },
    { requiredKeys: ['text'] },
  ),
  select_act: fc.record({ act: storableText(40), via: fc.constantFrom('mouse', 'keyboard', 'suggestion') }),
  search: fc.record(
    {
      query: storableText(500),
      filters: freeForm,
      sort: fc.constantFrom('relevance', 'price_asc', 'price_desc', 'rating'),
      page: nonNegInt,
      ignore: ignoredReadings,
    },
    { requiredKeys: ['query', 'filters', 'sort', 'page'] },
  ),
  results: fc.record(
    {
      query: storableText(500),
      productIds: fc.array(productId, { maxLength: 5 }),
      total: nonNegInt,
      latencyMs: nonNegNumber(),
      roundTripMs: nonNegNumber(),
      page: nonNegInt,
      corrections: fc.array(fc.record({ from: storableText(100), to: storableText(100) }), { maxLength: 3 }),
      partial: fc.boolean(),
      understood: fc.array(fc.record({ id: storableText(100), label: storableText(100) }), { minLength: 1, maxLength: 3 }),
      unmatched: fc.array(storableText(200), { minLength: 1, maxLength: 3 }),
      ignored: ignoredReadings,
    },
    { requiredKeys: ['query', 'productIds', 'total', 'latencyMs'] },
  ),
  share: fc.record(
    {
      productIds: fc.array(productId, { minLength: 1, maxLength: 5 }),
      mode: fc.constantFrom('I', 'II', 'III'),
      message: storableText(10_000),
      from: fc.constantFrom(...SHARE_ORIGINS),
    },
    { requiredKeys: ['productIds', 'mode', 'from'] },
  ),
  view_share: fc.record({ productIds: fc.array(productId, { minLength: 1, maxLength: 5 }) }),
  guess: fc.record({ productId }),
  confirm: fc.record({ productId, accepted: fc.boolean(), reason: storableText(2000) }, { requiredKeys: ['productId', 'accepted'] }),
  instruct: fc.record({ text: storableText(10_000) }),
  profile_extract: fc.record({
    messageId: optionalNull(storableText(100)),
    items: fc.array(profileItem, { maxLength: 3 }),
    category: optionalNull(storableText(64)),
    ms: nonNegNumber(),
  }),
  profile_update: fc.record(
    {
      op: fc.constantFrom('confirm', 'remove', 'edit', 'add', 'reuse', 'dismiss', 'set_buyer'),
      key: optionalNull(storableText(240)),
      item: profileItem,
      before: profileItem,
      buyer: optionalNull(storableText(100)),
    },
    { requiredKeys: ['op', 'key'] },
  ),
};

/** Condition codes as the schema spells them: priming.sharing, c/u, optional +v. */
const conditionCode = fc
  .tuple(fc.constantFrom(...PRIMINGS), fc.constantFrom(...SHARINGS), fc.constantFrom('c', 'u'), fc.constantFrom('', '+v'))
  .map(([p, s, c, v]) => `${p}.${s}${c}${v}`);

const envelope = fc.record({
  id: fc.uuid({ version: 7 }),
  schema: fc.constant(EVENT_SCHEMA_VERSION),
  time: eventTime,
  study: storableText(100),
  participant: storableText(100),
  conversation: optionalNull(storableText(100)),
  role: fc.constantFrom(...ROLES),
  condition: conditionCode,
  agent: fc.constantFrom(...AGENTS),
  url: optionalNull(storableText(2000)),
});

/**
 * A valid event of one action, as a store holds it: fast-check makes some objects without a prototype and some
 * numbers -0 (in free-form values), which no store keeps, so each event goes through JSON once.
 */
export function arbitraryEventOf<A extends Action>(action: A): fc.Arbitrary<EventOf<A>> {
  const payload: fc.Arbitrary<PayloadOf<A>> = PAYLOAD_ARBITRARIES[action];
  return fc.tuple(envelope, payload).map(([env, p]) => JSON.parse(JSON.stringify({ ...env, action, payload: p })) as EventOf<A>);
}

/** A valid event of any action (each equally likely). */
export function arbitraryEvent(): fc.Arbitrary<FwEvent> {
  return fc.oneof(...ACTIONS.map((a): fc.Arbitrary<FwEvent> => arbitraryEventOf(a)));
}
