import type { SiteChatConfig } from '@/lib/adapters/chat';

/** The chat sites configured so far, each to edit or remove. */
export function SiteList({
  sites,
  busy,
  onEdit,
  onRemove,
}: {
  sites: SiteChatConfig[];
  busy: boolean;
  onEdit: (s: SiteChatConfig) => void;
  onRemove: (host: string) => void;
}) {
  return (
    <ul class="sites" data-testid="chat-site-list">
      {sites.map((s) => (
        <li key={s.host} data-testid="chat-site">
          <span class="site-host">{s.host}</span>{' '}
          <span class="muted">
            · {s.messageList} · {s.input}
          </span>
          <button type="button" class="link-button" onClick={() => onEdit(s)} data-testid={`edit-chat-site-${s.host}`}>
            Edit
          </button>
          <button
            type="button"
            class="link-button"
            disabled={busy}
            onClick={() => onRemove(s.host)}
            data-testid={`remove-chat-site-${s.host}`}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
