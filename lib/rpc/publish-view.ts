import type { Observable } from '../observable';
import { onAbort } from '../features/on-abort';

/**
 * A chat frame's view of one part (the coach's, the share controller's) published to the overlay in its tab's top
 * page: on every change, numbered in order, and again on `republish` (when the overlay says hello), until `signal`.
 */
export function publishView<T>(view: Observable<T>, message: (seq: number, value: T) => void, signal: AbortSignal): { republish(): void } {
  let seq = 0;
  const publish = () => message(++seq, view.get());
  onAbort(signal, view.subscribe(publish));
  publish();
  return { republish: publish };
}
