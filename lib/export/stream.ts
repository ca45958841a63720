import { Zip, ZipDeflate, strToU8 } from 'fflate';
import type { FwEvent } from '../events/event-schema';
import { csvLines, eventToCsvRow } from './csv';
import { EXPORT_FILES, EXPORT_FORMATS, renderExport, type ExportFormat } from './formats';
import { toJsonLines } from './jsonl';
import { exportReadme } from './readme';

export type ExportChoice = ExportFormat | 'zip';
export type ExportPhase = 'reading' | 'writing' | 'compressing';
export interface ExportProgress {
  phase: ExportPhase;
  /** Events read so far. */
  done: number;
}

/** The export as the parts of a file (each kept as a Blob, which the browser may keep on disk), plus what it holds. */
export interface ExportOutput {
  parts: Blob[];
  type: string;
  fileName: string;
  events: number;
}

/** Reads stored events a page at a time, oldest first, until storage has no more. */
export async function* eventPages(readPage: (afterId: string | null) => Promise<FwEvent[]>): AsyncGenerator<FwEvent[]> {
  for (let after: string | null = null; ;) {
    const page = await readPage(after);
    const last = page.at(-1);
    if (!last) return;
    yield page;
    after = last.id;
  }
}

/** Formats written page by page as events are read; the others need whole conversations. */
const ROW_FORMATS: readonly ExportFormat[] = ['jsonl', 'csv'];

function rowsOf(format: ExportFormat, page: readonly FwEvent[], first: boolean): string {
  if (format === 'jsonl') return toJsonLines(page);
  return (first ? csvLines([], true) : '') + csvLines(page.map(eventToCsvRow));
}

/**
 * Streams an export from storage, one page of events at a time, so a large log never sits in memory whole:
 * event rows (JSONL, CSV) go out as each page is read; the conversation formats keep only events that belong to a
 * conversation. A ZIP holds every format and a README, compressed as it goes. `onProgress` hears after each page.
 */
export async function streamExport(
  choice: ExportChoice,
  readPage: (afterId: string | null) => Promise<FwEvent[]>,
  onProgress: (p: ExportProgress) => void = () => undefined,
  now: Date = new Date(),
): Promise<ExportOutput> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const formats: readonly ExportFormat[] = choice === 'zip' ? EXPORT_FORMATS : [choice];
  const parts: Blob[] = [];
  const sink = sinkFor(choice, parts);
  const needsConversations = formats.some((f) => !ROW_FORMATS.includes(f));
  const inConversations: FwEvent[] = [];
  let count = 0;
  let first: FwEvent | undefined;

  for await (const page of eventPages(readPage)) {
    first ??= page[0];
    for (const f of formats) if (ROW_FORMATS.includes(f)) sink.write(EXPORT_FILES[f].name, rowsOf(f, page, count === 0));
    if (needsConversations) for (const e of page) if (e.conversation) inConversations.push(e);
    count += page.length;
    onProgress({ phase: 'reading', done: count });
  }
  // Nothing stored: still every file, the CSV with its header.
  if (count === 0) for (const f of formats) if (ROW_FORMATS.includes(f)) sink.write(EXPORT_FILES[f].name, rowsOf(f, [], true));

  onProgress({ phase: 'writing', done: count });
  for (const f of formats) if (!ROW_FORMATS.includes(f)) sink.write(EXPORT_FILES[f].name, renderExport(f, inConversations));
  if (choice === 'zip') {
    sink.write(
      'README.md',
      exportReadme({ exportedAt: now.toISOString(), events: count, study: first?.study ?? '—', participant: first?.participant ?? '—' }),
    );
    onProgress({ phase: 'compressing', done: count });
  }
  sink.end();
  const file =
    choice === 'zip'
      ? { type: 'application/zip', fileName: `floorwalker-${stamp}.zip` }
      : { type: EXPORT_FILES[choice].type, fileName: `floorwalker-${stamp}-${EXPORT_FILES[choice].name}` };
  return { parts, events: count, ...file };
}

/** Where text goes: straight into the file for one format, or into one compressed entry per file of a ZIP. */
function sinkFor(choice: ExportChoice, parts: Blob[]): { write(name: string, text: string): void; end(): void } {
  if (choice !== 'zip') {
    return { write: (_name, text) => void (text && parts.push(new Blob([text]))), end: () => undefined };
  }
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(new Blob([chunk as Uint8Array<ArrayBuffer>]));
  });
  const entries = new Map<string, ZipDeflate>();
  return {
    write(name, text) {
      let entry = entries.get(name);
      if (!entry) {
        entry = new ZipDeflate(name, { level: 6 });
        zip.add(entry);
        entries.set(name, entry);
      }
      entry.push(strToU8(text));
    },
    end() {
      for (const entry of entries.values()) entry.push(new Uint8Array(0), true);
      zip.end();
    },
  };
}
