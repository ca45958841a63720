import * as v from 'valibot';

/**
 * Live state: how every open context (overlays in chat and shop pages, the popup, the options page) learns that
 * something it shows has changed elsewhere, without a reload. The background records each change under this one key
 * in `browser.storage.local`; every context listens with `storage.onChanged` and re-reads what it shows through its
 * usual RPC. Extension storage outlives the service worker, so a change recorded by a worker started a moment ago
 * reaches pages that were open before it stopped, and nothing depends on the worker's globals.
 */
export const LIVE_CHANGE_KEY = 'fw:live';

/** What changed, as the contexts that show it name it. */
export const LIVE_TOPICS = {
  /** Consent given or withdrawn, logging paused or resumed, a site allowed or removed, another setting saved. */
  settings: 'settings',
  /** A study joined or left. */
  study: 'study',
  /** Delete all data: events, conversations, Buyer profiles and coaching counts are gone. */
  dataDeleted: 'data-deleted',
  /** The catalog replaced, added to or restored: categories, facets and products may all differ. */
  catalog: 'catalog',
  /** A conversation's outcome stored (the Buyer answered a guess, viewed a share, or ended the chat). */
  conversation: 'conversation',
} as const;

export type LiveTopic = (typeof LIVE_TOPICS)[keyof typeof LIVE_TOPICS];

export const ALL_LIVE_TOPICS: readonly LiveTopic[] = Object.values(LIVE_TOPICS);

/** What a conversation change says happened (see lib/pilot/records.ts for the records behind it). */
export const CONVERSATION_OUTCOMES = ['accepted', 'rejected', 'viewed', 'ended'] as const;
export type ConversationOutcome = (typeof CONVERSATION_OUTCOMES)[number];

/** The longest conversation id a change names. */
const MAX_LIVE_CONVERSATION_CHARS = 200;

const LiveDetailSchema = v.object({
  conversation: v.optional(v.pipe(v.string(), v.maxLength(MAX_LIVE_CONVERSATION_CHARS))),
  outcome: v.optional(v.picklist(CONVERSATION_OUTCOMES)),
});

export type LiveDetail = v.InferOutput<typeof LiveDetailSchema>;

/**
 * One recorded change. `seq` grows with every change, so two changes of the same topic in a row still differ (storage
 * only reports a key whose value changed) and a context can tell what it has already seen; `at` is when (epoch ms).
 * What a change is; parseLiveChange reads one by hand, and a unit test holds the two to the same answers.
 */
export const LiveChangeSchema = v.object({
  topic: v.picklist(ALL_LIVE_TOPICS),
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  at: v.number(),
  detail: v.optional(LiveDetailSchema),
});

export type LiveChange = v.InferOutput<typeof LiveChangeSchema>;

/**
 * The stored value as a change, or null when it is none (absent, or written by a build that named things otherwise).
 * Only the background writes it (liveRecorder), and every content script reads it: its shape is checked by hand, as
 * lib/overlay/site-prefs.ts checks its mirror, since parsing with LiveChangeSchema would put the validator (~1.4 KB
 * gzipped) in the script that runs in every frame. Keys it does not know are dropped, as the schema drops them.
 */
export function parseLiveChange(value: unknown): LiveChange | null {
  if (!isRecord(value)) return null;
  const { topic, seq, at, detail } = value;
  if (!isTopic(topic) || typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1 || !isNumber(at)) return null;
  if (detail === undefined) return { topic, seq, at };
  const read = detailOf(detail);
  return read ? { topic, seq, at, detail: read } : null;
}

function detailOf(value: unknown): LiveDetail | null {
  if (!isRecord(value)) return null;
  const { conversation, outcome } = value;
  const detail: LiveDetail = {};
  if (conversation !== undefined) {
    if (typeof conversation !== 'string' || conversation.length > MAX_LIVE_CONVERSATION_CHARS) return null;
    detail.conversation = conversation;
  }
  if (outcome !== undefined) {
    if (!CONVERSATION_OUTCOMES.includes(outcome as ConversationOutcome)) return null;
    detail.outcome = outcome as ConversationOutcome;
  }
  return detail;
}

// As valibot's number(): NaN is not a number.
const isNumber = (x: unknown): x is number => typeof x === 'number' && !Number.isNaN(x);
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isTopic = (x: unknown): x is LiveTopic => ALL_LIVE_TOPICS.includes(x as LiveTopic);
