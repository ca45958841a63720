import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { waitFor } from './harness';
import { showSection } from './options-page';
import { locateAllDeep, locateDeep, type ChatSiteFields } from './chat-lib-sites';

// The helpers but expectPreview wait with the harness's waitFor, not expect.poll: the chat-sites benchmark uses them outside vitest.

/** The Chat sites form as a participant uses it: choose the chat's tab, pick parts on it by clicking, read the previews. */

/** An exported event as the chat-site tests read it: who said what, on which page, with which acts. */
export interface StoredUtter {
  agent: string;
  action: string;
  url: string | null;
  payload: { text?: string; acts?: string[] };
}

/** Chooses, in the form, the open tab whose title contains `title`. */
export async function chooseChatTab(options: Page, title: string): Promise<void> {
  await showSection(options, 'sites');
  const select = options.getByTestId('chat-site-tab');
  await select.focus(); // the list of tabs is refreshed on focus
  await waitFor(
    async () => (await select.locator('option').allInnerTexts()).some((t) => t.includes(title)),
    10_000,
    `a tab titled ${title}`,
  );
  const label = (await select.locator('option').allInnerTexts()).find((t) => t.includes(title)) ?? '';
  await select.selectOption({ label });
}

/**
 * Clicks Pick for `field`, then on the chat tab presses the mouse on `target` as a person would (at its centre, or
 * at `position` inside it): the picker reads the pointer's position, so this works on disabled buttons and icons.
 * Returns the selector the form then holds.
 */
export async function pickOnPage(
  options: Page,
  page: Page,
  field: string,
  target: Locator,
  position?: { x: number; y: number },
  /** What the outline must show while the pointer is over the target, before the press (what will be picked). */
  outlines?: Locator,
): Promise<string> {
  await showSection(options, 'sites');
  await options.getByTestId(`pick-${field}`).click();
  await page.locator('[data-fw-pick-prompt]').waitFor({ timeout: 10_000 });
  // A person scrolls to what they mean to click: a history message may be above the visible part of the list.
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`nothing to click for ${field}`);
  const x = box.x + (position?.x ?? box.width / 2);
  const y = box.y + (position?.y ?? box.height / 2);
  await page.mouse.move(x, y);
  if (outlines) {
    const want = await outlines.boundingBox();
    const outline = page.locator('[data-fw-pick-outline]');
    const near = (a: number, b: number) => Math.abs(a - b) < 2;
    await waitFor(
      async () => {
        const got = await outline.boundingBox();
        return (
          !!got && !!want && near(got.x, want.x) && near(got.y, want.y) && near(got.width, want.width) && near(got.height, want.height)
        );
      },
      10_000,
      `the outline on what picking ${field} would pick`,
    );
  }
  await page.mouse.click(x, y);
  await page.locator('[data-fw-pick-prompt]').waitFor({ state: 'detached' });
  const status = options.getByTestId('chat-sites-status');
  await waitFor(
    async () => /Picked|Nothing|No |does not|is it one of yours|Could not/.test(await status.innerText()),
    10_000,
    `the pick of ${field}`,
  );
  const text = await status.innerText();
  if (!text.startsWith('Picked')) throw new Error(`Picking ${field} failed: ${text}`);
  return options.getByTestId(`chat-site-${field}`).inputValue();
}

/**
 * Clicks Save and waits for the save to end: its dry run on the tab, then the worker's answer. The status says what
 * Save is doing while it runs (data-kind "pending"), so the last save's "Saved." never stands for this one. Returns
 * the closing message; `expectSaved` throws with it unless it says the site was saved.
 */
export async function saveChatSiteForm(options: Page, expectSaved = true): Promise<string> {
  await options.getByTestId('chat-site-save').click();
  const status = options.locator('[data-testid="chat-sites-status"]:not([data-kind="pending"])');
  const text = await waitFor(async () => (await status.count()) > 0 && status.innerText(), 30_000, 'the chat site save to end');
  if (expectSaved && !text.startsWith('Saved')) throw new Error(`The chat site was not saved: ${text}`);
  return text;
}

/** The parts a participant picks on a chat page for the guide in docs/using-the-extension.md: the rest (list, text) come with them. */
export const PICKED_FIELDS = ['message', 'mine', 'input', 'send'] as const;
export type PickedField = (typeof PICKED_FIELDS)[number];

/** The last step of a deep selector (what an element itself must match). */
const lastStep = (selector: string) => selector.split('>>>').at(-1)?.trim() ?? selector;

/**
 * Picks one part of the chat open in `chat` as a participant does, pressing where `fields` (the page's documented
 * selectors, used only to find where to press) say it is: "One message" on a Buyer message, "Your messages" on one
 * of the Seller's, then the message box and the send button. A send button the page draws only while there is
 * text (ChatUI) gets a letter typed first, as the form's refusal tells a participant. Returns what the form holds.
 */
export async function pickField(options: Page, chat: Page, fields: ChatSiteFields, field: PickedField): Promise<string> {
  const target = {
    message: () => inView(chat, `${fields.message}:not(${lastStep(fields.mine)})`, fields.message),
    mine: () => inView(chat, fields.mine),
    input: () => Promise.resolve(locateDeep(chat, fields.input)),
    send: () => Promise.resolve(locateDeep(chat, fields.send ?? fields.input)),
  }[field];
  if (field === 'send' && !(await (await target()).count())) await locateDeep(chat, fields.input).pressSequentially('x');
  return pickOnPage(options, chat, field, await target());
}

/** Whether the element itself is what shows at its centre (not clipped away by a scrolling list, not covered). */
function isUnclipped(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const root = el.getRootNode() as Document | ShadowRoot;
  const hit = root.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return hit !== null && (hit === el || el.contains(hit));
}

/**
 * What a person clicks among the elements a selector finds: the last one they can see whole on the screen (the
 * latest message), else the last one shown at all; with none, the elements `fallback` finds. A long or virtualized
 * list keeps rows out of sight (or empty, for reuse): those are not what anyone clicks.
 */
async function inView(chat: Page, selector: string, fallback?: string): Promise<Locator> {
  const all = locateAllDeep(chat, selector);
  const viewport = chat.viewportSize() ?? { width: 0, height: 0 };
  let shown: Locator | null = null;
  for (let i = (await all.count()) - 1; i >= 0; i--) {
    const box = await all.nth(i).boundingBox();
    if (!box || box.width === 0 || box.height === 0 || !(await all.nth(i).innerText()).trim()) continue;
    const onScreen = box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
    if (onScreen && (await all.nth(i).evaluate(isUnclipped))) return all.nth(i);
    shown ??= all.nth(i);
  }
  if (shown) return shown;
  return fallback ? inView(chat, fallback) : all.first();
}

/** Empties every selector field of the form, as for a site never configured (the tests' browser may have saved one). */
export async function emptyChatSiteForm(options: Page): Promise<void> {
  await showSection(options, 'sites');
  for (const f of SELECTOR_FIELDS) await options.getByTestId(`chat-site-${f}`).fill('');
}

/** Waits until the field's preview says `text` (a substring or pattern). */
export async function expectPreview(options: Page, field: string, text: string | RegExp): Promise<void> {
  const preview = options.getByTestId(`preview-${field}`);
  await expect
    .poll(async () => ((await preview.count()) ? preview.innerText() : ''))
    .toMatch(typeof text === 'string' ? new RegExp(escape(text)) : text);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SELECTOR_FIELDS = ['messageList', 'message', 'mine', 'text', 'input', 'send', 'idAttribute'] as const;
type SelectorField = (typeof SELECTOR_FIELDS)[number];

/** How a test types a chat site's configuration: its selectors by field, and its send keys. */
export interface TypedChatSite {
  host: string;
  fields: Readonly<Partial<Record<SelectorField, string>>>;
  enterSends: boolean;
  modEnterSends?: boolean;
}

/**
 * Types a site's selectors into the form, as a participant does, with its chat open in `chat` (Save runs a dry run
 * on that tab), and saves. Fields the site does not give are emptied, so an earlier site's values never linger.
 */
export async function typeChatSite(options: Page, chat: Page, site: TypedChatSite): Promise<void> {
  await showSection(options, 'sites');
  await options.bringToFront();
  await chooseChatTab(options, await chat.title());
  await options.getByTestId('chat-site-host').fill(site.host);
  for (const f of SELECTOR_FIELDS) await options.getByTestId(`chat-site-${f}`).fill(site.fields[f] ?? '');
  await options.getByTestId('chat-site-enterSends').setChecked(site.enterSends);
  await options.getByTestId('chat-site-modEnterSends').setChecked(site.modEnterSends ?? true);
  await saveChatSiteForm(options);
}
