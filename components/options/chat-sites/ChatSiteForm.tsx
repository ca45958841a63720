import { useState } from 'preact/hooks';
import type { SiteChatConfigInput } from '@/lib/adapters/chat';
import { fieldSummary, previewLine } from '@/lib/adapters/chat-preview';
import { FIELDS, isSelectorField, type Field } from './fields';
import type { ChatTab } from './chat-tab';
import { configFromForm } from './form-config';
import { FieldRow } from './FieldRow';
import { usePreview } from './usePreview';

/**
 * The form for one chat site: each selector typed or picked on the chosen tab, with what it finds there now, and
 * Save, which hands a complete configuration and its tab on (the panel runs the dry run there before it saves).
 */
export function ChatSiteForm({
  form,
  setForm,
  tabs,
  tab,
  onTabFocus,
  onTab,
  busy,
  onPick,
  onSave,
  refuse,
}: {
  form: SiteChatConfigInput;
  setForm: (f: SiteChatConfigInput) => void;
  tabs: ChatTab[];
  tab: ChatTab | null;
  onTabFocus: () => void;
  onTab: (id: number | null) => void;
  busy: boolean;
  onPick: (key: Field, prompt: string) => void;
  onSave: (config: SiteChatConfigInput, tab: ChatTab, highlight: boolean) => void;
  refuse: (why: string) => void;
}) {
  const [highlight, setHighlight] = useState(true);
  const preview = usePreview(tab, form, highlight);
  const save = (e: Event) => {
    e.preventDefault();
    const built = configFromForm(form);
    if ('error' in built) return refuse(built.error);
    const { config } = built;
    if (!tab) return refuse('Save refused: choose the tab with this chat, so a dry run can check the selectors on it.');
    if (tab.host !== config.host) return refuse(`Save refused: the chosen tab is on ${tab.host}, not ${config.host}.`);
    onSave(config, tab, highlight);
  };

  const summary = (key: Field) => (preview.kind === 'ok' && isSelectorField(key) ? fieldSummary(preview.preview, key) : null);
  return (
    <form class="chat-site-form" onSubmit={save} data-testid="chat-site-form">
      <label>
        <span>Pick on tab</span>
        <select
          value={tab?.id ?? ''}
          onFocus={onTabFocus}
          onChange={(e) => onTab(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
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
        <FieldRow
          key={f.key}
          spec={f}
          value={form[f.key] ?? ''}
          onInput={(value) => setForm({ ...form, [f.key]: value })}
          onPick={f.pick ? () => onPick(f.key, f.pick ?? '') : null}
          pickDisabled={busy || !tab}
          found={summary(f.key)}
        />
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
      {tab && (
        <label class="check">
          <input
            type="checkbox"
            checked={highlight}
            onChange={(e) => setHighlight(e.currentTarget.checked)}
            data-testid="chat-site-highlight"
          />{' '}
          Outline what each selector finds on the page
        </label>
      )}
      {preview.kind !== 'none' && (
        <p class={preview.kind === 'error' ? 'error' : 'muted'} data-testid="chat-site-preview">
          On “{tab?.title}”: {preview.kind === 'ok' ? previewLine(preview.preview) : preview.text}
        </p>
      )}
      <button type="submit" disabled={busy} data-testid="chat-site-save">
        Save chat site
      </button>
    </form>
  );
}
