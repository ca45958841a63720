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

const CHATSCOPE = {
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

/** The five history messages every library page starts with (tests/fixtures/chat-libs/shared/fixture-api.ts). */
export const HISTORY_TEXTS = [
  'Hi! Is the trail backpack still available?',
  'I mean the 30 litre one, in green.',
  'Hello! Yes, we have two left in green.',
  'Great. Does it fit a 15 inch laptop?',
  'It does, there is a padded sleeve at the back.',
];
