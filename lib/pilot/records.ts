import type { PayloadOf } from '../events/event-schema';

/**
 * The room's records: what the pilot room stores as research events on the Buyer's side that the Seller's extension
 * keeps a copy of, under the room's id and time, so both exports of a conversation have its outcome, its share
 * views and its end. The room relays each to the Seller page as it is stored and again whenever the page says hello
 * (server/pilot/routes.ts); the page puts them on its records element (bridge.ts) and the extension's pilot adapter
 * reads them there (lib/adapters/pilot-records.ts). Type imports only: the content script carries this file.
 *
 * Not relayed: the Buyer's pick (its `System.instruct` names the persona, which the Seller is trying to find) and a
 * simulated Buyer's seat (its seed reproduces the Buyer, targets and all). Both stay on the server only.
 */
export type RoomRecord =
  | { id: string; time: number; agent: 'Buyer'; action: 'confirm'; payload: PayloadOf<'confirm'> }
  | { id: string; time: number; agent: 'Buyer'; action: 'view_share'; payload: PayloadOf<'view_share'> }
  | { id: string; time: number; agent: 'Buyer'; action: 'hover'; payload: PayloadOf<'hover'> }
  | { id: string; time: number; agent: 'System'; action: 'instruct'; payload: PayloadOf<'instruct'> };

/** The actions a record may have (for the server's query; `roomRecord` decides). */
export const RECORD_ACTIONS = ['confirm', 'view_share', 'hover', 'instruct'] as const satisfies readonly RoomRecord['action'][];

/** The `System.instruct` text the room stores when the Buyer ends the conversation. */
export const endedText = (turns: number): string => `ended by buyer after ${turns} turns`;
const ENDED_TEXT = /^ended by buyer after \d+ turns$/;

/** Whether an instruct's text says the Buyer ended the conversation. */
export const isEndedText = (text: unknown): boolean => typeof text === 'string' && ENDED_TEXT.test(text);

/** A deterministic UUIDv7-shaped id for the Buyer's first view of a share (same share → same id). */
export function viewedId(shareId: string): string {
  const last = shareId.slice(-12);
  const flipped = Array.from(last, (ch) => ((parseInt(ch, 16) ^ 0xf) & 0xf).toString(16)).join('');
  return `${shareId.slice(0, -12)}${flipped}`;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * `x` as a record when it is one of the room's records (an event, or what the Seller page states of one), else null.
 * This names the kind only; the payload is checked in full where events are (validateEvent, in the background and on
 * the server).
 */
export function roomRecord(x: { id: unknown; time: unknown; agent: unknown; action: unknown; payload: unknown }): RoomRecord | null {
  const { id, time, agent, action, payload } = x;
  if (typeof id !== 'string' || typeof time !== 'number' || !Number.isInteger(time) || !isObject(payload)) return null;
  if (agent === 'Buyer' && action === 'confirm' && typeof payload.accepted === 'boolean')
    return { id, time, agent, action, payload: payload as PayloadOf<'confirm'> };
  if (agent === 'Buyer' && action === 'view_share' && Array.isArray(payload.productIds))
    return { id, time, agent, action, payload: payload as PayloadOf<'view_share'> };
  // The Buyer's hovers on shared cards; a Buyer page logs no others.
  if (agent === 'Buyer' && action === 'hover' && payload.target === 'shared_card')
    return { id, time, agent, action, payload: payload as PayloadOf<'hover'> };
  if (agent === 'System' && action === 'instruct' && isEndedText(payload.text))
    return { id, time, agent, action, payload: payload as PayloadOf<'instruct'> };
  return null;
}
