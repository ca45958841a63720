import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it, vi } from 'vitest';
import { useTestDbs } from './helpers/db';
import { fakeBrowser } from './helpers/fake-scripting';
import { createAdminApi } from '../../lib/background/admin-api';
import { createSiteService, SITE_SCRIPT_ID } from '../../lib/background/site-service';
import { syncRegistration, type ScriptRegistration } from '../../lib/background/script-registration';
import type { SearchService } from '../../lib/background/search-service';
import type { SyncService } from '../../lib/background/sync-service';
import { originsFor } from '../../lib/sites/site';
import { studyServerHost, UI_SCRIPT_FILE, UI_SCRIPT_ID, uiScriptMatches } from '../../lib/sites/ui-script';
import type { FetchLike } from '../../lib/sync/uploader';

// On chat sites the content script's UI script is registered to run with it (lib/sites/ui-script.ts), so the overlay
// needs no round trip to a service worker that may be stopped. These check that the registration follows the chat
// sites, the allowed sites and the study server, whichever of them changes, and only ever covers what the content
// script itself runs on.

const chat = (host: string) => ({ host, messageList: '#log', message: '.row', mine: '.row.me', input: '#box' });

/** A study server whose answer to any participant code is a Seller seat in one study. */
const studyServer: FetchLike = async () => ({
  status: 200,
  headers: { get: () => null },
  json: async () => ({
    study: { id: 'st-1', name: 'Study one' },
    participant: 'p-7',
    role: 'seller',
    condition: 'B.IIc',
    ingestToken: 'fwi_token',
    ingestUrl: 'https://study.test/v1/events',
  }),
});

describe('which pages get the UI script with the content script', () => {
  it("keeps the chat hosts' patterns among those the content script is registered for", () => {
    const siteMatches = [...originsFor('shop.test'), ...originsFor('chat.test')];
    expect(uiScriptMatches(siteMatches, ['chat.test', 'elsewhere.test'])).toEqual(originsFor('chat.test'));
    expect(uiScriptMatches(siteMatches, [])).toEqual([]);
    expect(uiScriptMatches([], ['chat.test'])).toEqual([]);
  });

  it("reads the study server's host from its address", () => {
    expect(studyServerHost('https://study.example.org')).toBe('study.example.org');
    expect(studyServerHost('http://localhost:8787')).toBe('localhost');
    expect(studyServerHost(undefined)).toBeNull();
    expect(studyServerHost('not an address')).toBeNull();
  });
});

describe('keeping one registration in step', () => {
  const wanted = (matches: string[], allFrames = false): ScriptRegistration => ({
    id: 'x',
    js: ['x.js'],
    matches,
    runAt: 'document_end',
    allFrames,
    matchOriginAsFallback: false,
    persistAcrossSessions: true,
  });

  it('registers, leaves an equal registration alone, replaces one that differs, and removes it when nothing is left', async () => {
    const b = fakeBrowser();
    await syncRegistration(b.scripting, wanted([])); // nothing wanted, nothing there: nothing to do
    expect(b.calls).toEqual({ register: 0, unregister: 0 });

    await syncRegistration(b.scripting, wanted(['https://a.test/*', 'http://a.test/*']));
    await syncRegistration(b.scripting, wanted(['http://a.test/*', 'https://a.test/*'])); // the same set
    expect(b.calls).toEqual({ register: 1, unregister: 0 });

    await syncRegistration(b.scripting, wanted(['https://a.test/*', 'http://a.test/*'], true)); // other frames
    expect(b.scripts.get('x')?.allFrames).toBe(true);
    await syncRegistration(b.scripting, wanted(['https://b.test/*']));
    expect(b.scripts.get('x')).toMatchObject({ matches: ['https://b.test/*'], allFrames: false });
    expect(b.calls).toEqual({ register: 3, unregister: 2 });

    await syncRegistration(b.scripting, wanted([]));
    expect(b.scripts.has('x')).toBe(false);
  });
});

describe('the UI script on chat sites', () => {
  const dbs = useTestDbs('ui-script');

  function setUp() {
    const db = dbs.open();
    const b = fakeBrowser();
    const sites = createSiteService(db, b.scripting, b.permissions);
    const admin = createAdminApi({
      db,
      sites,
      search: {} as SearchService,
      sync: { soon: () => undefined } as unknown as SyncService,
      fetchFn: studyServer,
    });
    const uiMatches = () => b.scripts.get(UI_SCRIPT_ID)?.matches.slice().sort() ?? null;
    return { db, b, sites, admin, uiMatches };
  }

  it('is registered, top pages only, for a chat site the participant allowed, and goes with it', async () => {
    const { b, admin } = setUp();
    b.grant('chat.test');
    b.grant('shop.test');
    await admin.allowSite('chat.test');
    await admin.allowSite('shop.test');
    expect(b.scripts.has(UI_SCRIPT_ID)).toBe(false); // allowed, but no chat configured there: a storefront

    await admin.saveChatSite(chat('chat.test'));
    expect(b.scripts.get(UI_SCRIPT_ID)).toEqual({
      id: UI_SCRIPT_ID,
      js: [UI_SCRIPT_FILE],
      matches: originsFor('chat.test'),
      allFrames: false,
      matchOriginAsFallback: false,
    });
    // The content script's own registration still covers both sites.
    expect(b.scripts.get(SITE_SCRIPT_ID)?.matches).toHaveLength(4);

    await admin.removeChatSite('chat.test');
    expect(b.scripts.has(UI_SCRIPT_ID)).toBe(false);
    await admin.saveChatSite(chat('chat.test'));
    await admin.removeSite('chat.test'); // no longer allowed: no content script there, so no UI script either
    expect(b.scripts.has(UI_SCRIPT_ID)).toBe(false);
    expect(b.scripts.get(SITE_SCRIPT_ID)?.matches).toEqual(originsFor('shop.test'));
  });

  it('comes for a chat site configured before its site was allowed once it is, and goes when access is taken back', async () => {
    const { b, admin, sites, uiMatches } = setUp();
    await admin.saveChatSite(chat('later.test'));
    expect(uiMatches()).toBeNull(); // the content script does not run there yet

    b.grant('later.test');
    await admin.allowSite('later.test');
    expect(uiMatches()).toEqual(originsFor('later.test').sort());

    // Only one of the two origins taken back in the browser's settings: the UI script follows the content script.
    b.origins.delete('http://later.test/*');
    await sites.reconcile();
    expect(uiMatches()).toEqual(['https://later.test/*']);
    b.revoke('later.test');
    await sites.revoked(originsFor('later.test'));
    expect(uiMatches()).toBeNull();
  });

  it('needs no registration on the built-in sites, whose manifest entry carries it, and puts back one the browser lost', async () => {
    const { b, admin, sites, uiMatches } = setUp();
    await admin.saveChatSite(chat('127.0.0.1'));
    expect(uiMatches()).toBeNull();

    b.grant('chat.test');
    await admin.allowSite('chat.test');
    await admin.saveChatSite(chat('chat.test'));
    b.scripts.delete(UI_SCRIPT_ID); // say, a profile restored without it
    await sites.reconcile(); // as at every browser start and extension update
    expect(uiMatches()).toEqual(originsFor('chat.test').sort());
  });

  it("covers the study server's pages (its pilot chat) while the participant is in the study, if they allowed it", async () => {
    const { b, admin, uiMatches } = setUp();
    b.grant('study.test');
    await admin.allowSite('study.test');
    await admin.joinStudy('https://study.test', 'ABCD-1234');
    expect(uiMatches()).toEqual(originsFor('study.test').sort());
    await admin.leaveStudy();
    expect(uiMatches()).toBeNull();
  });

  it('still saves a chat site when the browser refuses the registration: the UI is then injected when asked for', async () => {
    const { b, admin } = setUp();
    b.grant('chat.test');
    await admin.allowSite('chat.test');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    b.scripting.registerContentScripts = async () => {
      throw new Error('registry unavailable');
    };
    await expect(admin.saveChatSite(chat('chat.test'))).resolves.toMatchObject([{ host: 'chat.test' }]);
    expect(await admin.listChatSites()).toMatchObject([{ host: 'chat.test' }]);
    expect(warn).toHaveBeenCalledWith('[floorwalker] UI script registration', expect.objectContaining({ message: 'registry unavailable' }));
    warn.mockRestore();
  });
});
