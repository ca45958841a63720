import { newId } from '../ids';
import { EVENT_SCHEMA_VERSION } from './version';
import type { Action, EventContext, EventOf, FwEvent, PayloadOf } from './schema';

/** Builds a complete event from its context, so callers only say who did what. */
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
    conversation: ctx.conversation,
    role: ctx.role,
    condition: ctx.condition,
    agent,
    url: ctx.url,
    action,
    payload,
  } as EventOf<A>;
}
