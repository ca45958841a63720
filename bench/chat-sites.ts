import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { ARTIFACTS_DIR, ROOT, startHarness, waitFor } from '../tests/e2e/harness';
import { openOptions, storedEvents } from '../tests/e2e/options-page';
import { emptyChatSiteForm, PICKED_FIELDS, pickField, typeChatSite } from '../tests/e2e/chat-site-form';
import { CHAT_LIB_SITES, FIXTURE_CHAT_FIELDS, HISTORY_TEXTS, locateDeep, type ChatSiteFields } from '../tests/e2e/chat-lib-sites';
import { overlayClock } from './lib/overlay-clock';
import { percentile, report, round, type Row } from './lib/report';

// The generic chat adapter on every chat fixture page (tests/fixtures/pages/chats/README.md), in real Chromium with
// the built extension: each site is configured by typing its documented selectors in the options page, then
// - reload → overlay visible: from navigation start (reload) to the first animation frame at which the coach's act
//   list has a size, p50 over RELOADS reloads after a warm-up;
// - Seller messages labeled / sent: coached sends (each way the page sends: Enter, its button, Ctrl+Enter), each held
//   and given an act; a Seller `utter` with exactly that act and text counts as labeled;
// - Buyer messages logged / received: one message, then a batch of two (fixtureReceive);
// - junk events: `utter` events for nothing sent or received (a name or time line, a history message, a duplicate),
//   and sends logged as unheld (`held: false`).
// - picker success: after the exchange, the site is configured again by picking each part on the page (pickerSuccess):
//   how many picked fields find exactly what the documented selectors find, and whether Save's dry run passes.
const RELOADS = Number(process.env.BENCH_RELOADS ?? 7);
const WARM_UP = 2;
/** How long a send may take to reach the page, and stored events to settle, before the bench counts what it has. */
const SETTLE_MS = 10_000;

type SendWay = 'enter' | 'button' | 'mod-enter';
interface BenchSite {
  name: string;
  /** Under tests/fixtures/pages/. */
  url: string;
  fields: ChatSiteFields;
  enterSends: boolean;
  modEnterSends: boolean;
  ways: SendWay[];
}

const LIB_WAYS: SendWay[] = ['enter', 'button', 'mod-enter'];
const ALL_SITES: BenchSite[] = [
  ...CHAT_LIB_SITES.map((s) => ({
    name: s.name,
    url: `chats/libs/${s.path}`,
    fields: s.fields,
    enterSends: true,
    modEnterSends: true,
    ways: LIB_WAYS,
  })),
  ...(
    [
      ['textarea-button', false, false, ['button']],
      ['contenteditable-enter', true, false, ['enter']],
      ['virtualized', true, false, ['enter', 'button']],
      ['shadow-component', false, true, ['button', 'mod-enter']],
      ['iframe-srcdoc', true, true, ['enter', 'button', 'mod-enter']],
    ] as const
  ).map(([name, enterSends, modEnterSends, ways]) => ({
    name,
    url: `chats/${name}.html`,
    fields: FIXTURE_CHAT_FIELDS[name],
    enterSends,
    modEnterSends,
    ways: [...ways],
  })),
];
/** BENCH_SITES=a,b runs only those pages (for a quick look); all by default. */
const only = process.env.BENCH_SITES?.split(',');
const SITES = only ? ALL_SITES.filter((s) => only.includes(s.name)) : ALL_SITES;

/** Acts with no limit per conversation, so any number of sends can take them. */
const ACTS = ['ask_use', 'ask_features', 'recommend'];

/** When the coach's act list first shows (see overlayClock). */
const OVERLAY_CLOCK = overlayClock('[data-testid="fw-acts"]', '__fwCoachVisible');

const sentOf = (page: Page) => page.evaluate(() => [...(window as unknown as { fixtureSent: string[] }).fixtureSent]);

/** Reloads the page RELOADS + WARM_UP times; the ms from navigation start to the coach visible, after the warm-up. */
async function overlayTimes(page: Page): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RELOADS + WARM_UP; i++) {
    await page.reload();
    const t = await page.waitForFunction('window.__fwCoachVisible ?? null', null, { timeout: SETTLE_MS });
    if (i >= WARM_UP) times.push(Number(await t.jsonValue()));
  }
  return times;
}

/** One coached send: type, try to send `way`, wait for the hold, choose `act`; whether the page sent it. */
async function coachedSend(page: Page, site: BenchSite, text: string, way: SendWay, act: string): Promise<boolean> {
  const before = (await sentOf(page)).length;
  await locateDeep(page, site.fields.input).click();
  await page.keyboard.type(text);
  if (way === 'enter') await page.keyboard.press('Enter');
  else if (way === 'mod-enter') await page.keyboard.press('Control+Enter');
  else await locateDeep(page, site.fields.send ?? '').click();
  try {
    await page.getByTestId('fw-choose-act').waitFor({ timeout: SETTLE_MS });
  } catch {
    return (await sentOf(page)).length > before; // not held: sent unheld, or not at all
  }
  await page.getByTestId(`fw-act-${act}`).click();
  return waitFor(async () => (await sentOf(page)).length > before, SETTLE_MS, 'the page sends').catch(() => false);
}

/**
 * Whether two deep selectors find the same elements, in the same order, on the page (and at least one). With
 * `messages`, they are "your messages" selectors, read as the adapter reads them (a message is yours when it or a
 * group around it matches): whether they mark the same of those messages as yours (and at least one). Sent as text:
 * tsx would wrap a function's inner names in a helper the page does not have.
 */
const SAME_FOUND = `(a, b, messages) => {
  const find = (selector) => {
    const steps = selector.split('>>>').map((s) => s.trim());
    let roots = [document];
    let found = [];
    steps.forEach((step, i) => {
      found = roots.flatMap((r) => [...r.querySelectorAll(step)]);
      if (i < steps.length - 1) roots = found.map((e) => e.shadowRoot ?? (e.localName === 'iframe' ? e.contentDocument : null)).filter(Boolean);
    });
    return found;
  };
  const mine = (selector) => {
    const marks = new Set(find(selector));
    return find(messages).map((m) => {
      for (let x = m; x; x = x.parentElement ?? x.getRootNode().host) if (marks.has(x)) return true;
      return false;
    });
  };
  const x = messages ? mine(a) : find(a);
  const y = messages ? mine(b) : find(b);
  return x.some(Boolean) && x.length === y.length && x.every((e, i) => e === y[i]);
}`;
const sameFound = (page: Page, a: string, b: string, messages?: string): Promise<boolean> =>
  page.evaluate(`(${SAME_FOUND})(${JSON.stringify(a)}, ${JSON.stringify(b)}, ${JSON.stringify(messages ?? null)})`) as Promise<boolean>;

/**
 * Picker success, per site: the form emptied, then each part picked on the page as a participant does (a press on a
 * Buyer message, on one of the Seller's, on the message box, on the send button), then Save, whose dry run must
 * pass. A field counts when the picked selector finds exactly the elements the documented one does (for "your
 * messages", marks the same messages as yours).
 */
async function pickerSuccess(
  options: Page,
  page: Page,
  site: BenchSite,
): Promise<{ fields: number; saved: boolean; picked: Record<string, string> }> {
  await options.bringToFront();
  await emptyChatSiteForm(options);
  let fields = 0;
  /** What each pick put in the form (or why it failed), for the results file. */
  const picked: Record<string, string> = {};
  for (const field of PICKED_FIELDS) {
    const documented = site.fields[field];
    if (!documented) continue;
    const selector = await pickField(options, page, site.fields, field).catch(async (e: unknown) => {
      await page.screenshot({ path: join(ARTIFACTS_DIR, `bench-chat-sites-${site.name}-${field}.png`) });
      console.warn(`${site.name}: picking ${field} failed: ${String(e).slice(0, 200)}`);
      picked[field] = `failed: ${String(e).split('\n')[0]}`;
      return null;
    });
    // A pick that never started leaves the form busy until the picker gives up: start the options page afresh, as a
    // participant would, and count the site as not configured by picking.
    if (selector === null) {
      await options.reload();
      return { fields, saved: false, picked };
    }
    picked[field] = selector;
    if (selector && (await sameFound(page, selector, documented, field === 'mine' ? site.fields.message : undefined))) fields++;
  }
  await options.getByTestId('chat-site-save').click();
  const saved = await waitFor(
    async () => /Saved|refused/.test(await options.getByTestId('chat-sites-status').innerText()),
    SETTLE_MS,
    'Save',
  )
    .then(async () => (await options.getByTestId('chat-sites-status').innerText()).includes('Saved'))
    .catch(() => false);
  return { fields, saved, picked };
}

const built = spawnSync('npx', ['tsx', 'scripts/fixtures/build-chat-libs.ts'], { cwd: ROOT, encoding: 'utf8' });
if (built.status !== 0) throw new Error(`npm run fixtures failed:\n${built.stderr}`);
const h = await startHarness();
const rows: Row[] = [];
const perSite: Record<string, unknown> = {};
try {
  await h.context.addInitScript(OVERLAY_CLOCK);
  const options = await openOptions(h, 'sites');
  const host = new URL(h.fixtures.url).hostname;
  for (const site of SITES) {
    // Save runs a dry run on the chat's tab: the page is open while the site is typed, then loaded again to measure.
    const page = await h.context.newPage();
    await page.goto(`${h.fixtures.url}/${site.url}`);
    // ChatUI draws its send button only while there is text: as the dry run's refusal says, type a letter first.
    if (site.fields.send && !(await locateDeep(page, site.fields.send).count()))
      await locateDeep(page, site.fields.input).pressSequentially('x');
    await typeChatSite(options, page, { host, fields: site.fields, enterSends: site.enterSends, modEnterSends: site.modEnterSends });
    await page.bringToFront();
    const times = (await overlayTimes(page)).sort((a, b) => a - b);
    await page.getByTestId('fw-acts').waitFor();

    const received = [`Hi, I need a present for my sister (${site.name})`, `first of two (${site.name})`, `second of two (${site.name})`];
    await page.evaluate((t) => window.fixtureReceive(t), received.slice(0, 1));
    await page.evaluate((t) => window.fixtureReceive(t), received.slice(1));
    const chosen = new Map<string, string>();
    for (const [i, way] of site.ways.entries()) {
      const text = `Sent with ${way} (${site.name})`;
      const act = ACTS[i % ACTS.length] ?? 'ask_use';
      if (await coachedSend(page, site, text, way, act)) chosen.set(text, act);
    }
    const sent = await sentOf(page);

    // Counted once the expected events are stored, or after SETTLE_MS with what is there.
    const utters = async () =>
      (await storedEvents(options)).filter((e) => e.action === 'utter' && e.url?.includes(`/${site.url}`)).map((e) => ({ ...e }));
    const expected = received.length + sent.length;
    await waitFor(async () => (await utters()).length >= expected, SETTLE_MS, 'stored events').catch(() => undefined);
    const events = await utters();
    const seller = events.filter((e) => e.agent === 'Seller').map((e) => (e.action === 'utter' ? e.payload : null));
    const buyer = events.filter((e) => e.agent === 'Buyer').map((e) => (e.action === 'utter' ? e.payload.text : ''));
    const labeled = sent.filter((t) => seller.filter((p) => p?.text === t && p.acts?.join() === chosen.get(t)).length === 1).length;
    const logged = received.filter((t) => buyer.filter((b) => b === t).length === 1).length;
    const junk =
      seller.filter((p) => !sent.includes(p?.text ?? '') || p?.held === false).length +
      buyer.filter((b) => !received.includes(b) || HISTORY_TEXTS.includes(b)).length +
      (seller.length - new Set(seller.map((p) => p?.text)).size) +
      (buyer.length - new Set(buyer).size);
    const p50 = round(percentile(times, 50), 1);
    rows.push(
      { metric: `${site.name}: reload → overlay visible, p50 of ${times.length}`, value: p50, unit: 'ms' },
      {
        metric: `${site.name}: Seller messages labeled / sent (${site.ways.join(', ')})`,
        value: `${labeled}/${site.ways.length}`,
        unit: 'messages',
        target: 'all',
        ok: labeled === site.ways.length && sent.length === site.ways.length,
      },
      {
        metric: `${site.name}: Buyer messages logged / received`,
        value: `${logged}/${received.length}`,
        unit: 'messages',
        target: 'all',
        ok: logged === received.length,
      },
      { metric: `${site.name}: junk events`, value: junk, unit: 'events', target: '0', ok: junk === 0 },
    );
    const picker = await pickerSuccess(options, page, site);
    const wanted = PICKED_FIELDS.filter((f) => site.fields[f]).length;
    rows.push({
      metric: `${site.name}: picker success (fields picked as documented; Save's dry run)`,
      value: `${picker.fields}/${wanted}, ${picker.saved ? 'saved' : 'refused'}`,
      unit: '',
      target: 'all, saved',
      ok: picker.fields === wanted && picker.saved,
    });
    perSite[site.name] = { overlayMs: times.map((t) => round(t, 1)), sent, stored: events.length, picked: picker.picked };
    await page.close();
  }
} finally {
  await h.close();
}
await report('chat-sites', rows, { reloads: RELOADS, perSite });
