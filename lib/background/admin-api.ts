import { countEvents, deleteCollectedData, listEvents, readEventsAfter, toEvent } from '../db/events';
import { loadSettings, setConsent, updateSettings } from '../db/settings';
import type { FloorwalkerDb } from '../db/database';
import type { AdminApi } from '../rpc/api';
import { EXPORT_CHUNK_SIZE, EVENTS_PAGE_SIZE } from '../limits';
import { commitImport, discardImport, stageProducts } from '../catalog/import-store';
import { dropCatalog, dropUnusedCatalogs } from '../catalog/catalog-products';
import { activeCatalog } from '../catalog/store';
import type { SearchService } from './search-service';
import type { CatalogInfo } from '../rpc/types';
import type { SyncService } from './sync-service';
import type { SiteService } from './site-service';
import { joinStudy, leaveStudy } from '../sync/join';
import { startPractice } from '../sync/practice';
import { listChatSites, removeChatSite, saveChatSite } from '../db/chat-sites';
import type { FetchLike } from '../sync/uploader';
import type { SiteChatConfig } from '../adapters/chat';
import { noKeepAlive, type KeepAlive } from './keep-alive';
import { LIVE_TOPICS } from '../live/change';
import type { RecordChange } from '../live/channel';

/** What the admin API works with: the stores and services it answers from, and the background's hooks. */
export interface AdminDeps {
  db: FloorwalkerDb;
  search: SearchService;
  sync: SyncService;
  fetchFn: FetchLike;
  sites: SiteService;
  /** Tells every open context what changed, so it shows it without a reload (see lib/live). */
  changed?: RecordChange;
  /** Copies the configured chat sites where content scripts read them (see lib/sites/chat-site-mirror). */
  mirrorChatSites?: (sites: SiteChatConfig[]) => Promise<void>;
  /** Keeps the worker running through long catalog work (see lib/background/keep-alive). */
  keepAlive?: KeepAlive;
}

export function createAdminApi({
  db,
  search,
  sync,
  fetchFn,
  sites,
  changed = async () => undefined,
  mirrorChatSites = async () => undefined,
  keepAlive = noKeepAlive,
}: AdminDeps): AdminApi {
  // The UI script's registration on chat sites follows the chat sites and the study's server (lib/sites/ui-script.ts).
  // A failure only costs speed (the UI is then injected when the page asks), so it is reported, not thrown.
  const resyncUiScript = () => sites.reconcile().catch((e: unknown) => console.warn('[floorwalker] UI script registration', e));
  // Awaited, so a page opened right after the options page says "saved" already finds its configuration and its UI.
  const mirrored = async (chatSites: SiteChatConfig[]) => {
    await Promise.all([mirrorChatSites(chatSites), resyncUiScript()]);
    return chatSites;
  };
  const commits = new Map<string, Promise<CatalogInfo & { imported: number }>>();
  // Dropping catalogs and installing the default one run one at a time: a drop that began before the default's
  // products were written would take them for unused.
  let maintenance: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = maintenance.then(work, work);
    maintenance = run.catch(() => undefined);
    return run;
  };
  // The catalog a commit replaced (and imports left staged long ago) are deleted after the answer: the researcher
  // need not wait for 100,000 deletions. A worker stopped meanwhile leaves them to the next commit or discard.
  // The replaced catalog is named: a recent import's version is otherwise kept, in case it is still staged.
  const dropLater = (active: string, replaced: string | undefined) =>
    void keepAlive(() =>
      oneAtATime(async () => {
        if (replaced && replaced !== active) await dropCatalog(db, replaced);
        await dropUnusedCatalogs(db, active);
      }),
    ).catch((e: unknown) => console.warn('[floorwalker] dropping old catalogs', e));
  return {
    getSettings: () => loadSettings(db),
    setConsent: async (consent) => {
      const next = await setConsent(db, consent);
      await changed(LIVE_TOPICS.settings);
      return next;
    },
    updateSettings: async (patch) => {
      const next = await updateSettings(db, patch);
      await changed(LIVE_TOPICS.settings);
      return next;
    },
    listEvents: (q) =>
      listEvents(db, {
        action: q.action,
        offset: Math.max(0, Math.floor(q.offset)),
        limit: clamp(Math.floor(q.limit), 1, EVENTS_PAGE_SIZE * 4),
      }),
    async readEventsAfter(afterId, limit) {
      const rows = await readEventsAfter(db, afterId, clamp(Math.floor(limit), 1, EXPORT_CHUNK_SIZE));
      return rows.map(toEvent);
    },
    getStatus: () => countEvents(db),
    async deleteAllData() {
      const deleted = await deleteCollectedData(db);
      await changed(LIVE_TOPICS.dataDeleted); // open overlays drop their counts and turns
      return { deleted };
    },
    catalogInfo: () => search.info(),
    stageProducts: (importId, products) => stageProducts(db, importId, products),
    commitImport: (importId, options) => {
      // A retry of a commit still running (its first answer was lost with the port) joins it instead of racing it.
      const running = commits.get(importId);
      if (running) return running;
      const commit = keepAlive(async () => {
        const { meta, imported, search: made, replaced } = await commitImport(db, importId, options);
        if (made) {
          const saved = search.adopt(meta, made.engine, made.coldStart, { saved: made.saved });
          // A built index's snapshot is saved after the answer; the worker is kept running until it is.
          void keepAlive(() => saved).catch((e: unknown) => console.warn('[floorwalker] saving the search index', e));
        }
        const info = await search.info();
        await changed(LIVE_TOPICS.catalog);
        dropLater(meta.version, replaced);
        return { ...info, imported };
      }).finally(() => commits.delete(importId));
      commits.set(importId, commit);
      return commit;
    },
    discardImport: (importId) => oneAtATime(() => discardImport(db, importId)),
    async joinStudy(endpoint, code) {
      const settings = await joinStudy(db, endpoint, code, fetchFn);
      await changed(LIVE_TOPICS.study); // open pages log under the study from now on
      await resyncUiScript();
      sync.soon(0);
      return settings;
    },
    async leaveStudy() {
      const settings = await leaveStudy(db);
      await changed(LIVE_TOPICS.study);
      await resyncUiScript();
      return settings;
    },
    async syncNow() {
      await sync.run(true);
      return sync.overview();
    },
    syncOverview: () => sync.overview(),
    startPractice: async (category) => startPractice(await loadSettings(db), String(category), fetchFn),
    listSites: () => sites.list(),
    allowSite: (site) => sites.allow(String(site)),
    removeSite: (host) => sites.remove(String(host)),
    listChatSites: () => listChatSites(db),
    saveChatSite: async (config) => mirrored(await saveChatSite(db, config)),
    removeChatSite: async (host) => mirrored(await removeChatSite(db, String(host))),
    restoreDefaultCatalog: () =>
      keepAlive(async () => {
        const replaced = (await activeCatalog(db))?.version;
        await oneAtATime(() => search.restoreDefault());
        const info = await search.info();
        await changed(LIVE_TOPICS.catalog);
        dropLater(info.version, replaced);
        return info;
      }),
  };
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}
