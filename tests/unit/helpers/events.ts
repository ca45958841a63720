import { makeEvent } from '../../../lib/events/build';
import { EVENT_TIME_MIN, type FwEvent } from '../../../lib/events/event-schema';

/** Tests say "at 1, 2, 3": times before the schema's earliest (2000-01-01) count as ms after this instant. */
export const T0 = Date.UTC(2025, 0, 1);
const at = (time: number) => (time < EVENT_TIME_MIN ? T0 + time : time);

export const CONTEXT = {
  study: 'study-1',
  participant: 'p-1',
  conversation: 'conv-1',
  role: 'seller' as const,
  condition: 'B.IIc',
  url: 'https://shop.example/p/1',
};

export function clickEvent(time = Date.now(), overrides: Partial<typeof CONTEXT> = {}): FwEvent {
  return makeEvent({ ...CONTEXT, ...overrides }, 'Page', 'click', { element: { tag: 'button', path: 'main > button' } }, at(time));
}

export function hoverEvent(time = Date.now()): FwEvent {
  return makeEvent(CONTEXT, 'Page', 'hover', { target: 'product_image', productId: 'P1', dwellMs: 420 }, at(time));
}
