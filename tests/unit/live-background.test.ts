import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import { createAdminApi } from '../../lib/background/admin-api';
import { createContentApi, storeEvents } from '../../lib/background/content-api';
import type { SearchService } from '../../lib/background/search-service';
import type { SiteService } from '../../lib/background/site-service';
import type { SyncService } from '../../lib/background/sync-service';
import { studyServer } from './helpers/study-join';
import { makeEvent } from '../../lib/events/build';
import { endedText } from '../../lib/pilot/records';
import type { LiveDetail, LiveTopic } from '../../lib/live/change';
import { conversationOutcome } from '../../lib/live/outcome';
import { clickEvent, CONTEXT } from './helpers/events';

// What the background tells open contexts (lib/live): every change the popup, options page or an overlay shows.
const { open } = useTestDbs('fw-live');

function recorder() {
  const changes: { topic: LiveTopic; detail?: LiveDetail }[] = [];
  return { changes, changed: async (topic: LiveTopic, detail?: LiveDetail) => void changes.push(detail ? { topic, detail } : { topic }) };
}

const room = { ...CONTEXT, participant: 'buyer-room-1', conversation: 'room-1', role: 'buyer' as const, url: null };

describe('the background records each change open contexts show', () => {
  it('consent, logging, a study joined and left, all data deleted: each once, after it is done', async () => {
    const db = open();
    const { changes, changed } = recorder();
    const admin = createAdminApi({
      db,
      search: {} as SearchService,
      sync: { soon: () => undefined } as unknown as SyncService,
      fetchFn: studyServer,
      sites: { reconcile: async () => undefined } as unknown as SiteService,
      changed,
    });
    await admin.setConsent({ agree: true, role: 'seller' });
    await admin.updateSettings({ loggingEnabled: false });
    await admin.joinStudy('localhost:1', 'ABCD-1234');
    await admin.leaveStudy();
    expect(changes.map((c) => c.topic)).toEqual(['settings', 'settings', 'study', 'study']);

    expect((await storeEvents(db, [clickEvent()])).stored).toHaveLength(1);
    // Recorded after the deletion has committed: a page that re-reads at once finds nothing left.
    const seenAtChange: number[] = [];
    const admin2 = createAdminApi({
      db,
      search: {} as SearchService,
      sync: { soon: () => undefined } as unknown as SyncService,
      fetchFn: studyServer,
      sites: {} as SiteService,
      changed: async (topic) => void seenAtChange.push(topic === 'data-deleted' ? await db.events.count() : -1),
    });
    expect(await admin2.deleteAllData()).toEqual({ deleted: 1 });
    expect(seenAtChange).toEqual([0]);
  });

  it("a stored room outcome (the Buyer's answer, a share viewed, the end) is a conversation change; ordinary events are none", async () => {
    const db = open();
    const admin = createAdminApi({
      db,
      search: {} as SearchService,
      sync: {} as SyncService,
      fetchFn: studyServer,
      sites: {} as SiteService,
    });
    await admin.setConsent({ agree: true, role: 'seller' });
    const { study, participant } = await admin.getSettings();
    const { changes, changed } = recorder();
    const content = createContentApi(db, {} as SearchService, undefined, undefined, undefined, changed);
    const own = { ...CONTEXT, study, participant };
    await content.logEvents([clickEvent(Date.now(), own)]);
    expect(changes).toEqual([]);

    const answer = makeEvent({ ...room, study }, 'Buyer', 'confirm', { productId: 'P1', accepted: true });
    const end = makeEvent({ ...room, study }, 'System', 'instruct', { text: endedText(6) });
    await content.logEvents([answer]);
    await content.logEvents([clickEvent(Date.now(), own), end]);
    expect(changes).toEqual([
      { topic: 'conversation', detail: { conversation: 'room-1', outcome: 'accepted' } },
      { topic: 'conversation', detail: { conversation: 'room-1', outcome: 'ended' } },
    ]);
  });

  it('the outcome of a batch is its last record; hovers on shared cards and malformed items are none', () => {
    const rejected = makeEvent(room, 'Buyer', 'confirm', { productId: 'P1', accepted: false });
    const viewed = makeEvent(room, 'Buyer', 'view_share', { productIds: ['P1'] });
    expect(conversationOutcome([viewed, rejected])).toEqual({ conversation: 'room-1', outcome: 'rejected' });
    expect(conversationOutcome([rejected, viewed])).toEqual({ conversation: 'room-1', outcome: 'viewed' });
    const hover = makeEvent(room, 'Buyer', 'hover', { target: 'shared_card', productId: 'P1', dwellMs: 300 });
    expect(conversationOutcome([hover, null, 'x', { action: 'confirm' }])).toBeNull();
  });
});
