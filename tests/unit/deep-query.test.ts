// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  closestDeep,
  containsDeep,
  deepSelectorError,
  deepSteps,
  eventTargetMatch,
  matchesDeep,
  queryAllDeep,
  queryDeep,
} from '../../lib/adapters/deep-query';

/** A chat web component: its list and input live in an open shadow root, and each message in a nested one. */
function mountChat(): { host: HTMLElement; root: ShadowRoot } {
  document.body.innerHTML = `<main><chat-box id="c"></chat-box><ul class="list"><li class="msg">light</li></ul></main>`;
  const host = document.getElementById('c') as HTMLElement;
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<div class="list"><div class="msg me"><span class="t">hi</span></div><div class="msg"><x-bubble></x-bubble></div></div>
    <textarea class="in"></textarea><button class="send"><svg><path></path></svg></button>`;
  const bubble = root.querySelector('x-bubble') as HTMLElement;
  bubble.attachShadow({ mode: 'open' }).innerHTML = `<p class="t">deep</p>`;
  return { host, root };
}

describe('deep selectors', () => {
  let root: ShadowRoot;
  beforeEach(() => ({ root } = mountChat()));

  it('a plain selector is plain CSS: it does not enter shadow roots', () => {
    expect(deepSteps('.list .msg')).toEqual(['.list .msg']);
    expect(queryAllDeep(document, '.msg').map((e) => e.textContent)).toEqual(['light']);
  });

  it('each >>> step runs in the shadow root the previous step opens', () => {
    expect(queryAllDeep(document, 'chat-box >>> .list > .msg')).toHaveLength(2);
    expect(queryDeep(document, 'chat-box>>>.in')).toBe(root.querySelector('.in'));
    expect(queryAllDeep(document, 'chat-box >>> x-bubble >>> .t').map((e) => e.textContent)).toEqual(['deep']);
    // A step that opens nothing (no shadow root) ends the search.
    expect(queryAllDeep(document, 'main >>> .msg')).toEqual([]);
  });

  it('an element matches when it matches the last step inside a host that matches the steps before', () => {
    const mine = root.querySelector('.msg.me') as Element;
    expect(matchesDeep(mine, 'chat-box >>> .msg.me')).toBe(true);
    expect(matchesDeep(mine, 'other-box >>> .msg.me')).toBe(false);
    expect(matchesDeep(mine, 'chat-box >>> .msg:not(.me)')).toBe(false);
    const light = document.querySelector('.msg') as Element;
    expect(matchesDeep(light, 'chat-box >>> .msg')).toBe(false);
    expect(matchesDeep(light, '.msg')).toBe(true);
  });

  it('closest and contains cross shadow boundaries', () => {
    const path = root.querySelector('path') as Element;
    expect(closestDeep(path, 'chat-box >>> button.send')).toBe(root.querySelector('button'));
    expect(closestDeep(path, 'main')).toBe(document.querySelector('main'));
    // The button is beside the shadow root's list, not in it; the light DOM's list is elsewhere too.
    expect(closestDeep(path, '.list')).toBeNull();
    const deepText = (root.querySelector('x-bubble') as HTMLElement).shadowRoot?.querySelector('.t') as Element;
    expect(closestDeep(deepText, 'chat-box >>> .list')).toBe(root.querySelector('.list'));
    expect(containsDeep(document.querySelector('main') as Element, path)).toBe(true);
    expect(containsDeep(root.querySelector('.list') as Element, path)).toBe(false);
  });

  it('finds the control a click inside a shadow root landed in, from the composed path', () => {
    const path = root.querySelector('path') as Element;
    let found: Element | null = null;
    document.addEventListener('click', (e) => (found = eventTargetMatch(e, 'chat-box >>> .send')), { once: true, capture: true });
    path.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect(found).toBe(root.querySelector('button.send'));
  });

  it('names what is wrong with a selector it cannot use', () => {
    expect(deepSelectorError('chat-box >>> .list', document)).toBeNull();
    expect(deepSelectorError('chat-box >>>', document)).toMatch(/empty step/);
    expect(deepSelectorError('chat-box >>> .list[', document)).toMatch(/“\.list\[”/);
    expect(deepSelectorError('textarea[', document)).toBe('is not a CSS selector the browser can read');
  });
});
