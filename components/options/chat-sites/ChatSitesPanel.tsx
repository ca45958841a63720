import { useEffect, useState } from 'preact/hooks';
import { ActionStatus } from '../ActionStatus';
import type { AdminApi } from '@/lib/rpc/api';
import type { SiteChatConfig, SiteChatConfigInput } from '@/lib/adapters/chat';
import { useAction } from '../useAction';
import { dryRunOnTab, openTabs, pickOnTab, type ChatTab } from './chat-tab';
import { EMPTY_FORM, isSelectorField, type Field } from './fields';
import { ChatSiteForm } from './ChatSiteForm';
import { SiteList } from './SiteList';

/**
 * Chat sites other than the pilot chat: the participant says where the site's messages, message box and send button
 * are, by picking them on the open chat or typing CSS selectors, and the coach works there as on the pilot chat.
 */
export function ChatSitesPanel({ api }: { api: AdminApi }) {
  const [sites, setSites] = useState<SiteChatConfig[]>([]);
  const [form, setForm] = useState<SiteChatConfigInput>(EMPTY_FORM);
  const [tabs, setTabs] = useState<ChatTab[]>([]);
  const [tabId, setTabId] = useState<number | null>(null);
  const tab = tabs.find((t) => t.id === tabId) ?? null;
  const loadTabs = () => void openTabs().then(setTabs, () => setTabs([]));
  useEffect(loadTabs, []);
  const refresh = () => void api.listChatSites().then(setSites, (e: unknown) => setMessage({ kind: 'error', text: String(e) }));
  useEffect(refresh, [api]);
  const { busy, message, setMessage, act } = useAction(refresh);

  const chooseTab = (id: number | null) => {
    setTabId(id);
    const chosen = tabs.find((t) => t.id === id);
    if (chosen && !form.host.trim()) setForm({ ...form, host: chosen.host });
  };

  const pick = (key: Field, prompt: string) => {
    if (!tab || !isSelectorField(key)) return setMessage({ kind: 'error', text: 'Choose the tab with the chat first.' });
    void act(async () => {
      const outcome = await pickOnTab(tab, key, prompt, { messageList: form.messageList.trim() || undefined });
      if (!outcome) return 'Nothing picked.';
      if ('error' in outcome) throw new Error(outcome.error);
      setForm((f: SiteChatConfigInput) => {
        const next: SiteChatConfigInput = { ...f, host: f.host || tab.host, [key]: outcome.selector };
        // What the same click told about other fields fills them where they are still empty.
        for (const [k, v] of Object.entries(outcome.also)) if (k !== key && v && !next[k as Field]?.trim()) next[k as Field] = v;
        // A list the form held wrong (no repeated messages in it) is replaced by the one this click found.
        for (const [k, v] of Object.entries(outcome.replace ?? {})) if (k !== key && v) next[k as Field] = v;
        return next;
      });
      return `Picked ${outcome.selector} (${outcome.note}).`;
    });
  };

  // Each step says what it is doing, so a slow page or worker never leaves the last action's "Saved." standing.
  const save = (config: SiteChatConfigInput, chatTab: ChatTab, highlight: boolean) =>
    void act(async (progress) => {
      await dryRunOnTab(chatTab, config, highlight);
      progress(`Saving the chat site ${config.host}…`);
      setSites(await api.saveChatSite(config));
      setForm(EMPTY_FORM);
      return `Saved. Reload the chat on ${config.host} to use it (the site must also be allowed above).`;
    }, `Checking the chat on “${chatTab.title}” before saving…`);

  return (
    <section aria-labelledby="chat-sites-h" data-testid="chat-sites-panel">
      <h2 id="chat-sites-h">Chat sites</h2>
      <p class="muted">
        The coach knows the pilot chat. For another chat site, open the chat in a tab, choose it below and pick each part on it (or type CSS
        selectors). Each field shows what it finds there; saving first checks the whole chat on that tab.
      </p>
      <SiteList
        sites={sites}
        busy={busy}
        onEdit={(s) => setForm({ ...s })}
        onRemove={(host) => void act(async () => (setSites(await api.removeChatSite(host)), `${host} removed.`))}
      />
      <ChatSiteForm
        form={form}
        setForm={setForm}
        tabs={tabs}
        tab={tab}
        onTabFocus={loadTabs}
        onTab={chooseTab}
        busy={busy}
        onPick={pick}
        onSave={save}
        refuse={(text) => setMessage({ kind: 'error', text })}
      />
      <ActionStatus message={message} testId="chat-sites-status" />
    </section>
  );
}
