import type { EventOf, FwEvent } from '../events/event-schema';
import { isRecord, textOf } from './stored';
import { isEndedText, viewedId } from '../pilot/records';

/**
 * One conversation assembled from its events, for the per-conversation, ParlAI and STAR exports (the same on
 * the server and in the options page). Events must be given in time order. An event given twice (one id, as when a
 * browser's and the server's exports are read together) counts once.
 */
export interface ConversationRecord {
  conversation: string;
  study: string;
  condition: string;
  participants: { seller: string[]; buyer: string[] };
  startedAt: number;
  endedAt: number;
  durationMs: number;
  /** Exchanges: a Buyer message answered by the Seller counts one, as in the paper. */
  turnCount: number;
  turns: { speaker: 'Buyer' | 'Seller'; text: string; time: number; acts?: string[]; suggestion?: unknown; voice?: unknown }[];
  acts: { act: string; time: number; via: string }[];
  searches: {
    time: number;
    query: string;
    filters: Record<string, unknown>;
    sort: string;
    page: number;
    results?: string[];
    total?: number;
  }[];
  /** `viewedAt`: when the Buyer first saw the share (the pilot room's `Buyer.view_share` for it); absent when not seen. */
  shares: { time: number; productIds: string[]; mode: string; message?: string; from: string; viewedAt?: number }[];
  hovers: { time: number; agent: string; target: string; productId?: string; dwellMs: number }[];
  guess: { productId: string; time: number } | null;
  outcome: { productId: string; accepted: boolean; reason?: string; time: number } | null;
  /** When the Buyer ended the conversation (the pilot room's `System.instruct`), or null while it had not ended. */
  ended: { time: number } | null;
  /** Events, each id once. */
  events: number;
}

/**
 * An event as the conversation formats read it. A stored row may predate today's schema (fields missing or of
 * other types): a row that is not an object is skipped (still counted in `events`), a payload that is not an
 * object reads as empty, so formatting never throws on what a store holds. Events of today's schema pass as they are.
 */
function readable(e: FwEvent): FwEvent | null {
  if (!isRecord(e)) return null;
  return isRecord(e.payload) ? e : ({ ...e, payload: {} } as unknown as FwEvent);
}

/** Whether a row is a later copy of an event already in `ids` (it adds its id when not). A row with no id is no copy. */
function repeats(row: unknown, ids: Set<string>): boolean {
  const id = isRecord(row) && typeof row.id === 'string' ? row.id : null;
  if (id === null) return false;
  if (ids.has(id)) return true;
  ids.add(id);
  return false;
}

/** Rows, each event id once. */
function countOnce(rows: readonly unknown[]): number {
  const ids = new Set<string>();
  return rows.filter((r) => !repeats(r, ids)).length;
}

/** The events formatting can read, in the order given, each id once (its first copy). */
function readableEvents(events: readonly FwEvent[]): FwEvent[] {
  const ids = new Set<string>();
  return events.flatMap((e) => (repeats(e, ids) ? [] : (readable(e) ?? [])));
}

export function buildConversation(stored: readonly FwEvent[]): ConversationRecord | null {
  const events = readableEvents(stored);
  const first = events[0];
  const last = events.at(-1);
  if (!first?.conversation || !last) return null;
  const rec: ConversationRecord = {
    conversation: first.conversation,
    study: first.study,
    condition: textOf(first.condition),
    participants: { seller: [], buyer: [] },
    startedAt: first.time,
    endedAt: last.time,
    durationMs: last.time - first.time,
    turnCount: 0,
    turns: [],
    acts: [],
    searches: [],
    shares: [],
    hovers: [],
    guess: null,
    outcome: null,
    ended: null,
    events: countOnce(stored),
  };
  // A share's view has an id made from the share's (the pilot room's viewedId): kept by share until all are read.
  const shareAt = new Map<string, ConversationRecord['shares'][number]>();
  const views = new Map<string, number>();
  const people = { seller: new Set<string>(), buyer: new Set<string>() };
  let lastSpeaker: 'Buyer' | 'Seller' | null = null;
  for (const e of events) {
    // Only the two roles there are; a row of older, looser rules may name another, which no list takes.
    if (e.role === 'seller' || e.role === 'buyer') people[e.role].add(e.participant);
    switch (e.action) {
      case 'utter': {
        const u = e as EventOf<'utter'>;
        if (u.agent !== 'Buyer' && u.agent !== 'Seller') break;
        if (u.agent === 'Seller' && lastSpeaker === 'Buyer') rec.turnCount++;
        lastSpeaker = u.agent;
        rec.turns.push({
          speaker: u.agent,
          text: u.payload.text,
          time: u.time,
          ...(u.payload.acts !== undefined ? { acts: u.payload.acts } : {}),
          ...(u.payload.suggestion !== undefined ? { suggestion: u.payload.suggestion } : {}),
          ...(u.payload.voice !== undefined ? { voice: u.payload.voice } : {}),
        });
        break;
      }
      case 'select_act': {
        const a = e as EventOf<'select_act'>;
        rec.acts.push({ act: a.payload.act, time: a.time, via: a.payload.via });
        break;
      }
      case 'search': {
        const s = e as EventOf<'search'>;
        rec.searches.push({ time: s.time, query: s.payload.query, filters: s.payload.filters, sort: s.payload.sort, page: s.payload.page });
        break;
      }
      case 'results': {
        const r = e as EventOf<'results'>;
        const open = [...rec.searches].reverse().find((s) => s.results === undefined && s.query === r.payload.query);
        if (open) {
          open.results = r.payload.productIds;
          open.total = r.payload.total;
        }
        break;
      }
      case 'share': {
        const s = e as EventOf<'share'>;
        const share = {
          time: s.time,
          productIds: s.payload.productIds,
          mode: s.payload.mode,
          from: s.payload.from,
          ...(s.payload.message !== undefined ? { message: s.payload.message } : {}),
        };
        rec.shares.push(share);
        if (typeof s.id === 'string') shareAt.set(viewedId(s.id), share);
        break;
      }
      case 'view_share':
        // Paired once all are read: a view may come before its share in time (the Seller's clock ran ahead).
        views.set(e.id, e.time);
        break;
      case 'instruct':
        if (e.agent === 'System' && isEndedText(e.payload.text)) rec.ended ??= { time: e.time };
        break;
      case 'hover': {
        const h = e as EventOf<'hover'>;
        rec.hovers.push({
          time: h.time,
          agent: h.agent,
          target: h.payload.target,
          dwellMs: h.payload.dwellMs,
          ...(h.payload.productId !== undefined ? { productId: h.payload.productId } : {}),
        });
        break;
      }
      case 'guess':
        rec.guess = { productId: (e as EventOf<'guess'>).payload.productId, time: e.time };
        break;
      case 'confirm': {
        const c = e as EventOf<'confirm'>;
        rec.outcome = {
          productId: c.payload.productId,
          accepted: c.payload.accepted,
          time: c.time,
          ...(c.payload.reason !== undefined ? { reason: c.payload.reason } : {}),
        };
        break;
      }
      default:
        break;
    }
  }
  for (const [id, time] of views) {
    const share = shareAt.get(id);
    if (share) share.viewedAt = time;
  }
  rec.participants = { seller: [...people.seller], buyer: [...people.buyer] };
  return rec;
}

/** ParlAI Conversations format (one JSON object per line): the utterances in order, with context and metadata. */
export function toParlai(rec: ConversationRecord) {
  return {
    dialog: [rec.turns.map((t) => ({ id: t.speaker, text: t.text, ...(t.acts ? { acts: t.acts } : {}) }))],
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

/** Which events a STAR dialog has, and the STAR action each becomes (docs/events-and-exports.md's *STAR fields* table). */
export const STAR_ACTIONS: Partial<Record<FwEvent['action'], string>> = {
  utter: 'utter',
  select_act: 'pick_action',
  search: 'query',
  results: 'return_item',
  share: 'share_item',
  view_share: 'view_item',
  guess: 'guess',
  confirm: 'confirm',
  instruct: 'instruct',
  hover: 'hover',
};

/** STAR-style dialog: Agent/Action events with text, times, action labels and item fields. */
export function toStar(rec: ConversationRecord, events: readonly FwEvent[]) {
  return {
    DialogueID: rec.conversation,
    Scenario: { Study: rec.study, Condition: rec.condition },
    Events: readableEvents(events)
      // Own keys only: an odd row's action may be any string, "constructor" among them.
      .filter((e) => Object.hasOwn(STAR_ACTIONS, e.action) && (e.action !== 'hover' || e.agent !== 'Page'))
      .map((e) => {
        const base = {
          Agent: e.agent === 'Seller' ? 'Wizard' : e.agent === 'Buyer' ? 'User' : e.agent === 'Catalog' ? 'KnowledgeBase' : e.agent,
          Action: STAR_ACTIONS[e.action],
          UnixTime: Math.floor(e.time / 1000),
        };
        switch (e.action) {
          case 'utter':
            return {
              ...base,
              Text: e.payload.text,
              ...(Array.isArray(e.payload.acts) && e.payload.acts.length ? { ActionLabel: e.payload.acts.join('+') } : {}),
            };
          case 'select_act':
            return { ...base, ActionLabel: e.payload.act };
          case 'search':
            return { ...base, Text: e.payload.query, Constraints: e.payload.filters, Sort: e.payload.sort, Page: e.payload.page };
          case 'results':
            return { ...base, Items: e.payload.productIds, TotalItems: e.payload.total };
          case 'share':
            return {
              ...base,
              Items: e.payload.productIds,
              ShareMode: e.payload.mode,
              ...(e.payload.message !== undefined ? { Text: e.payload.message } : {}),
            };
          case 'view_share':
            return { ...base, Items: e.payload.productIds };
          case 'guess':
            return { ...base, Item: e.payload.productId };
          case 'confirm':
            return { ...base, Item: e.payload.productId, Accepted: e.payload.accepted };
          case 'instruct':
            return { ...base, Text: e.payload.text };
          case 'hover':
            return { ...base, Item: e.payload.productId ?? null, DwellMs: e.payload.dwellMs };
          default:
            return base;
        }
      }),
  };
}
