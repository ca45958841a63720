import { makeEvent } from '../events/build';
import type { Action, FwEvent, PayloadOf } from '../events/event-schema';
import type { PageContext } from '../rpc/api';
import { sanitizeUrl } from '../privacy/url';

/**
 * How an event this page also sees was recorded by the chat's server (the pilot room's Buyer messages): under
 * another participant and role, with no page address. The copy logged here is then that same event.
 */
export interface RecordedBy {
  participant: string;
  role: FwEvent['role'];
}

/**
 * What names an event that another part logs too: its `id`, the `time` it happened (when the other copy has it),
 * and who recorded it when that is not this participant.
 */
export interface SameEvent {
  id?: string;
  time?: number;
  recordedBy?: RecordedBy;
}

/**
 * Logs an event and returns it (null when not logging); `opts` makes it the same event as another part's copy. A
 * `draft` is built the same way but not sent: an event still under way (a product view so far), kept elsewhere.
 */
export type LogFn = <A extends Action>(
  agent: FwEvent['agent'],
  action: A,
  payload: PayloadOf<A>,
  opts?: SameEvent & { draft?: boolean },
) => FwEvent | null;

/**
 * The one way overlay features record what happened: it stamps the page's context and hands the event to
 * the durable sender. Nothing is logged before the context is known or while logging is paused.
 */
export function createEventLog(getContext: () => PageContext | null, enqueue: (e: FwEvent) => void, getUrl: () => string): LogFn {
  // A batch of events from one page shares its address: it is cleaned once, not once per event.
  let last: { raw: string; keepQuery: boolean; url: string | null } = { raw: '', keepQuery: false, url: null };
  const cleanUrl = (raw: string, keepQuery: boolean) => {
    if (raw !== last.raw || keepQuery !== last.keepQuery) last = { raw, keepQuery, url: sanitizeUrl(raw, { keepQuery }) };
    return last.url;
  };
  return (agent, action, payload, opts) => {
    const ctx = getContext();
    if (!ctx?.logging) return null;
    const by = opts?.recordedBy;
    const url = by ? null : cleanUrl(getUrl(), ctx.keepUrlQuery);
    const event = makeEvent(
      { ...ctx, url, ...(by ? { participant: by.participant, role: by.role } : {}) },
      agent,
      action,
      payload,
      opts?.time,
    );
    if (opts?.id) event.id = opts.id;
    if (!opts?.draft) enqueue(event);
    return event;
  };
}
