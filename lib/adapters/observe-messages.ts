import type { ChatAdapter, ChatMessage } from './chat';

/**
 * Reports each message added to a chat's list once: one at a time or many in one go. Messages already on the page
 * when it starts are taken as read, and so are rows drawn while the Seller has scrolled up (a long, windowed list
 * draws history as it scrolls; new messages arrive at the bottom). Rows drawn again are not repeated: a message is
 * known by its id when the page gives one, otherwise by its sender and text, counting how many copies are on the
 * page against how many were seen. (A repeated message such as "ok" is missed only if it arrives while the earlier
 * one is scrolled out of a windowed list with no ids.)
 */
export function observeMessages(
  doc: Document,
  adapter: ChatAdapter,
  onMessage: (m: ChatMessage, el: Element) => void,
  signal: AbortSignal,
): void {
  const list = doc.querySelector(adapter.messageList);
  if (!list) return;
  const seenIds = new Set<string>();
  const seenCount = new Map<string, number>();
  const seenEls = new WeakSet<Element>();
  const key = (m: ChatMessage) => `${m.sender}\u0000${m.text}`;
  const attachedWith = (fp: string) => {
    let n = 0;
    for (const el of list.querySelectorAll(adapter.message)) {
      const m = adapter.readMessage(el);
      if (m && key(m) === fp) n++;
    }
    return n;
  };

  const scroller = scrollerOf(list);
  const consider = (el: Element, reportIfNew: boolean) => {
    const report = reportIfNew && atBottom(scroller);
    if (seenEls.has(el)) return;
    const m = adapter.readMessage(el);
    if (m && !m.text) return; // not filled in yet: its text arrives in a later mutation
    seenEls.add(el);
    if (!m) return;
    if (m.id) {
      if (seenIds.has(m.id)) return;
      seenIds.add(m.id);
    } else {
      const fp = key(m);
      const seen = seenCount.get(fp) ?? 0;
      if (report && attachedWith(fp) <= seen) return; // an old message drawn again
      seenCount.set(fp, seen + 1);
    }
    if (report) onMessage(m, el);
  };

  for (const el of list.querySelectorAll(adapter.message)) consider(el, false);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(adapter.message)) consider(node, true);
        for (const inner of node.querySelectorAll(adapter.message)) consider(inner, true);
      }
      // Text set after the element was added (frameworks often do): look at the message it belongs to.
      if (r.type === 'characterData' || (r.type === 'childList' && !(r.target as Element).matches?.(adapter.messageList))) {
        const host = (r.target instanceof Element ? r.target : r.target.parentElement)?.closest(adapter.message);
        if (host && list.contains(host) && !seenEls.has(host)) consider(host, true);
      }
    }
  });
  observer.observe(list, { childList: true, subtree: true, characterData: true });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}

/** Within this many pixels of the end, the Seller is reading the latest messages. */
const BOTTOM_SLACK_PX = 48;

/** The element that scrolls the message list: the list itself or its nearest scrolling ancestor (null: the page). */
function scrollerOf(list: Element): Element | null {
  for (let el: Element | null = list; el && el !== el.ownerDocument.body; el = el.parentElement) {
    const overflow = el.ownerDocument.defaultView?.getComputedStyle(el).overflowY ?? '';
    if (overflow === 'auto' || overflow === 'scroll') return el;
  }
  return null;
}

function atBottom(scroller: Element | null): boolean {
  const el = scroller ?? scrollerDocument();
  if (!el || el.scrollHeight <= el.clientHeight) return true;
  return el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
}

function scrollerDocument(): Element | null {
  return typeof document === 'undefined' ? null : document.scrollingElement;
}
