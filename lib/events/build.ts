import { newId } from '../ids';
import { EVENT_SCHEMA_VERSION } from './version';
import type { Action, EventContext, EventOf, FwEvent, PayloadOf } from './event-schema';
import { cleanText } from '../text/unicode';

/** The context an event is stamped with, its address included, as `makeEvent` takes it. */
export type StampContext = EventContext & { url: string | null };

/**
 * The part of every event that comes from its page rather than from what happened, made storable (see `makeEvent`).
 * A page makes it once per change of context or address and stamps every event with it, instead of cleaning the same
 * conversation and address again for each event.
 */
export function eventStamp(ctx: StampContext): StampContext {
  return {
    study: ctx.study,
    participant: ctx.participant,
    conversation: ctx.conversation === null ? null : cleanText(ctx.conversation),
    role: ctx.role,
    condition: ctx.condition,
    url: ctx.url === null ? null : cleanText(ctx.url),
  };
}

/**
 * Builds a complete event from its context, so callers only say who did what. Every string in it is made storable
 * on the way (no NUL, no lone surrogate; see lib/text/unicode): each place that reads page text cleans and cuts it
 * itself, and this is the guard for anything one of them misses, so the extension never builds an event that a
 * database could not keep or the schema would refuse.
 */
export function makeEvent<A extends Action>(
  ctx: StampContext,
  agent: FwEvent['agent'],
  action: A,
  payload: PayloadOf<A>,
  time: number = Date.now(),
): EventOf<A> {
  return stampEvent(eventStamp(ctx), agent, action, payload, time);
}

/** `makeEvent` for a context already made by `eventStamp` (a page's events, many per stamp). */
export function stampEvent<A extends Action>(
  stamp: StampContext,
  agent: FwEvent['agent'],
  action: A,
  payload: PayloadOf<A>,
  time: number = Date.now(),
): EventOf<A> {
  return {
    id: newId(),
    schema: EVENT_SCHEMA_VERSION,
    time,
    study: stamp.study,
    participant: stamp.participant,
    conversation: stamp.conversation,
    role: stamp.role,
    condition: stamp.condition,
    agent,
    url: stamp.url,
    action,
    payload: READY.has(payload as object) ? payload : storable(payload),
  } as EventOf<A>;
}

/**
 * Payloads made storable once and frozen, which many events may share: what a click on a control logs is the same
 * for every click on it while the page does not change (lib/logger/click), so it is cleaned once, not per event.
 */
const READY = new WeakSet<object>();

/** `payload` made storable and frozen (all the way down), to be stamped on any number of events as it is. */
export function readyPayload<T extends object>(payload: T): T {
  const ready = deepFreeze(storable(payload));
  READY.add(ready);
  return ready;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/**
 * A copy of a JSON-like value with every string, keys included, made storable; lengths never grow. Built by plain
 * loops (an event's payload is copied once per event: `Object.entries`/`fromEntries` allocated three arrays per
 * object), with a `__proto__` key kept as an own key as `Object.fromEntries` keeps it, for the schema to refuse.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = storable(value[i] as unknown);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = storable((value as Record<string, unknown>)[key]);
    const k = cleanText(key);
    if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return out as T;
}
