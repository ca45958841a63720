import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import { joinStudy, leaveStudy } from '../../lib/sync/join';
import { createContentApi } from '../../lib/background/content-api';
import type { SearchService } from '../../lib/background/search-service';
import { DEFAULT_COACHING_SCHEMA } from '../../lib/coach/default-schema';
import type { FetchLike } from '../../lib/sync/uploader';

const { open } = useTestDbs('fw-study-schema');
const mini = { id: 'mini', name: 'Mini', version: 1, start: ['hi'], acts: [{ id: 'hi', number: '1', label: 'Hi', hint: 'Say hi' }] };
const answer =
  (coachingSchema?: unknown): FetchLike =>
  async () => ({
    status: 200,
    headers: { get: () => null },
    json: async () => ({
      study: { id: 'st-1', name: 'S', ...(coachingSchema ? { coachingSchema } : {}) },
      participant: 'p-1',
      role: 'seller',
      condition: 'B.IIc',
      ingestToken: 'fwi_x',
      ingestUrl: 'http://localhost:1/v1/events',
    }),
  });

describe("a study's own coaching schema in the extension", () => {
  it('is kept on joining, given to the overlay, and dropped (back to Table 3) on leaving', async () => {
    const db = open();
    const content = createContentApi(db, {} as SearchService);
    expect((await content.coachingSchema()).id).toBe(DEFAULT_COACHING_SCHEMA.id);
    await joinStudy(db, 'localhost:1', 'ABCD-1234', answer(mini));
    expect(await content.coachingSchema()).toMatchObject({ id: 'mini', acts: [{ id: 'hi', templates: [] }] });
    await leaveStudy(db);
    expect((await content.coachingSchema()).id).toBe(DEFAULT_COACHING_SCHEMA.id);
  });

  it('refuses to join with a schema it cannot use, saying why, and changes nothing', async () => {
    const db = open();
    await expect(joinStudy(db, 'localhost:1', 'ABCD-1234', answer({ ...mini, start: ['nope'] }))).rejects.toThrow(
      /coaching schema is invalid: start names "nope"/,
    );
    expect((await createContentApi(db, {} as SearchService).coachingSchema()).id).toBe(DEFAULT_COACHING_SCHEMA.id);
  });
});
