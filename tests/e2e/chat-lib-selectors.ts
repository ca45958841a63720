/** The selectors a person types for each page, as the README documents them (` >>> ` crosses a shadow root or frame). */
export interface Selectors {
  messageList: string;
  message: string;
  mine: string;
  text: string;
  input: string;
  send: string;
}

/** The chatscope page's, which are also the support widget's inside its own frame (tests/fixtures/pages/chats/README.md). */
export const CHATSCOPE: Selectors = {
  messageList: '.cs-message-list',
  message: '.cs-message',
  mine: '.cs-message-group--outgoing .cs-message',
  text: '.cs-message__text-content',
  input: '.cs-message-input__content-editor',
  send: '.cs-button--send',
};
