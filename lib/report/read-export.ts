import { unzipSync, strFromU8 } from 'fflate';
import { validateEvent, type FwEvent } from '../events/event-schema';
import { EXPORT_FILES } from '../export/formats';

/** What an export file held: its valid events (time order) and how many lines were not valid events. */
export interface ReadExport {
  events: FwEvent[];
  invalid: number;
}

/** A ZIP file starts with a local file header, "PK\x03\x04". */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EVENTS_FILE = EXPORT_FILES.jsonl.name;

export const isZip = (bytes: Uint8Array): boolean => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/** Events from JSON Lines text (an events.jsonl export): each line checked against the schema, bad ones counted. */
export function readEventLines(text: string): ReadExport {
  const events: FwEvent[] = [];
  let invalid = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = validateEvent(JSON.parse(line));
      if (r.ok) events.push(r.event);
      else invalid++;
    } catch {
      invalid++;
    }
  }
  events.sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { events, invalid };
}

/**
 * Events from an export as its bytes: events.jsonl (from the server or the options page), or the options page's
 * ZIP of all formats, whose events.jsonl is read. Throws when a ZIP has no events.jsonl.
 */
export function readExport(bytes: Uint8Array): ReadExport {
  if (!isZip(bytes)) return readEventLines(strFromU8(bytes));
  const entries = unzipSync(bytes, { filter: (f) => f.name === EVENTS_FILE || f.name.endsWith(`/${EVENTS_FILE}`) });
  const found = Object.values(entries)[0];
  if (!found) throw new Error(`This ZIP has no ${EVENTS_FILE}: export "All formats" or "Events (JSON Lines)"`);
  return readEventLines(strFromU8(found));
}
