import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../lib/events/event-schema';
import { payloadFieldsOf } from '../../lib/export/csv';
import { STAR_ACTIONS } from '../../lib/export/conversation';
import { ClientMessageSchema } from '../../lib/pilot/protocol';

// The reference tables in docs/ are read by researchers and client authors: they must say what the code does.
const doc = (name: string) => ({ name, text: readFileSync(resolve(import.meta.dirname, '../../docs', name), 'utf8') });
const EXPORTS = doc('events-and-exports.md');
const SERVER = doc('server.md');

/** The rows of the table that follows `heading` in a document, as cells. */
function table(from: { name: string; text: string }, heading: string): string[][] {
  const start = from.text.indexOf(heading);
  expect(start, `docs/${from.name} has "${heading}"`).toBeGreaterThanOrEqual(0);
  const lines = from.text.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  }
  return rows;
}
const codes = (cell: string | undefined) => [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

describe('reference tables in docs/', () => {
  it('list every action with exactly its payload fields (CSV payload columns)', () => {
    const rows = table(EXPORTS, '### CSV payload columns');
    expect(rows.map((r) => codes(r[0])[0])).toEqual(ACTIONS);
    for (const r of rows) {
      const action = codes(r[0])[0] as (typeof ACTIONS)[number];
      expect({ action, fields: codes(r[2]) }).toEqual({ action, fields: payloadFieldsOf(action) });
    }
  });

  it('list every event a STAR dialog has, with the STAR action it becomes', () => {
    const rows = table(EXPORTS, '### STAR fields');
    expect(Object.fromEntries(rows.map((r) => [codes(r[0])[0], codes(r[2])[0]]))).toEqual(STAR_ACTIONS);
  });

  it('list every message a page may send over the WebSocket', () => {
    const rows = table(SERVER, 'What a page sends:');
    const types = ClientMessageSchema.options.map((o) => o.entries.type.literal);
    expect(rows.map((r) => codes(r[0])[0]).sort()).toEqual([...types].sort());
  });
});
