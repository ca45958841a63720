import type { StoredEvent } from '../db/database';
import { toEvent } from '../db/events';

/*
 * How pending events are cut into upload requests. A small backlog goes up in one small request; a large one (a
 * participant who was offline for a day) in full-size requests, several at once, so the round trips overlap.
 */

/** The smallest batch worth a request of its own when a backlog is split across requests in flight. */
export const SYNC_BATCH_MIN = 100;
/** The server's MAX_BATCH_EVENTS (server/ingest.ts): a larger batch would be refused with 413. */
export const SYNC_BATCH_MAX = 1_000;
/** Under the server's MAX_BATCH_BYTES (1 MiB, counted after inflating), with room for the envelope. */
export const SYNC_BATCH_MAX_BYTES = 900 * 1024;
/** Upload requests in flight at once: enough to overlap the round trips, few enough not to crowd the server. */
export const SYNC_MAX_IN_FLIGHT = 4;
/** Bodies smaller than this go uncompressed: gzip saves nothing worth its cost on a few events. */
export const SYNC_GZIP_MIN_BYTES = 4 * 1024;

/** Events per request for a backlog of this size: shared across the requests in flight, within the limits. */
export function batchSizeFor(backlog: number, maxInFlight: number = SYNC_MAX_IN_FLIGHT): number {
  return Math.min(SYNC_BATCH_MAX, Math.max(SYNC_BATCH_MIN, Math.ceil(backlog / Math.max(1, maxInFlight))));
}

/** Events of one request with their JSON, each serialised once (for its size and for the body). */
export interface UploadBatch {
  events: StoredEvent[];
  json: string[];
  bytes: number;
}

export const emptyBatch = (): UploadBatch => ({ events: [], json: [], bytes: 0 });

/** Adds an event unless the batch is full (by count or bytes); a lone event always fits. False when it did not fit. */
export function addToBatch(batch: UploadBatch, event: StoredEvent, maxEvents: number, maxBytes = SYNC_BATCH_MAX_BYTES): boolean {
  if (batch.events.length >= maxEvents) return false;
  const json = JSON.stringify(toEvent(event));
  const size = utf8Bytes(json) + 1; // +1 for the comma between events
  if (batch.events.length > 0 && batch.bytes + size > maxBytes) return false;
  batch.events.push(event);
  batch.json.push(json);
  batch.bytes += size;
  return true;
}

const encoder = new TextEncoder();
/** UTF-8 size: the string's length for printable ASCII (most events: JSON escapes control characters), encoded only when it holds other characters. */
const utf8Bytes = (s: string) => (/[^\x20-\x7e]/.test(s) ? encoder.encode(s).length : s.length);

/** The request body `{"events":[…]}` for a batch, from the JSON already made. */
export const batchBody = (batch: UploadBatch): string => `{"events":[${batch.json.join(',')}]}`;

/** Gzips text with the platform's CompressionStream (Chromium and Firefox workers, Node ≥ 18). */
export async function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The body and its headers: gzipped when large enough to be worth it. */
export async function encodeBody(text: string): Promise<{ body: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  if (text.length < SYNC_GZIP_MIN_BYTES) return { body: text, headers: {} };
  return { body: await gzip(text), headers: { 'Content-Encoding': 'gzip' } };
}
