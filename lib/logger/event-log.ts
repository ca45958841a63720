import { makeEvent } from '../events/build';
import type { Action, FwEvent, PayloadOf } from '../events/schema';
import type { PageContext } from '../rpc/api';
import { sanitizeUrl } from '../privacy/url';

export type LogFn = <A extends Action>(agent: FwEvent['agent'], action: A, payload: PayloadOf<A>) => void;

/**
 * The one way overlay features record what happened: it stamps the page's context and hands the event to
 * the durable sender. Nothing is logged before the context is known or while logging is paused.
 */
export function createEventLog(getContext: () => PageContext | null, enqueue: (e: FwEvent) => void, getUrl: () => string): LogFn {
  return (agent, action, payload) => {
    const ctx = getContext();
    if (!ctx?.logging) return;
    enqueue(makeEvent({ ...ctx, url: sanitizeUrl(getUrl(), { keepQuery: ctx.keepUrlQuery }) }, agent, action, payload));
  };
}
