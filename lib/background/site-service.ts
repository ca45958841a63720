import { loadSettings, setAllowedHosts } from '../db/settings';
import { listChatSites } from '../db/chat-sites';
import type { FloorwalkerDb } from '../db/database';
import type { Settings } from '../settings';
import { grantedHosts, isBuiltInSite, originsFor, parseSite } from '../sites/site';
import { studyServerHost, UI_SCRIPT_FILE, UI_SCRIPT_ID, uiScriptMatches } from '../sites/ui-script';
import type { SiteStatus } from '../rpc/types';
import { syncRegistration, type ScriptingLike } from './script-registration';

/** The content script WXT builds from entrypoints/page.content; the manifest injects it on the built-in sites. */
export const PAGE_SCRIPT_FILE = 'content-scripts/page.js';
/** The one dynamically registered content script that covers every site the participant allowed. */
export const SITE_SCRIPT_ID = 'fw-sites';

/** The part of browser.permissions the service uses (so tests can run it without a browser). */
export interface PermissionsLike {
  getAll(): Promise<{ origins?: string[] }>;
  contains(p: { origins: string[] }): Promise<boolean>;
  remove(p: { origins: string[] }): Promise<boolean>;
}

export interface SiteService {
  list(): Promise<SiteStatus[]>;
  /** Adds a site the browser has already given access to (the page asks, as only a page can show the prompt). */
  allow(input: string): Promise<SiteStatus[]>;
  /** Stops logging on a site and gives its access back to the browser. */
  remove(host: string): Promise<SiteStatus[]>;
  /**
   * Makes the registered content script match the allowed sites the browser has access to, and the UI script that
   * comes with it on chat sites match the chat sites among them (after a chat site or the study changed too).
   */
  reconcile(): Promise<void>;
  /** The participant took access back in the browser's own settings: those sites are no longer allowed. */
  revoked(origins: readonly string[]): Promise<void>;
}

export function createSiteService(
  db: FloorwalkerDb,
  scripting: ScriptingLike,
  permissions: PermissionsLike,
  /** Tells open pages the allowed sites changed (see lib/logging-switch). */
  announce: (settings: Settings) => void = () => undefined,
): SiteService {
  // Registration is read-modify-write on the browser's list; one at a time within this worker's life.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  async function statuses(settings: Settings): Promise<SiteStatus[]> {
    const granted = grantedHosts((await permissions.getAll()).origins ?? []);
    return settings.allowedHosts.map((host) => ({ host, builtIn: isBuiltInSite(host), granted: isBuiltInSite(host) || granted.has(host) }));
  }

  async function reconcileNow(): Promise<void> {
    const settings = await loadSettings(db);
    const grantedOrigins = new Set((await permissions.getAll()).origins ?? []);
    const matches = settings.allowedHosts
      .filter((h) => !isBuiltInSite(h))
      .flatMap((h) => originsFor(h).filter((o) => grantedOrigins.has(o)));
    await syncRegistration(scripting, {
      id: SITE_SCRIPT_ID,
      js: [PAGE_SCRIPT_FILE],
      matches,
      runAt: 'document_end',
      allFrames: true,
      // about:blank, srcdoc and blob: frames (chat widgets) run as the allowed site that made them (Chromium 119+,
      // Firefox 128+).
      matchOriginAsFallback: true,
      persistAcrossSessions: true,
    });
    const chatHosts = [...(await listChatSites(db)).map((c) => c.host), studyServerHost(settings.endpoint?.base)];
    await syncRegistration(scripting, {
      id: UI_SCRIPT_ID,
      js: [UI_SCRIPT_FILE],
      matches: uiScriptMatches(
        matches,
        chatHosts.filter((h): h is string => h !== null),
      ),
      // With the content script: the overlay is there for the page to use as soon as the page finds it is a chat.
      runAt: 'document_end',
      // The overlay shows in the top page only (a chat in a frame is shown by its top page's overlay).
      allFrames: false,
      matchOriginAsFallback: false,
      persistAcrossSessions: true,
    });
  }

  return {
    list: async () => statuses(await loadSettings(db)),
    allow: (input) =>
      serial(async () => {
        const parsed = parseSite(input);
        if (!parsed.ok) throw new Error(parsed.error);
        const { host } = parsed;
        if (!isBuiltInSite(host) && !(await permissions.contains({ origins: originsFor(host) }))) {
          throw new Error(`The browser has not given Floorwalker access to ${host}, so it was not added.`);
        }
        const current = await loadSettings(db);
        const next = current.allowedHosts.includes(host) ? current : await setAllowedHosts(db, [...current.allowedHosts, host]);
        await reconcileNow();
        announce(next);
        return statuses(next);
      }),
    remove: (host) =>
      serial(async () => {
        if (isBuiltInSite(host)) throw new Error(`${host} is the pilot chat on this computer; it cannot be removed.`);
        const current = await loadSettings(db);
        const next = await setAllowedHosts(
          db,
          current.allowedHosts.filter((h) => h !== host),
        );
        await reconcileNow();
        announce(next);
        // Give the access back too: nothing is kept that the participant no longer wants to give.
        await permissions.remove({ origins: originsFor(host) }).catch(() => false);
        return statuses(next);
      }),
    reconcile: () => serial(reconcileNow),
    revoked: (origins) =>
      serial(async () => {
        const granted = grantedHosts((await permissions.getAll()).origins ?? []);
        const gone = new Set([...grantedHosts(origins)].filter((h) => !isBuiltInSite(h) && !granted.has(h)));
        const current = await loadSettings(db);
        const next = gone.size
          ? await setAllowedHosts(
              db,
              current.allowedHosts.filter((h) => !gone.has(h)),
            )
          : current;
        await reconcileNow();
        if (next !== current) announce(next);
      }),
  };
}
