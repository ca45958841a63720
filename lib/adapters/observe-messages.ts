import type { ChatAdapter, ChatMessage } from './chat';
import { deepSteps, queryDeep } from './deep-query';
import { CHAT_PARTS_RECHECK_MS } from '../limits';

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
  // The list may be inside a shadow root or a frame: messages are found inside it with the message selector's last
  // step (the steps before it lead to the list's root).
  const item = deepSteps(adapter.message).at(-1) ?? adapter.message;
  const seenIds = new Set<string>();
  const seenCount = new Map<string, number>();
  const seenEls = new WeakSet<Element>();
  const key = (m: ChatMessage) => `${m.sender}\u0000${m.text}`;
  let list: Element | null = null;
  let observer: MutationObserver | null = null;

  const watch = (el: Element) => {
    const attachedWith = (fp: string) => {
      let n = 0;
      for (const x of el.querySelectorAll(item)) {
        const m = adapter.readMessage(x);
        if (m && key(m) === fp) n++;
      }
      return n;
    };
    const bottom = bottomWatch(scrollerOf(el) ?? el.ownerDocument.scrollingElement, signal);
    const consider = (x: Element, report: boolean) => {
      if (seenEls.has(x)) return;
      const m = adapter.readMessage(x);
      if (m && !m.text) return; // not filled in yet: its text arrives in a later mutation
      seenEls.add(x);
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
      if (report) onMessage(m, x);
    };

    for (const x of el.querySelectorAll(item)) consider(x, false);
    observer?.disconnect();
    observer = new MutationObserver((records) => {
      const report = bottom.wasAtBottom();
      for (const r of records) {
        for (const node of r.addedNodes) {
          if (!isElement(node)) continue;
          if (node.matches(item)) consider(node, report);
          for (const inner of node.querySelectorAll(item)) consider(inner, report);
        }
        // Text set after the element was added (frameworks often do): look at the message it belongs to.
        if (r.type === 'characterData' || (r.type === 'childList' && r.target !== el)) {
          const host = (isElement(r.target) ? r.target : r.target.parentElement)?.closest(item);
          if (host && el.contains(host) && !seenEls.has(host)) consider(host, report);
        }
      }
    });
    observer.observe(el, { childList: true, subtree: true, characterData: true });
  };

  // The list is looked up again when a frame loads and now and then: a chat in a frame that reloads (or a component
  // that renders its list anew) has a new list, whose messages on arrival are history like those at start.
  const check = () => {
    const found = queryDeep(doc, adapter.messageList);
    if (found && found !== list) watch((list = found));
  };
  check();
  doc.addEventListener('load', check, { capture: true, signal });
  const timer = setInterval(check, CHAT_PARTS_RECHECK_MS);
  signal.addEventListener(
    'abort',
    () => {
      clearInterval(timer);
      observer?.disconnect();
    },
    { once: true },
  );
}

/** An element, from this window or a frame's. */
function isElement(node: Node): node is Element {
  return node.nodeType === Node.ELEMENT_NODE;
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

/**
 * Whether the Seller is following the latest messages, as of before the changes now being reported. New messages
 * make the content taller before the page scrolls down to them, so the distance from the end is taken without what
 * the content grew by since the last look; and a page that scrolls down smoothly (ChatUI, vue-advanced-chat) is
 * still following while it moves toward the end, until the list moves up (the Seller scrolls up to read). A list
 * drawn anew while scrolled up (a windowed list keeps its height) is far from the end and not following.
 */
function bottomWatch(scroller: Element | null, signal: AbortSignal): { wasAtBottom(): boolean } {
  let lastHeight = scroller?.scrollHeight ?? 0;
  let lastTop = scroller?.scrollTop ?? 0;
  let following = true;
  const distance = (grown: number) => (scroller ? scroller.scrollHeight - grown - scroller.scrollTop - scroller.clientHeight : 0);
  const look = (grown: number) => {
    if (!scroller) return true;
    const top = scroller.scrollTop;
    const atEnd = scroller.scrollHeight <= scroller.clientHeight || distance(grown) <= BOTTOM_SLACK_PX;
    following = atEnd || (following && top >= lastTop);
    lastTop = top;
    return following;
  };
  if (scroller) {
    const doc = scroller.ownerDocument;
    // The document's own scrolling fires its scroll events at the document, not at its scrolling element.
    const target: EventTarget = scroller === doc.scrollingElement ? doc : scroller;
    target.addEventListener('scroll', () => look(0), { passive: true, signal });
  }
  return {
    wasAtBottom() {
      const grown = Math.max(0, (scroller?.scrollHeight ?? 0) - lastHeight);
      lastHeight = scroller?.scrollHeight ?? 0;
      return look(grown);
    },
  };
}
