import Papa from 'papaparse';
import { ACTION_PAYLOADS, type FwEvent } from '../events/schema';

const ENVELOPE = ['id', 'schema', 'time', 'iso_time', 'study', 'participant', 'conversation', 'role', 'condition', 'agent', 'action', 'url'] as const;

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
}

function leaves(node: SchemaNode, prefix: string, out: Set<string>): void {
  if ((node.type === 'optional' || node.type === 'nullable' || node.type === 'nullish') && node.wrapped) return leaves(node.wrapped, prefix, out);
  if (node.type === 'object' && node.entries) {
    for (const [k, child] of Object.entries(node.entries)) leaves(child, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  out.add(prefix);
}

/**
 * Every payload field of every action, flattened with dots (payload.image.src), read from the event schema
 * itself so the CSV header is known before the first row and never drifts from the schema.
 */
export const PAYLOAD_COLUMNS: readonly string[] = (() => {
  const out = new Set<string>();
  for (const schema of Object.values(ACTION_PAYLOADS)) leaves(schema as unknown as SchemaNode, '', out);
  return [...out].sort().map((c) => `payload.${c}`);
})();

export const CSV_COLUMNS: readonly string[] = [...ENVELOPE, ...PAYLOAD_COLUMNS];

function flatten(value: unknown, prefix: string, out: Record<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, `${prefix}.${k}`, out);
  } else if (value !== undefined) {
    out[prefix] = Array.isArray(value) || (value !== null && typeof value === 'object') ? JSON.stringify(value) : String(value);
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
