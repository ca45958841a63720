// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { adapterFromConfig, detectChatAdapter, waitForChatAdapter, type ChatMessage } from '../../lib/adapters/chat';
import { interceptSend, type SendVia } from '../../lib/adapters/intercept-send';
import { observeMessages } from '../../lib/adapters/observe-messages';
import { CHAT_LIST_POLL_MS } from '../../lib/limits';
import { flush, useTestSignal } from './helpers/dom';
import { clickOn, keyIn, SHADOW_CHAT, SHADOW_CHAT_CONFIG, shadowChatPage } from './helpers/shadow-chat';

// The generic chat adapter on a chat that is a web component: every part inside an open shadow root, reached by
// deep selectors (lib/adapters/deep-query.ts).

const abort = useTestSignal();

describe('a chat inside an open shadow root', () => {
  it('is found, and its messages read: the author from the group around them, the text without the time', () => {
    const page = shadowChatPage();
    expect(detectChatAdapter(document, [SHADOW_CHAT])).toBe(SHADOW_CHAT);
    const [theirs, mine] = [...page.root.querySelectorAll('.msg')].map((el) => SHADOW_CHAT.readMessage(el));
    expect(theirs).toMatchObject({ sender: 'buyer', text: 'Hello, anyone there?' });
    expect(mine).toMatchObject({ sender: 'seller', text: 'Hi! How can I help?' });
    // The group is not a message.
    expect(SHADOW_CHAT.readMessage(page.root.querySelector('.group') as Element)).toBeNull();
  });

  it('is waited for when the component renders its list after the page loaded (no document mutation shows it)', async () => {
    document.body.innerHTML = '<chat-box></chat-box>';
    const root = (document.querySelector('chat-box') as HTMLElement).attachShadow({ mode: 'open' });
    // Well within the timeout (a wait that only watched the document would resolve null at its end).
    const found = waitForChatAdapter(document, [SHADOW_CHAT], abort.signal, CHAT_LIST_POLL_MS * 20);
    await flush();
    root.innerHTML = '<div class="list"></div>';
    expect(await found).toBe(SHADOW_CHAT);
  });

  it('is found in a frame as soon as the frame renders its list, without waiting for the poll', async () => {
    const FRAMED = adapterFromConfig({ ...SHADOW_CHAT_CONFIG, messageList: 'iframe#support >>> .list' });
    document.body.innerHTML = '<iframe id="support"></iframe>';
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    // A timeout shorter than the poll: only the frame's own observer can find the list in time.
    const found = waitForChatAdapter(document, [FRAMED], abort.signal, CHAT_LIST_POLL_MS / 2);
    await flush();
    frame.contentDocument?.body.append(Object.assign(frame.contentDocument.createElement('div'), { className: 'list' }));
    expect(await found).toBe(FRAMED);
  });

  it('reports new messages in its list once each, and not its history', async () => {
    const page = shadowChatPage();
    const seen: ChatMessage[] = [];
    observeMessages(document, SHADOW_CHAT, (m) => seen.push(m), abort.signal);
    page.receive('Do you have trail shoes?');
    page.pageSend('We do.');
    await flush();
    expect(seen.map((m) => [m.sender, m.text])).toEqual([
      ['buyer', 'Do you have trail shoes?'],
      ['seller', 'We do.'],
    ]);
  });
});

describe('sending from a chat inside an open shadow root', () => {
  const intercept = (allow: boolean) => {
    const page = shadowChatPage();
    const asked: [string, SendVia][] = [];
    const control = interceptSend(
      document,
      SHADOW_CHAT,
      (text, via) => {
        asked.push([text, via]);
        return allow;
      },
      abort.signal,
    );
    return { page, asked, control };
  };

  it('holds a click on the icon inside the send button, and one on the button itself (its edge)', async () => {
    const { page, asked } = intercept(false);
    page.input.value = 'Hello';
    clickOn(page.svg.querySelector('path') as Element);
    await flush(); // the next click is another user action
    clickOn(page.button);
    expect(asked).toEqual([
      ['Hello', 'button'],
      ['Hello', 'button'],
    ]);
    expect(page.sent).toEqual([]);
  });

  it('holds Ctrl+Enter and ⌘+Enter; never Enter (a new line here), Shift+Enter or a key that ends an IME composition', async () => {
    const { page, asked } = intercept(false);
    page.input.value = 'Hello';
    expect(keyIn(page.input, 'Enter', { ctrlKey: true })).toBe(false);
    await flush();
    expect(keyIn(page.input, 'Enter', { metaKey: true })).toBe(false);
    await flush();
    expect(keyIn(page.input, 'Enter')).toBe(true);
    expect(keyIn(page.input, 'Enter', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(keyIn(page.input, 'Enter', { ctrlKey: true, isComposing: true })).toBe(true);
    expect(asked.map(([, via]) => via)).toEqual(['mod-enter', 'mod-enter']);
    expect(page.sent).toEqual([]);
  });

  it('releases through the button though the icon inside it was picked', () => {
    const { page, control } = intercept(false);
    page.input.value = 'Sent at last';
    expect(() => control.release()).not.toThrow();
    expect(page.sent).toEqual(['Sent at last']);
  });
});
