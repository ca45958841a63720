// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { dryRunProblems, fieldSummary, previewChat, previewLine } from '../../lib/adapters/chat-preview';
import type { SiteChatConfigInput } from '../../lib/adapters/chat';
import { GROUPED } from './pick/markup';

const GOOD: SiteChatConfigInput = {
  host: 'chat.example',
  messageList: '[data-testid="thread"]',
  message: '[data-testid="thread"] .msg',
  mine: '[data-testid="thread"] .group[data-author="me"] .msg',
  text: 'span.text',
  input: 'textarea',
  send: 'button.send',
};

describe('the dry run of a chat site configuration on the open chat', () => {
  it('counts what each selector finds and reads the messages with the content script’s adapter', () => {
    document.body.innerHTML = GROUPED;
    const p = previewChat(document, GOOD);
    expect(previewLine(p)).toBe('6 messages, 3 yours, 3 theirs, input found, send found');
    expect(p.last).toEqual({ sender: 'seller', text: 'And one more' });
    expect(fieldSummary(p, 'text')).toBe('last: “And one more”');
    expect(fieldSummary(p, 'messageList')).toBe('found');
    expect(dryRunProblems(p, GOOD)).toEqual([]);
  });

  it('names every reason the configuration cannot be saved yet', () => {
    document.body.innerHTML = GROUPED;
    const bad = { ...GOOD, messageList: '.msg', mine: '.msg', input: '#nope', send: 'button[', text: 'b' };
    const p = previewChat(document, bad);
    expect(dryRunProblems(p, bad)).toEqual([
      'Send button: “button[” is not a CSS selector the browser can read.',
      'Message list finds 6 elements; it must find one.',
      'One message finds 5 messages outside the message list.',
      'No message from the other person found: Your messages matches every message.',
      'Message box finds nothing on the tab: pick the box where you type.',
      'Message text finds nothing in 6 messages.',
      'The last message reads as empty: check Message text.',
    ]);
    // A list that holds none of the messages, and no message of yours.
    const elsewhere = { ...GOOD, messageList: 'aside', mine: '.group[data-author="nobody"] .msg' };
    expect(dryRunProblems(previewChat(document, elsewhere), elsewhere)).toEqual([
      'One message finds 6 messages outside the message list.',
      'No message of yours found: send one in this chat first, or pick one of yours again.',
    ]);
  });

  it('a chat in a web component’s shadow root is counted through deep selectors', () => {
    document.body.innerHTML = '<chat-box id="c"></chat-box>';
    const root = (document.getElementById('c') as HTMLElement).attachShadow({ mode: 'open' });
    root.innerHTML = '<ul class="list"><li class="m">a</li><li class="m me">b</li></ul><textarea></textarea>';
    const p = previewChat(document, {
      host: 'x',
      messageList: '#c >>> .list',
      message: '#c >>> .m',
      mine: '#c >>> .m.me',
      input: '#c >>> textarea',
    });
    expect(p.found).toMatchObject({ messageList: 1, message: 2, input: 1 });
    expect(p.outsideList).toBe(0);
  });
});
