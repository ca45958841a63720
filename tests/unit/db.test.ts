import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import { LATEST_VERSION, STORES_V1, STORES_V3, STORES_V4, STORES_V7, SyncState, outboxKeyOf } from '../../lib/db/database';
import { countIn, eventsIn, stateOf } from './helpers/sync-state';
import {
  catalogProduct,
  catalogProductIds,
  catalogProducts,
  catalogVersions,
  readCatalogProducts,
} from '../../lib/catalog/catalog-products';
import { deleteCollectedData, listEvents, putEvents, readEventsAfter, countEvents } from '../../lib/db/events';
import { loadSettings, setConsent, updateSettings } from '../../lib/db/settings';
import { storeEvents } from '../../lib/background/content-api';
import { T0, clickEvent, hoverEvent } from './helpers/events';
import { EMPTY_PROFILE } from '../../lib/profile/profile-schema';
import { EMPTY_COACH_STATE, coachStateKey } from '../../lib/coach/state';

const { open, freshName } = useTestDbs('fw-test');

describe('migration', () => {
  it('upgrades a v1 database holding data to the latest version without losing anything', async () => {
    const name = freshName();
    const v1 = new Dexie(name);
    v1.version(1).stores(STORES_V1);
    const old = [clickEvent(1000), hoverEvent(2000), clickEvent(3000)];
    await v1.table('events').bulkAdd(old);
    await v1.table('conversations').add({ id: 'conv-1', study: 'study-1', startedAt: 1000, url: null });
    await v1.table('settings').add({ key: 'x', value: { kept: true } });
    v1.close();

    const db = open(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect(await db.catalogBlocks.count()).toBe(0); // the catalog's table exists, empty
    const rows = await db.events.orderBy('time').toArray();
    expect(rows.map((r) => r.id)).toEqual(old.map((e) => e.id));
    expect(rows.every((r) => r.storedAt === r.time)).toBe(true);
    // None had been uploaded: all wait in the outbox (v2 marked them pending, v5 queued the pending).
    expect((await eventsIn(db, SyncState.pending)).map((r) => r.id)).toEqual(old.map((e) => e.id));
    expect(await db.outbox.count()).toBe(3);
    expect((await listEvents(db, { action: 'click', offset: 0, limit: 10 })).events.map((e) => e.time - T0)).toEqual([3000, 1000]);
    expect(await db.conversations.get('conv-1')).toMatchObject({ lastEventAt: 1000 });
    expect(await db.settings.get('x')).toEqual({ key: 'x', value: { kept: true } });
  });
});

describe('migration to v4', () => {
  it("keeps a v3 database's events, catalog and settings, and adds empty Buyer profile tables", async () => {
    const name = freshName();
    const v3 = new Dexie(name);
    v3.version(3).stores(STORES_V3);
    await v3.table('events').bulkAdd([{ ...clickEvent(1000), syncState: SyncState.synced, storedAt: 1000 }]);
    await v3.table('products').add({ id: 'p-1', category: 'books', title: 'A book' });
    await v3
      .table('catalogMeta')
      .add({ key: 'active', version: 'v-old', source: 'import', name: 'Old', count: 1, updatedAt: 1, categories: [], personas: [] });
    await v3
      .table('settings')
      .add({ key: 'coach:conv-1', value: { counts: { greet: 1 }, last: 'greet', turns: 0, lastSpeaker: 'seller' } });
    v3.close();

    const db = open(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect(await countIn(db, SyncState.synced)).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await catalogProduct(db, 'v-old', 'p-1')).toMatchObject({ title: 'A book' });
    expect((await db.settings.get('coach:conv-1'))?.value).toMatchObject({ counts: { greet: 1 } });
    expect(await db.profiles.count()).toBe(0);
    await db.buyers.put({ id: 'ann', name: 'Ann', items: [], updatedAt: 1 });
    expect(await db.buyers.where('updatedAt').above(0).count()).toBe(1);
  });
});

describe('migration to v7 (products by catalog version)', () => {
  it("moves a v4 database's active catalog under its version, drops staged rows and the old tables, keeps the rest", async () => {
    const name = freshName();
    const v4 = new Dexie(name);
    v4.version(4).stores(STORES_V4);
    const meta = {
      key: 'active',
      version: 'import-abc',
      source: 'import',
      name: 'Shop',
      count: 2,
      updatedAt: 1,
      categories: [],
      personas: [],
    };
    await v4.table('catalogMeta').add(meta);
    await v4.table('products').bulkAdd([
      { id: 'p-1', category: 'books', title: 'A book' },
      { id: 'p-2', category: 'books', title: 'Another book' },
    ]);
    await v4.table('stagedProducts').add({ importId: 'import-left', id: 'p-9', product: { id: 'p-9' } });
    await v4.table('searchSnapshots').add({ version: 'import-abc', snapshot: { format: 3 } });
    await v4.table('events').bulkAdd([{ ...clickEvent(1000), syncState: SyncState.pending, storedAt: 1000 }]);
    await v4.table('buyers').add({ id: 'ann', name: 'Ann', items: [], updatedAt: 1 });
    v4.close();

    const db = open(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect(db.tables.map((t) => t.name)).not.toContain('products');
    expect(db.tables.map((t) => t.name)).not.toContain('stagedProducts');
    expect(await catalogVersions(db)).toEqual(['import-abc']);
    expect(await catalogProduct(db, 'import-abc', 'p-2')).toEqual({ id: 'p-2', category: 'books', title: 'Another book' });
    expect(await db.catalogMeta.get('active')).toEqual(meta);
    expect(await db.searchSnapshots.get('import-abc')).toMatchObject({ snapshot: { format: 3 } });
    expect(await db.events.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1); // v5 queued the pending event on the way
    expect(await db.buyers.get('ann')).toMatchObject({ name: 'Ann' });
  });
});

describe('migration to v8 (products in blocks)', () => {
  it("moves a v7 database's products of every version into blocks, each product once, found by id", async () => {
    const name = freshName();
    const v7 = new Dexie(name);
    v7.version(7).stores(STORES_V7);
    const product = (i: number) => ({ id: `p-${String(i).padStart(3, '0')}`, category: 'books', title: `Book ${i}` });
    // More than one block's worth under one version, a few under another, in the order the keys sort.
    const big = Array.from({ length: 123 }, (_, i) => product(i));
    const small = [product(7), product(500)];
    await v7
      .table('catalogProducts')
      .bulkPut([
        ...big.map((p) => ({ catalog: 'import-big', id: p.id, product: p })),
        ...small.map((p) => ({ catalog: 'v-small', id: p.id, product: { ...p, title: `Small ${p.id}` } })),
      ]);
    await v7
      .table('catalogMeta')
      .add({ key: 'active', version: 'import-big', source: 'import', name: 'Big', count: 123, updatedAt: 1, categories: [], personas: [] });
    v7.close();

    const db = open(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect(db.tables.map((t) => t.name)).not.toContain('catalogProducts');
    expect(await catalogVersions(db)).toEqual(['import-big', 'v-small']);
    expect(await readCatalogProducts(db, 'import-big')).toEqual(big);
    expect(await catalogProductIds(db, 'v-small')).toEqual(['p-007', 'p-500']);
    // The same id under two versions: each version finds its own.
    expect(await catalogProduct(db, 'import-big', 'p-007')).toEqual(product(7));
    expect(await catalogProduct(db, 'v-small', 'p-007')).toMatchObject({ title: 'Small p-007' });
    expect(await catalogProducts(db, 'import-big', ['p-122', 'p-500', 'p-000'])).toEqual([product(122), undefined, product(0)]);
  });
});

describe('event store', () => {
  it('stores each event once, however often it is written', async () => {
    const db = open();
    const batch = [clickEvent(1), clickEvent(2), hoverEvent(3)];
    await putEvents(db, batch);
    await db.outbox.delete(outboxKeyOf(batch[0]!)); // uploaded
    await putEvents(db, batch);
    await putEvents(db, [batch[1]!]);
    expect(await db.events.count()).toBe(3);
    expect(await db.outbox.count()).toBe(2);
    // A resend does not reset the first copy's sync state.
    expect(await stateOf(db, batch[0]!.id)).toBe(SyncState.synced);
    expect(await countEvents(db)).toEqual({ total: 3, pending: 2 });
  });

  it('lists newest first, pages, and filters by action', async () => {
    const db = open();
    const events = Array.from({ length: 25 }, (_, i) => (i % 5 === 0 ? hoverEvent(i) : clickEvent(i)));
    await putEvents(db, events);
    const p0 = await listEvents(db, { offset: 0, limit: 10 });
    expect(p0.total).toBe(25);
    expect(p0.events.map((e) => e.time - T0)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15]);
    const p2 = await listEvents(db, { offset: 20, limit: 10 });
    expect(p2.events.map((e) => e.time - T0)).toEqual([4, 3, 2, 1, 0]);
    const hovers = await listEvents(db, { action: 'hover', offset: 0, limit: 10 });
    expect(hovers).toMatchObject({ total: 5 });
    expect(hovers.events.map((e) => e.time - T0)).toEqual([20, 15, 10, 5, 0]);
  });

  it('reads everything in id order in pages for export, then deletes all', async () => {
    const db = open();
    const events = Array.from({ length: 7 }, (_, i) => clickEvent(i));
    await putEvents(db, events);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await readEventsAfter(db, after, 3);
      if (!page.length) break;
      seen.push(...page.map((e) => e.id));
      after = page.at(-1)!.id;
    }
    expect(seen).toEqual(events.map((e) => e.id));
    // Collected data beside the events: a Buyer profile, a remembered Buyer, a conversation's coaching progress.
    await db.profiles.put({ ...EMPTY_PROFILE, buyer: 'Ana', conversation: 'conv-1', updatedAt: 1 });
    await db.buyers.put({ id: 'ana', name: 'Ana', items: [], updatedAt: 1 });
    await db.settings.put({ key: coachStateKey('conv-1'), value: EMPTY_COACH_STATE });
    await setConsent(db, { agree: true, role: 'seller' });
    expect(await deleteCollectedData(db)).toBe(7);
    expect(await db.events.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0); // nothing left to upload either
    expect(await db.conversations.count()).toBe(0);
    expect(await db.profiles.count()).toBe(0);
    expect(await db.buyers.count()).toBe(0);
    expect(await db.settings.get(coachStateKey('conv-1'))).toBeUndefined();
    // Configuration stays: the participant's consent and role.
    expect(await loadSettings(db)).toMatchObject({ role: 'seller' });
    expect((await loadSettings(db)).consentedAt).not.toBeNull();
  });

  it('tracks conversations from their events', async () => {
    const db = open();
    await putEvents(db, [clickEvent(500), clickEvent(100), clickEvent(900, { conversation: 'conv-2' })]);
    await putEvents(db, [clickEvent(1500)]);
    expect(await db.conversations.get('conv-1')).toMatchObject({ startedAt: T0 + 100, lastEventAt: T0 + 1500, study: 'study-1' });
    expect(await db.conversations.get('conv-2')).toMatchObject({ startedAt: T0 + 900, lastEventAt: T0 + 900 });
  });
});

/** The content API keeps events only from allowed sites; the pilot chat on this computer is one by default. */
const ON_LOCALHOST = { url: 'http://localhost:3000/room/1' };

describe('storeEvents (the background write path)', () => {
  it('stores the valid events of a batch and rejects the rest with the field named', async () => {
    const db = open();
    const good = clickEvent(1);
    const bad = { ...clickEvent(2), role: 'admin' };
    const result = await storeEvents(db, [good, bad, 'junk']);
    expect(result.stored).toEqual([good.id]);
    expect(result.rejected).toEqual([
      { id: bad.id, error: expect.stringMatching(/^role: /) },
      { id: null, error: expect.any(String) },
    ]);
    expect(await db.events.count()).toBe(1);
  });

  it('rejects a non-array or oversized batch and stores nothing', async () => {
    const db = open();
    expect((await storeEvents(db, { not: 'array' })).rejected[0]?.error).toMatch(/array/);
    const big = Array.from({ length: 501 }, (_, i) => clickEvent(i));
    expect((await storeEvents(db, big)).rejected[0]?.error).toMatch(/at most 500/);
    expect(await db.events.count()).toBe(0);
  });
});

describe('settings', () => {
  it('creates defaults once with a local participant id', async () => {
    const db = open();
    const a = await loadSettings(db);
    const b = await loadSettings(db);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ study: 'local', role: 'seller', condition: 'B.IIc', loggingEnabled: true });
    expect(a.participant).toMatch(/^local-/);
  });

  it('applies valid patches and refuses invalid ones without changing anything', async () => {
    const db = open();
    const before = await loadSettings(db);
    await expect(updateSettings(db, { condition: 'Z.9' })).rejects.toThrow(/Invalid settings: condition: /);
    await expect(updateSettings(db, { overlay: { side: 'up', collapsed: true } })).rejects.toThrow(/Invalid settings: overlay/);
    expect(await loadSettings(db)).toEqual(before);
    const overlay = { default: { side: 'left', collapsed: true }, sites: {} };
    const after = await updateSettings(db, { overlay, loggingEnabled: false });
    expect(after).toMatchObject({ overlay, loggingEnabled: false, participant: before.participant });
  });
});

describe('a full disk', () => {
  it('pauses logging and says why instead of losing events silently; resuming clears it', async () => {
    const { createContentApi, QUOTA_PAUSE_REASON } = await import('../../lib/background/content-api');
    const db = open();
    await setConsent(db, { agree: true, role: 'seller' });
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    const original = db.events.bulkPut.bind(db.events);
    db.events.bulkPut = (() =>
      Promise.reject(Object.assign(new Error('Dexie wrap'), { name: 'AbortError', inner: quota }))) as unknown as typeof db.events.bulkPut;
    const api = createContentApi(db, {} as never);
    await expect(api.logEvents([clickEvent(1, ON_LOCALHOST)])).rejects.toThrow(QUOTA_PAUSE_REASON);
    expect(await loadSettings(db)).toMatchObject({ loggingEnabled: false, pauseReason: QUOTA_PAUSE_REASON });
    // While paused nothing is recorded, and the page is told so.
    db.events.bulkPut = original;
    expect((await api.logEvents([clickEvent(2, ON_LOCALHOST)])).rejected[0]?.error).toBe('logging is paused');
    expect(await db.events.count()).toBe(0);
    expect(await updateSettings(db, { loggingEnabled: true })).toMatchObject({ loggingEnabled: true, pauseReason: null });
    expect((await api.logEvents([clickEvent(3, ON_LOCALHOST)])).stored).toHaveLength(1);
  });
});

describe('consent', () => {
  it('records nothing before the participant agrees, and stops when they withdraw', async () => {
    const { createContentApi } = await import('../../lib/background/content-api');
    const db = open();
    const api = createContentApi(db, {} as never);
    expect((await api.getPageContext('http://localhost/chat', null)).logging).toBe(false);
    expect((await api.logEvents([clickEvent(1, ON_LOCALHOST)])).rejected[0]?.error).toBe('no consent to logging');
    const agreed = await setConsent(db, { agree: true, role: 'buyer' });
    expect(agreed).toMatchObject({ role: 'buyer', consentedAt: expect.any(Number) });
    expect(await api.getPageContext('http://localhost/chat', null)).toMatchObject({ logging: true, consented: true });
    expect((await api.logEvents([clickEvent(2, ON_LOCALHOST)])).stored).toHaveLength(1);
    await setConsent(db, { agree: false });
    expect((await api.logEvents([clickEvent(3, ON_LOCALHOST)])).rejected[0]?.error).toBe('no consent to logging');
    expect(await db.events.count()).toBe(1);
    // Consent is not something a settings patch can set.
    await expect(updateSettings(db, { consentedAt: 1 } as never)).resolves.toMatchObject({ consentedAt: null });
  });
});
