import type { FwEvent } from '../../../lib/events/event-schema';
import { CSV_COLUMNS } from '../../../lib/export/csv';

/**
 * What each export format must hold for given stored events, written from docs/events-and-exports.md's format descriptions (not
 * from lib/export), so tests compare the real output with an independent statement of the format.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

// --- CSV, as docs/events-and-exports.md describes it ------------------------------------------------------------------------------

/** ECMAScript dates reach 8.64e15 ms either side of 1970; a time past that has no ISO form. */
const DATE_RANGE_MS = 8_640_000_000_000_000;
/** docs/events-and-exports.md's spreadsheet guard: a cell starting with one of these gets a leading `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** What one CSV cell must hold for an event: the documented column mapping, then the formula guard. */
export function expectedCell(e: FwEvent, column: string): string {
  let text: string;
  if (column === 'iso_time') {
    text = Math.abs(e.time) <= DATE_RANGE_MS ? new Date(e.time).toISOString() : '';
  } else if (!column.startsWith('payload.')) {
    const v = (e as unknown as Json)[column];
    text = v === null ? '' : String(v);
  } else {
    let v: unknown = e.payload;
    for (const key of column.split('.').slice(1)) v = isObject(v) ? v[key] : undefined;
    text = v === undefined ? '' : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Payload values with no column of their own or of an enclosing object: what the CSV would lose. */
export function uncoveredPayload(value: unknown, path: string): string[] {
  if (CSV_COLUMNS.includes(path)) return [];
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => uncoveredPayload(v, `${path}.${k}`));
  return [path];
}

// --- Conversations, ParlAI and STAR, as docs/events-and-exports.md describes them ------------------------------------------------

const inTimeOrder = (a: FwEvent, b: FwEvent) => a.time - b.time || (a.id < b.id ? -1 : 1);
/** `{key: value}`, or nothing when the value is absent (optional fields are left out, never written as null). */
const present = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** The documented id of the Buyer's view of a share: the share's id with each of its last 12 hex digits XOR f. */
const viewOf = (shareId: string) =>
  shareId.slice(0, -12) + [...shareId.slice(-12)].map((d) => (15 - parseInt(d, 16)).toString(16)).join('');

/** The `conversations` record of one conversation's events: every event of a dialog action appears in it. */
export function expectedRecord(evs: FwEvent[]) {
  const sorted = [...evs].sort(inTimeOrder);
  const first = sorted[0] as FwEvent;
  const last = sorted.at(-1) as FwEvent;
  const of = <A extends FwEvent['action']>(action: A) => sorted.filter((e): e is Extract<FwEvent, { action: A }> => e.action === action);
  const turns = of('utter')
    .filter((e) => e.agent === 'Buyer' || e.agent === 'Seller')
    .map((e) => ({
      speaker: e.agent,
      text: e.payload.text,
      time: e.time,
      ...present('acts', e.payload.acts),
      ...present('suggestion', e.payload.suggestion),
      ...present('voice', e.payload.voice),
    }));
  // A results event answers the latest search before it with the same query that has no answer yet.
  const searches: Json[] = [];
  for (const e of sorted) {
    if (e.action === 'search')
      searches.push({ time: e.time, query: e.payload.query, filters: e.payload.filters, sort: e.payload.sort, page: e.payload.page });
    if (e.action === 'results') {
      const open = searches.filter((s) => s.results === undefined && s.query === e.payload.query).at(-1);
      if (open) Object.assign(open, { results: e.payload.productIds, total: e.payload.total });
    }
  }
  const guess = of('guess').at(-1);
  const confirm = of('confirm').at(-1);
  const people = (role: FwEvent['role']) => [...new Set(sorted.filter((e) => e.role === role).map((e) => e.participant))];
  return {
    conversation: first.conversation,
    study: first.study,
    condition: first.condition,
    participants: { seller: people('seller'), buyer: people('buyer') },
    startedAt: first.time,
    endedAt: last.time,
    durationMs: last.time - first.time,
    turnCount: turns.filter((t, i) => t.speaker === 'Seller' && turns[i - 1]?.speaker === 'Buyer').length,
    turns,
    acts: of('select_act').map((e) => ({ act: e.payload.act, time: e.time, via: e.payload.via })),
    searches,
    shares: of('share').map((e) => ({
      time: e.time,
      productIds: e.payload.productIds,
      mode: e.payload.mode,
      from: e.payload.from,
      ...present('message', e.payload.message),
      ...present('viewedAt', of('view_share').find((v) => v.id === viewOf(e.id))?.time),
    })),
    hovers: of('hover').map((e) => ({
      time: e.time,
      agent: e.agent,
      target: e.payload.target,
      dwellMs: e.payload.dwellMs,
      ...present('productId', e.payload.productId),
    })),
    guess: guess ? { productId: guess.payload.productId, time: guess.time } : null,
    outcome: confirm
      ? {
          productId: confirm.payload.productId,
          accepted: confirm.payload.accepted,
          time: confirm.time,
          ...present('reason', confirm.payload.reason),
        }
      : null,
    ended: ((end) => (end ? { time: end.time } : null))(
      of('instruct').find((e) => e.agent === 'System' && /^ended by buyer after \d+ turns$/.test(e.payload.text)),
    ),
    events: sorted.length,
  };
}

export function expectedParlai(evs: FwEvent[]) {
  const rec = expectedRecord(evs);
  return {
    dialog: [rec.turns.map((t) => ({ id: t.speaker, text: t.text, ...present('acts', t.acts) }))],
    context: [{ id: 'context', text: `condition ${rec.condition}` }],
    metadata: {
      conversation: rec.conversation,
      study: rec.study,
      condition: rec.condition,
      turns: rec.turnCount,
      durationMs: rec.durationMs,
      guess: rec.guess?.productId ?? null,
      accepted: rec.outcome?.accepted ?? null,
    },
  };
}

/** docs/events-and-exports.md's *STAR fields* table. */
const STAR_AGENT: Partial<Record<FwEvent['agent'], string>> = { Seller: 'Wizard', Buyer: 'User', Catalog: 'KnowledgeBase' };
function starFields(e: FwEvent): Json | null {
  switch (e.action) {
    case 'utter':
      return { Action: 'utter', Text: e.payload.text, ...(e.payload.acts?.length ? { ActionLabel: e.payload.acts.join('+') } : {}) };
    case 'select_act':
      return { Action: 'pick_action', ActionLabel: e.payload.act };
    case 'search':
      return { Action: 'query', Text: e.payload.query, Constraints: e.payload.filters, Sort: e.payload.sort, Page: e.payload.page };
    case 'results':
      return { Action: 'return_item', Items: e.payload.productIds, TotalItems: e.payload.total };
    case 'share':
      return { Action: 'share_item', Items: e.payload.productIds, ShareMode: e.payload.mode, ...present('Text', e.payload.message) };
    case 'view_share':
      return { Action: 'view_item', Items: e.payload.productIds };
    case 'guess':
      return { Action: 'guess', Item: e.payload.productId };
    case 'confirm':
      return { Action: 'confirm', Item: e.payload.productId, Accepted: e.payload.accepted };
    case 'instruct':
      return { Action: 'instruct', Text: e.payload.text };
    case 'hover':
      // The page logger's hovers are page events, not dialog: left out.
      return e.agent === 'Page' ? null : { Action: 'hover', Item: e.payload.productId ?? null, DwellMs: e.payload.dwellMs };
    default:
      return null;
  }
}
export function expectedStar(evs: FwEvent[]) {
  const sorted = [...evs].sort(inTimeOrder);
  const first = sorted[0] as FwEvent;
  return {
    DialogueID: first.conversation,
    Scenario: { Study: first.study, Condition: first.condition },
    Events: sorted.flatMap((e) => {
      const fields = starFields(e);
      return fields ? [{ Agent: STAR_AGENT[e.agent] ?? e.agent, UnixTime: Math.floor(e.time / 1000), ...fields }] : [];
    }),
  };
}

/** The conversations in export order (by id), each with its events. */
export function conversationsOf(evs: readonly FwEvent[]): FwEvent[][] {
  const by = new Map<string, FwEvent[]>();
  for (const e of evs) if (e.conversation) by.set(e.conversation, [...(by.get(e.conversation) ?? []), e]);
  return [...by.keys()].sort().map((k) => by.get(k) ?? []);
}
