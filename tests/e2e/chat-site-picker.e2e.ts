import { describe, expect, it } from 'vitest';
import { screenshot, useHarness } from './harness';
import { exportJsonl, openOptions, waitForStored } from './options-page';
import { chooseChatTab, expectPreview, pickOnPage, saveChatSiteForm, type StoredUtter } from './chat-site-form';

describe('configuring a chat site by picking its parts on the page', () => {
  const harness = useHarness();

  it('infers the list, the repeated message, your messages on a group, the text and the icon send button while disabled; saves only after the dry run passes; then coaches', async () => {
    const h = harness();
    const host = new URL(h.fixtures.url).hostname;
    const options = await openOptions(h, 'sites');
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chats/grouped-svg-send.html`);
    await options.bringToFront();
    await chooseChatTab(options, 'grouped messages');
    expect(await options.getByTestId('chat-site-host').inputValue()).toBe(host);

    // The list, from a click on a group's sender-name line.
    const thread = 'div[data-testid="thread"].thread';
    expect(await pickOnPage(options, page, 'messageList', page.locator('.group[data-author="me"] .name'))).toBe(thread);
    await expectPreview(options, 'messageList', 'found');
    // A message, from a click on a message's time: the repeated .msg, not the time, the name line or the group.
    // The outline shows the message the press will pick while the pointer is on its time.
    const time = page.locator('.group[data-author="them"] .time').first();
    const itsMessage = page.locator('.group[data-author="them"] .msg').first();
    expect(await pickOnPage(options, page, 'message', time, undefined, itsMessage)).toBe(`${thread} div.msg`);
    await expectPreview(options, 'message', '3 messages');
    // The same click told the text part.
    expect(await options.getByTestId('chat-site-text').inputValue()).toBe('span.text');

    // A "your messages" selector that matches every message: the preview says so as it is typed, and Save is refused.
    await options.getByTestId('chat-site-mine').fill(`${thread} div.msg`);
    await expectPreview(options, 'mine', '3 yours, 0 theirs');
    expect(await pickOnPage(options, page, 'input', page.locator('#compose'))).toBe('#compose');
    await options.getByTestId('chat-site-save').click();
    await expect
      .poll(() => options.getByTestId('chat-sites-status').innerText())
      .toMatch(/^Save refused: the dry run on .* found No message from the other person found: Your messages matches every message\./);
    expect(await options.getByTestId('chat-site').count()).toBe(0);

    // Your messages, from a click on one of yours: the author is marked on the group around it.
    await options.getByTestId('chat-site-mine').fill('');
    expect(await pickOnPage(options, page, 'mine', page.locator('.group[data-author="me"] .text'))).toBe(
      `${thread} div.group[data-author="me"] div.msg`,
    );
    await expectPreview(options, 'mine', '1 yours, 2 theirs');
    await expectPreview(options, 'text', 'last: “We do, several.”');

    // The send button starts disabled (the box is empty); a press on its icon's path picks the button.
    expect(await page.locator('button.send').isDisabled()).toBe(true);
    expect(await pickOnPage(options, page, 'send', page.locator('button.send path'), undefined, page.locator('button.send'))).toBe(
      'button[aria-label="Send"].send',
    );
    await expectPreview(options, 'send', 'found');
    expect(await page.evaluate('window.fixtureSent.length')).toBe(0); // the presses picked: nothing was sent
    await expect
      .poll(() => options.getByTestId('chat-site-preview').innerText())
      .toContain('3 messages, 1 yours, 2 theirs, input found, send found');

    // The matches are outlined on the page while previewing.
    await expect.poll(() => page.locator('[data-fw-highlight="message"]').count()).toBe(3);
    expect(await page.locator('[data-fw-highlight="mine"]').count()).toBe(1);
    expect(await page.locator('[data-fw-highlight="send"]').count()).toBe(1);
    await options.getByTestId('chat-site-tab').scrollIntoViewIfNeeded();
    await screenshot(options, 'chat-site-picker-form');
    await screenshot(page, 'chat-site-picker-highlights');

    // Enter makes a new line on this page: only the button sends.
    await options.getByTestId('chat-site-enterSends').setChecked(false);
    await saveChatSiteForm(options);
    expect(await options.getByTestId('chat-site').count()).toBe(1);
    // Leaving the form empty clears the outlines from the page.
    await expect.poll(() => page.locator('[data-fw-highlight]').count()).toBe(0);

    // The saved configuration coaches on the page: a held send, an act chosen, the message sent by the page.
    await page.bringToFront();
    await page.reload();
    await page.getByTestId('fw-acts').waitFor();
    await page.evaluate(`fixtureReceive(['Hi, I need trail shoes under $120 (picked)'])`);
    await page.getByTestId('fw-profile-budget').waitFor();
    await page.locator('#compose').fill('Hello from a picked config');
    await page.locator('button.send').click();
    await page.getByTestId('fw-choose-act').waitFor();
    expect(await page.evaluate('window.fixtureSent.length')).toBe(0);
    await page.keyboard.press('1');
    await expect.poll(() => page.evaluate('window.fixtureSent')).toEqual(['Hello from a picked config']);

    await options.bringToFront();
    await waitForStored(options, 3);
    await expect
      .poll(async () => {
        const { lines } = await exportJsonl(options);
        return (lines as StoredUtter[])
          .filter((e) => e.action === 'utter' && e.url?.includes('grouped-svg-send'))
          .map((e) => [e.agent, e.payload.text, e.payload.acts ?? null]);
      })
      .toEqual([
        ['Buyer', 'Hi, I need trail shoes under $120 (picked)', null],
        ['Seller', 'Hello from a picked config', ['greet']],
      ]);
  });

  it('picks inside a web component’s open shadow root with deep selectors, previewing counts there', async () => {
    const h = harness();
    const options = await openOptions(h, 'sites');
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chats/web-component.html`);
    await options.bringToFront();
    await chooseChatTab(options, 'web component');

    const list = '#support >>> div.messages';
    expect(await pickOnPage(options, page, 'messageList', page.locator('support-chat .message.user .body'))).toBe(list);
    expect(await pickOnPage(options, page, 'message', page.locator('support-chat .message .stamp').first())).toBe(`${list} div.message`);
    await expectPreview(options, 'message', '3 messages');
    expect(await options.getByTestId('chat-site-text').inputValue()).toBe('div.body');
    expect(await pickOnPage(options, page, 'mine', page.locator('support-chat .message.user .author'))).toBe(`${list} div.message.user`);
    expect(await pickOnPage(options, page, 'input', page.locator('support-chat .field'))).toBe(
      '#support >>> input[placeholder="Ask us anything"].field',
    );
    expect(await pickOnPage(options, page, 'send', page.locator('support-chat .send-button svg'))).toBe('#support >>> button.send-button');
    await expectPreview(options, 'input', 'found');
    await expectPreview(options, 'send', 'found');
    await expect.poll(() => page.locator('[data-fw-highlight="message"]').count()).toBe(3);
    await screenshot(options, 'chat-site-picker-shadow-form');
    await screenshot(page, 'chat-site-picker-shadow-highlights');
    // The outlines last as long as the options page that asked for them.
    await options.close();
    await expect.poll(() => page.locator('[data-fw-highlight]').count()).toBe(0);
  });

  it('picks inside a support widget’s frame: the frame answers with deep selectors, the top page shows the prompt', async () => {
    const h = harness();
    const options = await openOptions(h, 'sites');
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/chats/framed-widget.html`);
    await options.bringToFront();
    await chooseChatTab(options, 'widget in a frame');
    const frame = page.frameLocator('#support-frame');

    const list = '#support-frame >>> div[role="log"].log';
    expect(await pickOnPage(options, page, 'message', frame.locator('.entry.agent .when'))).toBe(`${list} div.entry`);
    expect(await options.getByTestId('chat-site-messageList').inputValue()).toBe(list);
    expect(await options.getByTestId('chat-site-text').inputValue()).toBe('div.what');
    expect(await pickOnPage(options, page, 'mine', frame.locator('.entry.agent .what'))).toBe(`${list} div.entry.agent`);
    expect(await pickOnPage(options, page, 'input', frame.locator('.reply'))).toBe('#support-frame >>> input[placeholder="Reply"].reply');
    expect(await pickOnPage(options, page, 'send', frame.locator('.go'))).toBe('#support-frame >>> button[type="submit"].go');
    await expectPreview(options, 'message', '3 messages');
    await expect.poll(() => options.getByTestId('chat-site-preview').innerText()).toContain('3 messages');
    // The outlines are drawn over the frame, in the top page, where the frame's elements are.
    await expect.poll(() => page.locator('[data-fw-highlight="message"]').count()).toBe(3);
    const outline = await page.locator('[data-fw-highlight="send"]').boundingBox();
    const button = await frame.locator('.go').boundingBox();
    expect(outline && button && Math.abs(outline.x - button.x) < 2 && Math.abs(outline.y - button.y) < 2).toBe(true);
    await screenshot(page, 'chat-site-picker-frame-highlights');
  });
});
