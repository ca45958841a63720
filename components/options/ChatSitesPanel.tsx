import { useEffect, useState } from 'preact/hooks';
import type { AdminApi } from '@/lib/rpc/api';
import type { SiteChatConfig, SiteChatConfigInput } from '@/lib/adapters/chat';
import { useAction } from './useAction';

type Field = Exclude<keyof SiteChatConfigInput, 'enterSends'>;

/** The form's fields, with what each selector must match, in the order a participant finds them on the page. */
const FIELDS: { key: Field; label: string; hint: string; required: boolean }[] = [
  { key: 'host', label: 'Site', hint: 'chat.example.com', required: true },
  { key: 'messageList', label: 'Message list', hint: 'the element holding the messages, e.g. .chat-log', required: true },
  { key: 'message', label: 'One message', hint: 'each message inside the list, e.g. .chat-log > .bubble', required: true },
  { key: 'mine', label: 'Your messages', hint: 'matches your own messages only, e.g. .bubble.outgoing', required: true },
  { key: 'text', label: 'Message text', hint: 'inside a message, where its text is (optional)', required: false },
  { key: 'input', label: 'Message box', hint: 'where you type, e.g. textarea or [contenteditable]', required: true },
  { key: 'send', label: 'Send button', hint: 'optional when Enter sends', required: false },
  { key: 'idAttribute', label: 'Message id attribute', hint: 'e.g. data-id, for long lists that re-render (optional)', required: false },
  { key: 'conversation', label: 'Conversation id', hint: 'an element whose text or data-conversation names the chat (optional)', required: false },
  { key: 'buyer', label: 'Buyer name', hint: 'an element showing the customer’s name (optional)', required: false },
];

const EMPTY: SiteChatConfigInput = { host: '', messageList: '', message: '', mine: '', input: '', enterSends: true };

/** A selector the browser can read, or the reason it cannot. */
function selectorError(selector: string): string | null {
  try {
    document.createDocumentFragment().querySelector(selector);
    return null;
  } catch {
    return 'is not a CSS selector the browser can read';
  }
}

/**
 * Chat sites other than the pilot chat: the participant says, by CSS selectors, where the site's messages,
 * message box and send button are, and the coach works there as on the pilot chat.
 */
export function ChatSitesPanel({ api }: { api: AdminApi }) {
  const [sites, setSites] = useState<SiteChatConfig[]>([]);
  const [form, setForm] = useState<SiteChatConfigInput>(EMPTY);
  const refresh = () => void api.listChatSites().then(setSites, (e: unknown) => setMessage({ kind: 'error', text: String(e) }));
  useEffect(refresh, [api]);
  const { busy, message, setMessage, act } = useAction(refresh);

  const save = (e: Event) => {
    e.preventDefault();
    const config: SiteChatConfigInput = { host: form.host.trim(), messageList: form.messageList, message: form.message, mine: form.mine, input: form.input, enterSends: form.enterSends ?? true };
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

  return (
    <section aria-labelledby="chat-sites-h" data-testid="chat-sites-panel">
      <h2 id="chat-sites-h">Chat sites</h2>
      <p class="muted">The coach knows the pilot chat. For another chat site, say where its parts are with CSS selectors (your browser’s “Inspect” shows them).</p>
      <ul class="sites" data-testid="chat-site-list">
        {sites.map((s) => (
          <li key={s.host} data-testid="chat-site">
            <span class="site-host">{s.host}</span> <span class="muted">· {s.messageList} · {s.input}</span>
            <button type="button" class="link-button" onClick={() => setForm({ ...s })} data-testid={`edit-chat-site-${s.host}`}>
              Edit
            </button>
            <button type="button" class="link-button" disabled={busy} onClick={() => void act(async () => (setSites(await api.removeChatSite(s.host)), `${s.host} removed.`))} data-testid={`remove-chat-site-${s.host}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form class="chat-site-form" onSubmit={save} data-testid="chat-site-form">
        {FIELDS.map((f) => (
          <label key={f.key}>
            <span>
              {f.label}
              {f.required ? '' : ' (optional)'}
            </span>
            <input value={form[f.key] ?? ''} placeholder={f.hint} onInput={(e) => setForm({ ...form, [f.key]: e.currentTarget.value })} data-testid={`chat-site-${f.key}`} />
          </label>
        ))}
        <label class="check">
          <input type="checkbox" checked={form.enterSends ?? true} onChange={(e) => setForm({ ...form, enterSends: e.currentTarget.checked })} data-testid="chat-site-enterSends" /> Enter sends a message
        </label>
        <button type="submit" disabled={busy} data-testid="chat-site-save">
          Save chat site
        </button>
      </form>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} class={message.kind === 'error' ? 'error' : 'muted'} data-testid="chat-sites-status">
          {message.text}
        </p>
      )}
    </section>
  );
}
