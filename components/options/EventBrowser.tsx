import { useEffect, useState } from 'preact/hooks';
import { ACTIONS, type Action } from '@/lib/events/event-schema';
import type { EventPage } from '@/lib/db/events';
import { EVENTS_PAGE_SIZE } from '@/lib/limits';
import type { StoredEvent } from '@/lib/db/database';
import { DataTable, type Column } from './DataTable';

export interface EventBrowserProps {
  load(query: { action?: Action | undefined; offset: number; limit: number }): Promise<EventPage>;
  /** Changes whenever stored data changes, so the list reloads. */
  version: number;
}

/** Stored events, newest first, a page at a time, optionally one action only. */
const EVENT_COLUMNS: Column<StoredEvent>[] = [
  { header: 'Time', cell: (e) => new Date(e.time).toLocaleString() },
  { header: 'Agent', cell: (e) => e.agent },
  { header: 'Action', cell: (e) => e.action },
  { header: 'Conversation', cell: (e) => e.conversation ?? '—' },
  { header: 'Page', cell: (e) => (e.url ? new URL(e.url).pathname : '—'), cellProps: (e) => ({ class: 'url', title: e.url ?? '' }) },
  {
    header: 'Details',
    cell: (e) => (
      <code class="payload" data-testid="payload">
        {JSON.stringify(e.payload)}
      </code>
    ),
  },
];

export function EventBrowser({ load, version }: EventBrowserProps) {
  const [action, setAction] = useState<Action | ''>('');
  const [page, setPage] = useState(0);
  const [data, setData] = useState<EventPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    load({ action: action || undefined, offset: page * EVENTS_PAGE_SIZE, limit: EVENTS_PAGE_SIZE })
      .then((d) => live && setData(d))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [action, page, version, load]);

  const pages = data ? Math.max(1, Math.ceil(data.total / EVENTS_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="events-h">
      <div class="toolbar">
        <h2 id="events-h">Stored events</h2>
        <label>
          Action{' '}
          <select
            data-testid="action-filter"
            value={action}
            onChange={(e) => {
              setAction((e.currentTarget.value || '') as Action | '');
              setPage(0);
            }}
          >
            <option value="">all</option>
            {ACTIONS.map((a) => (
              <option value={a} key={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <span class="muted" data-testid="event-total">
          {data ? `${data.total} event${data.total === 1 ? '' : 's'}` : 'Loading…'}
        </span>
      </div>
      {error && (
        <p role="alert" class="error">
          Could not read events: {error}
        </p>
      )}
      {data && data.total === 0 && <p class="empty">No events stored{action ? ` for “${action}”` : ''} yet.</p>}
      {data && data.events.length > 0 && (
        <DataTable
          testId="events-table"
          rows={data.events}
          columns={EVENT_COLUMNS}
          rowKey={(e) => e.id}
          rowProps={(e) => ({ 'data-action': e.action, 'data-id': e.id })}
        />
      )}
      <nav class="pager" aria-label="Pages">
        <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
          ← Newer
        </button>
        <span>
          Page {page + 1} of {pages}
        </span>
        <button type="button" data-testid="next-page" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
          Older →
        </button>
      </nav>
    </section>
  );
}
