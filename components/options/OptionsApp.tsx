import { useCallback, useState } from 'preact/hooks';
import type { AdminApi } from '@/lib/rpc/api';
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
import { GettingStarted } from './GettingStarted';
import { EmptyState, SectionPanel, SectionTabs } from './SectionTabs';
import { useHashSection, type SectionId } from './sections';
import { addedSites, useOverview } from './useOverview';
import type { FwEvent } from '@/lib/events/event-schema';
import { eventPages } from '@/lib/export/stream';
import { ALL_LIVE_TOPICS } from '@/lib/live/change';
import { useLive } from '../useLive';

/** The options page: a getting-started checklist, then the sections as tabs (Study, Sites, Data, Research, Catalog). */
export function OptionsApp({ api }: { api: AdminApi }) {
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  // Counts, the checklist and every section follow what changes elsewhere (a chat page, the popup, the worker).
  useLive(ALL_LIVE_TOPICS, () => refresh());
  const overview = useOverview(api, version);
  const { status, sites } = overview;
  const [section, showSection] = useHashSection();
  // What a section shows may have changed while another was open (events arrive as chats go on).
  const show = (id: SectionId) => {
    showSection(id);
    refresh();
  };

  const load = useCallback((q: Parameters<AdminApi['listEvents']>[0]) => api.listEvents(q), [api]);
  const readPage = useCallback((after: string | null) => api.readEventsAfter(after, EXPORT_CHUNK_SIZE), [api]);
  const readAll = useCallback(async () => {
    const all: FwEvent[] = [];
    for await (const page of eventPages(readPage)) all.push(...page);
    return all;
  }, [readPage]);
  const goTo = (id: SectionId) => (
    <button type="button" class="link-button" onClick={() => show(id)}>
      {id === 'study' ? 'join a study' : id === 'sites' ? 'allow a site' : id}
    </button>
  );

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
      <GettingStarted overview={overview} onGo={show} />
      <SectionTabs selected={section} onSelect={show} />
      <SectionPanel id="study" selected={section}>
        <ConsentPanel api={api} onChange={refresh} version={version} />
        <StudyPanel api={api} onChange={refresh} />
      </SectionPanel>
      <SectionPanel id="sites" selected={section}>
        {sites && addedSites(sites).length === 0 && (
          <EmptyState testId="sites-empty">
            No sites added yet: only the pilot chat on this computer is logged. To log a shop or chat site, allow it below; for a chat site
            Floorwalker does not know, also tell it where the messages are (Chat sites).
          </EmptyState>
        )}
        <SitesPanel api={api} onChange={refresh} />
        <ChatSitesPanel api={api} />
      </SectionPanel>
      <SectionPanel id="data" selected={section}>
        {status?.total === 0 && (
          <EmptyState testId="data-empty">
            No events yet. Open a chat page with the extension on (the pilot chat, or a site you allowed), or first {goTo('study')}: events
            appear here as they are recorded.
          </EmptyState>
        )}
        <EventBrowser load={load} version={version} />
        <div class="columns">
          <ExportPanel readPage={readPage} total={status?.total ?? 0} />
          <DeleteData total={status?.total ?? 0} deleteAll={() => api.deleteAllData()} onDeleted={refresh} />
        </div>
      </SectionPanel>
      <SectionPanel id="research" selected={section}>
        <ResearchView readAll={readAll} />
      </SectionPanel>
      <SectionPanel id="catalog" selected={section}>
        <CatalogPanel api={api} />
      </SectionPanel>
    </main>
  );
}
