import { newId } from '../ids';
import { EVENT_SCHEMA_VERSION } from './version';
import type { Action, EventContext, EventOf, FwEvent, PayloadOf } from './event-schema';
import { cleanText } from '../text/unicode';

/**
 * Builds a complete event from its context, so callers only say who did what. Every string in it is made storable
 * on the way (no NUL, no lone surrogate; see lib/text/unicode): each place that reads page text cleans and cuts it
 * itself, and this is the guard for anything one of them misses, so the extension never builds an event that a
 * database could not keep or the schema would refuse.
 */
export function makeEvent<A extends Action>(
  ctx: EventContext & { url: string | null },
  agent: FwEvent['agent'],
  action: A,
  payload: PayloadOf<A>,
  time: number = Date.now(),
): EventOf<A> {
  return {
    id: newId(),
    schema: EVENT_SCHEMA_VERSION,
    time,
    study: ctx.study,
    participant: ctx.participant,
    conversation: ctx.conversation === null ? null : cleanText(ctx.conversation),
    role: ctx.role,
    condition: ctx.condition,
    agent,
    url: ctx.url === null ? null : cleanText(ctx.url),
    action,
    payload: storable(payload),
  } as EventOf<A>;
}

/** A copy of a JSON-like value with every string, keys included, made storable; lengths never grow. */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanText(k), storable(v)])) as T;
  return value;
}
