// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { adapterFromConfig, type ChatMessage } from '../../lib/adapters/chat';
import { interceptSend, type SendVia } from '../../lib/adapters/intercept-send';
import { observeMessages } from '../../lib/adapters/observe-messages';
import { flush, useTestSignal } from './helpers/dom';

// How published chat UI libraries send and scroll, in small (tests/fixtures/pages/chats/README.md, "Where the parts
// are, and what makes each hard"): ChatUI sends on the send button's mousedown, vue-advanced-chat on Enter's keyup,
// and both scroll down smoothly to a new message, so the next one may arrive before the list reaches its end.

const abort = useTestSignal();

const CHAT = adapterFromConfig({ host: 'x', messageList: '#list', message: '.m', mine: '.m.me', input: '#in', send: '#send' });
const KEY_ONLY = adapterFromConfig({ host: 'x', messageList: '#list', message: '.m', mine: '.m.me', input: '#in' });

/** A chat page whose own script sends on `sendOn` (an event on the button, or Enter's keyup in the input). */
function chatPage(sendOn: 'mousedown' | 'keyup') {
  document.body.innerHTML = '<div id="list"></div><textarea id="in"></textarea><button id="send" type="button"><svg></svg></button>';
  const input = document.getElementById('in') as HTMLTextAreaElement;
  const button = document.getElementById('send') as HTMLButtonElement;
  const sent: string[] = [];
  const send = () => {
    if (!input.value.trim()) return;
    sent.push(input.value.trim());
    input.value = '';
  };
  if (sendOn === 'mousedown') button.addEventListener('mousedown', send);
  else input.addEventListener('keyup', (e) => e.key === 'Enter' && !e.shiftKey && send());
  return { input, button, sent };
}

function intercept(adapter = CHAT, answer = false) {
  const asked: SendVia[] = [];
  const control = interceptSend(
    document,
    adapter,
    (_text, via) => {
      asked.push(via);
      return answer;
    },
    abort.signal,
  );
  return { asked, control };
}

const mouse = (type: string, el: Element) =>
  el.dispatchEvent(
    type.startsWith('pointer')
      ? new PointerEvent(type, { bubbles: true, cancelable: true, composed: true })
      : new MouseEvent(type, { bubbles: true, cancelable: true, composed: true }),
  );
const key = (type: 'keydown' | 'keyup', el: Element, init: KeyboardEventInit = {}) =>
  el.dispatchEvent(new KeyboardEvent(type, { key: 'Enter', bubbles: true, cancelable: true, composed: true, ...init }));

describe('a send button that sends on mousedown (ChatUI)', () => {
  it('holds the whole press, pointerdown to click, with one question to the coach, and releases with a press', async () => {
    const page = chatPage('mousedown');
    const { asked, control } = intercept();
    page.input.value = 'Hello';
    // A person's press: down in one task, up and the click in a later one.
    mouse('pointerdown', page.button.firstElementChild as Element);
    mouse('mousedown', page.button.firstElementChild as Element);
    await flush();
    for (const type of ['pointerup', 'mouseup', 'click']) mouse(type, page.button);
    expect(page.sent).toEqual([]);
    expect(asked).toEqual(['button']);

    control.release();
    expect(page.sent).toEqual(['Hello']);
  });

  it('lets the whole press through when the coach allows it at pointerdown, without asking again', async () => {
    const page = chatPage('mousedown');
    const { asked } = intercept(CHAT, true);
    page.input.value = 'Hi';
    mouse('pointerdown', page.button);
    mouse('mousedown', page.button);
    await flush();
    for (const type of ['pointerup', 'mouseup', 'click']) mouse(type, page.button);
    expect(page.sent).toEqual(['Hi']);
    expect(asked).toEqual(['button']);
  });

  it('asks again for the next press, and for a click with no press before it (a key on the focused button)', async () => {
    const page = chatPage('mousedown');
    const { asked } = intercept();
    page.input.value = 'Hello';
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) mouse(type, page.button);
    await flush();
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) mouse(type, page.button);
    await flush();
    mouse('click', page.button);
    expect(asked).toEqual(['button', 'button', 'button']);
    expect(page.sent).toEqual([]);
  });
});

describe('Enter that sends on keyup (vue-advanced-chat)', () => {
  it('holds the keyup that follows a held keydown, modifiers released or not, and releases through the button', async () => {
    const page = chatPage('keyup');
    const { asked, control } = intercept();
    page.input.value = 'Hello';
    expect(key('keydown', page.input)).toBe(false);
    await flush();
    expect(key('keyup', page.input)).toBe(false);
    expect(key('keydown', page.input, { ctrlKey: true })).toBe(false);
    await flush();
    expect(key('keyup', page.input)).toBe(false); // Ctrl let go first
    expect(page.sent).toEqual([]);
    expect(asked).toEqual(['enter', 'mod-enter']);

    page.button.addEventListener('click', () => page.sent.push(`clicked: ${page.input.value}`));
    control.release();
    expect(page.sent).toEqual(['clicked: Hello']);
  });

  it('lets a keyup through after a keydown the coach allowed, or one that was no send key', async () => {
    const page = chatPage('keyup');
    intercept(CHAT, true);
    page.input.value = 'Hi';
    key('keydown', page.input);
    await flush();
    expect(key('keyup', page.input)).toBe(true);
    expect(page.sent).toEqual(['Hi']);
    page.input.value = 'line';
    key('keydown', page.input, { shiftKey: true });
    expect(key('keyup', page.input)).toBe(true);
  });

  it('releases with a whole key press when only a key sends (no button)', async () => {
    const page = chatPage('keyup');
    const { control } = intercept(KEY_ONLY);
    page.input.value = 'Typed';
    key('keydown', page.input);
    await flush();
    key('keyup', page.input);
    expect(page.sent).toEqual([]);
    control.release();
    expect(page.sent).toEqual(['Typed']);
  });
});

describe('a list that scrolls down smoothly to a new message', () => {
  it('reports a message that arrives while the list is still moving down to the last one, and not rows drawn after scrolling up', async () => {
    document.body.innerHTML = '<div id="list" style="overflow-y: auto"><div class="m">history</div></div>';
    const list = document.getElementById('list') as HTMLElement;
    // No layout here: a 300 px window whose content grows by 80 px per message.
    let top = 700;
    let height = 1000;
    Object.defineProperty(list, 'scrollHeight', { get: () => height });
    Object.defineProperty(list, 'clientHeight', { get: () => 300 });
    Object.defineProperty(list, 'scrollTop', { get: () => top });
    const seen: ChatMessage[] = [];
    observeMessages(document, CHAT, (m) => seen.push(m), abort.signal);
    const add = (text: string, cls = 'm') => {
      list.insertAdjacentHTML('beforeend', `<div class="${cls}">${text}</div>`);
      height += 80;
    };

    add('mine, sent', 'm me');
    await flush();
    top += 20; // the page starts its smooth scroll down
    list.dispatchEvent(new Event('scroll'));
    add('the reply, before the scroll ends'); // 140 px from the end, but following
    await flush();
    top = 100; // the Seller scrolls up to read
    list.dispatchEvent(new Event('scroll'));
    add('drawn while reading history');
    await flush();
    expect(seen.map((m) => m.text)).toEqual(['mine, sent', 'the reply, before the scroll ends']);
  });
});
