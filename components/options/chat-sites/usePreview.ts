import { useEffect, useState } from 'preact/hooks';
import type { SiteChatConfigInput } from '@/lib/adapters/chat';
import type { ChatPreview } from '@/lib/adapters/chat-preview';
import { browser, type Browser } from 'wxt/browser';
import { PREVIEW_PORT } from '@/lib/adapters/pick/protocol';
import { clearTab, previewOnTab, type ChatTab } from './chat-tab';

/**
 * A port to the previewed tab's frames (the picker listens there once injected): when this page closes, the port
 * closes and the frames remove their outlines. Reopened after the tab reloads (which drops the picker and the port).
 */
let held: { tabId: number; port: Browser.runtime.Port } | null = null;

function holdTab(tab: ChatTab): void {
  if (held?.tabId === tab.id) return;
  releaseTab();
  const port = browser.tabs.connect(tab.id, { name: PREVIEW_PORT });
  const mine = { tabId: tab.id, port };
  held = mine;
  port.onDisconnect.addListener(() => {
    if (held === mine) held = null;
  });
}

function releaseTab(): void {
  held?.port.disconnect();
  held = null;
}

/** How long typing pauses before the selectors are tried on the tab again. */
export const PREVIEW_DEBOUNCE_MS = 250;

export type PreviewState = { kind: 'none' } | { kind: 'ok'; preview: ChatPreview } | { kind: 'error'; text: string };

/**
 * What the form's selectors find on the chosen tab, re-evaluated as the participant types (after a pause), with the
 * matches outlined on the page while `highlight` is on; the outlines go when the tab changes or the form closes.
 */
export function usePreview(tab: ChatTab | null, form: SiteChatConfigInput, highlight: boolean): PreviewState {
  const [state, setState] = useState<PreviewState>({ kind: 'none' });
  const key = JSON.stringify(form);
  useEffect(() => {
    if (!tab) return setState({ kind: 'none' });
    let live = true;
    const timer = setTimeout(() => {
      previewOnTab(tab, form, highlight).then(
        (preview) => {
          if (!live) return;
          setState(preview ? { kind: 'ok', preview } : { kind: 'error', text: 'The tab did not answer.' });
          holdTab(tab);
        },
        (e: unknown) => live && setState({ kind: 'error', text: e instanceof Error ? e.message : String(e) }),
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for the form's contents: a new form object with the same values is not a change.
  }, [tab?.id, key, highlight]);
  useEffect(() => {
    if (!tab) return;
    return () => {
      releaseTab();
      void clearTab(tab);
    };
  }, [tab?.id]);
  return state;
}
