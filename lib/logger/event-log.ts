import { makeEvent } from '../events/build';
import type { Action, FwEvent, PayloadOf } from '../events/schema';
import type { PageContext } from '../rpc/api';
import { sanitizeUrl } from '../privacy/url';

/**
 * Logs an event and returns it (null when not logging); `id` names it when another part logs the same event. A
 * `draft` is built the same way but not sent: an event still under way (a product view so far), kept elsewhere.
 */
export type LogFn = <A extends Action>(agent: FwEvent['agent'], action: A, payload: PayloadOf<A>, opts?: { id?: string; draft?: boolean }) => FwEvent | null;

/**
 * The one way overlay features record what happened: it stamps the page's context and hands the event to
 * the durable sender. Nothing is logged before the context is known or while logging is paused.
 */
export function createEventLog(getContext: () => PageContext | null, enqueue: (e: FwEvent) => void, getUrl: () => string): LogFn {
  return (agent, action, payload, opts) => {
    const ctx = getContext();
    if (!ctx?.logging) return null;
    const event = makeEvent({ ...ctx, url: sanitizeUrl(getUrl(), { keepQuery: ctx.keepUrlQuery }) }, agent, action, payload);
    if (opts?.id) event.id = opts.id;
    if (!opts?.draft) enqueue(event);
    return event;
  };
}
