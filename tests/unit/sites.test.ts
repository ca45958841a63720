import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import { grantedHosts, hostOfOrigin, originsFor, parseSite } from '../../lib/sites/site';
import { createSiteService, PAGE_SCRIPT_FILE, SITE_SCRIPT_ID } from '../../lib/background/site-service';
import { fakeBrowser } from './helpers/fake-scripting';
import { loadSettings, updateSettings } from '../../lib/db/settings';
import { storeEvents } from '../../lib/background/content-api';
import { clickEvent } from './helpers/events';

describe('parseSite', () => {
  it('takes a host name or an address on it, lower-cased, any scheme of the web', () => {
    expect(parseSite(' Shop.Example.com ')).toEqual({ ok: true, host: 'shop.example.com' });
    expect(parseSite('https://shop.example.com/p/1?x=2#y')).toEqual({ ok: true, host: 'shop.example.com' });
    expect(parseSite('http://shop.test:8080/')).toEqual({ ok: true, host: 'shop.test' });
    expect(parseSite('bücher.example')).toEqual({ ok: true, host: 'xn--bcher-kva.example' });
  });
  it('refuses wildcards, other schemes and things that are not sites, with a reason', () => {
    for (const bad of ['', '*.example.com', '<all_urls>', 'ftp://x.example', 'file:///etc', 'not a site', 'a..b', '-x.example', '[::1]']) {
      const r = parseSite(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(10);
    }
  });
  it('covers http and https of one host, and reads hosts back from granted origins', () => {
    expect(originsFor('shop.test')).toEqual(['https://shop.test/*', 'http://shop.test/*']);
    expect(hostOfOrigin('https://shop.test/*')).toBe('shop.test');
    expect(hostOfOrigin('https://*/*')).toBeNull();
    expect([...grantedHosts(['http://localhost/*', 'https://*/*', 'https://a.test/*'])]).toEqual(['localhost', 'a.test']);
  });
});

describe('site service', () => {
  const dbs = useTestDbs('sites');

  it('adds a site only once the browser has given access, and registers the content script for it', async () => {
    const db = dbs.open();
    const b = fakeBrowser();
    const announced: string[][] = [];
    const sites = createSiteService(db, b.scripting, b.permissions, (s) => announced.push(s.allowedHosts));

    await expect(sites.allow('shop.test')).rejects.toThrow(/has not given Floorwalker access to shop\.test/);
    expect((await loadSettings(db)).allowedHosts).toEqual(['localhost', '127.0.0.1']); // unchanged
    expect(b.scripts.size).toBe(0);

    b.grant('shop.test');
    const list = await sites.allow('https://shop.test/product/1');
    expect(list).toEqual([
      { host: 'localhost', builtIn: true, granted: true },
      { host: '127.0.0.1', builtIn: true, granted: true },
      { host: 'shop.test', builtIn: false, granted: true },
    ]);
    expect(b.scripts.get(SITE_SCRIPT_ID)).toEqual({
      id: SITE_SCRIPT_ID,
      js: [PAGE_SCRIPT_FILE],
      matches: ['https://shop.test/*', 'http://shop.test/*'],
      // Every frame, and its about:blank and srcdoc frames (chat widgets) too.
      allFrames: true,
      matchOriginAsFallback: true,
    });
    expect(announced.at(-1)).toContain('shop.test');

    // Adding it again, or reconciling, changes nothing.
    await sites.allow('shop.test');
    await sites.reconcile();
    expect((await loadSettings(db)).allowedHosts.filter((h) => h === 'shop.test')).toHaveLength(1);
    expect(b.calls.register).toBe(1);

    b.grant('other.test');
    await sites.allow('other.test');
    expect(b.scripts.get(SITE_SCRIPT_ID)?.matches).toHaveLength(4);
  });

  it('removes a site: the script stops matching it and the browser access is given back', async () => {
    const db = dbs.open();
    const b = fakeBrowser();
    const sites = createSiteService(db, b.scripting, b.permissions);
    b.grant('shop.test');
    await sites.allow('shop.test');
    const list = await sites.remove('shop.test');
    expect(list.map((s) => s.host)).toEqual(['localhost', '127.0.0.1']);
    expect(b.scripts.size).toBe(0);
    expect(b.origins.has('https://shop.test/*')).toBe(false);
    await expect(sites.remove('localhost')).rejects.toThrow(/cannot be removed/);
    await expect(sites.allow('*.test')).rejects.toThrow(/wildcards/);
  });

  it('forgets a site whose access the participant took back in the browser, and re-registers after a restart', async () => {
    const db = dbs.open();
    const b = fakeBrowser();
    const sites = createSiteService(db, b.scripting, b.permissions);
    b.grant('shop.test');
    b.grant('keep.test');
    await sites.allow('shop.test');
    await sites.allow('keep.test');

    // The browser dropped the registration (say, a profile restored without it): reconcile puts it back.
    b.scripts.clear();
    await sites.reconcile();
    expect(b.scripts.get(SITE_SCRIPT_ID)?.matches).toHaveLength(4);

    for (const o of originsFor('shop.test')) b.origins.delete(o);
    await sites.revoked(originsFor('shop.test'));
    expect((await loadSettings(db)).allowedHosts).toEqual(['localhost', '127.0.0.1', 'keep.test']);
    expect(b.scripts.get(SITE_SCRIPT_ID)?.matches).toEqual(originsFor('keep.test'));
  });

  it('keeps allowed sites out of the general settings patch', async () => {
    const db = dbs.open();
    await updateSettings(db, { allowedHosts: ['evil.example'] } as never);
    expect((await loadSettings(db)).allowedHosts).toEqual(['localhost', '127.0.0.1']);
  });
});

describe('storing events from pages on sites not allowed', () => {
  const dbs = useTestDbs('sites-store');
  it('refuses them with a reason and keeps the rest', async () => {
    const db = dbs.open();
    const ok = clickEvent(1, { url: 'http://localhost:3000/chat' });
    const gone = clickEvent(2, { url: 'https://removed.example/p/1' });
    const noUrl = { ...clickEvent(3), url: null };
    const result = await storeEvents(db, [ok, gone, noUrl], ['localhost']);
    expect(result.stored.sort()).toEqual([ok.id, noUrl.id].sort());
    expect(result.rejected).toEqual([{ id: gone.id, error: 'logging is not allowed on this site' }]);
  });
});
