import * as v from 'valibot';
import { ConditionCodeSchema } from '../study/condition';
import { ID_PATTERN } from '../ids';
import { ProfileItemSchema } from '../profile/schema';
import { SHARE_ORIGINS } from '../share/origins';

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

/** A stable description of a page element: never text the user typed. */
export const ElementDescriptionSchema = v.object({
  tag: ShortText(40),
  path: ShortText(400),
  id: v.optional(ShortText(120)),
  role: v.optional(ShortText(40)),
  label: v.optional(ShortText(120)),
  testId: v.optional(ShortText(120)),
});
export type ElementDescription = v.InferOutput<typeof ElementDescriptionSchema>;

const HoverPayload = v.object({
  target: v.picklist(['product_image', 'image', 'result_image', 'shared_card']),
  productId: v.optional(ProductId),
  image: v.optional(
    v.object({
      src: v.nullable(ShortText(2000)),
      index: v.optional(NonNegInt),
      role: v.optional(v.picklist(['main', 'gallery', 'thumbnail', 'other'])),
      alt: v.optional(ShortText(200)),
    }),
  ),
  element: v.optional(ElementDescriptionSchema),
  dwellMs: NonNegInt,
});

const ScrollPayload = v.object({
  container: ShortText(400),
  depthPct: Percent,
  maxDepthPct: Percent,
});

const ClickPayload = v.object({
  element: ElementDescriptionSchema,
  href: v.optional(v.nullable(ShortText(2000))),
  productId: v.optional(ProductId),
});

const ProductViewPayload = v.object({
  productId: v.optional(ProductId),
  name: ShortText(500),
  price: v.optional(v.number()),
  currency: v.optional(ShortText(8)),
  source: v.picklist(['json-ld', 'microdata', 'open-graph', 'fallback', 'catalog']),
  timeOnPageMs: v.optional(NonNegInt),
});

const UtterPayload = v.object({
  text: ShortText(10_000),
  acts: v.optional(v.array(ShortText(40))),
  composeMs: v.optional(NonNegInt),
  suggestion: v.optional(
    v.object({ id: ShortText(200), editDistance: NonNegInt, usedAs: v.picklist(['as_is', 'edited']) }),
  ),
  voice: v.optional(v.object({ raw: ShortText(10_000), edited: ShortText(10_000) })),
});

const SelectActPayload = v.object({ act: ShortText(40), via: v.picklist(['mouse', 'keyboard', 'suggestion']) });

const SearchPayload = v.object({
  query: ShortText(500),
  filters: v.record(v.string(), v.unknown()),
  sort: v.picklist(['relevance', 'price_asc', 'price_desc', 'rating']),
  page: NonNegInt,
});

const ResultsPayload = v.object({
  query: ShortText(500),
  productIds: v.array(ProductId),
  total: NonNegInt,
  /** Time in the search engine. */
  latencyMs: v.pipe(v.number(), v.minValue(0)),
  /** Time from the Seller's request to the results arriving in the overlay. */
  roundTripMs: v.optional(v.pipe(v.number(), v.minValue(0))),
  page: v.optional(NonNegInt),
  corrections: v.optional(v.array(v.object({ from: ShortText(100), to: ShortText(100) }))),
  partial: v.optional(v.boolean()),
});

const SharePayload = v.object({
  productIds: v.pipe(v.array(ProductId), v.minLength(1)),
  mode: v.picklist(['I', 'II', 'III']),
  message: v.optional(ShortText(10_000)),
  from: v.picklist(SHARE_ORIGINS),
});

/** The coach read a Buyer message for preferences (LAPS): what it found, and how long that took. */
const ProfileExtractPayload = v.object({
  messageId: v.nullable(ShortText(100)),
  items: v.array(ProfileItemSchema),
  category: v.nullable(ShortText(64)),
  ms: v.pipe(v.number(), v.minValue(0)),
});

/** The Seller confirmed, edited, removed or added a profile item, reused one from an earlier conversation, or named the Buyer. */
const ProfileUpdatePayload = v.object({
  op: v.picklist(['confirm', 'remove', 'edit', 'add', 'reuse', 'dismiss', 'set_buyer']),
  key: v.nullable(ShortText(240)),
  item: v.optional(ProfileItemSchema),
  before: v.optional(ProfileItemSchema),
  buyer: v.optional(v.nullable(ShortText(100))),
});

const GuessPayload = v.object({ productId: ProductId });
const ConfirmPayload = v.object({ productId: ProductId, accepted: v.boolean(), reason: v.optional(ShortText(2000)) });
const InstructPayload = v.object({ text: ShortText(10_000) });
const ViewSharePayload = v.object({ productIds: v.pipe(v.array(ProductId), v.minLength(1)) });

/** Each action with its payload; adding an action here adds it everywhere. */
export const ACTION_PAYLOADS = {
  hover: HoverPayload,
  scroll: ScrollPayload,
  click: ClickPayload,
  product_view: ProductViewPayload,
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
  time: v.pipe(v.number(), v.integer(), v.minValue(0)),
  study: ShortText(100),
  participant: ShortText(100),
  conversation: v.nullable(ShortText(100)),
  role: v.picklist(ROLES),
  condition: ConditionCodeSchema,
  agent: v.picklist(AGENTS),
  url: v.nullable(ShortText(2000)),
};

type Variant<A extends Action> = v.ObjectSchema<
  typeof Envelope & { action: v.LiteralSchema<A, undefined>; payload: (typeof ACTION_PAYLOADS)[A] },
  undefined
>;

function variantFor<A extends Action>(action: A): Variant<A> {
  return v.object({ ...Envelope, action: v.literal(action), payload: ACTION_PAYLOADS[action] }) as Variant<A>;
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

/** Formats valibot issues as "field.path: message" so a rejected event names what is wrong. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** Parses input, or throws "<what>: field.path: message" and nothing downstream sees it. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown, what: string): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (!r.success) throw new Error(`${what}: ${describeIssues(r.issues)}`);
  return r.output;
}

export function validateEvent(input: unknown): ValidationResult {
  const result = v.safeParse(EventSchema, input);
  if (result.success) return { ok: true, event: result.output as FwEvent };
  return { ok: false, error: describeIssues(result.issues) };
}

/** The id of something that may be an event, for reporting which input was rejected. */
export function eventIdOf(input: unknown): string | null {
  return input && typeof input === 'object' && 'id' in input && typeof input.id === 'string' ? input.id : null;
}
