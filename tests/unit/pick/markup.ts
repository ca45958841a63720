/**
 * Chat markup as published chat UI libraries render it (class names and nesting follow their DOM; texts and counts
 * are ours), with the traits that broke the first picker: per-message aria-labels, the author marked on a group
 * around the messages, name/text/time children, icon-only send buttons that start disabled, hashed and utility
 * classes beside the meaningful ones.
 */

/** @chatscope/chat-ui-kit-react: groups carry the direction, each message its own; a scroll wrapper inside the list. */
export const CHATSCOPE = `
<div class="cs-main-container">
  <div class="cs-sidebar"><div class="cs-conversation-list"><div class="cs-conversation">Emily</div><div class="cs-conversation">Joe</div></div></div>
  <div class="cs-chat-container">
    <div class="cs-conversation-header"><div class="cs-conversation-header__user-name">Emily</div></div>
    <div class="cs-message-list">
      <div class="cs-message-list__scroll-wrapper" style="overflow-y: auto">
        <div class="cs-message-separator">Today</div>
        <section class="cs-message-group cs-message-group--incoming">
          <div class="cs-message-group__avatar"><div class="cs-avatar"><img src="data:," alt="Emily"></div></div>
          <div class="cs-message-group__content">
            <div class="cs-message-group__header">Emily</div>
            <div class="cs-message-group__messages">
              <section aria-label="Emily 10:01" class="cs-message cs-message--incoming cs-message--first">
                <div class="cs-message__content-wrapper"><div class="cs-message__content"><div class="cs-message__html-content">Hi, do you have running shoes?</div></div><div class="cs-message__sent-time">10:01</div></div>
              </section>
              <section aria-label="Emily 10:02" class="cs-message cs-message--incoming cs-message--last">
                <div class="cs-message__content-wrapper"><div class="cs-message__content"><div class="cs-message__html-content">Size 42, for trails.</div></div><div class="cs-message__sent-time">10:02</div></div>
              </section>
            </div>
          </div>
        </section>
        <section class="cs-message-group cs-message-group--outgoing">
          <div class="cs-message-group__content">
            <div class="cs-message-group__messages">
              <section aria-label="Me 10:03" class="cs-message cs-message--outgoing cs-message--single">
                <div class="cs-message__content-wrapper"><div class="cs-message__content"><div class="cs-message__html-content">We do! What is your budget?</div></div><div class="cs-message__sent-time">10:03</div></div>
              </section>
            </div>
          </div>
        </section>
        <section class="cs-message-group cs-message-group--incoming">
          <div class="cs-message-group__content">
            <div class="cs-message-group__header">Emily</div>
            <div class="cs-message-group__messages">
              <section aria-label="Emily 10:04" class="cs-message cs-message--incoming cs-message--single">
                <div class="cs-message__content-wrapper"><div class="cs-message__content"><div class="cs-message__html-content">Under $120.</div></div><div class="cs-message__sent-time">10:04</div></div>
              </section>
            </div>
          </div>
        </section>
      </div>
    </div>
    <div class="cs-message-input">
      <div class="cs-message-input__content-editor-wrapper"><div class="cs-message-input__content-editor-container">
        <div class="cs-message-input__content-editor" contenteditable="true" data-placeholder="Type message here"><p><br></p></div>
      </div></div>
      <div class="cs-message-input__tools"><button class="cs-button cs-button--send" aria-label="Send" disabled><svg class="svg-inline--fa fa-paper-plane" viewBox="0 0 512 512"><path d="M0 0h1"></path></svg></button></div>
    </div>
  </div>
</div>`;

/** A hand-built chat of the kind Tailwind apps make: the author on the group only, hashed and utility classes, name/text/time children. */
export const GROUPED = `
<div class="app css-1x2y3z">
  <aside class="flex flex-col w-64"><a class="px-2">Inbox</a><a class="px-2">Archive</a></aside>
  <main class="flex-1">
    <div class="thread overflow-y-auto h-96" style="overflow-y: auto" data-testid="thread">
      <div class="group flex flex-col items-start" data-author="them">
        <div class="name text-xs">Anna</div>
        <div class="msg kAzPlk rounded-xl px-3" aria-label="Message from Anna at 10:01"><span class="text">Hello there</span><span class="time">10:01</span></div>
        <div class="msg kAzPlk rounded-xl px-3" aria-label="Message from Anna at 10:02"><span class="text">Any trail shoes?</span><span class="time">10:02</span></div>
      </div>
      <div class="group flex flex-col items-end" data-author="me">
        <div class="name text-xs">You</div>
        <div class="msg bdVaJa rounded-xl px-3" aria-label="Message from You at 10:03"><span class="text">Yes, several.</span><span class="time">10:03</span></div>
      </div>
      <div class="group flex flex-col items-start" data-author="them">
        <div class="name text-xs">Anna</div>
        <div class="msg kAzPlk rounded-xl px-3" aria-label="Message from Anna at 10:04"><span class="text">Show me</span><span class="time">10:04</span></div>
      </div>
      <div class="group flex flex-col items-end" data-author="me">
        <div class="name text-xs">You</div>
        <div class="msg bdVaJa rounded-xl px-3" aria-label="Message from You at 10:05"><span class="text">Here they are</span><span class="time">10:05</span></div>
        <div class="msg bdVaJa rounded-xl px-3" aria-label="Message from You at 10:06"><span class="text">And one more</span><span class="time">10:06</span></div>
      </div>
    </div>
    <form class="composer flex gap-2"><textarea class="input css-9f8e7d" aria-label="Message"></textarea>
      <button type="submit" class="send p-2" disabled><span class="sr-only">Send</span><svg viewBox="0 0 24 24"><path d="M2 21l21-9L2 3v7l15 2-15 2z"></path></svg></button></form>
  </main>
</div>`;

/** @chatui/core: `.Message.left` / `.Message.right`, the time above the bubble, the list in pull-to-refresh wrappers. */
export const CHATUI = `
<div class="ChatApp"><div class="Navbar"><h2 class="Navbar-title">Support</h2></div>
<div class="MessageContainer" tabindex="-1">
  <div class="PullToRefresh" style="overflow-y: scroll"><div class="PullToRefresh-inner"><div class="PullToRefresh-content"><div class="MessageList">
    <div class="Message left" data-id="m1" data-type="text"><div class="Message-meta"><time class="Time" datetime="2024-05-01T10:01">10:01</time></div><div class="Message-main"><div class="Avatar"></div><div class="Message-inner"><div class="Message-content" role="alert"><div class="Bubble text" data-type="text"><p>Is this in stock?</p></div></div></div></div></div>
    <div class="Message right" data-id="m2" data-type="text"><div class="Message-main"><div class="Message-inner"><div class="Message-content" role="alert"><div class="Bubble text" data-type="text"><p>Yes, ships today.</p></div></div></div></div></div>
    <div class="Message left" data-id="m3" data-type="text"><div class="Message-main"><div class="Avatar"></div><div class="Message-inner"><div class="Message-content" role="alert"><div class="Bubble text" data-type="text"><p>Great, thanks</p></div></div></div></div></div>
  </div></div></div></div>
</div>
<div class="ChatFooter"><div class="Composer"><div class="Composer-inputWrap"><textarea class="Input Input--outline Composer-input" placeholder="Type a message"></textarea></div>
  <div class="Composer-actions"><button class="Btn Btn--primary Composer-sendBtn" type="button" disabled>Send</button></div></div></div>
</div>`;

/** react-chat-elements: the side (`rce-mbox-right`) sits on the box inside each message container. */
export const RCE = `
<div class="rce-container-mlist message-list"><div class="rce-mlist" style="overflow-y: auto">
  <div class="rce-container-mbox"><div class="rce-mbox"><div class="rce-mbox-body"><div class="rce-mbox-title"><span>Kim</span></div><div class="rce-mbox-text">Do you sell vitamins?</div><div class="rce-mbox-time non-copiable" data-text="10:01"></div></div></div></div>
  <div class="rce-container-mbox"><div class="rce-mbox rce-mbox-right"><div class="rce-mbox-body"><div class="rce-mbox-text">We do, which ones?</div><div class="rce-mbox-time non-copiable" data-text="10:02"></div></div></div></div>
  <div class="rce-container-mbox"><div class="rce-mbox"><div class="rce-mbox-body"><div class="rce-mbox-title"><span>Kim</span></div><div class="rce-mbox-text">Vitamin D</div><div class="rce-mbox-time non-copiable" data-text="10:03"></div></div></div></div>
</div></div>
<div class="rce-container-input"><div class="rce-input-buttons"></div><input class="rce-input" placeholder="Type here..."><div class="rce-input-buttons"><button class="rce-button"><span>Send</span></button></div></div>`;

/** deep-chat: the whole chat in a web component's open shadow root; the user's bubbles marked inside each message. */
export const DEEP_CHAT_HOST = `<h1>Shop</h1><deep-chat id="support"></deep-chat>`;
export const DEEP_CHAT_SHADOW = `
<div id="container"><div id="chat-view">
  <div id="messages" style="overflow-y: auto">
    <div class="outer-message-container"><div class="inner-message-container"><div class="message-bubble text-message ai-message-text">Hello, how can I help?</div></div></div>
    <div class="outer-message-container"><div class="inner-message-container"><div class="message-bubble text-message user-message-text">Looking for headphones</div></div></div>
    <div class="outer-message-container"><div class="inner-message-container"><div class="message-bubble text-message ai-message-text">Wired or wireless?</div></div></div>
  </div>
  <div id="input"><div id="text-input-container"><div id="text-input" class="text-input-styling" contenteditable="true"></div></div>
    <div class="input-button-container"><div class="input-button"><div class="text-button">Submit</div><svg class="submit-icon"><path d="M0 0"></path></svg></div></div></div>
</div></div>`;
