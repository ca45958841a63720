import { roomRecord } from '../pilot/records';
import type { LiveDetail } from './change';

/**
 * The last conversation outcome among events just stored (the room's records a Seller page logs: the Buyer's answer to
 * a guess, a share viewed, the end), as the detail of a conversation change; null when the batch holds none, which is
 * almost always, so ordinary logging records no change.
 */
export function conversationOutcome(events: readonly unknown[]): LiveDetail | null {
  let found: LiveDetail | null = null;
  for (const e of events) {
    if (typeof e !== 'object' || e === null) continue;
    const x = e as Record<string, unknown>;
    const r = roomRecord({ id: x.id, time: x.time, agent: x.agent, action: x.action, payload: x.payload });
    if (!r || r.action === 'hover') continue;
    const outcome =
      r.action === 'confirm' ? (r.payload.accepted ? 'accepted' : 'rejected') : r.action === 'view_share' ? 'viewed' : 'ended';
    found = { outcome, ...(typeof x.conversation === 'string' ? { conversation: x.conversation } : {}) };
  }
  return found;
}
