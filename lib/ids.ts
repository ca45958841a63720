import { v7 as uuidv7 } from 'uuid';

/**
 * Client-made ids, sortable by creation time, so every hop can retry and the store keeps each once. `uuid`'s v7
 * (monotonic within a millisecond) is a fraction of the `uuidv7` package's size in the content script.
 */
export function newId(): string {
  return uuidv7();
}

export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
