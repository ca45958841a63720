import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';

/** What a participant's join answers that their events are stamped with. */
export interface Joined {
  participant: string;
  condition: string;
}

/**
 * A batch of `size` events as a participant's extension uploads them, a third hovers on product pictures and the rest
 * clicks, timed one millisecond apart from `startTime`; in the conversation `<label>-<participant>` of `study`.
 */
export function uploadBatch(study: string, joined: Joined, label: string, size: number, startTime: number): FwEvent[] {
  const ctx = {
    study,
    participant: joined.participant,
    conversation: `${label}-${joined.participant}`,
    role: 'seller' as const,
    condition: joined.condition,
    url: 'http://127.0.0.1/chat',
  };
  return Array.from({ length: size }, (_, i) =>
    i % 3 === 0
      ? makeEvent(
          ctx,
          'Page',
          'hover',
          { target: 'product_image', productId: `p-${i}`, dwellMs: 300 + i, image: { src: null, index: 0, role: 'main' } },
          startTime + i,
        )
      : makeEvent(
          ctx,
          'Page',
          'click',
          { element: { tag: 'button', path: 'main > div.card > button.add', label: 'Add to cart' } },
          startTime + i,
        ),
  );
}
