import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { serveFolder, type StaticServer } from '../../scripts/static-server';

export const ROOT = resolve(import.meta.dirname, '../..');
export const EXTENSION_DIR = join(ROOT, '.output/chrome-mv3');
export const FIXTURES_DIR = join(ROOT, 'tests/fixtures/pages');
export const ARTIFACTS_DIR = join(ROOT, 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Names under the reserved .test domain resolve to loopback, so the fixture server can stand in for a shop
 * (http://shop.test:PORT/) that is not one of the built-in sites and needs the participant's permission.
 */
export const TEST_HOST_RULES = '--host-resolver-rules=MAP *.test 127.0.0.1';

export interface Harness {
  context: BrowserContext;
  extensionId: string;
  fixtures: StaticServer;
  profileDir: string;
  extensionUrl(path: string): string;
  /** Closes the browser only (the profile stays, so a test can reopen it). */
  closeBrowser(): Promise<void>;
  reopenBrowser(): Promise<void>;
  close(): Promise<void>;
}

/** Every browser the tests have open, so a failing test can leave a picture of each page whoever opened it. */
const openBrowsers = new Set<BrowserContext>();

/** `extensionDir`: another copy of the built extension, e.g. a bench's variant with a file left out. */
export async function launchBrowser(profileDir: string, extensionDir: string = EXTENSION_DIR): Promise<BrowserContext> {
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension at ${extensionDir}: run "npm run build" first.`);
  }
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    args: [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, ...CHROMIUM_ARGS, TEST_HOST_RULES],
  });
  openBrowsers.add(context);
  context.on('close', () => openBrowsers.delete(context));
  return context;
}

/** Saves a full-page screenshot of every page open in any test browser, as test-results/FAILED-<name>-<n>.png. */
export async function screenshotOpenPages(name: string): Promise<string[]> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const slug = name
    .replace(/[^\w-]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  const pages = [...openBrowsers].flatMap((c) => c.pages());
  const saved = await Promise.all(
    pages.map(async (p, i) => {
      const path = join(ARTIFACTS_DIR, `FAILED-${slug}-${i}.png`);
      return p.screenshot({ path, fullPage: true }).then(
        () => path,
        () => null,
      );
    }),
  );
  return saved.filter((x): x is string => x !== null);
}

export async function extensionIdOf(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
  return new URL(worker.url()).host;
}

/** A browser with the built extension loaded, a fresh profile, and the fixture pages on loopback. */
export async function startHarness(): Promise<Harness> {
  const profileDir = await mkdtemp(join(tmpdir(), 'fw-profile-'));
  const fixtures = await serveFolder(FIXTURES_DIR);
  let context = await launchBrowser(profileDir);
  const extensionId = await extensionIdOf(context);
  await giveConsent(context, extensionId);
  const h: Harness = {
    get context() {
      return context;
    },
    extensionId,
    fixtures,
    profileDir,
    extensionUrl: (path) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`,
    async closeBrowser() {
      await context.close();
    },
    async reopenBrowser() {
      context = await launchBrowser(profileDir);
      await extensionIdOf(context);
    },
    async close() {
      await context.close().catch(() => undefined);
      await fixtures.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
  return h;
}

/**
 * The options tab the extension opens by itself on install (its consent screen). Waited for, never raced: a tab the
 * test opened itself would be taken over by the extension's, interrupting its navigation (seen under load).
 */
export async function optionsTabOpenedOnInstall(context: BrowserContext, extensionId: string, timeoutMs = 30_000): Promise<Page> {
  const url = `chrome-extension://${extensionId}/options.html`;
  return waitFor(
    async () => context.pages().find((p) => p.url().startsWith(url)),
    timeoutMs,
    'the options tab the extension opens on install',
  );
}

/** Agrees to logging on the options page, as a participant does on first run. */
export async function giveConsent(context: BrowserContext, extensionId: string, role: 'Seller' | 'Buyer' = 'Seller'): Promise<void> {
  const page = await optionsTabOpenedOnInstall(context, extensionId);
  const said: string[] = [];
  page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => said.push(`pageerror: ${e.message}`));
  try {
    await page.getByRole('radio', { name: role }).check();
    await page.getByTestId('consent-agree').click();
    await page.getByTestId('consent-given').waitFor();
  } catch (e) {
    // CI keeps only the output: say what the consent screen showed instead, and what the page logged.
    const shown = await page
      .locator('main')
      .innerText({ timeout: 2_000 })
      .catch((x: unknown) => `(unreadable: ${String(x)})`);
    const tabs = context.pages().map((p) => p.url());
    throw new Error(
      `Consent failed on ${page.url()}: ${e instanceof Error ? e.message : String(e)}\n` +
        `It showed: ${shown.replace(/\s+/g, ' ').slice(0, 800)}\nOpen tabs: ${tabs.join(', ')}\nIts console: ${said.slice(-20).join(' | ') || '(nothing)'}`,
      { cause: e },
    );
  }
  await page.close();
}

/** Starts one harness for the enclosing describe block and closes it afterwards. */
export function useHarness(): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    try {
      h = await startHarness();
    } catch (e) {
      await screenshotOpenPages('harness-start'); // a failed start-up (consent, say) runs no test hooks
      throw e;
    }
  });
  afterAll(async () => h?.close());
  return () => {
    if (!h) throw new Error('harness not started');
    return h;
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

export interface WorkerControl {
  /** Stops the extension's service worker now, as Chrome does when it idles one out; resolves once stopped. */
  stop(): Promise<void>;
  /** How many times the worker has been seen starting (its running status turning to "running"). */
  starts(): number;
  /** The worker is running now. */
  running(): boolean;
  dispose(): Promise<void>;
}

/**
 * Controls the extension's service worker through the DevTools protocol. The CDP session must be on an
 * extension page, so one is opened once and kept, and stopping takes no page load.
 */
export async function workerControl(h: Pick<Harness, 'context' | 'extensionId' | 'extensionUrl'>): Promise<WorkerControl> {
  const page = await h.context.newPage();
  await page.goto(h.extensionUrl('options.html'));
  const cdp: CDPSession = await h.context.newCDPSession(page);
  const prefix = `chrome-extension://${h.extensionId}/`;
  let status = 'unknown';
  let starts = 0;
  const waiters = new Set<() => void>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    const ours = versions.filter((v) => v.scriptURL.startsWith(prefix));
    if (ours.length === 0) return;
    const next = ours.some((v) => v.runningStatus === 'running')
      ? 'running'
      : ours.every((v) => v.runningStatus === 'stopped')
        ? 'stopped'
        : 'changing';
    if (next === 'running' && status !== 'running') starts++;
    status = next;
    for (const w of waiters) w();
  });
  await cdp.send('ServiceWorker.enable');
  return {
    async stop() {
      if (status === 'stopped') return; // nothing running (the next message has not woken it yet)
      const stopped = new Promise<void>((resolveStopped, reject) => {
        const timer = setTimeout(() => reject(new Error('service worker did not stop within 10 s')), 10_000);
        const check = () => {
          if (status === 'stopped') {
            clearTimeout(timer);
            waiters.delete(check);
            resolveStopped();
          }
        };
        waiters.add(check);
      });
      await cdp.send('ServiceWorker.stopAllWorkers');
      await stopped;
    },
    starts: () => starts,
    running: () => status === 'running',
    async dispose() {
      await cdp.detach().catch(() => undefined);
      await page.close().catch(() => undefined);
    },
  };
}

export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, label = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${label}${last ? `: ${String(last)}` : ''}`);
}
