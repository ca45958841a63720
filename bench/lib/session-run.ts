import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  extensionIdOf,
  FIXTURES_DIR,
  giveConsent,
  launchBrowser,
  ROOT,
  TEST_HOST_RULES,
} from '../../tests/e2e/harness';
import { serveFolder } from '../../scripts/static-server';
import { largeProductPage } from './large-product-page';
import { catalogColdStart } from '../../tests/e2e/options-page';
import { within } from './bounded';
import { RRWEB_OPTIONS, RRWEB_SETTINGS_LABEL } from './main-thread';
import type { Row } from './report';
import { rrwebRecording, sessionSection, type OpenBrowser } from './session';

/**
 * The shop the session browses: a name under .test that the browsers resolve to the fixture server (TEST_HOST_RULES).
 * Not localhost or 127.0.0.1, which are Floorwalker's built-in sites (the pilot chat's): there the manifest loads the
 * chat overlay's script too, which a shop's product page never gets. A shop is a site the participant allowed.
 */
export const SESSION_HOST = 'shop.test';
/** The session's page (bench/lib/large-product-page), served beside the fixtures' pictures. */
export const SESSION_PAGE = 'stores/large-product.html';
/** The scripted session (the issue asks for two minutes; LOGGER_SESSION_MS shortens it while iterating). */
export const SESSION_MS = Number(process.env.LOGGER_SESSION_MS ?? 120_000);
/** Sessions per configuration: one is at the mercy of whatever else the machine does (LOGGER_SESSION_REPEATS). */
export const SESSION_REPEATS = Number(process.env.LOGGER_SESSION_REPEATS ?? 3);
/** A fresh profile imports the catalog on install; the session waits for that so it does not share the machine with it. */
const CATALOG_READY_MS = 180_000;
const SETUP_MS = 120_000;

/** Runs `steps` and stops them (bench/lib/bounded) if they take longer than `ms`. */
const bounded = <T>(what: string, work: Promise<T>) => within(SETUP_MS + CATALOG_READY_MS, what, work);

/**
 * Floorwalker in a fresh profile, as a participant who allowed the shop has it: consent given (logging is on by
 * default), the shop's access given in the browser's settings (as tests/e2e/site-access does: the permission prompt
 * is out of a driver's reach) and the shop allowed in the options page, the catalog imported. Fresh each time, so no
 * session starts with events queued by another.
 */
export async function extensionOnShop(): Promise<OpenBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'fw-bench-session-'));
  const context = await launchBrowser(profile);
  const close = async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const id = await bounded('a fresh extension profile', prepareShop(context, await extensionIdOf(context)));
    const recorded = async () => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${id}/options.html`);
      const n = (await within(
        60_000,
        'the count of events stored',
        page.evaluate(`(async () => {
          const db = await new Promise((ok, no) => { const r = indexedDB.open('floorwalker'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
          return await new Promise((ok) => { const r = db.transaction('events').objectStore('events').count(); r.onsuccess = () => { ok(r.result); db.close(); }; });
        })()`),
      )) as number;
      await page.close();
      return n;
    };
    return { context, recorded, close };
  } catch (e) {
    await close();
    throw e;
  }
}

async function prepareShop(context: OpenBrowser['context'], id: string): Promise<string> {
  await giveConsent(context, id);
  const settings = await context.newPage();
  await settings.goto('chrome://extensions');
  for (const origin of [`http://${SESSION_HOST}/*`, `https://${SESSION_HOST}/*`]) {
    await settings.evaluate(`chrome.developerPrivate.addHostPermission(${JSON.stringify(id)}, ${JSON.stringify(origin)})`);
  }
  await settings.close();
  const options = await context.newPage();
  await options.goto(`chrome-extension://${id}/options.html#sites`);
  await options.getByTestId('site-input').fill(SESSION_HOST);
  await options.getByTestId('site-allow').click();
  await options
    .getByTestId('site-message')
    .filter({ hasText: `Logging is allowed on ${SESSION_HOST}` })
    .waitFor();
  await catalogColdStart(options, CATALOG_READY_MS);
  await options.close();
  return id;
}

export async function plainBrowser(): Promise<OpenBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, TEST_HOST_RULES] });
  return { context: await browser.newContext({ viewport: { width: 1280, height: 800 } }), close: () => browser.close() };
}

/**
 * The session part of bench/logger: no recorder, rrweb and Floorwalker on a shop's large product page, served from a
 * folder of its own (the page, a blank page, the fixtures' pictures) on loopback and reached as SESSION_HOST.
 */
export async function loggerSessions(step: (name: string) => void): Promise<{ rows: Row[]; extra: Record<string, unknown> }> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-bench-session-site-'));
  await mkdir(join(dir, 'stores'));
  await symlink(join(FIXTURES_DIR, 'stores/img'), join(dir, 'stores/img'));
  await copyFile(join(FIXTURES_DIR, 'blank.html'), join(dir, 'blank.html'));
  await writeFile(join(dir, SESSION_PAGE), largeProductPage(await readFile(join(FIXTURES_DIR, 'stores/dawn-product.html'), 'utf8')));
  const served = await serveFolder(dir);
  try {
    const shop = `http://${SESSION_HOST}:${new URL(served.url).port}`;
    const rrwebSource = await readFile(resolve(ROOT, 'node_modules/rrweb/dist/rrweb.umd.min.cjs'), 'utf8');
    const rrwebLoad = `(function(){var module={exports:{}};var exports=module.exports;${rrwebSource};window.__rrweb=module.exports;})();`;
    return await sessionSection({
      withExtension: extensionOnShop,
      plain: plainBrowser,
      blankUrl: `${shop}/blank.html`, // same origin: the measured renderer is the page's
      pageUrl: `${shop}/${SESSION_PAGE}`,
      pageName: "a shop's large product page (bench/lib/large-product-page: Dawn's, ~2,700 elements)",
      sessionMs: SESSION_MS,
      repeats: SESSION_REPEATS,
      // The folder's server answers the POSTs with a 404: the page's cost of sending is the same.
      rrwebStart: rrwebRecording(rrwebLoad, RRWEB_OPTIONS, `${shop}/rrweb-events`),
      rrwebLabel: `${RRWEB_SETTINGS_LABEL}; events POSTed as JSON every 10 s`,
      step,
    });
  } finally {
    await served.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where LOGGER_ONLY=session writes its figures (not bench/results: that holds only whole runs). */
export const SESSION_ONLY_RESULT = join(tmpdir(), 'fw-bench-logger-session.json');

/** `LOGGER_ONLY=session npm run bench -- logger`: the sessions alone, printed and written to SESSION_ONLY_RESULT. */
export async function sessionsOnly(step: (name: string) => void): Promise<void> {
  const { rows, extra } = await loggerSessions(step);
  console.table(rows.map((r) => ({ metric: r.metric, value: r.value, unit: r.unit, target: r.target ?? '', ok: r.ok ?? '' })));
  await writeFile(SESSION_ONLY_RESULT, `${JSON.stringify({ measuredAt: new Date().toISOString(), rows, ...extra }, null, 2)}\n`);
  console.log(`Written to ${SESSION_ONLY_RESULT}`);
}
