import { useEffect, useState } from 'preact/hooks';
import type { AdminApi } from '@/lib/rpc/api';
import type { Settings } from '@/lib/settings';
import type { SyncOverview } from '@/lib/rpc/types';
import { timeAgo } from '@/lib/time/ago';
import { LOGGING_STATE_TEXT, loggingState } from '@/lib/logging-switch';
import { Practice } from './Practice';
import { useLive } from '@/components/useLive';
import { ALL_LIVE_TOPICS } from '@/lib/live/change';

/** The toolbar popup: which study, logging on or paused, what is waiting to upload, and the last problem. */
export function Popup({ api, openOptions, openTab }: { api: AdminApi; openOptions(): void; openTab(url: string): void }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [overview, setOverview] = useState<SyncOverview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => {
    api.getSettings().then(setSettings, (e: unknown) => setError(String(e)));
    api.syncOverview().then(setOverview, () => undefined);
  };
  useEffect(refresh, [api]);
  // A study left, data deleted, logging paused or an outcome stored elsewhere (options page, a chat tab) shows at once.
  useLive(ALL_LIVE_TOPICS, refresh);

  if (!settings) return <main class="popup">{error ?? 'Loading…'}</main>;
  const st = overview?.status;
  return (
    <main class="popup">
      <h1>Floorwalker</h1>
      <dl>
        <dt>Study</dt>
        <dd data-testid="popup-study">{settings.endpoint ? settings.endpoint.studyName : 'none (events stay in this browser)'}</dd>
        <dt>Role</dt>
        <dd>
          {settings.role}, condition {settings.condition}
        </dd>
        <dt>Logging</dt>
        <dd data-testid="popup-logging">{LOGGING_STATE_TEXT[loggingState(settings)]}</dd>
        <dt>Waiting</dt>
        <dd data-testid="popup-pending">{overview ? events(overview.pending) : '…'}</dd>
        {overview && overview.rejected > 0 && (
          <>
            <dt>Set aside</dt>
            <dd data-testid="popup-rejected">{events(overview.rejected)} the server would not take: kept here, not sent again</dd>
          </>
        )}
        {settings.endpoint && (
          <>
            <dt>Last upload</dt>
            <dd data-testid="popup-last-sync">{timeAgo(st?.lastSuccessAt ?? null)}</dd>
          </>
        )}
      </dl>
      {settings.pauseReason && (
        <p class="error" role="alert" data-testid="popup-pause-reason">
          {settings.pauseReason}
        </p>
      )}
      {overview?.lastRejection && (
        <p class="warning" data-testid="popup-rejected-reason">
          Last set aside: {overview.lastRejection}.
        </p>
      )}
      {st?.lastError && (
        <p class="error" data-testid="popup-error">
          {st.lastError}
        </p>
      )}
      <Practice api={api} settings={settings} openTab={openTab} />
      <div class="buttons">
        <button
          type="button"
          data-testid="popup-toggle-logging"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setSettings(await api.updateSettings({ loggingEnabled: !settings.loggingEnabled }));
            setBusy(false);
          }}
        >
          {settings.loggingEnabled ? 'Pause logging' : 'Resume logging'}
        </button>
        {settings.endpoint && (
          <button
            type="button"
            disabled={busy}
            data-testid="popup-sync"
            onClick={async () => {
              setBusy(true);
              setOverview(await api.syncNow().catch(() => overview));
              setBusy(false);
            }}
          >
            Sync now
          </button>
        )}
        <button type="button" class="link" onClick={openOptions}>
          Data and settings…
        </button>
      </div>
    </main>
  );
}

const events = (n: number) => `${n} event${n === 1 ? '' : 's'}`;
