import { deepSelectorError } from '@/lib/adapters/deep-query';
import { useEffect, useState } from 'preact/hooks';
import type { AdminApi } from '@/lib/rpc/api';
import type { SiteChatConfig, SiteChatConfigInput } from '@/lib/adapters/chat';
import { useAction } from './useAction';
import { browser } from 'wxt/browser';
import { pickElement, type PickKind } from '@/lib/adapters/pick';

type Field = Exclude<keyof SiteChatConfigInput, 'enterSends' | 'modEnterSends'>;

/** The form's fields, with what each selector must match, in the order a participant finds them on the page. */
const FIELDS: { key: Field; label: string; hint: string; required: boolean; pick?: { kind: PickKind; what: string } }[] = [
  { key: 'host', label: 'Site', hint: 'chat.example.com', required: true },
  {
    key: 'messageList',
    label: 'Message list',
    hint: 'the element holding the messages, e.g. .chat-log',
    required: true,
    pick: { kind: 'one', what: 'the area that holds the messages' },
  },
  {
    key: 'message',
    label: 'One message',
    hint: 'each message inside the list, e.g. .chat-log > .bubble',
    required: true,
    pick: { kind: 'each', what: 'one message (any)' },
  },
  {
    key: 'mine',
    label: 'Your messages',
    hint: 'matches your own messages only, e.g. .bubble.outgoing',
    required: true,
    pick: { kind: 'mine', what: 'one of your own messages' },
  },
  { key: 'text', label: 'Message text', hint: 'inside a message, where its text is (optional)', required: false },
  {
    key: 'input',
    label: 'Message box',
    hint: 'where you type, e.g. textarea or [contenteditable]',
    required: true,
    pick: { kind: 'one', what: 'the box where you type' },
  },
  { key: 'send', label: 'Send button', hint: 'optional when Enter sends', required: false, pick: { kind: 'one', what: 'the send button' } },
  { key: 'idAttribute', label: 'Message id attribute', hint: 'e.g. data-id, for long lists that re-render (optional)', required: false },
  {
    key: 'conversation',
    label: 'Conversation id',
    hint: 'an element whose text or data-conversation names the chat (optional)',
    required: false,
    pick: { kind: 'one', what: 'what names this conversation' },
  },
  {
    key: 'buyer',
    label: 'Buyer name',
    hint: 'an element showing the customer’s name (optional)',
    required: false,
    pick: { kind: 'one', what: 'the customer’s name' },
  },
];

interface ChatTab {
  id: number;
  windowId: number;
  title: string;
  host: string;
}

/** Open web pages, for picking a chat's parts on one. */
async function openTabs(): Promise<ChatTab[]> {
  const tabs = await browser.tabs.query({});
  return tabs.flatMap((t) => {
    if (t.id === undefined || !t.url || !/^https?:/.test(t.url)) return [];
    return [{ id: t.id, windowId: t.windowId ?? 0, title: t.title || t.url, host: new URL(t.url).hostname }];
  });
}

/** Shows the chat tab, lets the participant click the part, and comes back here with its selector. */
async function pickOnTab(tab: ChatTab, kind: PickKind, what: string): Promise<string | null> {
  const here = await browser.tabs.getCurrent();
  await browser.tabs.update(tab.id, { active: true });
  await browser.windows.update(tab.windowId, { focused: true });
  try {
    const [result] = await browser.scripting.executeScript({ target: { tabId: tab.id }, func: pickElement, args: [kind, what] });
    return typeof result?.result === 'string' ? result.result : null;
  } catch (e) {
    throw new Error(`Could not pick on “${tab.title}”: ${e instanceof Error ? e.message : String(e)}. Is the site allowed above?`, {
      cause: e,
    });
  } finally {
    if (here?.id !== undefined) await browser.tabs.update(here.id, { active: true });
  }
}

const EMPTY: SiteChatConfigInput = { host: '', messageList: '', message: '', mine: '', input: '', enterSends: true, modEnterSends: true };

/** A selector the browser can read, deep (`chat-box >>> .list`) or plain, or the reason it cannot. */
const selectorError = (selector: string): string | null => deepSelectorError(selector, document);

/**
 * Chat sites other than the pilot chat: the participant says, by CSS selectors, where the site's messages,
 * message box and send button are, and the coach works there as on the pilot chat.
 */
export function ChatSitesPanel({ api }: { api: AdminApi }) {
  const [sites, setSites] = useState<SiteChatConfig[]>([]);
  const [form, setForm] = useState<SiteChatConfigInput>(EMPTY);
  const [tabs, setTabs] = useState<ChatTab[]>([]);
  const [tabId, setTabId] = useState<number | null>(null);
  const tab = tabs.find((t) => t.id === tabId) ?? null;
  const loadTabs = () => void openTabs().then(setTabs, () => setTabs([]));
  useEffect(loadTabs, []);
  const refresh = () => void api.listChatSites().then(setSites, (e: unknown) => setMessage({ kind: 'error', text: String(e) }));
  useEffect(refresh, [api]);
  const { busy, message, setMessage, act } = useAction(refresh);

  const save = (e: Event) => {
    e.preventDefault();
    const config: SiteChatConfigInput = {
      host: form.host.trim(),
      messageList: form.messageList,
      message: form.message,
      mine: form.mine,
      input: form.input,
      enterSends: form.enterSends ?? true,
      modEnterSends: form.modEnterSends ?? true,
    };
    for (const f of FIELDS) {
      const value = (form[f.key] ?? '').trim();
      if (!value) {
        if (f.required) return setMessage({ kind: 'error', text: `${f.label} is needed.` });
        continue;
      }
      if (f.key !== 'host' && f.key !== 'idAttribute') {
        const error = selectorError(value);
        if (error) return setMessage({ kind: 'error', text: `${f.label}: “${value}” ${error}.` });
      }
      config[f.key] = value;
    }
    void act(async () => {
      setSites(await api.saveChatSite(config));
      setForm(EMPTY);
      return `Saved. Reload the chat on ${config.host} to use it (the site must also be allowed above).`;
    });
  };

  const pick = (key: Field, kind: PickKind, what: string) => {
    if (!tab) return setMessage({ kind: 'error', text: 'Choose the tab with the chat first.' });
    void act(async () => {
      const selector = await pickOnTab(tab, kind, what);
      if (!selector) return 'Nothing picked.';
      setForm((f) => ({ ...f, host: f.host || tab.host, [key]: selector }));
      return `Picked ${selector}`;
    });
  };

  return (
    <section aria-labelledby="chat-sites-h" data-testid="chat-sites-panel">
      <h2 id="chat-sites-h">Chat sites</h2>
      <p class="muted">
        The coach knows the pilot chat. For another chat site, say where its parts are with CSS selectors (your browser’s “Inspect” shows
        them).
      </p>
      <ul class="sites" data-testid="chat-site-list">
        {sites.map((s) => (
          <li key={s.host} data-testid="chat-site">
            <span class="site-host">{s.host}</span>{' '}
            <span class="muted">
              · {s.messageList} · {s.input}
            </span>
            <button type="button" class="link-button" onClick={() => setForm({ ...s })} data-testid={`edit-chat-site-${s.host}`}>
              Edit
            </button>
            <button
              type="button"
              class="link-button"
              disabled={busy}
              onClick={() => void act(async () => (setSites(await api.removeChatSite(s.host)), `${s.host} removed.`))}
              data-testid={`remove-chat-site-${s.host}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form class="chat-site-form" onSubmit={save} data-testid="chat-site-form">
        <label>
          <span>Pick on tab</span>
          <select
            value={tabId ?? ''}
            onFocus={loadTabs}
            onChange={(e) => setTabId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            data-testid="chat-site-tab"
          >
            <option value="">choose the open chat…</option>
            {tabs.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title} ({t.host})
              </option>
            ))}
          </select>
        </label>
        {FIELDS.map((f) => (
          <label key={f.key}>
            <span>
              {f.label}
              {f.required ? '' : ' (optional)'}
            </span>
            <span class="pick-row">
              <input
                value={form[f.key] ?? ''}
                placeholder={f.hint}
                onInput={(e) => setForm({ ...form, [f.key]: e.currentTarget.value })}
                data-testid={`chat-site-${f.key}`}
              />
              {f.pick && (
                <button
                  type="button"
                  class="secondary"
                  disabled={busy || !tab}
                  title={tab ? `Click ${f.pick.what} on the chat` : 'Choose the tab first'}
                  onClick={() => f.pick && pick(f.key, f.pick.kind, f.pick.what)}
                  data-testid={`pick-${f.key}`}
                >
                  Pick
                </button>
              )}
            </span>
          </label>
        ))}
        <label class="check">
          <input
            type="checkbox"
            checked={form.enterSends ?? true}
            onChange={(e) => setForm({ ...form, enterSends: e.currentTarget.checked })}
            data-testid="chat-site-enterSends"
          />{' '}
          Enter sends a message
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={form.modEnterSends ?? true}
            onChange={(e) => setForm({ ...form, modEnterSends: e.currentTarget.checked })}
            data-testid="chat-site-modEnterSends"
          />{' '}
          Ctrl+Enter (⌘+Enter) sends a message
        </label>
        <button type="submit" disabled={busy} data-testid="chat-site-save">
          Save chat site
        </button>
      </form>
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          class={message.kind === 'error' ? 'error' : 'muted'}
          data-testid="chat-sites-status"
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
