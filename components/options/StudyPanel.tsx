import { useEffect, useState } from 'preact/hooks';
import { LIVE_TOPICS } from '@/lib/live/change';
import { useLive } from '../useLive';
import { ActionStatus } from './ActionStatus';
import { browser } from 'wxt/browser';
import type { AdminApi } from '@/lib/rpc/api';
import type { Settings } from '@/lib/settings';
import type { SyncOverview } from '@/lib/rpc/types';
import { endpointBase } from '@/lib/sync/endpoint';
import { timeAgo } from '@/lib/time/ago';
import { useAction } from './useAction';

const REFRESH_MS = 3_000;

/** Joining a study with a code, and how uploading to it is going. */
export function StudyPanel({ api, onChange }: { api: AdminApi; onChange(): void }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [overview, setOverview] = useState<SyncOverview | null>(null);
  const [endpoint, setEndpoint] = useState('http://localhost:8787');
  const [code, setCode] = useState('');

  const refresh = () => {
    api.getSettings().then(setSettings, () => undefined);
    api.syncOverview().then(setOverview, () => undefined);
  };
  // A study joined or left, or consent changed, in the popup or another tab shows here at once.
  useLive([LIVE_TOPICS.study, LIVE_TOPICS.settings], () => refresh());
  useEffect(() => {
    refresh();
    const t = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(t);
  }, [api]);
  const { busy, message, act } = useAction(refresh, onChange);

  const join = (e: Event) => {
    e.preventDefault();
    void act(async () => {
      const origin = endpointBase(endpoint);
      // Remote study servers need the participant's permission; the local pilot server already has it, and asking for
      // it again answers yes without a prompt. Asked first thing in the click: Firefox refuses permissions.request
      // after an await ("may only be called from a user input handler").
      const origins = [`${origin}/*`];
      if (!(await browser.permissions.request({ origins }))) {
        throw new Error(`Floorwalker needs permission to send your data to ${origin}`);
      }
      const s = await api.joinStudy(origin, code.trim());
      setSettings(s);
      setCode('');
      return `Joined “${s.endpoint?.studyName ?? s.study}” as a ${s.role}, condition ${s.condition}.`;
    });
  };

  const joined = settings?.endpoint;
  const st = overview?.status;
  return (
    <section aria-labelledby="study-h" data-testid="study-panel">
      <h2 id="study-h">Study</h2>
      {!joined ? (
        <form class="form-row" onSubmit={join}>
          <span class="muted">Not in a study: events stay in this browser.</span>
          <label>
            Study server <input value={endpoint} onInput={(e) => setEndpoint(e.currentTarget.value)} data-testid="join-endpoint" required />
          </label>
          <label>
            Your code{' '}
            <input value={code} onInput={(e) => setCode(e.currentTarget.value)} placeholder="ABCD-1234" data-testid="join-code" required />
          </label>
          <button type="submit" disabled={busy} data-testid="join">
            Join
          </button>
        </form>
      ) : (
        <>
          <p data-testid="study-joined">
            <strong>{joined.studyName}</strong> ({settings.study}) · you are a {settings.role}, condition {settings.condition} · data goes
            to {joined.base}
          </p>
          <p data-testid="sync-status">
            {overview ? `${overview.pending} waiting to upload` : '…'}
            {st ? ` · last upload ${timeAgo(st.lastSuccessAt)}` : ''}
            {overview?.rejected ? ` · ${overview.rejected} set aside (the server would not take them)` : ''}
          </p>
          {overview?.lastRejection && (
            <p class="muted" data-testid="sync-rejected-reason">
              Last set aside: {overview.lastRejection}.
            </p>
          )}
          {st?.lastError && (
            <p class="error" data-testid="sync-error">
              {st.lastError}
              {st.nextAttemptAt
                ? ` — trying again ${st.nextAttemptAt <= Date.now() ? 'soon' : `at ${new Date(st.nextAttemptAt).toLocaleTimeString()}`}`
                : ''}
            </p>
          )}
          <div class="form-row">
            <button
              type="button"
              disabled={busy}
              data-testid="sync-now"
              onClick={() => void act(async () => (await api.syncNow(), 'Upload attempted.'))}
            >
              Sync now
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void act(async () => (await api.leaveStudy(), 'Left the study; events now stay in this browser.'))}
            >
              Leave study
            </button>
          </div>
        </>
      )}
      <ActionStatus message={message} testId="study-message" />
    </section>
  );
}
