import { makeEvent } from '../../../lib/events/build';
import type { FwEvent } from '../../../lib/events/schema';

export const CONTEXT = {
  study: 'study-1',
  participant: 'p-1',
  conversation: 'conv-1',
  role: 'seller' as const,
  condition: 'B.IIc',
  url: 'https://shop.example/p/1',
};

export function clickEvent(time = Date.now(), overrides: Partial<typeof CONTEXT> = {}): FwEvent {
  return makeEvent({ ...CONTEXT, ...overrides }, 'Page', 'click', { element: { tag: 'button', path: 'main > button' } }, time);
}

export function hoverEvent(time = Date.now()): FwEvent {
  return makeEvent(CONTEXT, 'Page', 'hover', { target: 'product_image', productId: 'P1', dwellMs: 420 }, time);
}
