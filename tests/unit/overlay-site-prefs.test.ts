import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OVERLAY_PLACE,
  MAX_OVERLAY_SITES,
  OverlayPrefsSchema,
  defaultOverlayPrefs,
  overlayHostOf,
  placeForHost,
  placeFromMirror,
  withPlaceForHost,
} from '../../lib/overlay/site-prefs';
import { SettingsSchema, defaultSettings, SETTINGS_KEY } from '../../lib/settings';
import { createContentApi } from '../../lib/background/content-api';
import { loadSettings } from '../../lib/db/settings';
import type { OverlayPrefs } from '../../lib/overlay/site-prefs';
import { useTestDbs } from './helpers/db';

const { open } = useTestDbs('fw-overlay-prefs');

describe('the overlay place per site', () => {
  it('keeps a place per host, apart from other hosts and from the default', () => {
    let prefs = defaultOverlayPrefs();
    prefs = withPlaceForHost(prefs, '127.0.0.1', { collapsed: false, side: 'left' });
    prefs = withPlaceForHost(prefs, 'localhost', { collapsed: true, side: 'right' });
    expect(placeForHost(prefs, '127.0.0.1')).toEqual({ collapsed: false, side: 'left' });
    expect(placeForHost(prefs, 'localhost')).toEqual({ collapsed: true, side: 'right' });
    expect(placeForHost(prefs, 'chat.example.com')).toEqual(DEFAULT_OVERLAY_PLACE);
    expect(placeForHost(prefs, 'constructor')).toEqual(DEFAULT_OVERLAY_PLACE); // not an inherited property
  });

  it('keeps at most MAX_OVERLAY_SITES, forgetting the site arranged longest ago', () => {
    let prefs = defaultOverlayPrefs();
    for (let i = 0; i <= MAX_OVERLAY_SITES; i++) prefs = withPlaceForHost(prefs, `site-${i}.test`, { collapsed: false, side: 'left' });
    // Arranging an old site again makes it the newest.
    prefs = withPlaceForHost(prefs, 'site-1.test', { collapsed: true, side: 'left' });
    prefs = withPlaceForHost(prefs, 'new.test', { collapsed: false, side: 'left' });
    expect(Object.keys(prefs.sites)).toHaveLength(MAX_OVERLAY_SITES);
    expect(placeForHost(prefs, 'site-0.test')).toEqual(DEFAULT_OVERLAY_PLACE);
    expect(placeForHost(prefs, 'site-2.test')).toEqual(DEFAULT_OVERLAY_PLACE);
    expect(placeForHost(prefs, 'site-1.test')).toEqual({ collapsed: true, side: 'left' });
    expect(Object.keys(prefs.sites).slice(-2)).toEqual(['site-1.test', 'new.test']);
  });

  it('reads settings saved before places were per site: their one place becomes the default', () => {
    const old = { ...defaultSettings('local-1'), overlay: { collapsed: true, side: 'left' } };
    const parsed = v.parse(SettingsSchema, old);
    expect(parsed.overlay).toEqual({ default: { collapsed: true, side: 'left' }, sites: {} });
    expect(placeForHost(parsed.overlay, 'any.example')).toEqual({ collapsed: true, side: 'left' });
    expect(v.safeParse(OverlayPrefsSchema, { collapsed: true, side: 'up' }).success).toBe(false);
    expect(v.safeParse(OverlayPrefsSchema, { default: DEFAULT_OVERLAY_PLACE, sites: { '': DEFAULT_OVERLAY_PLACE } }).success).toBe(false);
  });

  it('finds the place from the storage mirror by hostname, and says when there is none', () => {
    const prefs = withPlaceForHost(defaultOverlayPrefs(), 'localhost', { collapsed: true, side: 'left' });
    expect(placeFromMirror(prefs, 'localhost')).toEqual({ collapsed: true, side: 'left' });
    expect(placeFromMirror({ collapsed: false, side: 'left' }, 'localhost')).toEqual({ collapsed: false, side: 'left' });
    expect(placeFromMirror(undefined, 'localhost')).toBeNull();
    // A mirror the content script cannot read sends it to the background instead of guessing.
    expect(placeFromMirror({ default: { collapsed: true, side: 'up' }, sites: {} }, 'localhost')).toBeNull();
    expect(placeFromMirror({ default: DEFAULT_OVERLAY_PLACE, sites: { localhost: { side: 'left' } } }, 'localhost')).toEqual(
      DEFAULT_OVERLAY_PLACE,
    );
    expect(overlayHostOf('http://localhost:5173/chats/a.html?x=1')).toBe('localhost');
    expect(overlayHostOf('not a url')).toBeNull();
  });
});

describe('the background keeps the places', () => {
  it('saves a page’s place under its hostname, answers it in that site’s page context only, and hands every place to the mirror', async () => {
    const db = open();
    const mirrored: OverlayPrefs[] = [];
    const api = createContentApi(db, {} as never, undefined, undefined, (prefs) => mirrored.push(prefs));
    await api.setOverlayPrefs('http://127.0.0.1:4000/chats/a.html', { collapsed: false, side: 'left' });
    expect((await api.getPageContext('http://127.0.0.1:9/b.html', null)).overlay).toEqual({ collapsed: false, side: 'left' });
    expect((await api.getPageContext('http://localhost:4000/chats/a.html', null)).overlay).toEqual(DEFAULT_OVERLAY_PLACE);
    expect(mirrored.at(-1)).toEqual({ default: DEFAULT_OVERLAY_PLACE, sites: { '127.0.0.1': { collapsed: false, side: 'left' } } });
    await expect(api.setOverlayPrefs('http://localhost/', { collapsed: false, side: 'up' } as never)).rejects.toThrow(
      /Invalid overlay place/,
    );
    await expect(api.setOverlayPrefs('nonsense', DEFAULT_OVERLAY_PLACE)).rejects.toThrow(/not a page URL/);
  });

  it('reads a settings row stored in the old shape and keeps its place as the default when a site gets its own', async () => {
    const db = open();
    const old = { ...defaultSettings('local-9'), overlay: { collapsed: true, side: 'left' } };
    await db.settings.put({ key: SETTINGS_KEY, value: old });
    expect((await loadSettings(db)).participant).toBe('local-9'); // read, not replaced by fresh defaults
    const api = createContentApi(db, {} as never);
    await api.setOverlayPrefs('http://localhost/', { collapsed: false, side: 'right' });
    expect((await loadSettings(db)).overlay).toEqual({
      default: { collapsed: true, side: 'left' },
      sites: { localhost: { collapsed: false, side: 'right' } },
    });
  });
});
