import { useMemo, useState } from 'preact/hooks';
import type { ChartConfiguration } from 'chart.js';
import { validateEvent, type FwEvent } from '@/lib/events/event-schema';
import { studyStats, type StudyStats } from '@/lib/analysis/study-stats';
import { ChartView } from './Chart';
import { DataTable, type Column } from './DataTable';

const PALETTE = ['#2457d6', '#d6245a', '#1d7a46', '#9a5b00', '#6b3fa0', '#0f8a8a', '#555'];
const bar = (labels: string[], data: number[], label: string): ChartConfiguration => ({
  type: 'bar',
  data: { labels, datasets: [{ label, data, backgroundColor: '#2457d6' }] },
  options: { plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
});

/**
 * The researcher's view: conversations with condition, turns, outcome and duration, a conversation's timeline,
 * and the study's charts, from this browser's events or from a study export loaded from a file.
 */
/** The conversations table's columns after the first (which selects the conversation, so needs the view's state). */
const CONVERSATION_COLUMNS: Column<StudyStats['conversations'][number]>[] = [
  { header: 'Condition', cell: (c) => c.condition },
  { header: 'Turns', cell: (c) => c.turnCount },
  { header: 'Outcome', cell: (c) => (c.outcomeLabel === 'none' ? '—' : c.outcomeLabel) },
  { header: 'Duration', cell: (c) => `${Math.round(c.durationMs / 1000)} s` },
];

export function ResearchView({ readAll }: { readAll(): Promise<FwEvent[]> }) {
  const [events, setEvents] = useState<FwEvent[] | null>(null);
  const [source, setSource] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const stats = useMemo(() => (events ? studyStats(events) : null), [events]);

  async function loadLocal() {
    setMessage('Reading…');
    const all = await readAll();
    setEvents(all);
    setSource('this browser');
    setMessage(null);
  }
  async function loadFile(file: File | undefined) {
    if (!file) return;
    const lines = (await file.text()).split('\n').filter((l) => l.trim());
    const ok: FwEvent[] = [];
    let bad = 0;
    for (const line of lines) {
      try {
        const r = validateEvent(JSON.parse(line));
        if (r.ok) ok.push(r.event);
        else bad++;
      } catch {
        bad++;
      }
    }
    ok.sort((a, b) => a.time - b.time);
    setEvents(ok);
    setSource(file.name);
    setMessage(
      bad ? (bad === 1 ? '1 line was not a valid event and was left out.' : `${bad} lines were not valid events and were left out.`) : null,
    );
  }

  const conv = stats?.conversations.find((c) => c.conversation === selected) ?? null;
  const conditions = stats ? Object.keys(stats.hoverRateByTurn).sort() : [];
  const maxTurn = stats ? Math.max(0, ...Object.values(stats.hoverRateByTurn).flatMap((xs) => xs.map((x) => x.turn))) : 0;
  const hoverConfig = useMemo<ChartConfiguration | null>(
    () =>
      stats
        ? {
            type: 'line',
            data: {
              labels: Array.from({ length: maxTurn }, (_, i) => String(i + 1)),
              datasets: conditions.map((c, i) => ({
                label: c,
                data: Array.from({ length: maxTurn }, (_, t) => stats.hoverRateByTurn[c]?.find((x) => x.turn === t + 1)?.rate ?? null),
                borderColor: PALETTE[i % PALETTE.length],
                backgroundColor: PALETTE[i % PALETTE.length],
              })),
            },
            options: {
              scales: {
                y: { min: 0, max: 1, title: { display: true, text: 'share of conversations' } },
                x: { title: { display: true, text: 'turn' } },
              },
            },
          }
        : null,
    [stats],
  );
  const actsConfig = useMemo(() => (stats ? bar(Object.keys(stats.actCounts), Object.values(stats.actCounts), 'messages') : null), [stats]);
  const turnsConfig = useMemo(
    () => (stats ? bar(Object.keys(stats.turnsHistogram), Object.values(stats.turnsHistogram), 'conversations') : null),
    [stats],
  );
  const sharesConfig = useMemo(
    () => (stats ? bar(Object.keys(stats.sharesByMode), Object.values(stats.sharesByMode), 'shares') : null),
    [stats],
  );

  return (
    <section aria-labelledby="research-h" data-testid="research-view">
      <h2 id="research-h">Conversations and charts</h2>
      <div class="form-row">
        <button type="button" data-testid="research-local" onClick={() => void loadLocal()}>
          Show this browser’s data
        </button>
        <label>
          or load a study export (JSONL){' '}
          <input
            type="file"
            accept=".jsonl,.ndjson,.json"
            data-testid="research-file"
            onChange={(e) => void loadFile(e.currentTarget.files?.[0])}
          />
        </label>
      </div>
      {message && <p class="muted">{message}</p>}
      {stats && (
        <>
          <p class="muted" data-testid="research-summary">
            {source}: {events?.length ?? 0} events, {stats.conversations.length} conversation{stats.conversations.length === 1 ? '' : 's'};
            suggested replies used in {Math.round(stats.suggestions.fraction * 100)}% of {stats.suggestions.sellerMessages} Seller messages.
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
          <div class="charts">
            {hoverConfig && <ChartView config={hoverConfig} label="Image hover rate per turn, by condition" testId="chart-hover" />}
            {actsConfig && <ChartView config={actsConfig} label="Act frequencies" />}
            {turnsConfig && <ChartView config={turnsConfig} label="Turns per conversation" />}
            {sharesConfig && <ChartView config={sharesConfig} label="Shares by mode" />}
          </div>
        </>
      )}
    </section>
  );
}
