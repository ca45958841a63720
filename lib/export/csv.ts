import Papa from 'papaparse';
import { ACTION_PAYLOADS, ACTIONS, type Action, type FwEvent } from '../events/schema';

const ENVELOPE = ['id', 'schema', 'time', 'iso_time', 'study', 'participant', 'conversation', 'role', 'condition', 'agent', 'action', 'url'] as const;

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
}

function leaves(node: SchemaNode, prefix: string, out: Set<string>): void {
  if ((node.type === 'optional' || node.type === 'nullable' || node.type === 'nullish') && node.wrapped) return leaves(node.wrapped, prefix, out);
  if ((node.type === 'object' || node.type === 'strict_object') && node.entries) {
    for (const [k, child] of Object.entries(node.entries)) leaves(child, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  out.add(prefix);
}

/** One action's payload fields, flattened with dots (`image.src`), in the schema's order (the README's table). */
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

/**
 * Spreads a payload over its columns: objects the schema spells out (image, element, suggestion, voice) field by
 * field; a value that has a column of its own as a whole (a list, free-form filters, a profile item) as JSON, so
 * it is never dropped for want of a column.
 */
function flatten(value: unknown, prefix: string, out: Record<string, string>): void {
  if (value === undefined) return;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !PAYLOAD_COLUMN_SET.has(prefix)) {
    for (const [k, v] of Object.entries(value)) flatten(v, `${prefix}.${k}`, out);
  } else {
    out[prefix] = value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

export function eventToCsvRow(e: FwEvent): string[] {
  const flat: Record<string, string> = {};
  flatten(e.payload, 'payload', flat);
  const env: Record<string, string> = {
    id: e.id,
    schema: String(e.schema),
    time: String(e.time),
    iso_time: new Date(e.time).toISOString(),
    study: e.study,
    participant: e.participant,
    conversation: e.conversation ?? '',
    role: e.role,
    condition: e.condition,
    agent: e.agent,
    action: e.action,
    url: e.url ?? '',
  };
  return CSV_COLUMNS.map((c) => env[c] ?? flat[c] ?? '');
}

/** CSV text for a header and rows (quoting by Papa Parse); formulas are neutralised for spreadsheet safety. */
export function csvLines(rows: readonly string[][], header = false): string {
  const safe = rows.map((r) => r.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
  const text = Papa.unparse(header ? [[...CSV_COLUMNS], ...safe] : safe, { newline: '\n' });
  return text ? `${text}\n` : '';
}
