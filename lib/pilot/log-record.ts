import type { LogFn } from '../logger/event-log';
import type { RecordOnPage } from '../adapters/pilot-records';

/**
 * Logs one of the room's records (records.ts) as the room's own event: its id, time and the Buyer's participant and
 * role, with no page address, so the copy kept in the browser and the server's are one event (event-log.ts, SameEvent).
 */
export function logRoomRecord(log: LogFn, { record: r, participant }: RecordOnPage): void {
  log(r.agent, r.action, r.payload, { id: r.id, time: r.time, recordedBy: { participant, role: 'buyer' } });
}
