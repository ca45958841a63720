import type { FrameLocator, Locator, Page } from 'playwright-core';

/**
 * The chat fixture pages built from published chat UI libraries, with the selectors a person types for each in the
 * options page, as tests/fixtures/pages/chats/README.md ("What to type") documents them. Shared by the e2e test
 * (chat-libs.e2e.ts) and the benchmark (bench/chat-sites.ts).
 */
export interface ChatSiteFields {
  messageList: string;
  message: string;
  mine: string;
  text?: string;
  input: string;
  send?: string;
  idAttribute?: string;
}

export interface ChatLibSite {
  name: string;
  /** Under tests/fixtures/pages/chats/libs/. */
  path: string;
  fields: ChatSiteFields & { send: string };
}

/** The chatscope page's selectors, which are also the support widget's inside its own frame. */
export const CHATSCOPE = {
  messageList: '.cs-message-list',
  message: '.cs-message',
  mine: '.cs-message-group--outgoing .cs-message',
  text: '.cs-message__text-content',
  input: '.cs-message-input__content-editor',
  send: '.cs-button--send',
};

/** The chatscope chat in the shop page's srcdoc frame: every selector but the text (relative to a message) enters the frame. */
const inFrame = (frame: string, s: typeof CHATSCOPE) => ({
  messageList: `${frame} >>> ${s.messageList}`,
  message: `${frame} >>> ${s.message}`,
  mine: `${frame} >>> ${s.mine}`,
  text: s.text,
  input: `${frame} >>> ${s.input}`,
  send: `${frame} >>> ${s.send}`,
});

export const CHAT_LIB_SITES: ChatLibSite[] = [
  {
    name: 'chatui',
    path: 'chatui/',
    fields: {
      messageList: '.MessageList',
      message: '.Message',
      mine: '.Message.right',
      text: '.Bubble',
      input: 'textarea.Composer-input',
      send: '.Composer-sendBtn',
      idAttribute: 'data-id',
    },
  },
  { name: 'chatscope', path: 'chatscope/', fields: CHATSCOPE },
  {
    name: 'vue-advanced-chat',
    path: 'vue-advanced-chat/',
    fields: {
      messageList: 'vue-advanced-chat >>> #messages-list',
      message: 'vue-advanced-chat >>> .vac-message-wrapper',
      mine: 'vue-advanced-chat >>> .vac-message-wrapper:has(.vac-message-current)',
      text: '.vac-format-container',
      input: 'vue-advanced-chat >>> textarea#roomTextarea',
      send: 'vue-advanced-chat >>> .vac-icon-textarea .vac-svg-button',
      idAttribute: 'id',
    },
  },
  {
    name: 'deep-chat',
    path: 'deep-chat/',
    fields: {
      messageList: 'deep-chat >>> #messages',
      message: 'deep-chat >>> .outer-message-container',
      mine: 'deep-chat >>> .outer-message-container.deep-chat-outer-container-role-user',
      text: '.message-bubble',
      input: 'deep-chat >>> #text-input',
      send: 'deep-chat >>> #input .input-button',
    },
  },
  { name: 'widget-srcdoc', path: 'widget-srcdoc.html', fields: inFrame('iframe#support-chat', CHATSCOPE) },
];

/**
 * The hand-written chat fixture pages (tests/fixtures/pages/chats/*.html) and the selectors a person types for each,
 * as tests/fixtures/pages/chats/README.md's first table documents them.
 */
export const FIXTURE_CHAT_FIELDS = {
  'textarea-button': {
    messageList: '#thread',
    message: 'li.bubble',
    mine: 'li.bubble.out',
    text: 'p.body',
    input: 'textarea#compose',
    send: '#send-btn',
  },
  'contenteditable-enter': { messageList: '#log', message: '.row', mine: '.row[data-author="me"]', text: 'span.txt', input: '#editor' },
  virtualized: {
    messageList: '#viewport',
    message: '.vrow',
    mine: '.vrow[data-from="seller"]',
    input: '#f input#msg',
    send: '#f button[type="submit"]',
    idAttribute: 'data-index',
  },
  'shadow-component': {
    messageList: 'support-chat >>> .messages',
    message: 'support-chat >>> .message',
    mine: 'support-chat >>> .group[data-side="out"]',
    text: '.bubble',
    input: 'support-chat >>> textarea.composer-input',
    send: 'support-chat >>> button.send',
  },
  'iframe-srcdoc': {
    messageList: 'iframe#support >>> #messages',
    message: 'iframe#support >>> .m',
    mine: 'iframe#support >>> .m[data-who="agent"]',
    input: 'iframe#support >>> #box',
    send: 'iframe#support >>> #go',
  },
} satisfies Record<string, ChatSiteFields>;

/** The five history messages every library page starts with (tests/fixtures/chat-libs/shared/fixture-api.ts). */
export const HISTORY_TEXTS = [
  'Hi! Is the trail backpack still available?',
  'I mean the 30 litre one, in green.',
  'Hello! Yes, we have two left in green.',
  'Great. Does it fit a 15 inch laptop?',
  'It does, there is a padded sleeve at the back.',
];

/** A Playwright locator for a deep selector: CSS locators pierce open shadow roots; a frame step needs frameLocator. */
export function locateDeep(page: Page, selector: string): Locator {
  return locateAllDeep(page, selector).first();
}

/** Every element a deep selector finds, as one Playwright locator. */
export function locateAllDeep(page: Page, selector: string): Locator {
  const steps = selector.split('>>>').map((s) => s.trim());
  let scope: Page | FrameLocator | Locator = page;
  for (const [i, step] of steps.entries()) {
    if (i < steps.length - 1 && step.startsWith('iframe')) scope = scope.frameLocator(step);
    else scope = scope.locator(step);
  }
  return scope as Locator;
}
