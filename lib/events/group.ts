import type { FwEvent } from './event-schema';

/** Events by the conversation they belong to, in the order given; events outside a conversation are left out. */
export function eventsByConversation(events: readonly FwEvent[]): Map<string, FwEvent[]> {
  const by = new Map<string, FwEvent[]>();
  for (const e of events) {
    if (!e.conversation) continue;
    const list = by.get(e.conversation) ?? [];
    list.push(e);
    by.set(e.conversation, list);
  }
  return by;
}
