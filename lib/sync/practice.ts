import * as v from 'valibot';
import { parseOrThrow } from '../validation';
import type { Settings } from '../settings';
import type { OpenedRoom } from '../pilot/protocol';
import type { FetchLike } from './uploader';

const OpenedRoomSchema = v.object({
  room: v.string(),
  conversation: v.string(),
  sellerUrl: v.pipe(v.string(), v.url()),
  buyerUrl: v.pipe(v.string(), v.url()),
  simulatedBuyer: v.optional(v.object({ category: v.string(), seed: v.number() })),
});

/**
 * Opens a practice room on the study's server with a simulated Buyer who will pick `category`; the Seller then
 * chats in it like in any pilot room (the overlay, the coaching and the logging all work as in a study).
 */
export async function startPractice(settings: Settings, category: string, fetchFn: FetchLike): Promise<OpenedRoom> {
  const endpoint = settings.endpoint;
  if (!endpoint) throw new Error('Join a study first (Data and settings…): practice rooms are on the study server.');
  if (settings.role !== 'seller') throw new Error('Practice conversations are for Sellers.');
  let res: Awaited<ReturnType<FetchLike>>;
  try {
    res = await fetchFn(`${endpoint.base}/v1/practice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${endpoint.token}` },
      body: JSON.stringify({ category }),
    });
  } catch (e) {
    throw new Error(`Could not reach ${endpoint.base}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  if (res.status !== 201) throw new Error(body.error ?? `The study server answered ${res.status}`);
  return parseOrThrow(OpenedRoomSchema, body, 'Unexpected answer from the study server');
}
