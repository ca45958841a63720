import { v7 as uuidv7 } from 'uuid';

/** Ids made from one draw of random bytes: each `crypto.getRandomValues` call costs more than making the id itself. */
const IDS_PER_DRAW = 64;
const BYTES_PER_ID = 16;

const pool = new Uint8Array(IDS_PER_DRAW * BYTES_PER_ID);
let used = IDS_PER_DRAW;
/** The last id's millisecond and sequence: ids made in one millisecond count up from a random start (RFC 9562 method 1). */
const clock = { msecs: -Infinity, seq: 0 };

/**
 * Client-made ids, sortable by creation time, so every hop can retry and the store keeps each once. `uuid`'s v7 (a
 * fraction of the `uuidv7` package's size in the content script) from a pool of random bytes drawn IDS_PER_DRAW ids at
 * a time, monotonic within a millisecond as `uuid`'s own: a later id never sorts before an earlier one.
 */
export function newId(now: number = Date.now()): string {
  if (used === IDS_PER_DRAW) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  const random = pool.subarray(used * BYTES_PER_ID, ++used * BYTES_PER_ID);
  if (now > clock.msecs) {
    clock.msecs = now;
    // uuid's own start of a millisecond's sequence: 31 random bits, so there is room to count up.
    clock.seq = (((random[6] ?? 0) & 0x7f) << 24) | ((random[7] ?? 0) << 16) | ((random[8] ?? 0) << 8) | (random[9] ?? 0);
  } else {
    clock.seq = (clock.seq + 1) | 0;
    // The sequence ran out within one millisecond: borrow the next one, as uuid does.
    if (clock.seq === 0) clock.msecs++;
  }
  return uuidv7({ random, msecs: clock.msecs, seq: clock.seq });
}

export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
