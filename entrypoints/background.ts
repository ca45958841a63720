import { browser, type Browser, type PublicPath } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { FloorwalkerDb } from '@/lib/db/database';
import { createAdminApi } from '@/lib/background/admin-api';
import { keepAliveWith } from '@/lib/background/keep-alive';
import { createContentApi } from '@/lib/background/content-api';
import { createProfileService } from '@/lib/background/profile-service';
import { LEXICON_PATH } from '@/lib/profile/lexicon-file';
import { createSearchService } from '@/lib/background/search-service';
import { PREBUILT_INDEX_PATH } from '@/lib/search/prebuilt';
import { createSyncService, SYNC_ALARM, SYNC_ALARM_MINUTES } from '@/lib/background/sync-service';
import { createSiteService } from '@/lib/background/site-service';
import { createRelayService } from '@/lib/background/relay-service';
import { createFrameRelay } from '@/lib/background/frame-relay';
import { createContentUiService } from '@/lib/background/content-ui-service';
import { PORTS } from '@/lib/rpc/api';
import { serve } from '@/lib/rpc/serve';
import { EVENT_PORT, serveEvents } from '@/lib/rpc/event-port';
import { liveRecorder, type RecordChange } from '@/lib/live/channel';
import { LIVE_TOPICS } from '@/lib/live/change';
import { listChatSites } from '@/lib/db/chat-sites';
import { loadSettings } from '@/lib/db/settings';
import { CHAT_SITES_MIRROR_KEY } from '@/lib/sites/chat-site-mirror';
import { OVERLAY_MIRROR_KEY, type OverlayPrefs } from '@/lib/overlay/site-prefs';
import { viewCollector } from '@/lib/logger/view-journal';
import type { SiteChatConfig } from '@/lib/adapters/chat';

// Wiring only. The worker can be stopped at any moment: all state lives in IndexedDB, none in globals
// beyond the database handle, which reopens on the next start.
export default defineBackground(() => {
  const db = new FloorwalkerDb();
  const search = createSearchService(
    db,
    () => readBundled('/catalog/default.json', 'catalog'),
    // Added to the build by wxt.config.ts, so WXT's list of public files (made from public/) lacks it.
    () => readBundled(`/${PREBUILT_INDEX_PATH}` as PublicPath, 'search index'),
  );
  const fetchFn = (url: string, init: RequestInit) => fetch(url, init);
  const sync = createSyncService(db, fetchFn);
  const mirrorOverlay = (prefs: OverlayPrefs) => void browser.storage.local.set({ [OVERLAY_MIRROR_KEY]: prefs });
  // Every change open contexts show goes through extension storage (lib/live): it outlives this worker. A change that
  // cannot be recorded costs only freshness, so it is reported, not thrown at the caller whose work is done.
  const record = liveRecorder(browser.storage.local);
  const changed: RecordChange = (topic, detail) => record(topic, detail).catch((e: unknown) => console.warn('[floorwalker] live', e));
  // The English lexicon extraction reads, fetched at the first extraction rather than parsed at every start.
  const profiles = createProfileService(db, () => readBundled(`/${LEXICON_PATH}`, 'lexicon'));
  const contentApi = createContentApi(db, search, sync, profiles, mirrorOverlay, changed);
  const announce = () => void changed(LIVE_TOPICS.settings);
  const sites = createSiteService(db, browser.scripting, browser.permissions, announce);
  const mirrorChatSites = (configs: SiteChatConfig[]) => browser.storage.local.set({ [CHAT_SITES_MIRROR_KEY]: configs });
  const keepAlive = keepAliveWith(() => browser.runtime.getPlatformInfo());
  const adminApi = createAdminApi({ db, search, sync, fetchFn, sites, changed, mirrorChatSites, keepAlive });
  const relay = createRelayService(db, { sendMessage: (tabId, message, options) => browser.tabs.sendMessage(tabId, message, options) });
  const contentUi = createContentUiService(browser.scripting);
  const frameRelay = createFrameRelay({
    sendMessage: (tabId, message, options) =>
      options ? browser.tabs.sendMessage(tabId, message, options) : browser.tabs.sendMessage(tabId, message),
  });

  // Allowed sites get the content script through one dynamic registration, kept in step with the browser's
  // permissions: at start, and when the participant grants or takes back access in the browser's settings.
  const reconcileSites = () => void sites.reconcile().catch((e: unknown) => console.warn('[floorwalker] site scripts', e));
  browser.permissions.onAdded.addListener(reconcileSites);
  browser.permissions.onRemoved.addListener(
    ({ origins }) => void sites.revoked(origins ?? []).catch((e: unknown) => console.warn('[floorwalker] site access removed', e)),
  );

  // Product views kept by pages in extension storage (lib/logger/view-journal) are logged when their page has ended
  // them or is gone: whenever the worker starts, every minute, and whenever a page connects.
  const collectViews = viewCollector(browser.storage.local, (events) => contentApi.logEvents(events));
  void collectViews();

  // Uploads survive the worker being stopped: the alarm wakes it, and the queue is in IndexedDB.
  void browser.alarms.create(SYNC_ALARM, { periodInMinutes: SYNC_ALARM_MINUTES });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== SYNC_ALARM) return;
    void collectViews()
      .then(() => sync.run())
      .catch(() => undefined);
  });
  // A browser that was closed with events waiting uploads them as soon as it starts again, whatever the
  // backoff said before it closed (the network, or the server, may well be back).
  const syncAtStart = () => void sync.run(true).catch(() => undefined);
  browser.runtime.onStartup.addListener(syncAtStart);
  // Back online after a drop: upload now rather than at the end of a backoff grown while offline (the minute alarm
  // covers a worker that was asleep when the network came back).
  globalThis.addEventListener('online', syncAtStart);
  browser.runtime.onStartup.addListener(reconcileSites);
  browser.runtime.onInstalled.addListener(({ reason }) => {
    syncAtStart(); // an unpacked or updated extension starts this way
    reconcileSites();
    // Installs from before the mirror existed, and a profile whose extension storage was cleared, get it back.
    void listChatSites(db).then(mirrorChatSites, (e: unknown) => console.warn('[floorwalker] chat sites', e));
    void loadSettings(db).then(
      (s) => mirrorOverlay(s.overlay),
      (e: unknown) => console.warn('[floorwalker] overlay places', e),
    );
    if (reason === 'install') void browser.runtime.openOptionsPage(); // the consent screen, first of all
  });
  const extensionOrigin = new URL(browser.runtime.getURL('/')).origin;

  // A chat in a frame of another origin and the overlay in its tab's top page (lib/rpc/frame-messages.ts): relayed
  // as they come, nothing kept. Only this extension's own scripts can send runtime messages (no externally_connectable).
  browser.runtime.onMessage.addListener(
    (message: unknown, sender: Browser.runtime.MessageSender, sendResponse: (answer: unknown) => void) => {
      const relayed = frameRelay.relay(message, sender);
      if (!relayed) return undefined;
      // The receiver's answer (a share command's) goes back to the sender; the other end may be gone or not listening yet.
      relayed.then(sendResponse, () => sendResponse(undefined));
      return true;
    },
  );

  browser.runtime.onConnect.addListener((port: Browser.runtime.Port) => {
    void collectViews();
    if (port.name === PORTS.content) {
      // The relay and the UI's injection know which tab and frame is calling (a chat tab registering, a product page
      // sharing, a frame asking for its UI).
      const { tab, frameId } = port.sender ?? {};
      serve(port, PORTS.content, { ...contentApi, ...relay.forTab(tab?.id, frameId), ...contentUi.forFrame(tab?.id, frameId) });
    } else if (port.name === EVENT_PORT) {
      serveEvents(port, (events) => contentApi.logEvents(events));
    } else if (port.name === PORTS.admin && isExtensionPage(port, extensionOrigin)) {
      serve(port, PORTS.admin, adminApi);
    } else {
      port.disconnect();
    }
  });
});

async function readBundled(path: PublicPath, what: string): Promise<unknown> {
  const res = await fetch(browser.runtime.getURL(path));
  if (!res.ok) throw new Error(`Could not read the bundled ${what} (HTTP ${res.status})`);
  return res.json();
}

/** Only the extension's own pages may read or delete everything; content scripts run inside web pages. */
function isExtensionPage(port: Browser.runtime.Port, origin: string): boolean {
  const url = port.sender?.url;
  return typeof url === 'string' && new URL(url).origin === origin;
}
