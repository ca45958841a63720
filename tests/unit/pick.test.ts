// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pickElement } from '../../lib/adapters/pick';

afterEach(() => {
  document.body.innerHTML = '';
});

const CHAT = `
  <main class="app"><ul id="thread" class="thread">
    <li class="bubble in x1a2b3c4"><p class="body">Hi there</p><time>10:01</time></li>
    <li class="bubble out"><p class="body">Hello!</p><time>10:02</time></li>
    <li class="bubble in"><p class="body">Do you have it in blue?</p><time>10:03</time></li>
  </ul>
  <form><textarea class="compose"></textarea><button type="button" class="btn primary">Send</button></form></main>`;

/** Starts picking, clicks `target` as a participant would, and returns the selector picked. */
async function pick(kind: 'one' | 'each' | 'mine', target: string): Promise<string | null> {
  const picked = pickElement(kind, 'test');
  document.querySelector(target)?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  return picked;
}

describe('pick an element', () => {
  it('gives a selector for exactly the element clicked, for the message box and the send button', async () => {
    document.body.innerHTML = CHAT;
    const input = await pick('one', 'textarea');
    expect(document.querySelectorAll(input ?? '')).toEqual(document.querySelectorAll('textarea'));
    const send = await pick('one', 'button');
    expect([...document.querySelectorAll(send ?? '')]).toEqual([document.querySelector('button')]);
  });

  it("turns a click on a message's text into a selector for every message, and for the Seller's own only", async () => {
    document.body.innerHTML = CHAT;
    const each = await pick('each', '.bubble.in .body');
    expect(each).toBe('#thread > li.bubble'); // generated-looking classes are left out
    expect(document.querySelectorAll(each ?? '')).toHaveLength(3);
    const mine = await pick('mine', '.bubble.out .body');
    expect([...document.querySelectorAll(mine ?? '')].map((e) => e.textContent)).toEqual(['Hello!10:02']);
  });

  it('leaves the page as it was and answers null on Escape; the picking click does not reach the page', async () => {
    document.body.innerHTML = CHAT;
    let pressed = 0;
    document.querySelector('button')?.addEventListener('click', () => pressed++);
    await pick('one', 'button');
    expect(pressed).toBe(0);
    const picked = pickElement('one', 'test');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(await picked).toBeNull();
    expect(document.documentElement.querySelectorAll('div[style*="2147483647"]')).toHaveLength(0);
  });
});
