import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { putEvents } from '../../lib/db/events';
import { SyncState } from '../../lib/db/database';
import { countPending } from '../../lib/sync/pending-count';
import { useTestDbs } from './helpers/db';
import { clickEvent } from './helpers/events';

const { open } = useTestDbs('fw-pending-count');

describe('counting pending events in chunks', () => {
  it('counts each pending event once across chunks, with more events in one millisecond than a chunk', async () => {
    const db = open();
    const sameMs = Array.from({ length: 25 }, () => clickEvent(5_000));
    const spread = Array.from({ length: 30 }, (_, i) => clickEvent(6_000 + (i % 7)));
    const theirs = Array.from({ length: 12 }, () => clickEvent(5_000, { participant: 'p-2' }));
    await putEvents(db, [...sameMs, ...spread, ...theirs]);
    const done = spread.slice(0, 4).map((e) => e.id);
    await db.events.where('id').anyOf(done).modify({ syncState: SyncState.synced });
    const mine = (e: { participant: string }) => e.participant === 'p-1';
    for (const chunk of [1, 3, 10, 1_000]) {
      expect(await countPending(db, mine, chunk), `chunk ${chunk}`).toBe(25 + 30 - 4);
      expect(await countPending(db, () => true, chunk), `chunk ${chunk}`).toBe(25 + 30 - 4 + 12);
    }
  });
});
