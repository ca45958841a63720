import { onAbort } from '../features/on-abort';
import { observable, type Observable } from '../observable';
import type { ChatAdapter } from './chat';

/**
 * The catalog category the chat page says its conversation is about (the pilot room's, which changes when the
 * room moves to another scenario), kept current as the page changes until `signal` aborts; null while the adapter
 * is not known or the page says none.
 */
export function watchChatCategory(doc: Document, adapter: Promise<ChatAdapter>, signal: AbortSignal): Observable<string | null> {
  const category = observable<string | null>(null);
  void adapter.then((a) => {
    if (signal.aborted) return;
    const read = () => category.set(a.category(doc));
    read();
    // The page sets it on an element it may also replace: attribute changes and added elements are both watched.
    const observer = new MutationObserver(read);
    observer.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-fw-category'] });
    onAbort(signal, () => observer.disconnect());
  });
  return category;
}
