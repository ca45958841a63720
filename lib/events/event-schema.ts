import * as v from 'valibot';
import { ConditionCodeSchema } from '../study/condition';
import { ID_PATTERN } from '../ids';
import { ProfileItemSchema } from '../profile/profile-schema';
import { SHARE_ORIGINS } from '../share/origins';
import { MAX_LISTING_VIEW_IDS, MAX_URL_CHARS } from '../limits';
import { describeIssues } from '../validation';
import { findUnstorable, jsonChars, MAX_EVENT_JSON_CHARS, MAX_FREE_FORM_DEPTH, MAX_FREE_FORM_JSON_CHARS } from './storable';

/**
 * Event schema v1: the one definition of an event, used by the content scripts, the background, the options
 * page and the server. Modeled on the STAR event log: every event has an agent and an action, and the action
 * decides the payload's shape.
 */
import { EVENT_SCHEMA_VERSION } from './version';

export { EVENT_SCHEMA_VERSION };

export const AGENTS = ['Buyer', 'Seller', 'Catalog', 'System', 'Page'] as const;
export const ROLES = ['seller', 'buyer'] as const;

const Id = v.pipe(v.string(), v.regex(ID_PATTERN, 'must be a UUIDv7'));
const ShortText = (max: number) => v.pipe(v.string(), v.maxLength(max));
const NonNegInt = v.pipe(v.number(), v.integer(), v.minValue(0));
const Percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
const ProductId = ShortText(200);

/**
 * A free-form JSON object (search filters): any keys, bounded in nesting and size so it fits every store. The
 * event as a whole is checked for storable text and numbers before the schema runs (`validateEvent`).
 */
const FreeForm = v.pipe(
  v.record(v.string(), v.unknown()),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const deep = findUnstorable(dataset.value, MAX_FREE_FORM_DEPTH);
    if (deep) addIssue({ message: `${deep.path ? `${deep.path}: ` : ''}${deep.message} (at most ${MAX_FREE_FORM_DEPTH} levels)` });
    else if (jsonChars(dataset.value) > MAX_FREE_FORM_JSON_CHARS)
      addIssue({ message: `must be at most ${MAX_FREE_FORM_JSON_CHARS} characters as JSON` });
  }),
);

/** Earliest event time accepted (no study ran before it); a later bound is now plus a day of clock skew. */
export const EVENT_TIME_MIN = Date.UTC(2000, 0, 1);
export const EVENT_CLOCK_SKEW_MS = 86_400_000;
const EventTime = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(EVENT_TIME_MIN, `must be epoch milliseconds from 2000-01-01 on`),
  v.check((t) => t <= Date.now() + EVENT_CLOCK_SKEW_MS, 'must not be more than a day in the future (epoch milliseconds)'),
);

/** A stable description of a page element: never text the user typed. */
export const ElementDescriptionSchema = v.strictObject({
  tag: ShortText(40),
  path: ShortText(400),
  id: v.optional(ShortText(120)),
  role: v.optional(ShortText(40)),
  label: v.optional(ShortText(120)),
  testId: v.optional(ShortText(120)),
});
export type ElementDescription = v.InferOutput<typeof ElementDescriptionSchema>;

const HoverPayload = v.strictObject({
  target: v.picklist(['product_image', 'image', 'result_image', 'shared_card']),
  productId: v.optional(ProductId),
  image: v.optional(
    v.strictObject({
      src: v.nullable(ShortText(MAX_URL_CHARS)),
      index: v.optional(NonNegInt),
      // Where the picture sits: the product's own media (main, gallery, thumbnail), a product card, or anything else.
      role: v.optional(v.picklist(['main', 'gallery', 'thumbnail', 'card', 'other'])),
      alt: v.optional(ShortText(200)),
    }),
  ),
  element: v.optional(ElementDescriptionSchema),
  dwellMs: NonNegInt,
});

const ScrollPayload = v.strictObject({
  container: ShortText(400),
  depthPct: Percent,
  maxDepthPct: Percent,
});

const ClickPayload = v.strictObject({
  element: ElementDescriptionSchema,
  href: v.optional(v.nullable(ShortText(MAX_URL_CHARS))),
  productId: v.optional(ProductId),
});

const ProductViewPayload = v.strictObject({
  productId: v.optional(ProductId),
  name: ShortText(500),
  price: v.optional(v.number()),
  currency: v.optional(ShortText(8)),
  source: v.picklist(['json-ld', 'microdata', 'rdfa', 'open-graph', 'fallback', 'catalog']),
  timeOnPageMs: v.optional(NonNegInt),
});

/**
 * A listing (a category grid, search results) was in front of the participant: the products whose cards came into
 * view during that time, in the order they did, or every product the listing names when it shows no cards to watch.
 */
const ListingViewPayload = v.strictObject({
  productIds: v.pipe(v.array(ProductId), v.maxLength(MAX_LISTING_VIEW_IDS)),
  basis: v.picklist(['in_view', 'listed']),
  /** How many products the listing held when the view was reported (more than `productIds` when some never showed). */
  listed: NonNegInt,
  timeOnPageMs: v.optional(NonNegInt),
});

const UtterPayload = v.strictObject({
  text: ShortText(10_000),
  acts: v.optional(v.array(ShortText(40))),
  composeMs: v.optional(NonNegInt),
  suggestion: v.optional(v.strictObject({ id: ShortText(200), editDistance: NonNegInt, usedAs: v.picklist(['as_is', 'edited']) })),
  voice: v.optional(v.strictObject({ raw: ShortText(10_000), edited: ShortText(10_000) })),
  /**
   * false: a Seller message that reached the chat without passing the coach (a send key or page script it does not
   * catch), logged from the message list with no acts. Absent on messages the coach let through.
   */
  held: v.optional(v.literal(false)),
});

const SelectActPayload = v.strictObject({ act: ShortText(40), via: v.picklist(['mouse', 'keyboard', 'suggestion']) });

/** At most as many ids as a search takes in `ignore` (lib/search/query's MAX_IGNORED; tests/unit/event-schema checks they agree). */
const MAX_IGNORED_READINGS = 20;
/** Ids of the search's readings of the words (`Understood.id`, "attr:type=on-ear") the Seller removed. */
const IgnoredReadings = v.pipe(v.array(ShortText(100)), v.minLength(1), v.maxLength(MAX_IGNORED_READINGS));

const SearchPayload = v.strictObject({
  query: ShortText(500),
  filters: FreeForm,
  sort: v.picklist(['relevance', 'price_asc', 'price_desc', 'rating']),
  page: NonNegInt,
  /** Present when the Seller removed readings of their words: removing a chip is logged as the search it starts. */
  ignore: v.optional(IgnoredReadings),
  /** `chat` when the category filter is the chat's (the page says what the conversation is about), not the Seller's choice. */
  scope: v.optional(v.picklist(['chat'])),
});

const ResultsPayload = v.strictObject({
  query: ShortText(500),
  productIds: v.array(ProductId),
  total: NonNegInt,
  /** Time in the search engine. */
  latencyMs: v.pipe(v.number(), v.minValue(0)),
  /** Time from the Seller's request to the results arriving in the overlay. */
  roundTripMs: v.optional(v.pipe(v.number(), v.minValue(0))),
  page: v.optional(NonNegInt),
  corrections: v.optional(v.array(v.strictObject({ from: ShortText(100), to: ShortText(100) }))),
  partial: v.optional(v.boolean()),
  /** What the search read from the words (the chips the Seller saw), when it read anything. */
  understood: v.optional(v.pipe(v.array(v.strictObject({ id: ShortText(100), label: ShortText(100) })), v.minLength(1))),
  /** Words that matched nothing in the catalog and were left out, when any were (a query is at most 200 characters). */
  unmatched: v.optional(v.pipe(v.array(ShortText(200)), v.minLength(1))),
  /** The readings the Seller had removed for this search (its `ignore`), when any. */
  ignored: v.optional(IgnoredReadings),
});

const SharePayload = v.strictObject({
  productIds: v.pipe(v.array(ProductId), v.minLength(1)),
  mode: v.picklist(['I', 'II', 'III']),
  message: v.optional(ShortText(10_000)),
  from: v.picklist(SHARE_ORIGINS),
});

/** The coach read a Buyer message for preferences (LAPS): what it found, and how long that took. */
const ProfileExtractPayload = v.strictObject({
  messageId: v.nullable(ShortText(100)),
  items: v.array(ProfileItemSchema),
  category: v.nullable(ShortText(64)),
  ms: v.pipe(v.number(), v.minValue(0)),
});

/** The Seller confirmed, edited, removed or added a profile item, reused one from an earlier conversation, or named the Buyer. */
const ProfileUpdatePayload = v.strictObject({
  op: v.picklist(['confirm', 'remove', 'edit', 'add', 'reuse', 'dismiss', 'set_buyer']),
  key: v.nullable(ShortText(240)),
  item: v.optional(ProfileItemSchema),
  before: v.optional(ProfileItemSchema),
  buyer: v.optional(v.nullable(ShortText(100))),
});

const GuessPayload = v.strictObject({ productId: ProductId });
const ConfirmPayload = v.strictObject({ productId: ProductId, accepted: v.boolean(), reason: v.optional(ShortText(2000)) });
const InstructPayload = v.strictObject({ text: ShortText(10_000) });
const ViewSharePayload = v.strictObject({ productIds: v.pipe(v.array(ProductId), v.minLength(1)) });

/** Each action with its payload; adding an action here adds it everywhere. */
export const ACTION_PAYLOADS = {
  hover: HoverPayload,
  scroll: ScrollPayload,
  click: ClickPayload,
  product_view: ProductViewPayload,
  listing_view: ListingViewPayload,
  utter: UtterPayload,
  select_act: SelectActPayload,
  search: SearchPayload,
  results: ResultsPayload,
  share: SharePayload,
  view_share: ViewSharePayload,
  guess: GuessPayload,
  confirm: ConfirmPayload,
  instruct: InstructPayload,
  profile_extract: ProfileExtractPayload,
  profile_update: ProfileUpdatePayload,
} as const;

export type Action = keyof typeof ACTION_PAYLOADS;
export const ACTIONS = Object.keys(ACTION_PAYLOADS) as Action[];
export type PayloadOf<A extends Action> = v.InferOutput<(typeof ACTION_PAYLOADS)[A]>;

const Envelope = {
  id: Id,
  schema: v.literal(EVENT_SCHEMA_VERSION),
  time: EventTime,
  study: ShortText(100),
  participant: ShortText(100),
  conversation: v.nullable(ShortText(100)),
  role: v.picklist(ROLES),
  condition: ConditionCodeSchema,
  agent: v.picklist(AGENTS),
  url: v.nullable(ShortText(MAX_URL_CHARS)),
};

type Variant<A extends Action> = v.StrictObjectSchema<
  typeof Envelope & { action: v.LiteralSchema<A, undefined>; payload: (typeof ACTION_PAYLOADS)[A] },
  undefined
>;

function variantFor<A extends Action>(action: A): Variant<A> {
  return v.strictObject({ ...Envelope, action: v.literal(action), payload: ACTION_PAYLOADS[action] }) as Variant<A>;
}

export const EventSchema = v.variant(
  'action',
  ACTIONS.map((a) => variantFor(a)) as unknown as [Variant<'hover'>, ...Variant<Action>[]],
  (issue) => `action must be one of ${ACTIONS.join(', ')} (got ${JSON.stringify(issue.input)})`,
);

/** A valid event, discriminated on action so `payload` is typed by it. */
export type FwEvent = { [A in Action]: v.InferOutput<Variant<A>> }[Action];
export type EventOf<A extends Action> = Extract<FwEvent, { action: A }>;
export type EventContext = Pick<FwEvent, 'study' | 'participant' | 'conversation' | 'role' | 'condition'>;

export type ValidationResult = { ok: true; event: FwEvent } | { ok: false; error: string };

/**
 * Checks an event against the schema and against what every store can keep exactly as sent: a valid event is
 * stored as it came, never with keys dropped or values changed, and an invalid one is refused naming the field.
 */
export function validateEvent(input: unknown): ValidationResult {
  const unstorable = findUnstorable(input);
  if (unstorable) return { ok: false, error: unstorable.path ? `${unstorable.path}: ${unstorable.message}` : unstorable.message };
  const chars = jsonChars(input);
  if (chars > MAX_EVENT_JSON_CHARS)
    return { ok: false, error: `event is ${chars} characters as JSON, over the limit of ${MAX_EVENT_JSON_CHARS}` };
  const result = v.safeParse(EventSchema, input);
  // The input itself, not the parser's output: objects are strict and nothing was dropped, and text the schema
  // would trim (profile items) is kept as sent, so what is stored is exactly what came.
  if (result.success) return { ok: true, event: input as FwEvent };
  return { ok: false, error: describeIssues(result.issues) };
}

/** The id of something that may be an event, for reporting which input was rejected. */
export function eventIdOf(input: unknown): string | null {
  return input && typeof input === 'object' && 'id' in input && typeof input.id === 'string' ? input.id : null;
}
