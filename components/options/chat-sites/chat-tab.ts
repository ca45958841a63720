import { browser } from 'wxt/browser';
import type { SiteChatConfigInput } from '@/lib/adapters/chat';
import { dryRunProblems, type ChatPreview } from '@/lib/adapters/chat-preview';
import type { PickContext, PickField, PickOutcome } from '@/lib/adapters/pick/infer';
import { CHAT_TAB_ANSWER_TIMEOUT_MS } from '@/lib/limits';
import { callPicker, PICKER_SCRIPT, type PickerAnswer, type PickerRequest } from '@/lib/adapters/pick/protocol';

/** The chat's tab, as the options page talks to it: picking parts and previewing selectors run the bundled picker there. */
export interface ChatTab {
  id: number;
  windowId: number;
  title: string;
  host: string;
}

/** Open web pages, for picking a chat's parts on one. */
export async function openTabs(): Promise<ChatTab[]> {
  const tabs = await browser.tabs.query({});
  return tabs.flatMap((t) => {
    if (t.id === undefined || !t.url || !/^https?:/.test(t.url)) return [];
    return [{ id: t.id, windowId: t.windowId ?? 0, title: t.title || t.url, host: new URL(t.url).hostname }];
  });
}

/**
 * Runs a request in every frame of the tab (injecting the picker first) and returns each frame's answer. A page that
 * reloads answers nothing (or Chrome says its frame was removed); a page whose own script never lets go (a busy
 * loop) would leave the options page waiting for ever, so previews and dry runs get a time limit. Picking waits for
 * the participant's click, so it has none.
 */
async function inTab(tab: ChatTab, req: PickerRequest): Promise<PickerAnswer[]> {
  const target = { tabId: tab.id, allFrames: true };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limitMs = CHAT_TAB_ANSWER_TIMEOUT_MS;
  const late = new Promise<never>((_, reject) => {
    if (req.op !== 'pick') timer = setTimeout(() => reject(new Error(`the page did not answer within ${limitMs / 1000} s`)), limitMs);
  });
  try {
    return await Promise.race([
      (async () => {
        await browser.scripting.executeScript({ target, files: [PICKER_SCRIPT] });
        const results = await browser.scripting.executeScript({ target, func: callPicker, args: [req] });
        return results.flatMap((r) => (r.result ? [r.result as PickerAnswer] : []));
      })(),
      late,
    ]);
  } catch (e) {
    throw new Error(`Could not reach “${tab.title}”: ${e instanceof Error ? e.message : String(e)}. Is the site allowed above?`, {
      cause: e,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** Shows the chat tab, lets the participant click the part, and comes back here with what was inferred. */
export async function pickOnTab(tab: ChatTab, field: PickField, prompt: string, context: PickContext): Promise<PickOutcome | null> {
  const here = await browser.tabs.getCurrent();
  await browser.tabs.update(tab.id, { active: true });
  await browser.windows.update(tab.windowId, { focused: true });
  try {
    const token = crypto.randomUUID();
    const answers = await inTab(tab, { op: 'pick', field, prompt, context, token });
    const picked = answers.flatMap((a) => (a.op === 'pick' && a.outcome ? [a] : []));
    return (picked.find((a) => a.top) ?? picked[0])?.outcome ?? null;
  } finally {
    if (here?.id !== undefined) await browser.tabs.update(here.id, { active: true });
  }
}

const score = (p: ChatPreview) => (p.found.messageList ?? 0) + (p.found.message ?? 0) + (p.found.input ?? 0);

/** What the selectors find on the tab (the frame where they find most; the top on a tie), outlining it there. */
export async function previewOnTab(tab: ChatTab, config: Partial<SiteChatConfigInput>, highlight: boolean): Promise<ChatPreview | null> {
  const answers = await inTab(tab, { op: 'preview', config, highlight });
  const previews = answers.flatMap((a) => (a.op === 'preview' ? [a] : []));
  previews.sort((a, b) => score(b.preview) - score(a.preview) || Number(b.top) - Number(a.top));
  return previews[0]?.preview ?? null;
}

/** Save's dry run: the whole chat must be found on the tab with `config`; throws the reasons it was not, in plain words. */
export async function dryRunOnTab(tab: ChatTab, config: SiteChatConfigInput, highlight: boolean): Promise<void> {
  let result: ChatPreview | null;
  try {
    result = await previewOnTab(tab, config, highlight);
  } catch (err) {
    throw new Error(`Save refused: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  if (!result) throw new Error(`Save refused: the dry run on “${tab.title}” got no answer from the page.`);
  const problems = dryRunProblems(result, config);
  if (problems.length > 0) throw new Error(`Save refused: the dry run on “${tab.title}” found ${problems.join(' ')}`);
}

/** Removes the preview's outlines from the tab. */
export async function clearTab(tab: ChatTab): Promise<void> {
  await inTab(tab, { op: 'clear' }).catch(() => undefined);
}
