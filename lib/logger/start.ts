import type { Action, FwEvent, PayloadOf } from '../events/schema';
import type { PageContext } from '../rpc/api';
import { createEventLog } from './event-log';
import { trackClicks } from './click';
import { trackImageHovers } from './hover';
import { trackScrollDepth } from './scroll';

export interface LoggerDeps {
  doc: Document;
  context: PageContext;
  enqueue: (event: FwEvent) => void;
  /** The overlay logs its own, richer events; its elements are not page content. */
  ignore: (el: Element) => boolean;
}

/** Starts the page logger: hovers on images, scroll depth per container, clicks on controls. */
export function startPageLogger({ doc, context, enqueue, ignore }: LoggerDeps, signal: AbortSignal): void {
  const log = createEventLog(() => context, enqueue, () => doc.location.href);
  const emit =
    <A extends Action>(action: A) =>
    (payload: PayloadOf<A>) =>
      log('Page', action, payload);
  trackImageHovers(doc, signal, emit('hover'), { ignore });
  trackScrollDepth(doc, signal, emit('scroll'), { ignore });
  trackClicks(doc, signal, emit('click'), { ignore, keepUrlQuery: context.keepUrlQuery });
}
