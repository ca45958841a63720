import { ID_PATTERN } from '../ids';
import { MESSAGE_TIME_ATTR, PAGE_STATE_ATTRS, RECORD_ATTR, RECORDS_ATTR } from '../pilot/bridge';
import { roomRecord, type RoomRecord } from '../pilot/records';

/** One of the room's records as the pilot Seller page states it, with the Buyer's participant it was recorded under. */
export interface RecordOnPage {
  record: RoomRecord;
  participant: string;
}

/** The participant the pilot room records the Buyer's side under, as the Seller page states it; null elsewhere. */
export function roomBuyerParticipant(doc: Document): string | null {
  return doc.querySelector(`[${PAGE_STATE_ATTRS.buyerParticipant}]`)?.getAttribute(PAGE_STATE_ATTRS.buyerParticipant) || null;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A record element of the Seller page (lib/pilot/bridge.ts, RECORDS_ATTR), or null for anything else. */
export function readRoomRecord(el: Element): RecordOnPage | null {
  const id = el.getAttribute('data-id') ?? '';
  const time = Number(el.getAttribute(MESSAGE_TIME_ATTR));
  const participant = roomBuyerParticipant(el.ownerDocument);
  if (!ID_PATTERN.test(id) || !Number.isInteger(time) || time <= 0 || !participant) return null;
  let body: unknown;
  try {
    body = JSON.parse(el.getAttribute(RECORD_ATTR) ?? '');
  } catch {
    return null;
  }
  if (!isObject(body)) return null;
  const record = roomRecord({ id, time, agent: body.agent, action: body.action, payload: body.payload });
  return record ? { record, participant } : null;
}

/**
 * Reports each record on the Seller page once: those already there when it starts (a record is the room's event, kept
 * once by its id, so one seen before the extension started is still news) and each added later, until `signal` aborts.
 */
export function watchRoomRecords(doc: Document, signal: AbortSignal, onRecord: (r: RecordOnPage) => void): void {
  const box = doc.querySelector(`[${RECORDS_ATTR}]`);
  if (!box) return;
  const seen = new Set<string>();
  const consider = (el: Element) => {
    const r = readRoomRecord(el);
    if (!r || seen.has(r.record.id)) return;
    seen.add(r.record.id);
    onRecord(r);
  };
  for (const el of box.children) consider(el);
  const observer = new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) if (n.nodeType === Node.ELEMENT_NODE) consider(n as Element);
  });
  observer.observe(box, { childList: true });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}
