import { adapterFromConfig } from '../../../lib/adapters/chat';

// A chat web component for DOM tests (happy-dom): its list, input and send button live in an open shadow root, the
// author is marked on a group around each run of messages (not on the message), each message shows its time beside
// its text, and the send button holds an svg icon. Ctrl/⌘+Enter and the button send; Enter is a new line.

/** The selectors a participant would type for it. The send control is picked as the icon inside the button. */
export const SHADOW_CHAT_CONFIG = {
  host: 'x',
  messageList: 'chat-box >>> .list',
  message: 'chat-box >>> .msg',
  mine: 'chat-box >>> .group.me',
  text: '.t',
  input: 'chat-box >>> textarea.in',
  send: 'chat-box >>> button.send svg',
  enterSends: false,
};
export const SHADOW_CHAT = adapterFromConfig(SHADOW_CHAT_CONFIG);

export interface ShadowChatPage {
  root: ShadowRoot;
  input: HTMLTextAreaElement;
  button: HTMLButtonElement;
  svg: Element;
  /** What the page itself sent. */
  sent: string[];
  /** A Buyer message arrives. */
  receive(text: string): void;
  /** The page's own script sends, without any key or click (a quick reply, an auto-send). */
  pageSend(text: string): void;
}

const group = (who: 'me' | 'them', text: string) =>
  `<div class="group ${who}"><div class="msg"><span class="t">${text}</span><time>10:0${who === 'me' ? 1 : 0}</time></div></div>`;

/** Mounts the component with two messages of history. `drops`: the page ignores sends (its server is down). */
export function shadowChatPage(opts: { drops?: boolean } = {}): ShadowChatPage {
  document.body.innerHTML = '<main><chat-box></chat-box></main>';
  const host = document.querySelector('chat-box') as HTMLElement;
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<div class="list">${group('them', 'Hello, anyone there?')}${group('me', 'Hi! How can I help?')}</div>
    <textarea class="in"></textarea>
    <button class="send" type="button"><svg class="icon" viewBox="0 0 10 10"><path d="M0 0L10 5L0 10z"></path></svg></button>`;
  const list = root.querySelector('.list') as HTMLElement;
  const input = root.querySelector('textarea') as HTMLTextAreaElement;
  const button = root.querySelector('button') as HTMLButtonElement;
  const sent: string[] = [];
  const add = (who: 'me' | 'them', text: string) => list.insertAdjacentHTML('beforeend', group(who, text));
  const send = () => {
    const text = input.value.trim();
    if (!text || opts.drops) return;
    sent.push(text);
    add('me', text);
    input.value = '';
  };
  button.addEventListener('click', send);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.isComposing) send();
  });
  return {
    root,
    input,
    button,
    svg: root.querySelector('svg') as Element,
    sent,
    receive: (text) => add('them', text),
    pageSend: (text) => {
      sent.push(text);
      add('me', text);
    },
  };
}

/** A click where a person clicks: on `el`, bubbling and crossing the shadow root as a real click does. */
export const clickOn = (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));

/** A keydown in `el` with the given modifiers; returns whether the page may act on it (not prevented). */
export function keyIn(el: Element, key: string, init: KeyboardEventInit = {}): boolean {
  return el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true, ...init }));
}
