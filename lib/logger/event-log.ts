import { eventStamp, stampEvent, type StampContext } from '../events/build';
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
  // Events from one page share their context and address: the stamp they carry is made (and its text cleaned) once per
  // change of either, not once per event.
  let last: { ctx: PageContext; raw: string; stamp: StampContext } | null = null;
  const stampOf = (ctx: PageContext): StampContext => {
    const raw = getUrl();
    if (last && ctx === last.ctx && raw === last.raw) return last.stamp;
    // A new context object may carry the same setting (the page asks again): the address is cleaned only when it changed.
    const url =
      last && raw === last.raw && ctx.keepUrlQuery === last.ctx.keepUrlQuery
        ? last.stamp.url
        : sanitizeUrl(raw, { keepQuery: ctx.keepUrlQuery });
    last = { ctx, raw, stamp: eventStamp({ ...ctx, url }) };
    return last.stamp;
  };
  return (agent, action, payload, opts) => {
    const ctx = getContext();
    if (!ctx?.logging) return null;
    const by = opts?.recordedBy;
    // An event another part recorded (lib/pilot) is stamped as its recorder's, with no address: rare, made apart.
    const stamp = by ? eventStamp({ ...ctx, participant: by.participant, role: by.role, url: null }) : stampOf(ctx);
    const event = stampEvent(stamp, agent, action, payload, opts?.time);
    if (opts?.id) event.id = opts.id;
    if (!opts?.draft) enqueue(event);
    return event;
  };
}
