/**
 * Chat site adapters find a chat page's parts. This first slice knows the pilot chat's markup; the generic,
 * per-site adapter configured by CSS selectors builds on the same shape.
 */
export interface ChatAdapter {
  id: string;
  messageList: string;
  input: string;
  send: string;
  /** The conversation this page is, or null when the page does not say. */
  conversationId(doc: Document): string | null;
}

export const PILOT_ADAPTER: ChatAdapter = {
  id: 'pilot',
  messageList: '[data-fw-chat="messages"]',
  input: '[data-fw-chat="input"]',
  send: '[data-fw-chat="send"]',
  conversationId: (doc) => doc.querySelector('[data-fw-conversation]')?.getAttribute('data-fw-conversation') ?? null,
};

export const CHAT_ADAPTERS: readonly ChatAdapter[] = [PILOT_ADAPTER];

/** The first adapter whose message list is on the page, or null for pages that are not chats. */
export function detectChatAdapter(doc: Document): ChatAdapter | null {
  return CHAT_ADAPTERS.find((a) => doc.querySelector(a.messageList) !== null) ?? null;
}
