import type { FwEvent } from '../events/event-schema';
import { eventsByConversation } from '../events/group';
import { buildConversation, toParlai, toStar } from './conversation';
import { csvLines, eventToCsvRow } from './csv';
import { toJsonLines } from './jsonl';

/** The export formats, the same on the server and in the options page. */
export const EXPORT_FORMATS = ['jsonl', 'csv', 'conversations', 'parlai', 'star'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Per format: the file name in a ZIP, the extension after a study id (server downloads), type and label. */
export const EXPORT_FILES: Record<ExportFormat, { name: string; ext: string; type: string; label: string }> = {
  jsonl: { name: 'events.jsonl', ext: 'jsonl', type: 'application/x-ndjson', label: 'Events (JSON Lines)' },
  csv: { name: 'events.csv', ext: 'csv', type: 'text/csv; charset=utf-8', label: 'Events (CSV)' },
  conversations: { name: 'conversations.json', ext: 'json', type: 'application/json', label: 'Conversations (JSON)' },
  parlai: { name: 'parlai.jsonl', ext: 'parlai.jsonl', type: 'application/x-ndjson', label: 'ParlAI Conversations' },
  star: { name: 'star.json', ext: 'star.json', type: 'application/json', label: 'STAR-style dialogs' },
};

/** Events grouped by conversation (conversation order, then time order); events outside one are left out. */
export function groupConversations(events: readonly FwEvent[]): FwEvent[][] {
  const by = eventsByConversation(events);
  return [...by.keys()].sort().map((k) => (by.get(k) ?? []).sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1)));
}

/** One format as text, from events in time order. */
export function renderExport(format: ExportFormat, events: readonly FwEvent[]): string {
  switch (format) {
    case 'jsonl':
      return toJsonLines(events);
    case 'csv':
      return csvLines([], true) + csvLines(events.map(eventToCsvRow));
    default: {
      const docs = groupConversations(events).flatMap((evs) => {
        const rec = buildConversation(evs);
        if (!rec) return [];
        return [format === 'parlai' ? toParlai(rec) : format === 'star' ? toStar(rec, evs) : rec];
      });
      return format === 'parlai' ? toJsonLines(docs) : `${JSON.stringify(docs, null, 1)}\n`;
    }
  }
}
