// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inferPick, type PickField, type PickResult } from '../../lib/adapters/pick/infer';
import { nameKind } from '../../lib/adapters/pick/names';
import { queryAllDeep } from '../../lib/adapters/deep-query';
import { adapterFromConfig } from '../../lib/adapters/chat';
import { CHATSCOPE, CHATUI, DEEP_CHAT_HOST, DEEP_CHAT_SHADOW, GROUPED, RCE } from './pick/markup';

function pick(field: PickField, el: Element | null | undefined, context = {}): PickResult {
  if (!el) throw new Error(`nothing to click for ${field}`);
  const out = inferPick(field, el, context);
  if ('error' in out) throw new Error(out.error);
  return out;
}
const $ = (sel: string, root: ParentNode = document) => root.querySelector(sel);
const $$ = (sel: string, root: ParentNode = document) => [...root.querySelectorAll(sel)];
const texts = (sel: string) => queryAllDeep(document, sel).map((e) => e.textContent?.trim());

describe('class names a selector may use', () => {
  it('keeps meaningful names and skips hashed and utility ones', () => {
    for (const n of ['cs-message', 'cs-message--outgoing', 'Message', 'rce-mbox-right', 'msg', 'thread', 'PullToRefresh'])
      expect(nameKind(n)).toBe('stable');
    for (const n of ['css-1x2y3z', 'sc-bdVaJa', 'kAzPlk', 'Button_root__3xYz1', '_1a2b3', 'a1b2c3d4', 'jsx-123'])
      expect(nameKind(n)).toBe('hashed');
    for (const n of ['flex', 'px-3', 'rounded-xl', 'items-end', 'max-w-[75%]', 'md:flex', 'text-xs']) expect(nameKind(n)).toBe('utility');
  });

  it('skips state classes, which come and go as the participant types and clicks', () => {
    for (const n of [
      'vac-send-disabled',
      'Btn--disabled',
      'is-active',
      'has-text',
      'active',
      'cs-button--focused',
      'menu_open',
      'disabled-button',
      'loading-submit-button',
    ])
      expect(nameKind(n)).toBe('state');
    // Who sent a message is not a state: "current" marks the participant's own messages (vue-advanced-chat).
    for (const n of ['vac-message-current', 'send', 'Composer-sendBtn', 'opener', 'entered', 'exit-button-label'])
      expect(nameKind(n)).toBe('stable');
  });

  it('your messages picked on one still animating in: the transition classes are not what marks it (vue-advanced-chat)', () => {
    const row = (mine: boolean, text: string, cls = '') =>
      `<div class="${cls}"><div class="vac-message-wrapper"><div class="vac-message-box${mine ? ' vac-offset-current' : ''}">` +
      `<div class="vac-message-container"><div class="vac-message-card${mine ? ' vac-message-current' : ''}">` +
      `<div class="vac-text-username">${mine ? 'Sam' : 'Bea'}</div><div class="vac-format-container">${text}</div></div></div></div></div></div>`;
    document.body.innerHTML =
      '<div id="messages-list"><span>' +
      row(false, 'Hi there') +
      row(true, 'Hello!') +
      row(false, 'Is it waterproof?') +
      row(true, 'It is.', 'vac-fade-message-enter-active vac-fade-message-enter-to vac-fade-message-enter-to') +
      '</span></div>';
    const r = pick('mine', $$('.vac-format-container')[3]);
    expect(r.selector).not.toMatch(/enter/);
    expect(texts(r.selector).map((t) => t?.replace(/^(Sam|Bea)/, ''))).toEqual(['Hello!', 'It is.']);
    // The message is the named wrapper, not the bare div the transition group puts around each one.
    expect(r.also.message).toMatch(/ div\.vac-message-wrapper$/);
  });

  it('a send control picked while disabled is named without its disabled state (vue-advanced-chat)', () => {
    document.body.innerHTML = `<div class="vac-room-footer"><div class="vac-box-footer"><textarea id="roomTextarea"></textarea>
      <div class="vac-icon-textarea"><div class="vac-svg-button vac-send-disabled"><svg><path d="M0 0"></path></svg></div></div></div></div>`;
    const r = pick('send', $('path'));
    expect(r.selector).toBe('div.vac-svg-button');
    $('.vac-svg-button')?.classList.remove('vac-send-disabled'); // typed: the button is enabled, the selector still finds it
    expect($$(r.selector)).toEqual([$('.vac-svg-button')]);
  });
});

describe('picking on @chatscope/chat-ui-kit-react markup', () => {
  it('a click on a message finds the scrolling list, not the message row (the list issue)', () => {
    document.body.innerHTML = CHATSCOPE;
    const r = pick('messageList', $('.cs-message--outgoing .cs-message__html-content'));
    expect(r.selector).toBe('div.cs-message-list__scroll-wrapper');
    expect(r.also.message && queryAllDeep(document, r.also.message)).toHaveLength(4);
  });

  it('a click on the text inside the content wrapper of a message with an aria-label is every message (the message issue)', () => {
    document.body.innerHTML = CHATSCOPE;
    const r = pick('message', $$('.cs-message__html-content')[1]);
    expect(r.selector).not.toMatch(/aria-label/);
    expect(texts(r.selector)).toHaveLength(4);
    expect(r.note).toBe('4 messages in the list');
    // The time and the group header (the sender's name) are parts, not messages.
    expect(pick('message', $('.cs-message__sent-time')).selector).toBe(r.selector);
    expect(pick('message', $('.cs-message-group__header')).selector).toBe(r.selector);
    expect(r.also.text && $$('.cs-message').map((m) => $(r.also.text ?? '', m)?.textContent)).toEqual([
      'Hi, do you have running shoes?',
      'Size 42, for trails.',
      'We do! What is your budget?',
      'Under $120.',
    ]);
  });

  it('your messages: the outgoing mark, verified by counts', () => {
    document.body.innerHTML = CHATSCOPE;
    const r = pick('mine', $('.cs-message--outgoing .cs-message__sent-time'));
    expect(texts(r.selector)).toEqual(['We do! What is your budget?10:03']);
    expect(r.note).toBe('1 of 4 messages are yours');
    // The position marks (first, last, single) do not say who sent a message.
    expect(r.selector).not.toMatch(/--(first|last|single)/);
  });

  it('the send button picked on its svg path, while disabled; the editor picked on its paragraph', () => {
    document.body.innerHTML = CHATSCOPE;
    expect(pick('send', $('button path')).selector).toBe('button[aria-label="Send"].cs-button.cs-button--send');
    expect(pick('input', $('.cs-message-input__content-editor p')).selector).toBe(
      'div[contenteditable="true"].cs-message-input__content-editor',
    );
  });
});

describe('picking where the author is marked on a group, with name/text/time children and hashed classes', () => {
  it('message is the repeated .msg, not the name line, text or time (the three-messages issue)', () => {
    document.body.innerHTML = GROUPED;
    for (const part of ['.time', '.text', '.msg']) {
      const r = pick('message', $$(`.group[data-author="me"] ${part}`)[0]);
      expect(r.selector).toBe('div[data-testid="thread"].thread div.msg');
      expect(texts(r.selector)).toHaveLength(6);
    }
    expect(pick('message', $('.time')).selector).not.toMatch(/kAzPlk|bdVaJa|rounded|px-3|aria-label/);
    // A click on a group's sender-name line, or on the list's background, means the messages too.
    expect(pick('message', $('.name')).selector).toBe('div[data-testid="thread"].thread div.msg');
    expect(pick('message', $('.thread')).selector).toBe('div[data-testid="thread"].thread div.msg');
    // A list picked wrong in the form (one message) does not trap the next pick.
    const fixed = pick('message', $('.text'), { messageList: '.msg' });
    expect(fixed.selector).toBe('div[data-testid="thread"].thread div.msg');
    expect(fixed.replace).toEqual({ messageList: 'div[data-testid="thread"].thread' });
    const mine = pick('mine', $$('.group[data-author="me"] .name')[0]);
    expect(mine.selector).toBe('div[data-testid="thread"].thread div.group[data-author="me"] div.msg');
  });

  it('your messages: the group’s data-author, not a mark that all messages share (the your-messages issue)', () => {
    document.body.innerHTML = GROUPED;
    const r = pick('mine', $$('.group[data-author="me"] .time')[1]);
    expect(r.selector).toBe('div[data-testid="thread"].thread div.group[data-author="me"] div.msg');
    expect(queryAllDeep(document, r.selector).map((e) => $('.text', e)?.textContent)).toEqual([
      'Yes, several.',
      'Here they are',
      'And one more',
    ]);
    // The same configuration read through the adapter the content script uses.
    const adapter = adapterFromConfig({
      host: 'x',
      messageList: '.thread',
      message: '.thread .msg',
      mine: r.selector,
      text: r.also.text,
      input: 'textarea',
    });
    expect($$('.msg').map((m) => adapter.readMessage(m))).toEqual(
      ['buyer', 'buyer', 'seller', 'buyer', 'seller', 'seller'].map((sender, i) =>
        expect.objectContaining({ sender, text: $$('.text')[i]?.textContent }),
      ),
    );
    expect(r.also.text).toBe('span.text');
  });

  it('the list from a click on its background or on a name line; the send button from its inner span', () => {
    document.body.innerHTML = GROUPED;
    expect(pick('messageList', $('.thread')).selector).toBe('div[data-testid="thread"].thread');
    expect(pick('messageList', $('.name')).selector).toBe('div[data-testid="thread"].thread');
    expect(pick('send', $('button .sr-only')).selector).toBe('button[type="submit"].send');
    expect(pick('send', $('button svg')).selector).toBe('button[type="submit"].send');
  });

  it('text picked on a message’s time still reads the text part', () => {
    document.body.innerHTML = GROUPED;
    expect(pick('text', $('.text')).selector).toBe('span.text');
    expect(() => pick('mine', $('aside a'))).toThrow(/No list of repeated messages|No repeated messages|Nothing marks/);
  });
});

describe('picking on @chatui/core and react-chat-elements markup', () => {
  it('@chatui/core: .Message.right from a click on a bubble’s paragraph, the list inside pull-to-refresh', () => {
    document.body.innerHTML = CHATUI;
    const m = pick('message', $('.Message.right p'));
    expect(texts(m.selector)).toHaveLength(3);
    expect(m.also.messageList).toBe('div.PullToRefresh');
    const mine = pick('mine', $('.Message.right p'));
    expect(mine.selector).toBe('div.PullToRefresh div.Message.right');
    // The text part holds the bubble's text and not the time above it.
    expect($$('.Message').map((e) => $(m.also.text ?? '', e)?.textContent)).toEqual([
      'Is this in stock?',
      'Yes, ships today.',
      'Great, thanks',
    ]);
    expect(pick('send', $('.Composer-sendBtn')).selector).toBe('button[type="button"].Btn.Btn--primary.Composer-sendBtn');
  });

  it('react-chat-elements: the side marked inside the message is found with :has()', () => {
    document.body.innerHTML = RCE;
    const m = pick('message', $('.rce-mbox-right .rce-mbox-text'));
    expect(texts(m.selector)).toHaveLength(3);
    const mine = pick('mine', $('.rce-mbox-right .rce-mbox-text'));
    expect(mine.selector).toBe('div.rce-mlist div.rce-container-mbox:has(.rce-mbox-right)');
    expect(texts(mine.selector)).toEqual(['We do, which ones?']);
    expect(m.also.text).toBe('div.rce-mbox-text');
  });
});

describe('picking inside a web component’s open shadow root', () => {
  it('answers deep selectors that the deep query resolves from the top document', () => {
    document.body.innerHTML = DEEP_CHAT_HOST;
    const root = ($('deep-chat') as HTMLElement).attachShadow({ mode: 'open' });
    root.innerHTML = DEEP_CHAT_SHADOW;
    const list = pick('messageList', $('.user-message-text', root));
    expect(list.selector).toBe('#support >>> #messages');
    const mine = pick('mine', $('.user-message-text', root));
    expect(mine.selector).toBe('#support >>> #messages div.outer-message-container:has(.user-message-text)');
    expect(texts(mine.selector)).toEqual(['Looking for headphones']);
    expect(texts(pick('message', $('.ai-message-text', root)).selector)).toHaveLength(3);
    expect(pick('send', $('.submit-icon path', root)).selector).toBe('#support >>> div.input-button');
    expect(pick('input', $('#text-input', root)).selector).toBe('#support >>> #text-input');
  });
});

describe('picking on the fixture chats the e2e tests use', () => {
  const body = (page: string) => {
    const html = readFileSync(resolve(import.meta.dirname, '../fixtures/pages/chats', page), 'utf8');
    return (/<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '').replace(/<script>[\s\S]*?<\/script>/g, '');
  };

  it('textarea-button.html: bubbles with a time, in and out', () => {
    document.body.innerHTML = body('textarea-button.html');
    const m = pick('message', $('.bubble.in time'));
    expect(m.selector).toBe('#thread li.bubble');
    expect(m.also).toMatchObject({ messageList: '#thread', text: 'p.body' });
    expect(pick('mine', $('.bubble.out .body')).selector).toBe('#thread li.bubble.out');
    expect(pick('send', $('#send-btn')).selector).toBe('#send-btn');
    expect(pick('input', $('#compose')).selector).toBe('#compose');
  });

  it('contenteditable-enter.html: rows marked by data-author, a contenteditable box', () => {
    document.body.innerHTML = body('contenteditable-enter.html');
    expect(pick('messageList', $('#log')).selector).toBe('#log');
    expect(pick('message', $('.row .txt')).selector).toBe('#log div.row');
    expect(pick('mine', $('.row[data-author="me"] .txt')).selector).toBe('#log div.row[data-author="me"]');
    expect(pick('input', $('#editor')).selector).toBe('#editor');
  });
});
