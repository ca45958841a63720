// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { adapterFromConfig, PILOT_ADAPTER, type ChatMessage } from '../../lib/adapters/chat';
import { observeMessages } from '../../lib/adapters/observe-messages';
import { interceptSend } from '../../lib/adapters/intercept-send';
import { flush, useTestSignal } from './helpers/dom';

const abort = useTestSignal();

// Markup as in tests/fixtures/pages/chats (see its README): a thread with a textarea and a send button.
const THREAD = adapterFromConfig({
  host: 'x',
  messageList: '#thread',
  message: 'li.bubble',
  mine: '.out',
  text: 'p.body',
  input: '#compose',
  send: '#send-btn',
  enterSends: false,
});
const bubble = (text: string, cls = 'in') =>
  Object.assign(document.createElement('li'), {
    className: `bubble ${cls}`,
    innerHTML: `<p class="body"></p><time>10:05</time>`,
  }) as HTMLLIElement;
function li(text: string, cls = 'in'): HTMLLIElement {
  const el = bubble(text, cls);
  (el.querySelector('p') as HTMLElement).textContent = text;
  return el;
}

describe('observeMessages', () => {
  it('reports messages added one by one and in a batch, once each, not the ones already there', async () => {
    document.body.innerHTML = '<ul id="thread"><li class="bubble in"><p class="body">old</p></li></ul>';
    const seen: ChatMessage[] = [];
    observeMessages(document, THREAD, (m) => seen.push(m), abort.signal);
    const list = document.getElementById('thread') as HTMLElement;
    list.append(li('one'));
    await flush();
    const batch = document.createDocumentFragment();
    batch.append(li('two'), li('three', 'out'), li('two'));
    list.append(batch);
    await flush();
    expect(seen.map((m) => [m.sender, m.text])).toEqual([
      ['buyer', 'one'],
      ['buyer', 'two'],
      ['seller', 'three'],
      ['buyer', 'two'], // said twice, so reported twice
    ]);
  });

  it('waits for text filled in after the element is added', async () => {
    document.body.innerHTML = '<ul id="thread"></ul>';
    const seen: string[] = [];
    observeMessages(document, THREAD, (m) => seen.push(m.text), abort.signal);
    const el = bubble('');
    document.getElementById('thread')?.append(el);
    await flush();
    (el.querySelector('p') as HTMLElement).textContent = 'late text';
    await flush();
    expect(seen).toEqual(['late text']);
  });

  it('takes rows drawn while scrolled up as history, and does not repeat rows drawn again', async () => {
    const rows = (from: number, to: number) =>
      Array.from(
        { length: to - from },
        (_, i) =>
          `<div class="vrow" data-index="${from + i}" data-from="${(from + i) % 2 ? 'seller' : 'buyer'}">Old message ${from + i + 1}</div>`,
      ).join('');
    const withIds = adapterFromConfig({
      host: 'x',
      messageList: '#viewport',
      message: '.vrow',
      mine: '[data-from="seller"]',
      input: '#msg',
      idAttribute: 'data-index',
    });
    const noIds = adapterFromConfig({ host: 'x', messageList: '#viewport', message: '.vrow', mine: '[data-from="seller"]', input: '#msg' });
    for (const adapter of [withIds, noIds]) {
      document.body.innerHTML = `<div id="viewport" style="overflow-y: auto"><div id="spacer">${rows(480, 500)}</div></div>`;
      const viewport = document.getElementById('viewport') as HTMLElement;
      // A 300 px window on 15,000 px of rows (no layout here, so the sizes are given).
      let top = 14_700;
      Object.defineProperty(viewport, 'scrollHeight', { get: () => 15_000 });
      Object.defineProperty(viewport, 'clientHeight', { get: () => 300 });
      Object.defineProperty(viewport, 'scrollTop', { get: () => top });
      const seen: string[] = [];
      observeMessages(document, adapter, (m) => seen.push(m.text), abort.signal);
      const spacer = document.getElementById('spacer') as HTMLElement;
      top = 0;
      spacer.innerHTML = rows(0, 20); // scrolled to the top: old rows drawn for the first time
      await flush();
      top = 14_700;
      spacer.innerHTML = rows(480, 500); // and back: drawn again
      await flush();
      spacer.insertAdjacentHTML('beforeend', '<div class="vrow" data-index="500" data-from="buyer">A new one</div>');
      await flush();
      expect(seen, adapter === withIds ? 'with ids' : 'without ids').toEqual(['A new one']);
      abort.renew();
    }
  });

  it('reads the pilot chat: sender from the class, text without the act badge, the message id', () => {
    document.body.innerHTML =
      '<div data-fw-chat="messages"><div class="msg mine seller" data-id="m1">Hello<span class="acts">greet</span></div><div class="msg system">The Buyer chose Books.</div></div>';
    const [mine, system] = document.querySelectorAll('.msg');
    expect(PILOT_ADAPTER.readMessage(mine as Element)).toEqual({ sender: 'seller', text: 'Hello', id: 'm1' });
    expect(PILOT_ADAPTER.readMessage(system as Element)).toBeNull();
  });
});

describe('interceptSend', () => {
  function page(html: string) {
    document.body.innerHTML = html;
    const sent: string[] = [];
    return sent;
  }

  it('holds Enter and the send button when the gate says no, asks once per attempt, and releases through the page', async () => {
    const sent = page('<form id="f"><textarea id="compose"></textarea><button id="send-btn" type="submit">Send</button></form>');
    const form = document.getElementById('f') as HTMLFormElement;
    const input = document.getElementById('compose') as HTMLTextAreaElement;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      sent.push(input.value);
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') form.requestSubmit();
    });
    const asked: string[] = [];
    const allow = false;
    const adapter = adapterFromConfig({ host: 'x', messageList: '#f', message: 'x', mine: 'x', input: '#compose', send: '#send-btn' });
    const control = interceptSend(document, adapter, (text, via) => (asked.push(`${via}:${text}`), allow), abort.signal);

    input.value = 'hello';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await flush(); // the next attempt is a new user action
    (document.getElementById('send-btn') as HTMLButtonElement).click(); // click + the submit it causes: asked once
    await flush();
    expect(sent).toEqual([]);
    expect(asked).toEqual(['enter:hello', 'button:hello']);

    control.release(); // the page's own path, without asking
    expect(sent).toEqual(['hello']);
    expect(asked).toHaveLength(2);

    input.value = '   ';
    (document.getElementById('send-btn') as HTMLButtonElement).click(); // empty: not the gate's business
    expect(asked).toHaveLength(2);
  });

  it('sends a contenteditable message with Enter when there is no button, and leaves Shift+Enter alone', () => {
    const sent = page('<div id="editor" contenteditable="true"></div>');
    const editor = document.getElementById('editor') as HTMLElement;
    editor.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey) sent.push(editor.textContent ?? '');
    });
    const adapter = adapterFromConfig({ host: 'x', messageList: '#log', message: '.row', mine: '[data-author="me"]', input: '#editor' });
    const asked: string[] = [];
    const control = interceptSend(document, adapter, (text) => (asked.push(text), false), abort.signal);
    editor.textContent = 'hi there';
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true, cancelable: true }));
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(asked).toHaveLength(1); // Shift+Enter (a new line) is not a send
    expect(sent).toEqual([]); // the Enter was held
    control.release();
    expect(sent).toEqual(['hi there']);
  });
});
