import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { BadRequest } from './studies';
import { MAX_BATCH_BYTES } from './ingest';

/** Requests that carry a code or a few options (join, opening a room, practice): a generous cap for a small body. */
export const MAX_SMALL_BODY_BYTES = 16 * 1024;

/** Bodies up to this many times the limit are read to the end even when refused, so the client sees the 413. */
const DRAIN_FACTOR = 16;

export interface BodyOptions {
  /** Largest body accepted, in bytes (after inflating a gzip body, too). */
  limit?: number;
  /** An empty body counts as `{}` instead of an error. */
  optional?: boolean;
}

const tooLarge = (limit: number, what = '') => new BadRequest(`Body over ${limit} bytes${what}`, 413);

/** `application/json`, with or without parameters (`; charset=utf-8`). */
const isJsonType = (type: string | undefined) => type?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * Reads the body, keeping at most `limit` bytes. A larger body is drained and refused with 413 (answering before
 * the upload ends would make the client see a reset connection instead); a huge one is cut off.
 */
async function readBody(c: Context, limit: number): Promise<Buffer> {
  const drainLimit = DRAIN_FACTOR * limit;
  const declared = Number(c.req.header('Content-Length') ?? NaN);
  if (declared > drainLimit) throw tooLarge(limit);
  const reader = c.req.raw.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > drainLimit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) throw tooLarge(limit);
  return Buffer.concat(chunks);
}

/**
 * The JSON body, gunzipped when sent with Content-Encoding: gzip, refused with 413 past the route's limit. A body
 * must say it is JSON (Content-Type: application/json), else 415: an HTML form or a beacon from another site can
 * only send text/plain or form types without the browser first asking the server (CORS preflight), so this keeps
 * such cross-site requests from changing anything (a known code rotating its participant's token, say).
 */
export async function jsonBody(c: Context, { limit = MAX_BATCH_BYTES, optional = false }: BodyOptions = {}): Promise<unknown> {
  const type = c.req.header('Content-Type');
  if (!isJsonType(type)) {
    // Read to the end all the same (see readBody), and let an empty optional body through: it holds nothing to mistake.
    const raw = await readBody(c, limit).catch(() => null);
    if (raw?.length === 0 && optional) return {};
    throw new BadRequest(`Content-Type must be application/json (got ${type ? `"${type.slice(0, 100)}"` : 'none'})`, 415);
  }
  const raw = await readBody(c, limit);
  if (raw.length === 0) {
    if (optional) return {};
    throw new BadRequest('Body is empty: expected JSON');
  }
  let text: string;
  const encoding = (c.req.header('Content-Encoding') ?? '').toLowerCase();
  if (encoding === 'gzip') {
    try {
      text = gunzipSync(raw, { maxOutputLength: limit }).toString('utf8');
    } catch (e) {
      const overLimit = e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw overLimit ? tooLarge(limit, ' once inflated') : new BadRequest('Body is not valid gzip');
    }
  } else if (encoding && encoding !== 'identity') {
    throw new BadRequest(`Content-Encoding "${encoding}" is not supported (use gzip or none)`, 415);
  } else {
    text = raw.toString('utf8');
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new BadRequest(`Body is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}
