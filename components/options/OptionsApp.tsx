import { useCallback, useEffect, useState } from 'preact/hooks';
import type { AdminApi, StoreStatus } from '@/lib/rpc/api';
import { EXPORT_CHUNK_SIZE } from '@/lib/limits';
import { EventBrowser } from './EventBrowser';
import { ExportPanel } from './ExportPanel';
import { DeleteData } from './DeleteData';
import { CatalogPanel } from './catalog/CatalogPanel';
import { StudyPanel } from './StudyPanel';
import { SitesPanel } from './SitesPanel';
import { ChatSitesPanel } from './chat-sites/ChatSitesPanel';
import { ConsentPanel } from './ConsentPanel';
import { ResearchView } from './ResearchView';
import type { FwEvent } from '@/lib/events/event-schema';
import { eventPages } from '@/lib/export/stream';

/** The options page: what is stored, exporting it, and deleting it. */
export function OptionsApp({ api }: { api: AdminApi }) {
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<StoreStatus | null>(null);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    api.getStatus().then(setStatus, () => setStatus(null));
  }, [api, version]);

  const load = useCallback((q: Parameters<AdminApi['listEvents']>[0]) => api.listEvents(q), [api]);
  const readPage = useCallback((after: string | null) => api.readEventsAfter(after, EXPORT_CHUNK_SIZE), [api]);
  const readAll = useCallback(async () => {
    const all: FwEvent[] = [];
    for await (const page of eventPages(readPage)) all.push(...page);
    return all;
  }, [readPage]);

  return (
    <main>
      <header class="page-header">
        <h1>Floorwalker</h1>
        <p class="muted" data-testid="store-status">
          {status ? `${status.total} events stored, ${status.pending} not yet uploaded` : 'Reading storage…'}
        </p>
        <button type="button" onClick={refresh}>
          Refresh
        </button>
      </header>
      <ConsentPanel api={api} onChange={refresh} version={version} />
      <StudyPanel api={api} onChange={refresh} />
      <SitesPanel api={api} />
      <ChatSitesPanel api={api} />
      <EventBrowser load={load} version={version} />
      <div class="columns">
        <ExportPanel readPage={readPage} total={status?.total ?? 0} />
        <DeleteData total={status?.total ?? 0} deleteAll={() => api.deleteAllData()} onDeleted={refresh} />
      </div>
      <ResearchView readAll={readAll} />
      <CatalogPanel api={api} />
    </main>
  );
}
