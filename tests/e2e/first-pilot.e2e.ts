import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';
import { startServer, type RunningServer } from '../../server/start';
import { loadServerCatalog } from '../../server/catalog';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, extensionIdOf, launchBrowser, optionsTabOpenedOnInstall, screenshot } from './harness';
import { joinFromOptions, syncUntilNoneWaits } from './options-page';
import { restPointerOn } from './product-page';

/**
 * The README's "Your first pilot, in ten minutes", step by step as a researcher, a Seller and a Buyer take it: the
 * study and its codes from the CLI, consent and joining in the options page, a room opened at /pilot, the Buyer by
 * the link in another browser, a coached conversation with a search, a share and a guess, the Buyer closing their
 * window and coming back, then the export and the report from the CLI. Its screenshots are the README's
 * (docs/images/first-pilot-*.png): with FW_DOC_IMAGES=1 the run writes them there, else beside the other artifacts.
 */
const run = promisify(execFile);
const ADMIN_TOKEN = 'first-pilot-admin-token';
const DOC_IMAGES = join(ROOT, 'docs/images');
const catalog = await loadServerCatalog();

/** `npm run study -- …` as the README has it (the CLI script itself, against this run's server). */
async function study(serverUrl: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/study.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, FLOORWALKER_URL: serverUrl, ADMIN_TOKEN },
  });
  return stdout;
}

const taken: string[] = [];
/** A screenshot the README shows: taken as an artifact, and copied into docs/images when asked to. */
async function readmeShot(page: Page, name: string): Promise<void> {
  taken.push(name);
  const path = await screenshot(page, name);
  if (process.env.FW_DOC_IMAGES === '1') await copyFile(path, join(DOC_IMAGES, `${name}.png`));
}

describe("the README's first pilot", () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('runs from an empty study to the report, as the README tells it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fw-first-pilot-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const server: RunningServer = await startServer(
      loadEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_TOKEN, SIM_BUYER_THINK_MS: '0', SIM_BUYER_MS_PER_CHAR: '0' }),
    );
    cleanup.push(() => server.close());

    // 1. Load the extension: the options page opens by itself with the consent screen.
    const profile = await mkdtemp(join(tmpdir(), 'fw-first-pilot-profile-'));
    cleanup.push(() => rm(profile, { recursive: true, force: true }));
    const seller: BrowserContext = await launchBrowser(profile);
    cleanup.push(() => seller.close());
    const extensionId = await extensionIdOf(seller);
    const options = await optionsTabOpenedOnInstall(seller, extensionId);

    // 2. The researcher creates a study and issues codes.
    const created = await study(server.url, 'create', '--name', 'Pilot', '--condition', 'B.IIc');
    const studyId = /^Created (\S+) /.exec(created)?.[1];
    expect(studyId, created).toBeTruthy();
    const codes = (await study(server.url, 'codes', studyId ?? '', '--count', '2')).trim().split('\n');
    expect(codes).toHaveLength(2);
    const code = codes[0]?.split('\t')[0] ?? '';
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // 3. The Seller agrees to the consent, as a Seller, and joins the study with their code.
    await options.getByRole('radio', { name: 'Seller' }).check();
    await options.getByTestId('consent-agree').click();
    await options.getByTestId('consent-given').waitFor();
    await joinFromOptions(options, server.url, code);
    await readmeShot(options, 'first-pilot-options');

    // 4. The Seller opens a room at /pilot with the same code; the Buyer link is there at once, with the overlay.
    const start = await seller.newPage();
    await start.goto(`${server.url}/pilot`);
    await start.getByLabel('Seller code').fill(code);
    await start.getByRole('button', { name: 'Open a room' }).click();
    await start.waitForURL(/\/pilot\/seller\//);
    const sellerPage = start;
    await sellerPage.locator('floorwalker-overlay').waitFor({ state: 'attached' });
    const buyerLink = await sellerPage.locator('#buyer-link').inputValue();
    expect(buyerLink).toMatch(new RegExp(`^${server.url}/pilot/buyer/`));
    await sellerPage.getByTestId('fw-acts').waitFor();
    await readmeShot(sellerPage, 'first-pilot-invite');
    await sellerPage.locator('#offer').click(); // every category ticked, as the page starts

    // 5. The Buyer opens the link in another browser (no extension) and picks a category the Seller offers.
    const buyerBrowser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    cleanup.push(() => buyerBrowser.close());
    const buyerContext = await buyerBrowser.newContext();
    let buyer = await buyerContext.newPage();
    await buyer.goto(buyerLink);
    await buyer.getByTestId('pick-headphones').click();
    await buyer.locator('.task').waitFor();

    // The test knows the Buyer's targets, as a researcher can on the server: the guess must name one.
    const roomCode = new URL(buyerLink).pathname.split('/').pop() ?? '';
    const [room] = await server.sql.query<{ persona: string }>(`SELECT state->>'persona' AS persona FROM rooms WHERE code = $1`, [
      roomCode,
    ]);
    const target = catalog.product(catalog.persona(room?.persona ?? '')?.targets[0] ?? '');
    if (!target) throw new Error(`no target for the room's persona ${room?.persona}`);

    // 6. A coached conversation: each Seller message goes out with the act picked in the overlay's checklist.
    const buyerSays = async (text: string) => {
      await buyer.getByTestId('buyer-input').fill(text);
      await buyer.getByTestId('buyer-input').press('Enter');
      await expect.poll(() => sellerPage.locator('#messages .msg.buyer').last().innerText()).toBe(text);
    };
    const sellerSays = async (act: string, text: string) => {
      await sellerPage.locator('#input').fill(text);
      await sellerPage.locator('#input').press('Enter');
      await sellerPage.getByTestId('fw-choose-act').waitFor();
      await sellerPage.getByTestId(`fw-act-${act}`).click();
      await expect.poll(() => buyer.locator('.msg[data-sender="seller"]').last().innerText()).toContain(text);
    };
    await buyerSays('Hi, I need headphones for my commute.');
    await sellerSays('greet', 'Hello! Happy to help. What matters most to you?');
    await buyerSays('Noise cancelling, and under 300 dollars.');
    await sellerSays('ask_features', 'Over-ear or in-ear?');

    // 7. The Buyer closes their window and opens the same link again: the same seat, the conversation so far.
    await buyer.close();
    buyer = await buyerContext.newPage();
    await buyer.goto(buyerLink);
    await expect
      .poll(() => buyer.getByTestId('buyer-messages').locator('.msg[data-sender]:not(.system)').allInnerTexts())
      .toEqual([
        'Hi, I need headphones for my commute.',
        expect.stringContaining('Hello! Happy to help.'),
        'Noise cancelling, and under 300 dollars.',
        expect.stringContaining('Over-ear or in-ear?'),
      ]);
    await buyerSays('Over-ear please.');
    await sellerSays('ask_features', 'Do you need a microphone for calls?');
    await buyerSays('Not really.');
    await sellerSays('ask_features', 'Any brand you love or avoid?');
    await buyerSays('No preference.');

    // Search the catalog in the overlay and share a product: the Buyer sees its card.
    await sellerPage.getByTestId('fw-search-input').fill(target.title.split(' ').slice(0, 4).join(' '));
    const result = sellerPage.locator(`.fw-result[data-product-id="${target.id}"]`);
    await result.waitFor();
    await restPointerOn(sellerPage, result.locator('.fw-result-img')); // the Seller looks at its picture (Figure 3)
    await result.getByTestId('fw-share-now').click();
    await sellerPage.getByTestId('fw-share-dialog').waitFor();
    await sellerPage.getByTestId('fw-share-message').fill('I think this is the one for you.');
    await sellerPage.getByTestId('fw-share-send').click();
    await expect.poll(() => sellerPage.getByTestId('fw-share-status').innerText()).toBe('The product was shared.');
    await buyer.getByTestId('shared-card').first().waitFor();
    await readmeShot(buyer, 'first-pilot-buyer');
    await sellerSays('recommend', 'Have a look at the card I shared.');

    // 8. After the study's minimum turns the Seller guesses; the Buyer confirms and ends the conversation.
    await expect.poll(() => result.getByTestId('fw-guess').isEnabled(), { timeout: 10_000 }).toBe(true);
    await result.getByTestId('fw-guess').click();
    await buyer.getByTestId('confirm-guess').click();
    await expect.poll(() => sellerPage.getByTestId('fw-guess-answer').getAttribute('data-answer')).toBe('accepted');
    await readmeShot(sellerPage, 'first-pilot-seller');
    await buyer.getByTestId('end').click();
    await sellerPage.getByTestId('fw-share-ended').waitFor();

    // The extension uploads what it logged (at once here; by itself within a minute otherwise).
    await syncUntilNoneWaits(options, 30_000);

    // 9. The researcher exports the study and computes the report, then opens it.
    const out = await mkdtemp(join(tmpdir(), 'fw-first-pilot-out-'));
    cleanup.push(() => rm(out, { recursive: true, force: true }));
    await study(server.url, 'export', studyId ?? '', '--out', join(out, 'pilot.jsonl'));
    const exported = (await readFile(join(out, 'pilot.jsonl'), 'utf8')).split('\n').filter(Boolean);
    const actions = new Set(exported.map((l) => JSON.parse(l) as { agent: string; action: string }).map((e) => `${e.agent}.${e.action}`));
    expect([...actions]).toEqual(expect.arrayContaining(['Buyer.utter', 'Seller.utter', 'Seller.share', 'Seller.guess', 'Buyer.confirm']));
    await study(server.url, 'report', join(out, 'pilot.jsonl'), '--out', join(out, 'report'));
    const report = await seller.newPage();
    await report.goto(pathToFileURL(join(out, 'report/index.html')).href);
    await expect.poll(() => report.locator('body').innerText()).toMatch(/Figure 3/);
    expect(await report.locator('body').innerText()).toMatch(/pilot\.jsonl: \d+ events, 1 conversation/);
    // The Seller's look at the shared product's picture is in Figure 3's table: a turn with a mouse-over in it.
    const figure3 = await readFile(join(out, 'report/figure-3-seller-hover.csv'), 'utf8');
    expect(
      figure3
        .split('\n')
        .slice(1)
        .some((row) => /^B,\d+,1,1,/.test(row)),
      figure3,
    ).toBe(true);
    await report.locator('figure').first().scrollIntoViewIfNeeded();
    await readmeShot(report, 'first-pilot-report');

    // The README shows exactly the screenshots this walkthrough takes.
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const shown = [...readme.matchAll(/!\[[^\]]*\]\(docs\/images\/([\w-]+)\.png\)/g)].map((m) => m[1]);
    expect(shown.sort()).toEqual([...taken].sort());
  });
});
