import * as v from 'valibot';
import { PILOT_CARDS, type ChatCards } from './pilot-cards';
import { roomBuyerParticipant } from './pilot-records';
import { cleanText } from '../text/unicode';
import { CHAT_LIST_POLL_MS, MAX_BUYER_NAME_CHARS, MAX_CATEGORY_CHARS, MAX_CONVERSATION_ID_CHARS, MAX_MESSAGE_CHARS } from '../limits';
import { MESSAGE_TIME_ATTR } from '../pilot/bridge';
import { closestDeep, containsDeep, innerRootOf, matchesDeep, queryAllDeep, queryDeep } from './deep-query';

/**
 * Chat site adapters find a chat page's parts: the message list, each message and who sent it, the input and the
 * send control. The pilot chat has a built-in adapter; any other chat site gets a generic one configured by CSS
 * selectors in the options page (SiteChatConfig), and both have the same shape. Every selector may be deep
 * (`chat-box >>> #messages`, `iframe#support >>> #input`: see deep-query.ts), reaching into open shadow roots and
 * readable frames.
 */
const Selector = v.pipe(v.string(), v.trim(), v.minLength(1, 'is empty'), v.maxLength(500));

export const SiteChatConfigSchema = v.object({
  /** The host the configuration is for, e.g. chat.example.com. */
  host: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(253)),
  messageList: Selector,
  /** One message, inside the list. */
  message: Selector,
  /** Matches the Seller's own messages (the rest are the Buyer's). */
  mine: Selector,
  /** Where a message's text is, inside the message; the whole message when absent. */
  text: v.optional(Selector),
  input: Selector,
  /** The send button; absent when only Enter sends. */
  send: v.optional(Selector),
  /** Enter in the input sends (on by default; off for sites where Enter starts a new line). */
  enterSends: v.optional(v.boolean(), true),
  /** Ctrl+Enter (⌘+Enter on a Mac) in the input sends, as on many chats; held like Enter. On by default. */
  modEnterSends: v.optional(v.boolean(), true),
  /** An attribute naming each message uniquely (kept across re-renders of long, windowed lists). */
  idAttribute: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/i), v.maxLength(100))),
  /** Where the conversation's id is in the page (its text or `data-conversation`); optional. */
  conversation: v.optional(Selector),
  /** Where the Buyer's name is in the page, so their profile follows them to later conversations; optional. */
  buyer: v.optional(Selector),
});
export type SiteChatConfig = v.InferOutput<typeof SiteChatConfigSchema>;
export type SiteChatConfigInput = v.InferInput<typeof SiteChatConfigSchema>;

export type MessageSender = 'buyer' | 'seller' | 'system';
export interface ChatMessage {
  sender: MessageSender;
  text: string;
  /** A stable id from the page, when it has one. */
  id: string | null;
  /**
   * How the chat's server recorded the message as its own event (the pilot room records the Buyer's): that event's
   * time and participant, so the copy logged here under the same id is the same event. Absent elsewhere.
   */
  recorded?: { time: number; participant: string };
}

export interface ChatAdapter {
  id: string;
  messageList: string;
  message: string;
  input: string;
  send: string | null;
  enterSends: boolean;
  /** Ctrl+Enter or ⌘+Enter in the input sends. */
  modEnterSends: boolean;
  /** Who sent a message element and what it says; null for what is not a message. */
  readMessage(el: Element): ChatMessage | null;
  /** The conversation this page is, or null when the page does not say. */
  conversationId(doc: Document): string | null;
  /** Who the Buyer is, when the page says (a name or handle), else null. */
  buyerId(doc: Document): string | null;
  /** The catalog category the conversation is about, when the page says. */
  category(doc: Document): string | null;
  /** The page forwards the act labels (and the message id) it finds on the input with the message it sends. */
  carriesActs: boolean;
  /** Product cards and guesses, for chats that can show them (the pilot chat); null elsewhere. */
  cards: ChatCards | null;
}

/** Text of a message without nested decorations such as timestamps or act badges. */
function ownText(el: Element): string {
  let out = '';
  for (const n of el.childNodes) if (n.nodeType === 3) out += n.textContent ?? '';
  return out;
}

/**
 * What a chat page says goes into events (messages, the conversation's id, the Buyer's name): page text may hold NULs
 * and lone surrogates, and longer text than an event takes. Cleaned and cut here, where it leaves the page.
 */
const pageText = (raw: string | null | undefined, max: number): string | null => cleanText(raw?.trim() ?? '', max).trim() || null;
const message = (sender: MessageSender, text: string, id: string | null): ChatMessage => ({
  sender,
  text: pageText(text, MAX_MESSAGE_CHARS) ?? '',
  id: id === null ? null : cleanText(id),
});

/** The room's event for a Buyer message on the pilot Seller page: its time (on the message) and the Buyer's participant (on the page). */
function recordedByRoom(el: Element): ChatMessage['recorded'] | null {
  const time = Number(el.getAttribute(MESSAGE_TIME_ATTR));
  const participant = roomBuyerParticipant(el.ownerDocument);
  return Number.isInteger(time) && time > 0 && participant ? { time, participant } : null;
}

export const PILOT_ADAPTER: ChatAdapter = {
  id: 'pilot',
  messageList: '[data-fw-chat="messages"]',
  message: '.msg',
  input: '[data-fw-chat="input"]',
  send: '[data-fw-chat="send"]',
  enterSends: true,
  modEnterSends: false,
  readMessage(el) {
    if (!el.matches('.msg.buyer, .msg.seller')) return null;
    const sender = el.matches('.seller') ? 'seller' : 'buyer';
    const recorded = sender === 'buyer' ? recordedByRoom(el) : null;
    return { ...message(sender, ownText(el), el.getAttribute('data-id')), ...(recorded ? { recorded } : {}) };
  },
  conversationId: (doc) =>
    pageText(doc.querySelector('[data-fw-conversation]')?.getAttribute('data-fw-conversation'), MAX_CONVERSATION_ID_CHARS),
  buyerId: (doc) => pageText(doc.querySelector('[data-fw-buyer]')?.getAttribute('data-fw-buyer'), MAX_BUYER_NAME_CHARS),
  category: (doc) => pageText(doc.querySelector('[data-fw-category]')?.getAttribute('data-fw-category'), MAX_CATEGORY_CHARS),
  carriesActs: true,
  cards: PILOT_CARDS,
};

/**
 * A part of a message (its text): the selector read from the message down, or, for a selector written from the page
 * down (`chat-box >>> .msg .body`), the element it finds inside the message.
 */
function partWithin(el: Element, selector: string): Element | null {
  return queryDeep(el, selector) ?? queryAllDeep(el.ownerDocument, selector).find((x) => containsDeep(el, x)) ?? null;
}

/**
 * Whether a message is the Seller's: `mine` matches the message or a group around it inside the message list (many
 * chats mark the author once on a run of messages), never something outside the list.
 */
function isMine(el: Element, config: SiteChatConfigInput): MessageSender {
  const group = closestDeep(el, config.mine);
  if (!group) return 'buyer';
  if (group === el) return 'seller';
  const list = closestDeep(el, config.messageList);
  return list && containsDeep(list, group) && group !== list ? 'seller' : 'buyer';
}

/**
 * An HTML element, from this window or a frame's (a frame's elements are not instances of this window's classes).
 */
export function isHtml(el: Element | null | undefined): el is HTMLElement {
  return !!el && 'innerText' in el && 'focus' in el;
}

/** A generic adapter from a site's selectors. */
export function adapterFromConfig(config: SiteChatConfigInput): ChatAdapter {
  return {
    id: `site:${config.host}`,
    messageList: config.messageList,
    message: config.message,
    input: config.input,
    send: config.send ?? null,
    enterSends: (config.enterSends ?? true) || !config.send,
    modEnterSends: config.modEnterSends ?? true,
    readMessage(el) {
      if (!matchesDeep(el, config.message)) return null;
      const textEl = config.text ? partWithin(el, config.text) : el;
      const text = (isHtml(textEl) ? textEl.innerText || textEl.textContent : textEl?.textContent) ?? '';
      return message(isMine(el, config), text, config.idAttribute ? el.getAttribute(config.idAttribute) : null);
    },
    conversationId(doc) {
      if (!config.conversation) return null;
      const el = queryDeep(doc, config.conversation);
      return pageText(el?.getAttribute('data-conversation') ?? el?.textContent, MAX_CONVERSATION_ID_CHARS);
    },
    buyerId(doc) {
      return config.buyer ? pageText(queryDeep(doc, config.buyer)?.textContent, MAX_BUYER_NAME_CHARS) : null;
    },
    category: () => null,
    carriesActs: false,
    cards: null,
  };
}

export const CHAT_ADAPTERS: readonly ChatAdapter[] = [PILOT_ADAPTER];

/** The first adapter whose message list is on the page, or null for pages that are not chats. */
export function detectChatAdapter(doc: Document, extra: readonly ChatAdapter[] = []): ChatAdapter | null {
  return [...extra, ...CHAT_ADAPTERS].find((a) => queryDeep(doc, a.messageList) !== null) ?? null;
}

/**
 * The chat adapter for a page, waiting a while for a configured site's message list to appear: chat apps often
 * render it after the page has loaded. Pages with no configuration are checked once. A list in the light DOM is
 * seen at once (a mutation observer); so is one in a readable frame (the frame's `load`, seen by a capturing
 * listener, then an observer on its document). One rendered inside a shadow root is not seen by any document's
 * observer, so the page is also checked every CHAT_LIST_POLL_MS until the timeout.
 */
export function waitForChatAdapter(
  doc: Document,
  configured: readonly ChatAdapter[],
  signal: AbortSignal,
  timeoutMs: number,
): Promise<ChatAdapter | null> {
  const found = detectChatAdapter(doc, configured);
  if (found || configured.length === 0) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observed = new WeakSet<Node>();
    const observeFrames = () => {
      for (const frame of doc.querySelectorAll('iframe, frame')) {
        const d = innerRootOf(frame); // the frame's document, when readable
        if (!d || observed.has(d)) continue;
        observed.add(d);
        observer.observe(d, { childList: true, subtree: true });
      }
    };
    const check = () => {
      const a = detectChatAdapter(doc, configured);
      if (a) done(a);
    };
    const onLoad = () => {
      observeFrames();
      check();
    };
    const done = (a: ChatAdapter | null) => {
      observer.disconnect();
      clearTimeout(timer);
      clearInterval(poll);
      doc.removeEventListener('load', onLoad, true);
      resolve(a);
    };
    const observer = new MutationObserver(check);
    observer.observe(doc.documentElement, { childList: true, subtree: true });
    // `load` does not bubble, but a capturing listener on the document sees a frame's.
    doc.addEventListener('load', onLoad, true);
    observeFrames();
    const poll = setInterval(check, CHAT_LIST_POLL_MS);
    const timer = setTimeout(() => done(null), timeoutMs);
    signal.addEventListener('abort', () => done(null), { once: true });
  });
}

/** Puts text in a chat input as if typed, so the page's own listeners (and frameworks) see the change. */
export function setInputText(el: Element | null, text: string): void {
  if (!el) return;
  // The input may be in a frame: its classes and events are that frame's window's.
  const win = el.ownerDocument.defaultView;
  if (isTextField(el)) {
    // The prototype's setter: React-style pages track the value through it.
    const proto = el.localName === 'textarea' ? win?.HTMLTextAreaElement.prototype : win?.HTMLInputElement.prototype;
    const setter = proto && Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (setter) setter.call(el, text);
    else el.value = text;
  } else if (isHtml(el)) el.textContent = text;
  else return;
  const Input = win?.InputEvent ?? InputEvent;
  el.dispatchEvent(new Input('input', { bubbles: true, composed: true, inputType: 'insertReplacementText', data: text }));
  el.focus();
}

/** A textarea or an input, from this window or a frame's. */
function isTextField(el: Element): el is HTMLTextAreaElement | HTMLInputElement {
  return el.localName === 'textarea' || el.localName === 'input';
}

/** The text in a chat input, whether a textarea, an input or a contenteditable element. */
export function inputText(el: Element | null): string {
  if (!el) return '';
  if (isTextField(el)) return el.value;
  return (isHtml(el) ? el.innerText : el.textContent) ?? '';
}
