import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { putEvents, readEventsAfter, toEvent } from '../../lib/db/events';
import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';
import { EXPORT_FILES, EXPORT_FORMATS, renderExport } from '../../lib/export/formats';
import { streamExport, type ExportProgress } from '../../lib/export/stream';
import { EXPORT_CHUNK_SIZE } from '../../lib/limits';
import { useTestDbs } from './helpers/db';

/** Two interleaved conversations and page events outside any, in storage (id) order. */
function storedEvents(): FwEvent[] {
  const ctx = (conversation: string | null) => ({
    study: 's1',
    participant: 'p1',
    conversation,
    role: 'seller' as const,
    condition: 'B.IIc',
    url: null,
  });
  const out: FwEvent[] = [];
  let t = 1_000;
  for (let turn = 1; turn <= 6; turn++) {
    for (const c of ['conv-a', 'conv-b']) {
      out.push(makeEvent(ctx(c), 'Buyer', 'utter', { text: `${c} buyer ${turn}, "quoted", =SUM(A1)` }, t++));
      out.push(makeEvent(ctx(c), 'Seller', 'utter', { text: `${c} seller ${turn}`, acts: ['ask_budget'] }, t++));
    }
    out.push(makeEvent(ctx(null), 'Page', 'scroll', { container: 'document', depthPct: turn * 10, maxDepthPct: turn * 10 }, t++));
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Reads like the background does: pages of `size` after an id; counts the reads. */
function pager(events: FwEvent[], size: number) {
  const reads = { n: 0 };
  return {
    reads,
    read: async (after: string | null) => {
      reads.n++;
      const start = after === null ? 0 : events.findIndex((e) => e.id === after) + 1;
      return events.slice(start, start + size);
    },
  };
}

const text = (parts: Blob[]) => new Blob(parts).text();

describe('streamExport', () => {
  const events = storedEvents();

  it('writes each format page by page, the same as rendering all events at once, with progress', async () => {
    for (const format of EXPORT_FORMATS) {
      const { read, reads } = pager(events, 7);
      const progress: ExportProgress[] = [];
      const out = await streamExport(format, read, (p) => progress.push(p), new Date('2026-11-21T10:00:00Z'));
      expect(await text(out.parts), format).toBe(renderExport(format, events));
      expect(out).toMatchObject({
        events: events.length,
        type: EXPORT_FILES[format].type,
        fileName: `floorwalker-2026-11-21T10-00-00-000Z-${EXPORT_FILES[format].name}`,
      });
      expect(reads.n).toBe(Math.ceil(events.length / 7) + 1);
      const reading = progress.filter((p) => p.phase === 'reading').map((p) => p.done);
      expect(reading).toEqual(Array.from({ length: Math.ceil(events.length / 7) }, (_, i) => Math.min((i + 1) * 7, events.length)));
      expect(progress.at(-1)?.phase).toBe('writing');
    }
    // Event rows go out as they are read: one part per page, not one at the end.
    const { read } = pager(events, 7);
    expect((await streamExport('jsonl', read)).parts).toHaveLength(Math.ceil(events.length / 7));
  });

  it('zips every format and a README, each file the same as its own export', async () => {
    const { read } = pager(events, 5);
    const phases: string[] = [];
    const out = await streamExport('zip', read, (p) => phases.push(p.phase));
    expect(out.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await new Blob(out.parts).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([...EXPORT_FORMATS.map((f) => EXPORT_FILES[f].name), 'README.md'].sort());
    for (const f of EXPORT_FORMATS) expect(strFromU8(files[EXPORT_FILES[f].name] ?? new Uint8Array()), f).toBe(renderExport(f, events));
    expect(strFromU8(files['README.md'] ?? new Uint8Array())).toContain(`${events.length} events of participant p1 (study s1)`);
    expect(phases.at(-1)).toBe('compressing');
  });

  it('exports nothing stored as empty files, the CSV with its header', async () => {
    const out = await streamExport('zip', async () => []);
    const files = unzipSync(new Uint8Array(await new Blob(out.parts).arrayBuffer()));
    expect(strFromU8(files['events.jsonl'] ?? new Uint8Array([1]))).toBe('');
    expect(strFromU8(files['events.csv'] ?? new Uint8Array()).split('\n')[0]).toMatch(/^id,schema,time/);
    expect(out.events).toBe(0);
    expect(await text((await streamExport('csv', async () => [])).parts)).toMatch(/^id,schema,time,.*\n$/);
  });

  it('fails with the storage error, not a half-written file', async () => {
    let calls = 0;
    const failing = async () => {
      if (++calls > 1) throw new Error('worker went away');
      return events.slice(0, 3);
    };
    await expect(streamExport('zip', failing)).rejects.toThrow('worker went away');
  });

  describe('from IndexedDB', () => {
    const dbs = useTestDbs('export-stream');

    it("exports every event, in every format, when one stored event has a time past Date's range", async () => {
      const db = dbs.open();
      // Valid when stored (the schema took any whole time then); Date cannot represent it.
      const PAST_DATE_RANGE_MS = 9e15;
      const first = events[0] as FwEvent;
      const odd = { ...first, id: first.id.replace(/^.{8}/, '00000000'), time: PAST_DATE_RANGE_MS } as FwEvent;
      await putEvents(db, [...events, odd]);
      const stored = [odd, ...events];
      const readPage = async (after: string | null) => (await readEventsAfter(db, after, EXPORT_CHUNK_SIZE)).map(toEvent);

      for (const format of EXPORT_FORMATS) {
        const out = await streamExport(format, readPage);
        expect(out.events, format).toBe(stored.length);
        expect(await text(out.parts), format).toBe(renderExport(format, stored));
      }
      const csv = Papa.parse<Record<string, string>>(await text((await streamExport('csv', readPage)).parts), {
        header: true,
        skipEmptyLines: true,
        newline: '\n',
      });
      expect(csv.data).toHaveLength(stored.length);
      expect(csv.data[0]).toMatchObject({ id: odd.id, time: String(PAST_DATE_RANGE_MS), iso_time: '' });
      const conversations = JSON.parse(await text((await streamExport('conversations', readPage)).parts)) as {
        conversation: string;
        endedAt: number;
        events: number;
      }[];
      expect(conversations.find((c) => c.conversation === odd.conversation)).toMatchObject({ endedAt: PAST_DATE_RANGE_MS });
      expect(conversations.reduce((n, c) => n + c.events, 0)).toBe(stored.filter((e) => e.conversation).length);
      const zip = unzipSync(new Uint8Array(await new Blob((await streamExport('zip', readPage)).parts).arrayBuffer()));
      for (const f of EXPORT_FORMATS) expect(strFromU8(zip[EXPORT_FILES[f].name] ?? new Uint8Array()), f).toBe(renderExport(f, stored));
    });
  });
});
