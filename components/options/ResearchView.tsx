import { useMemo, useState } from 'preact/hooks';
import type { FwEvent } from '@/lib/events/event-schema';
import { studyStats, type StudyStats } from '@/lib/analysis/study-stats';
import { readExport } from '@/lib/report/read-export';
import { DataTable, type Column } from './DataTable';
import { ReportView } from './ReportView';
import { EmptyState } from './SectionTabs';

/** The conversations table's columns after the first (which selects the conversation, so needs the view's state). */
const CONVERSATION_COLUMNS: Column<StudyStats['conversations'][number]>[] = [
  { header: 'Condition', cell: (c) => c.condition },
  { header: 'Turns', cell: (c) => c.turnCount },
  { header: 'Outcome', cell: (c) => (c.outcomeLabel === 'none' ? '—' : c.outcomeLabel) },
  { header: 'Duration', cell: (c) => `${Math.round(c.durationMs / 1000)} s` },
];

const invalidNote = (bad: number) =>
  bad ? (bad === 1 ? '1 line was not a valid event and was left out.' : `${bad} lines were not valid events and were left out.`) : null;

/**
 * The researcher's view: conversations with condition, turns, outcome and duration, a conversation's timeline,
 * and the study report, from this browser's events or from a study export loaded from a file.
 */
export function ResearchView({ readAll }: { readAll(): Promise<FwEvent[]> }) {
  const [loaded, setLoaded] = useState<{ events: FwEvent[]; source: string; invalid: number } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const stats = useMemo(() => (loaded ? studyStats(loaded.events) : null), [loaded]);
  const events = loaded?.events;

  async function loadLocal() {
    setMessage('Reading…');
    setLoaded({ events: await readAll(), source: 'this browser', invalid: 0 });
    setMessage(null);
  }
  async function loadFile(file: File | undefined) {
    if (!file) return;
    try {
      const { events: read, invalid } = readExport(new Uint8Array(await file.arrayBuffer()));
      setLoaded({ events: read, source: file.name, invalid });
      setMessage(invalidNote(invalid));
    } catch (e) {
      setMessage(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  const conv = stats?.conversations.find((c) => c.conversation === selected) ?? null;

  return (
    <section aria-labelledby="research-h" data-testid="research-view">
      <h2 id="research-h">Conversations and charts</h2>
      <div class="form-row">
        <button type="button" data-testid="research-local" onClick={() => void loadLocal()}>
          Show this browser’s data
        </button>
        <label>
          or load a study export (events.jsonl, or the ZIP of all formats){' '}
          <input
            type="file"
            accept=".jsonl,.ndjson,.json,.zip"
            data-testid="research-file"
            onChange={(e) => void loadFile(e.currentTarget.files?.[0])}
          />
        </label>
      </div>
      {message && <p class="muted">{message}</p>}
      {!loaded && !message && (
        <EmptyState testId="research-empty">
          Nothing loaded yet. Show this browser’s data, or load a study export (the ZIP or events.jsonl from the study server or the Data
          section) to see its conversations, their timelines and the study report.
        </EmptyState>
      )}
      {stats && stats.conversations.length === 0 && (
        <EmptyState testId="research-no-conversations">
          No conversations in {loaded?.source}. A conversation is recorded when a Seller and a Buyer chat: open a pilot room (or practise
          with the simulated Buyer from the popup), or load a study export that has some.
        </EmptyState>
      )}
      {stats && (
        <>
          <p class="muted" data-testid="research-summary">
            {loaded?.source}: {events?.length ?? 0} events, {stats.conversations.length} conversation
            {stats.conversations.length === 1 ? '' : 's'}; suggested replies used in {Math.round(stats.suggestions.fraction * 100)}% of{' '}
            {stats.suggestions.sellerMessages} Seller messages.
          </p>
          {stats.conversations.length > 0 && (
            <DataTable
              testId="conversations-table"
              rows={stats.conversations}
              rowKey={(c) => c.conversation}
              rowProps={(c) => ({
                class: c.conversation === selected ? 'selected' : '',
                onClick: () => setSelected(c.conversation),
                style: 'cursor: pointer',
              })}
              columns={[
                {
                  header: 'Conversation',
                  cell: (c) => (
                    <button type="button" class="link-button" onClick={() => setSelected(c.conversation)}>
                      {c.conversation}
                    </button>
                  ),
                },
                ...CONVERSATION_COLUMNS,
              ]}
            />
          )}
          {conv && (
            <ol class="timeline" data-testid="timeline" aria-label={`Timeline of ${conv.conversation}`}>
              {[
                ...conv.turns.map((t) => ({
                  time: t.time,
                  text: `${t.speaker}: ${t.text}${t.acts?.length ? `  [${t.acts.join(', ')}]` : ''}`,
                })),
                ...conv.searches.map((s) => ({ time: s.time, text: `Search “${s.query}” → ${s.total ?? '?'} results` })),
                ...conv.shares.map((s) => ({ time: s.time, text: `Share (${s.mode}): ${s.productIds.join(', ')}` })),
                ...conv.hovers.map((h) => ({
                  time: h.time,
                  text: `${h.agent} looked at ${h.productId ?? 'an image'} for ${h.dwellMs} ms`,
                })),
                ...(conv.guess ? [{ time: conv.guess.time, text: `Guess: ${conv.guess.productId}` }] : []),
                ...(conv.outcome
                  ? [
                      {
                        time: conv.outcome.time,
                        text: `Buyer ${conv.outcome.accepted ? 'confirmed' : 'rejected'}${conv.outcome.reason ? `: ${conv.outcome.reason}` : ''}`,
                      },
                    ]
                  : []),
              ]
                .sort((a, b) => a.time - b.time)
                .map((x, i) => (
                  <li key={i}>
                    <time>{new Date(x.time).toLocaleTimeString()}</time> {x.text}
                  </li>
                ))}
            </ol>
          )}
          {loaded && <ReportView events={loaded.events} source={loaded.source} invalid={loaded.invalid} />}
        </>
      )}
    </section>
  );
}
