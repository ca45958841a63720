import Papa from 'papaparse';
import { ACTION_PAYLOADS, ACTIONS, type Action, type FwEvent } from '../events/event-schema';
import { isRecord } from './stored';

const ENVELOPE = [
  'id',
  'schema',
  'time',
  'iso_time',
  'study',
  'participant',
  'conversation',
  'role',
  'condition',
  'agent',
  'action',
  'url',
] as const;

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
}

function leaves(node: SchemaNode, prefix: string, out: Set<string>): void {
  if ((node.type === 'optional' || node.type === 'nullable' || node.type === 'nullish') && node.wrapped)
    return leaves(node.wrapped, prefix, out);
  if ((node.type === 'object' || node.type === 'strict_object') && node.entries) {
    for (const [k, child] of Object.entries(node.entries)) leaves(child, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  out.add(prefix);
}

/** One action's payload fields, flattened with dots (`image.src`), in the schema's order (docs/events-and-exports.md's table). */
export function payloadFieldsOf(action: Action): string[] {
  const out = new Set<string>();
  leaves(ACTION_PAYLOADS[action] as unknown as SchemaNode, '', out);
  return [...out];
}

/**
 * Every payload field of every action, flattened with dots (payload.image.src), read from the event schema
 * itself so the CSV header is known before the first row and never drifts from the schema.
 */
export const PAYLOAD_COLUMNS: readonly string[] = [...new Set(ACTIONS.flatMap(payloadFieldsOf))].sort().map((c) => `payload.${c}`);

export const CSV_COLUMNS: readonly string[] = [...ENVELOPE, ...PAYLOAD_COLUMNS];

const PAYLOAD_COLUMN_SET = new Set(PAYLOAD_COLUMNS);

/** A value as one cell: text as it is, numbers and booleans as written, `null` as `null`, lists and objects as JSON. */
function cell(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Spreads a payload over its columns: objects the schema spells out (image, element, suggestion, voice) field by
 * field; a value that has a column of its own as a whole (a list, free-form filters, a profile item) as JSON, so
 * it is never dropped for want of a column.
 */
function flatten(value: unknown, prefix: string, out: Record<string, string>): void {
  if (value === undefined) return;
  if (isRecord(value) && !PAYLOAD_COLUMN_SET.has(prefix)) {
    for (const [k, v] of Object.entries(value)) flatten(v, `${prefix}.${k}`, out);
  } else {
    out[prefix] = cell(value);
  }
}

/** ECMAScript dates reach 8.64e15 ms either side of 1970 (ECMA-262 "Time Values and Time Range"). */
const DATE_RANGE_MS = 8_640_000_000_000_000;

/**
 * The ISO 8601 form of an event time, or '' when there is none: a time outside Date's range (which the schema
 * once took) or one that is not a number. The `time` column always holds the stored value as it is, so a row
 * never loses its time, and one odd event never fails an export.
 */
export function isoTime(time: unknown): string {
  return typeof time === 'number' && Math.abs(time) <= DATE_RANGE_MS ? new Date(time).toISOString() : '';
}

/**
 * One event's row. Total over whatever a store holds, not only events of today's schema: each field is read as
 * it is (a row written under older, looser rules may miss fields or hold other types), an envelope field that is
 * missing or null is an empty cell.
 */
export function eventToCsvRow(e: FwEvent): string[] {
  const stored: Record<string, unknown> = isRecord(e) ? e : {};
  const flat: Record<string, string> = {};
  flatten(stored.payload, 'payload', flat);
  const env: Record<string, string> = { iso_time: isoTime(stored.time) };
  for (const c of ENVELOPE) if (c !== 'iso_time' && stored[c] !== undefined && stored[c] !== null) env[c] = cell(stored[c]);
  return CSV_COLUMNS.map((c) => env[c] ?? flat[c] ?? '');
}

/** CSV text for a header and rows (quoting by Papa Parse); formulas are neutralised for spreadsheet safety. */
export function csvLines(rows: readonly string[][], header = false): string {
  const safe = rows.map((r) => r.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
  const text = Papa.unparse(header ? [[...CSV_COLUMNS], ...safe] : safe, { newline: '\n' });
  return text ? `${text}\n` : '';
}
