import { uuidv7 } from 'uuidv7';

/** Client-made ids, sortable by creation time, so every hop can retry and the store keeps each once. */
export function newId(): string {
  return uuidv7();
}

export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
